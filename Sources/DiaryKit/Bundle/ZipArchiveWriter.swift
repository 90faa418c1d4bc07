internal import CArchive
internal import CDeferredLibraries
import Foundation

/// Writes a zip file member by member through libarchive, streaming file contents.
///
/// Text members are deflated; media (already compressed photos, or recordings that
/// gain little) are stored, which keeps export at copying speed.
/// Not `Sendable`: one writer belongs to one export.
final class ZipArchiveWriter {
    private let archive: OpaquePointer
    private let file: BundleFile
    private let modificationTime: Date
    private var closed = false

    /// Starts a zip on the open, empty `file`; members get `modificationTime`.
    init(file: BundleFile, modificationTime: Date) throws(BundleError) {
        guard let archive = archive_write_new() else {
            throw .io(file.url, operation: "start the zip", reason: libarchiveUnavailableReason)
        }
        self.archive = archive
        self.file = file
        self.modificationTime = modificationTime
        try check(archive_write_set_format_zip(archive), "start the zip")
        try check(archive_write_open_fd(archive, file.descriptor), "start the zip")
    }

    deinit {
        if !closed { archive_write_close(archive) }
        archive_write_free(archive)
    }

    /// Adds a folder member `path` (without the trailing slash).
    func addDirectory(_ path: String) throws(BundleError) {
        try writeHeader(path + "/", type: 0o040000, permissions: 0o755, size: 0)
        try check(archive_write_finish_entry(archive), "add \(path) to")
    }

    /// Adds a deflated member `path` holding `data`.
    func addFile(_ path: String, contents data: Data) throws(BundleError) {
        try check(archive_write_zip_set_compression_deflate(archive), "add \(path) to")
        try writeHeader(path, type: 0o100000, permissions: 0o644, size: Int64(data.count))
        try data.withBytes { (bytes) throws(BundleError) in try writeData(bytes, path: path) }
        try check(archive_write_finish_entry(archive), "add \(path) to")
    }

    /// Adds a stored member `path` of `size` bytes, streamed from `source` in chunks.
    /// Returns the byte count and SHA-256 of what was read.
    func addFile(
        _ path: String, streamingFrom source: MediumReader,
        size: Int64
    ) throws(BundleError) -> (byteCount: Int64, sha256: String) {
        try check(archive_write_zip_set_compression_store(archive), "add \(path) to")
        try writeHeader(path, type: 0o100000, permissions: 0o644, size: size)
        let result = try source.stream { (chunk) throws(BundleError) in
            try writeData(chunk, path: path)
        }
        try check(archive_write_finish_entry(archive), "add \(path) to")
        return result
    }

    /// Writes the central directory and flushes the zip to the disk.
    func finish() throws(BundleError) {
        closed = true
        try check(archive_write_close(archive), "finish")
        try file.synchronize()
    }

    private func writeHeader(
        _ path: String, type: UInt32, permissions: mode_t,
        size: Int64
    ) throws(BundleError) {
        guard let entry = archive_entry_new() else {
            throw .io(file.url, operation: "add \(path) to", reason: libarchiveUnavailableReason)
        }
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname_utf8(entry, path)
        archive_entry_set_filetype(entry, type)
        archive_entry_set_perm(entry, permissions)
        archive_entry_set_size(entry, size)
        let seconds = modificationTime.timeIntervalSince1970.rounded(.down)
        archive_entry_set_mtime(entry, time_t(seconds), 0)
        try check(archive_write_header(archive, entry), "add \(path) to")
    }

    private func writeData(_ bytes: UnsafeRawBufferPointer, path: String) throws(BundleError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let written = archive_write_data(archive, base, bytes.count)
        guard written == bytes.count else {
            throw .io(file.url, operation: "write \(path) into", reason: errorMessage())
        }
    }

    private func check(_ status: Int32, _ operation: String) throws(BundleError) {
        guard status != ARCHIVE_OK else { return }
        if status == ARCHIVE_WARN { return }
        throw .io(file.url, operation: operation, reason: errorMessage())
    }

    private func errorMessage() -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "libarchive failed"
    }
}
