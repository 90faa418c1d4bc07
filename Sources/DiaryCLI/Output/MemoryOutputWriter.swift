import Foundation
import Synchronization

/// Collects everything written to it in memory: how tests capture a command's stdout
/// and stderr in-process, and how text can be rendered before it is printed.
package final class MemoryOutputWriter: OutputWriter, Sendable {
    private let storage = Mutex("")

    /// Makes an empty writer.
    package init() {}

    /// Everything written so far.
    package var text: String {
        storage.withLock { $0 }
    }

    /// Appends the text.
    package func write(_ text: String) {
        storage.withLock { $0 += text }
    }

    /// Nothing to do: memory is the destination.
    package func flush() {}
}
