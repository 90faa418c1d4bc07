import Foundation

/// Reads a snapshot's state from its sealed file a line at a time, each chunk authenticated as
/// it is read and the end checked when it is reached (see ``BlobReader``): memory stays one line
/// and one 64 KiB buffer whatever the snapshot's size.
final class MirrorSnapshotReader {
    private let reader: BlobReader
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    /// What was read and not handed out yet: `pending[start...]`.
    private var pending = Data()
    private var start = 0
    private var ended = false
    /// The bytes of content read so far.
    private(set) var byteCount: Int64 = 0

    /// A reader of the content `reader` opens.
    init(_ reader: BlobReader) {
        self.reader = reader
    }

    deinit {
        buffer.deallocate()
    }

    /// The next line, without its newline; nil at the end of the content.
    /// - Throws: ``BlobStoreError/damagedBlob(sha256:path:reason:)`` when the file fails
    ///   authentication, is cut short or holds another content; read failures.
    func nextLine() throws(BlobStoreError) -> Data? {
        while true {
            if let newline = pending[start...].firstIndex(of: 0x0A) {
                let line = pending[start..<newline]
                start = newline + 1
                if start > 1 << 20 {
                    pending.removeSubrange(0..<start)
                    start = 0
                }
                return Data(line)
            }
            if ended {
                guard start < pending.count else { return nil }
                let rest = Data(pending[start...])
                start = pending.count
                return rest
            }
            let count = try reader.read(into: buffer)
            if count == 0 {
                ended = true
                continue
            }
            byteCount += Int64(count)
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }
}
