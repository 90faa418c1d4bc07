import Foundation

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
    public init(limits: Limits = Limits(),
                temporaryDirectory: URL = FileManager.default.temporaryDirectory,
                validate: @escaping MediumValidator) {
        self.limits = limits
        self.temporaryDirectory = temporaryDirectory
        self.validate = validate
    }

    /// Reads and checks the bundle at `url`.
    ///
    /// A zip is unpacked into a fresh temporary folder, removed again when reading
    /// fails; on success the caller removes it with `ImportableEntry.cleanUp()`.
    /// Throws `BundleError`: `.bundleNotFound`, `.missingMedium` (missing input);
    /// `.io` (I/O); every other case for a malformed, unsafe or tampered bundle.
    public func read(_ url: URL) throws(BundleError) -> ImportableEntry {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw .bundleNotFound(url)
        }
        if isFolder.boolValue {
            let entry = try check(root: url, bundle: url)
            return ImportableEntry(entry: entry, bundleURL: url, extractionFolder: nil)
        }
        let folder = temporaryDirectory.appendingPathComponent("diary-import-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(folder, operation: "create the folder", reason: BundleError.reason(of: error))
        }
        do {
            try ZipArchiveExtractor(archiveURL: url, limits: limits).extract(into: folder)
            let entry = try check(root: try Self.bundleRoot(in: folder, archive: url), bundle: url)
            return ImportableEntry(entry: entry, bundleURL: url, extractionFolder: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
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

    /// Checks the bundle whose files are under `root`; `bundle` names it in errors.
    private func check(root: URL, bundle: URL) throws(BundleError) -> EntrySnapshot {
        let manifestURL = root.appendingPathComponent("entry.json")
        switch BundlePath.kind(of: manifestURL) {
        case .missing: throw .manifestMissing(bundle: bundle)
        case .regularFile: break
        case .directory, .other: throw .notARegularFile(bundle: bundle, path: "entry.json")
        }
        let file = try BundleFile.openForReading(manifestURL, ifMissing: .manifestMissing(bundle: bundle))
        guard let data = try file.readAll(limit: EntryManifest.maximumByteCount) else {
            throw .manifestUnreadable(bundle: bundle, reason: "it is larger than "
                + "\(EntryManifest.maximumByteCount >> 20) MiB, no real manifest is")
        }
        let manifest = try EntryManifest.decode(data, bundle: bundle)
        var entry = manifest.snapshot(mediaRoot: root)
        for (position, record) in manifest.media.enumerated() {
            entry.media[position].sourceURL = try checkedLocation(of: record, root: root, bundle: bundle)
            try validate(entry.media[position], path: record.path, bundle: bundle)
        }
        return entry
    }

    /// Checks one medium's file (inside the bundle, reached without links, with the
    /// recorded size and hash) and returns its location.
    private func checkedLocation(of record: EntryManifest.Medium, root: URL,
                                 bundle: URL) throws(BundleError) -> URL {
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
            throw .sizeMismatch(bundle: bundle, path: record.path, expected: record.byteCount,
                                found: size)
        }
        let (byteCount, sha256) = try file.stream()
        guard byteCount == record.byteCount else {
            throw .sizeMismatch(bundle: bundle, path: record.path, expected: record.byteCount,
                                found: byteCount)
        }
        guard sha256 == record.sha256 else {
            throw .hashMismatch(bundle: bundle, path: record.path, expected: record.sha256,
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
