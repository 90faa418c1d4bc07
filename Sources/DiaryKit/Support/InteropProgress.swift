/// How far a whole-diary import or export has come, reported after every batch.
public struct InteropProgress: Sendable, Hashable {
    /// Entries handled so far (imported, already present or skipped as empty; or written).
    public var entriesDone: Int
    /// Bytes of the input read so far (imports); entries to write (exports: the total).
    public var done: Int64
    /// The input's size in bytes (imports) or the number of entries (exports).
    public var total: Int64

    /// Makes a progress value.
    public init(entriesDone: Int, done: Int64, total: Int64) {
        self.entriesDone = entriesDone
        self.done = done
        self.total = total
    }
}
