import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Exports one entry as a self-contained bundle: `<local date>-<slug>.diaryentry/` with
/// `entry.json`, `media/` and `index.html`, or the same tree as one `.diaryentry.zip`.
///
/// The bundle is built under a hidden temporary name beside the destination and
/// renamed into place only when complete, so a failure leaves nothing half-written
/// (a crash may leave a hidden `.<name>.partial-<pid>-…` item behind, which the next export
/// of the same entry into the same folder removes). Media are copied in 64 KiB
/// chunks and checked against their recorded size and SHA-256 on the way.
public struct BundleWriter: Sendable {
    /// The time zone of the bundle's date in its name, of the page and of the offsets
    /// in `entry.json`.
    public var timeZone: any TimeZoneRules

    /// A writer naming and dating bundles in `timeZone` (the user's by default).
    public init(timeZone: any TimeZoneRules = TimeZone.current) {
        self.timeZone = timeZone
    }

    /// Writes `entry` into `directory` (created when missing) and returns the bundle's
    /// URL; an existing bundle of the same name is never touched, the new one gets
    /// `-2`, `-3`, ….
    ///
    /// Throws `BundleError.sourceMissing` when a medium's file is gone,
    /// `.sourceMismatch` when it does not match its recorded size or hash, and `.io`
    /// when the destination cannot be written.
    public func write(
        _ entry: EntrySnapshot, to directory: URL,
        format: BundleFormat = .directory
    ) throws(BundleError) -> URL {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw .io(directory, operation: "export into", reason: "it is a file, not a folder")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .io(directory, operation: "create the folder", reason: BundleError.reason(of: error))
        }
        let stem = BundleName.stem(for: entry, timeZone: timeZone)
        let names = MediaFileName.names(for: entry.media)
        let mediaPaths = names.map { "media/" + $0 }
        // Copies for browsers stay out of `media/`, which holds the originals and nothing else.
        let copyPaths = MediaFileName.browserCopyNames(for: entry.media, names: names).map {
            $0.map { Self.copyFolder + "/" + $0 }
        }
        let manifest = EntryManifest(entry, paths: mediaPaths).rendered(timeZone: timeZone)
        let timeZone = timeZone
        let contents = Contents(
            entry: entry, mediaPaths: mediaPaths, copyPaths: copyPaths,
            manifest: Data(manifest.utf8)
        ) { made in
            Data(EntryPage(entry: entry, mediaPaths: mediaPaths, copyPaths: made, timeZone: timeZone).html.utf8)
        }
        // Named with this process's id, so the next export sweeps what a killed one left.
        WorkFolder.sweep(in: directory, prefix: ".\(stem).partial")
        let temporary = directory.appendingPathComponent(
            WorkFolder.name(prefix: ".\(stem).partial") + format.suffix)
        do {
            switch format {
            case .directory: try writeDirectory(contents, at: temporary)
            case .zip:
                // The folder inside the zip carries the zip's name, `-2` and all.
                let name = Self.freeName(in: directory, stem: stem, format: .zip)
                try writeZip(
                    contents, at: temporary,
                    root: String(name.dropLast(".zip".count)))
            }
            let final = try moveIntoPlace(temporary, in: directory, stem: stem, format: format)
            // The bundle is complete; flushing the folder's entry only hardens the rename.
            try? BundleFile.openDirectory(directory).synchronize()
            return final
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// The folder beside `media/` that holds copies of the photos and recordings browsers
    /// cannot show or play (JPEG, WAV); there only when a copy was made.
    static let copyFolder = "web"

    /// Everything a bundle holds, prepared before any file is written but the page, which
    /// shows the JPEG copies that could be made.
    private struct Contents {
        let entry: EntrySnapshot
        let mediaPaths: [String]
        /// Where each medium's JPEG copy for browsers goes, nil for media that need none.
        let copyPaths: [String?]
        let manifest: Data
        /// The page, given the copies made.
        let page: ([String?]) -> Data
    }

    /// Decodes the plaintext original of `medium` at `original` into its copy for browsers at
    /// `target`; false when it needs none or none can be made (the page then offers the
    /// original, as before copies).
    private static func makeCopy(of medium: MediumSnapshot, from original: URL, to target: URL) -> Bool {
        guard let kind = BrowserCopy.needed(for: medium, original: original) else { return false }
        do {
            try kind.make(from: original, to: target)
            return true
        } catch {
            try? FileManager.default.removeItem(at: target)
            return false
        }
    }

    private func writeDirectory(_ contents: Contents, at root: URL) throws(BundleError) {
        try Self.makeDirectory(root)
        let sharedMode = try Self.withdraw(root)
        try Self.makeDirectory(root.appendingPathComponent("media"))
        for (medium, path) in zip(contents.entry.media, contents.mediaPaths) {
            let source = try Self.openSource(medium)
            let destination = try BundleFile.create(root.appendingPathComponent(path))
            let copied = try source.stream { (chunk) throws(BundleError) in
                try destination.write(chunk)
            }
            try Self.check(copied, against: medium)
            try destination.synchronize()
            try destination.close()
        }
        var made: [String?] = []
        if contents.copyPaths.contains(where: { $0 != nil }) {
            try Self.makeDirectory(root.appendingPathComponent(Self.copyFolder))
        }
        for (medium, (path, copy)) in zip(contents.entry.media, zip(contents.mediaPaths, contents.copyPaths)) {
            guard let copy else { made.append(nil); continue }
            let done = Self.makeCopy(
                of: medium, from: root.appendingPathComponent(path),
                to: root.appendingPathComponent(copy))
            made.append(done ? copy : nil)
        }
        // An AAC memo gets a name in case it needs a copy, and no copy.
        if made.allSatisfy({ $0 == nil }) { rmdir(root.appendingPathComponent(Self.copyFolder).path) }
        for (name, data) in [("entry.json", contents.manifest), ("index.html", contents.page(made))] {
            let file = try BundleFile.create(root.appendingPathComponent(name))
            try file.write(data)
            try file.synchronize()
            try file.close()
        }
        try Self.setMode(sharedMode, of: root)
        try BundleFile.openDirectory(root).synchronize()
    }

    private func writeZip(_ contents: Contents, at url: URL, root: String) throws(BundleError) {
        let file = try BundleFile.create(url)
        let sharedMode = try Self.withdraw(url)
        let archive = try ZipArchiveWriter(file: file, modificationTime: contents.entry.updateTime)
        try archive.addDirectory(root)
        try archive.addFile(root + "/entry.json", contents: contents.manifest)
        try archive.addDirectory(root + "/media")
        var made: [String?] = []
        for (medium, (path, copy)) in zip(contents.entry.media, zip(contents.mediaPaths, contents.copyPaths)) {
            let source = try Self.openSource(medium)
            let copied = try archive.addFile(
                root + "/" + path, streamingFrom: source,
                size: try source.size())
            try Self.check(copied, against: medium)
            // The copies' folder goes in with the first copy made.
            let folder = made.allSatisfy { $0 == nil } ? root + "/" + Self.copyFolder : nil
            made.append(
                try copy.flatMap { (copy) throws(BundleError) in
                    try Self.addCopy(of: medium, at: root + "/" + copy, to: archive, beside: url, folder: folder)
                        ? copy : nil
                })
        }
        try archive.addFile(root + "/index.html", contents: contents.page(made))
        try archive.finish()
        try Self.setMode(sharedMode, of: url)
        try file.close()
    }

    /// Adds `medium`'s copy for browsers at `path` to the zip being written at `url`: the
    /// original is streamed (decrypted) into a private scratch file beside it, decoded, the copy
    /// streamed in (after the entry of `folder`, when the copy is the first), and both removed;
    /// false when it needs no copy or none can be made.
    private static func addCopy(
        of medium: MediumSnapshot, at path: String, to archive: ZipArchiveWriter,
        beside url: URL, folder: String?
    ) throws(BundleError) -> Bool {
        let scratch = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".original")
        defer { unlink(scratch.path) }
        let source = try openSource(medium)
        let file = try BundleFile.create(scratch, mode: 0o600)
        let copied = try source.stream { (chunk) throws(BundleError) in try file.write(chunk) }
        try file.close()
        try source.close()
        try check(copied, against: medium)
        let copy = scratch.appendingPathExtension("copy")
        defer { unlink(copy.path) }
        guard makeCopy(of: medium, from: scratch, to: copy) else { return false }
        if let folder { try archive.addDirectory(folder) }
        let reader = try MediumReader.open(.file(copy))
        _ = try archive.addFile(path, streamingFrom: reader, size: try reader.size())
        try reader.close()
        return true
    }

