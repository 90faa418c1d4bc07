import Foundation

/// The entry objects of the JSON array an export's reader has entered, handed out one at a
/// time as ``EntryFields`` numbered from 1: the part the JSON readers of jrnl, Day One and the
/// diary's own export share.
final class JSONEntryArray {
    /// The file named in messages.
    let file: URL
    private let reader: StreamingJSONReader
    /// The number of the entry handed out last (0 before the first), the one messages name.
    private(set) var number = 0

    /// Hands out the elements of the array `reader` has entered
    /// (``StreamingJSONReader/enterArray(forKey:)`` or ``StreamingJSONReader/enterTopLevelArray()``).
    init(_ reader: StreamingJSONReader, file: URL) {
        self.reader = reader
        self.file = file
    }

    /// Bytes of the file read so far and its size, for progress.
    var progress: (done: Int64, total: Int64) { (reader.bytesConsumed, reader.byteCount) }

    /// The next entry object, or nil after the last.
    /// - Throws: ``InteropError`` when the file cannot be read or is not JSON.
    func next() throws(InteropError) -> EntryFields? {
        guard let node = try reader.nextElement() else { return nil }
        number += 1
        return EntryFields(node, file: file, entry: number)
    }
}
