import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens an entry bundle (a `.diaryentry` folder or a zip of one) and checks everything
/// in it before anything is imported: the manifest's format and fields, that every
/// media path stays inside the bundle without following symbolic links, that every
/// file exists with its recorded size and SHA-256 (streamed), and the injected
/// validator's verdict on each medium.
public struct BundleReader: Sendable {
    /// Checks that a medium's file holds what its record claims (the diary passes
    /// MediaKit's validation); throws to reject it.
    public typealias MediumValidator = @Sendable (URL, MediumSnapshot) throws -> Void

    /// How large a zip may unpack.
    public var limits: Limits
    /// Where zips are unpacked (in a fresh subfolder per import).
    public var temporaryDirectory: URL
    private let validate: MediumValidator

    /// A reader that runs `validate` on every medium after its hash checks out.
    public init(
        limits: Limits = Limits(),
        temporaryDirectory: URL = FileManager.default.temporaryDirectory,
        validate: @escaping MediumValidator
    ) {
        self.limits = limits
        self.temporaryDirectory = temporaryDirectory
        self.validate = validate
    }

    /// Reads and checks the bundle at `url`.
    ///
    /// A zip is unpacked into a fresh temporary folder, removed again when reading
    /// fails; on success the caller removes it with `ImportableEntry.cleanUp()`.
    /// Throws `BundleError`: `.bundleNotFound` (missing input);
    /// `.io` (I/O); every other case for a malformed, unsafe or tampered bundle.
    public func read(_ url: URL) throws(BundleError) -> ImportableEntry {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw .bundleNotFound(url)
        }
        var status = stat()
        if stat(url.path, &status) == 0, !isFolder.boolValue, status.st_mode & S_IFMT != S_IFREG {
            // A FIFO would block libarchive's open forever.
            throw .notABundle(url, reason: "it is neither a folder nor a regular file (a pipe, a device or a socket)")
        }
        if isFolder.boolValue {
            let entry = try check(try manifest(root: url, bundle: url), root: url, bundle: url)
            return ImportableEntry(entry: entry, bundleURL: url, extractionFolder: nil)
        }
        WorkFolder.sweep(in: temporaryDirectory, prefix: Self.extractionPrefix)
        let folder = temporaryDirectory.appendingPathComponent(WorkFolder.name(prefix: Self.extractionPrefix))
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(folder, operation: "create the folder", reason: BundleError.reason(of: error))
        }
        do {
            let extractor = ZipArchiveExtractor(archiveURL: url, limits: limits)
            // First the manifest alone, then only the media it names, each at its declared size.
            try extractor.extract(into: folder, selecting: Self.selectManifest)
            let root = try Self.bundleRoot(in: folder, archive: url)
            let manifest = try manifest(root: root, bundle: url)
            let prefix = root == folder ? [] : [root.lastPathComponent]
            var wanted: [String: Int64] = [:]
            for medium in manifest.media {
                let path = (prefix + ((try? BundlePath.components(of: medium.path)) ?? [])).joined(separator: "/")
                wanted[path] = medium.byteCount
            }
            try extractor.extract(into: folder) { wanted[$0.joined(separator: "/")] }
            let entry = try check(manifest, root: root, bundle: url)
            return ImportableEntry(entry: entry, bundleURL: url, extractionFolder: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// The name start of the folders zips are unpacked into (``WorkFolder`` adds the process).
    static let extractionPrefix = "diary-import"

    /// `entry.json` at the zip's top or in one folder there (not the Mac's `__MACOSX` copy).
    private static func selectManifest(_ components: [String]) -> Int64? {
        guard components.last == "entry.json", components.count <= 2 else { return nil }
        if components.count == 2, components[0] == "__MACOSX" || components[0].hasPrefix(".") { return nil }
        return Int64(EntryManifest.maximumByteCount)
    }

    /// The unpacked bundle: the folder itself when `entry.json` is at its top, or its
    /// only subfolder (zips hold `<name>.diaryentry/…`), ignoring the `__MACOSX` and
    /// hidden items a Mac adds when it zips a folder again.
    private static func bundleRoot(in folder: URL, archive: URL) throws(BundleError) -> URL {
        if BundlePath.exists(folder.appendingPathComponent("entry.json")) { return folder }
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0 != "__MACOSX" && !$0.hasPrefix(".") }
        if children.count == 1 {
            let only = folder.appendingPathComponent(children[0])
            if BundlePath.kind(of: only) == .directory { return only }
        }
        throw .manifestMissing(bundle: archive)
    }

    /// Reads and checks the manifest of the bundle whose files are under `root` (its
    /// fields, and what it declares against the limits); `bundle` names it in errors.
    private func manifest(root: URL, bundle: URL) throws(BundleError) -> EntryManifest {
        let manifestURL = root.appendingPathComponent("entry.json")
        switch BundlePath.kind(of: manifestURL) {
        case .missing: throw .manifestMissing(bundle: bundle)
        case .regularFile: break
        case .directory, .other: throw .notARegularFile(bundle: bundle, path: "entry.json")
        }
        let file = try BundleFile.openForReading(manifestURL, ifMissing: .manifestMissing(bundle: bundle))
        guard let data = try file.readAll(limit: EntryManifest.maximumByteCount) else {
            throw .manifestUnreadable(
                bundle: bundle,
                reason: "it is larger than "
                    + "\(EntryManifest.maximumByteCount >> 20) MiB, no real manifest is")
        }
        try Self.refuseDuplicateKeys(in: manifestURL, bundle: bundle)
        let manifest = try EntryManifest.decode(data, bundle: bundle)
        try checkLimits(of: manifest, bundle: bundle)
        return manifest
    }

    /// Checks every medium `manifest` lists under `root`: inside the bundle, reached without
    /// links, with its recorded size and hash, and the validator's verdict.
    private func check(_ manifest: EntryManifest, root: URL, bundle: URL) throws(BundleError) -> EntrySnapshot {
        var entry = manifest.snapshot(mediaRoot: root)
        for (position, record) in manifest.media.enumerated() {
            entry.media[position].sourceURL = try checkedLocation(of: record, root: root, bundle: bundle)
            try validate(entry.media[position], path: record.path, bundle: bundle)
        }
        return entry
    }

    /// Refuses a manifest that names one key twice in an object: JSON readers disagree on
    /// which value counts, so a page and an import could show two different entries.
    private static func refuseDuplicateKeys(in manifest: URL, bundle: URL) throws(BundleError) {
        do {
            let reader = try StreamingJSONReader(fileAt: manifest)
            reader.rejectsDuplicateKeys = true
            try reader.checkDocument()
        } catch .malformed(_, _, let reason) {
            throw .manifestUnreadable(bundle: bundle, reason: reason)
        } catch {
            throw .io(manifest, operation: "read", reason: error.description)
        }
    }

    /// Checks what the manifest declares against the limits, before any file is hashed or
    /// unpacked: the number of media, each one's size and their total, the text's length.
    private func checkLimits(of manifest: EntryManifest, bundle: URL) throws(BundleError) {
        if manifest.media.count > limits.maximumMediaCount {
            throw .overLimit(
                bundle: bundle,
                detail: "entry.json lists \(manifest.media.count) media, "
                    + "more than the limit of \(limits.maximumMediaCount) media per entry")
        }
        var total: Int64 = 0
        for medium in manifest.media {
            if medium.byteCount > limits.maximumFileSize {
                throw .overLimit(
                    bundle: bundle,
                    detail: "\(medium.path) has \(medium.byteCount) bytes, "
                        + "more than the limit of \(EntryLimits.describe(bytes: limits.maximumFileSize)) per medium")
            }
            let (sum, overflow) = total.addingReportingOverflow(medium.byteCount)
            total = overflow ? .max : sum
        }
        if total > limits.maximumTotalSize {
            throw .overLimit(
                bundle: bundle,
                detail: "its media have \(total) bytes in all, "
                    + "more than the limit of \(EntryLimits.describe(bytes: limits.maximumTotalSize)) per entry")
        }
        let textBytes = manifest.text?.utf8.count ?? 0
        if textBytes > EntryLimits.maximumTextByteCount {
            throw .overLimit(
                bundle: bundle,
                detail: "its text has \(textBytes) bytes, more than the limit of "
                    + "\(EntryLimits.describe(bytes: Int64(EntryLimits.maximumTextByteCount))) per entry")
        }
    }

    /// Checks one medium's file (inside the bundle, reached without links, with the
    /// recorded size and hash) and returns its location.
    private func checkedLocation(
        of record: EntryManifest.Medium, root: URL,
        bundle: URL
    ) throws(BundleError) -> URL {
        let components: [String]
        do {
            components = try BundlePath.components(of: record.path)
        } catch {
            throw .unsafePath(bundle: bundle, path: record.path)
        }
        var location = root
        for (position, component) in components.enumerated() {
            location.appendPathComponent(component)
            let isLast = position == components.count - 1
            switch BundlePath.kind(of: location) {
            case .missing: throw .missingMedium(bundle: bundle, path: record.path)
            case .directory where !isLast, .regularFile where isLast: continue
            default: throw .notARegularFile(bundle: bundle, path: record.path)
            }
        }
        let file = try BundleFile.openForReading(
            location, ifMissing: .missingMedium(bundle: bundle, path: record.path))
        let size = try file.size()
        guard size == record.byteCount else {
            throw .sizeMismatch(
                bundle: bundle, path: record.path, expected: record.byteCount,
                found: size)
        }
        let (byteCount, sha256) = try file.stream()
        guard byteCount == record.byteCount else {
            throw .sizeMismatch(
                bundle: bundle, path: record.path, expected: record.byteCount,
                found: byteCount)
        }
        guard sha256 == record.sha256 else {
            throw .hashMismatch(
                bundle: bundle, path: record.path, expected: record.sha256,
                found: sha256)
        }
        return location
    }

    /// Runs the injected validator, naming the bundle when it rejects the medium.
    private func validate(_ medium: MediumSnapshot, path: String, bundle: URL) throws(BundleError) {
        do {
            try validate(medium.sourceURL, medium)
        } catch {
            throw .mediumRejected(bundle: bundle, path: path, reason: BundleError.reason(of: error))
        }
    }
}