    /// Makes the just-created bundle `url` its owner's alone while it is written (0700 or
    /// 0600) and returns the mode it was created with (the user's umask decides it), which
    /// the finished bundle gets back: exports are meant to be shared, their drafts are not.
    private static func withdraw(_ url: URL) throws(BundleError) -> mode_t {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { throw .posix(url, "inspect") }
        let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        try setMode(isFolder ? 0o700 : 0o600, of: url)
        return info.st_mode & 0o7777
    }

    private static func setMode(_ mode: mode_t, of url: URL) throws(BundleError) {
        guard chmod(url.path, mode) == 0 else { throw .posix(url, "set the permissions of") }
    }

    /// Renames the finished `temporary` bundle to the first free name in `directory`.
    private func moveIntoPlace(
        _ temporary: URL, in directory: URL, stem: String,
        format: BundleFormat
    ) throws(BundleError) -> URL {
        while true {
            let final = directory.appendingPathComponent(
                Self.freeName(in: directory, stem: stem, format: format))
            switch format {
            case .zip:
                // link(2) never replaces an existing file; where the file system has no
                // hard links (FAT, exFAT), fall back to a rename after the check above.
                if link(temporary.path, final.path) == 0 {
                    unlink(temporary.path)
                    return final
                }
                if errno == EEXIST { continue }
                guard rename(temporary.path, final.path) == 0 else {
                    throw .posix(final, "move the finished bundle to")
                }
                return final
            case .directory:
                // rename(2) cannot replace a folder that has content or a file.
                if rename(temporary.path, final.path) == 0 { return final }
                if errno == EEXIST || errno == ENOTEMPTY || errno == ENOTDIR { continue }
                throw .posix(final, "move the finished bundle to")
            }
        }
    }

