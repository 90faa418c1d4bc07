import Foundation
import Synchronization

/// Collects everything written to it in memory: how tests capture a command's stdout
/// and stderr in-process, and how text can be rendered before it is printed.
public final class MemoryOutputWriter: OutputWriter, Sendable {
    private let storage = Mutex("")

    /// Makes an empty writer.
    public init() {}

    /// Everything written so far.
    public var text: String {
        storage.withLock { $0 }
    }

    /// Appends the text.
    public func write(_ text: String) {
        storage.withLock { $0 += text }
    }

    /// Nothing to do: memory is the destination.
    public func flush() {}
}
