internal import CArchive
internal import CDeferredLibraries
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unpacks a zip through libarchive into a fresh folder, refusing every member that
/// could write outside it or smuggle in something other than plain files and folders:
/// absolute names, `..`, symbolic and hard links, devices, encrypted members, and
/// members or totals beyond the limits. Nothing is ever written outside `destination`.
///
/// Every member's header is checked, but only the members a selection names are unpacked,
/// each up to the size the selection allows: a zip bomb of members nobody asked for costs
/// nothing but reading its headers.
struct ZipArchiveExtractor {
    /// For a member's path components (checked safe), the most bytes it may unpack to, or
    /// nil to leave it packed.
    typealias Selection = ([String]) -> Int64?

    /// The zip, for messages.
    let archiveURL: URL
    let limits: BundleReader.Limits

    private static let typeMask: UInt32 = 0o170000
    private static let regularFile: UInt32 = 0o100000
    private static let directory: UInt32 = 0o040000
    private static let symbolicLink: UInt32 = 0o120000

    /// Unpacks the members `select` names below the existing folder `destination`
    /// (every member, up to the limits, by default).
    func extract(into destination: URL, selecting select: Selection? = nil) throws(BundleError) {
        guard let archive = archive_read_new() else {
            throw .io(archiveURL, operation: "open", reason: libarchiveUnavailableReason)
        }
        defer { archive_read_free(archive) }
        archive_read_support_format_zip(archive)
        guard archive_read_open_filename(archive, archiveURL.path, BundleFile.chunkSize) == ARCHIVE_OK
        else { throw .archiveCorrupt(bundle: archiveURL, reason: Self.message(archive)) }
        defer { archive_read_close(archive) }

        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: BundleFile.chunkSize,
            alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        var count = 0
        while true {
            var entry: OpaquePointer?
            let status = archive_read_next_header(archive, &entry)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                throw .archiveCorrupt(bundle: archiveURL, reason: Self.message(archive))
            }
            count += 1
            guard count <= limits.maximumEntryCount else {
                throw .archiveTooManyMembers(bundle: archiveURL, limit: limits.maximumEntryCount)
            }
            guard let name = Self.name(of: entry) else {
                throw .unsafeArchiveEntry(
                    bundle: archiveURL, entry: "(unnamed)",
                    reason: "has no readable name")
            }
            let components = try checkedComponents(of: name, entry: entry)
            guard let components else { continue }  // the archive's root folder itself
            let target = components.reduce(destination) { $0.appendingPathComponent($1) }
            let isDirectory = archive_entry_filetype(entry) & Self.typeMask == Self.directory
            if select != nil, isDirectory { continue }  // made as the parent of a selected file
            let cap = select.map { $0(components) } ?? limits.maximumFileSize
            guard let cap else { continue }  // libarchive skips the data on the next header
            try makeParents(of: components, in: destination, member: name)
            if isDirectory {
                try makeDirectory(target, member: name)
                continue
            }
            total += try unpack(
                archive, into: target, member: name, buffer: buffer,
                declaredSize: archive_entry_size_is_set(entry) != 0
                    ? archive_entry_size(entry) : nil,
                cap: cap, alreadyUnpacked: total)
        }
    }

    /// The member's path components after the safety checks, or nil for `./`.
    private func checkedComponents(of name: String, entry: OpaquePointer) throws(BundleError) -> [String]? {
        let components: [String]
        do {
            components = try BundlePath.components(of: name)
        } catch .empty {
            return nil
        } catch {
            throw .unsafeArchiveEntry(bundle: archiveURL, entry: name, reason: error.reason)
        }
        if archive_entry_hardlink(entry) != nil {
            throw .unsafeArchiveEntry(bundle: archiveURL, entry: name, reason: "is a hard link")
        }
        switch archive_entry_filetype(entry) & Self.typeMask {
        case Self.regularFile, Self.directory:
            break
        case Self.symbolicLink:
            throw .unsafeArchiveEntry(
                bundle: archiveURL, entry: name,
                reason: "is a symbolic link")
        default:
            throw .unsafeArchiveEntry(
                bundle: archiveURL, entry: name,
                reason: "is a device or another special file")
        }
        if archive_entry_is_encrypted(entry) != 0 {
            throw .unsafeArchiveEntry(bundle: archiveURL, entry: name, reason: "is encrypted")
        }
        return components
    }

    /// Streams the current member's data into a new file at `target`; returns its size.
    private func unpack(
        _ archive: OpaquePointer, into target: URL, member: String,
        buffer: UnsafeMutableRawBufferPointer, declaredSize: Int64?, cap: Int64,
        alreadyUnpacked: Int64
    ) throws(BundleError) -> Int64 {
        let memberLimit = min(cap, limits.maximumFileSize)
        let allowed = min(memberLimit, limits.maximumTotalSize - alreadyUnpacked)
        func tooLarge(_ size: Int64) -> BundleError {
            size > memberLimit
                ? .archiveTooLarge(bundle: archiveURL, entry: member, limit: memberLimit)
                : .archiveTooLarge(bundle: archiveURL, entry: "the whole archive", limit: limits.maximumTotalSize)
        }
        if let declaredSize, declaredSize > allowed { throw tooLarge(declaredSize) }
        let file: BundleFile
        do {
            // Unpacked into a private temporary folder, and private too.
            file = try BundleFile.create(target, mode: 0o600)
        } catch {
            if BundlePath.exists(target) {
                throw .unsafeArchiveEntry(
                    bundle: archiveURL, entry: member,
                    reason: "appears twice")
            }
            throw error
        }
        var written: Int64 = 0
        while true {
            let count = archive_read_data(archive, buffer.baseAddress, buffer.count)
            if count == 0 { break }
            guard count > 0 else {
                throw .archiveCorrupt(bundle: archiveURL, reason: "\(member): \(Self.message(archive))")
            }
            written += Int64(count)
            if written > allowed { throw tooLarge(written) }
            try file.write(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        try file.close()
        return written
    }

    /// Creates the folders above a member (zips need not list them).
    private func makeParents(
        of components: [String], in destination: URL,
        member: String
    ) throws(BundleError) {
        var folder = destination
        for component in components.dropLast() {
            folder.appendPathComponent(component)
            try makeDirectory(folder, member: member)
        }
    }

    /// Creates `url` as a folder unless it already is one; a file in the way is refused.
    private func makeDirectory(_ url: URL, member: String) throws(BundleError) {
        if mkdir(url.path, 0o700) == 0 { return }
        guard errno == EEXIST else { throw .posix(url, "create the folder") }
        guard BundlePath.kind(of: url) == .directory else {
            throw .unsafeArchiveEntry(
                bundle: archiveURL, entry: member,
                reason: "collides with a file of the same name")
        }
    }

    private static func name(of entry: OpaquePointer) -> String? {
        if let utf8 = archive_entry_pathname_utf8(entry) { return String(cString: utf8) }
        return archive_entry_pathname(entry).map { String(cString: $0) }
    }

    private static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "not a readable zip"
    }
}