    /// The first bundle name from `stem` that nothing in `directory` has.
    private static func freeName(in directory: URL, stem: String, format: BundleFormat) -> String {
        BundleName.unique(stem: stem, suffix: format.suffix) {
            BundlePath.exists(directory.appendingPathComponent($0))
        }
    }

    private static func makeDirectory(_ url: URL) throws(BundleError) {
        guard mkdir(url.path, 0o755) == 0 else { throw .posix(url, "create the folder") }
    }

    private static func openSource(_ medium: MediumSnapshot) throws(BundleError) -> MediumReader {
        try MediumReader.open(medium.source)
    }

    /// Throws `.sourceMismatch` when the copied bytes are not the medium's recorded ones.
    private static func check(
        _ copied: (byteCount: Int64, sha256: String),
        against medium: MediumSnapshot
    ) throws(BundleError) {
        if copied.byteCount != medium.byteCount {
            throw .sourceMismatch(
                medium.sourceURL,
                problem:
                    "has \(copied.byteCount) bytes, the entry records \(medium.byteCount)")
        }
        if copied.sha256 != medium.sha256.lowercased() {
            throw .sourceMismatch(
                medium.sourceURL,
                problem:
                    "has SHA-256 \(copied.sha256.prefix(12))…, the entry records "
                    + "\(medium.sha256.prefix(12))…")
        }
    }
}
