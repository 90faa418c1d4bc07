import Foundation

/// A reader handing out the entries of one export in file order, one at a time.
protocol EntrySource: AnyObject {
    /// The file named in messages.
    var url: URL { get }
    /// Bytes of the file read so far and its size, for progress.
    var progress: (done: Int64, total: Int64) { get }
    /// The next entry, or nil after the last.
    /// - Throws: ``InteropError`` naming the file and the entry.
    func nextEntry() throws(InteropError) -> ImportedEntry?
}
