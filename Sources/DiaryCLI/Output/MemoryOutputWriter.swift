import Foundation

/// Collects everything written to it in memory: how tests capture a command's stdout
/// and stderr in-process, and how text can be rendered before it is printed.
public final class MemoryOutputWriter: OutputWriter, @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched while holding `lock`.
    private let lock = NSLock()
    private var storage = ""

    /// Makes an empty writer.
    public init() {}

    /// Everything written so far.
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// Appends the text.
    public func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        storage += text
    }

    /// Nothing to do: memory is the destination.
    public func flush() {}
}
