import Dispatch
import Foundation
import Synchronization

/// Runs independent pieces of work on several threads at once and hands their results back
/// on the calling thread in the order the work was given, with a bounded number in flight.
///
/// At most ``width`` pieces run at a time, and at most ``capacity`` have been started but not
/// yet handed back (running, or finished and waiting for an earlier one). Memory therefore
/// stays bounded by the pool, whatever the length of the input: the input sequence is read
/// only as room frees up, and each result is handed back, and dropped by the pool, as soon as
/// every earlier one has been.
package struct OrderedWorkPool: Sendable {
    /// Pieces of work running at the same time.
    package let width: Int
    /// Pieces started and not yet handed back (at least ``width``).
    package let capacity: Int

    /// A pool of `width` threads (every active core by default) with room for `capacity`
    /// pieces in flight (four times the width by default, so one slow piece does not idle the rest).
    package init(width: Int? = nil, capacity: Int? = nil) {
        let width = max(1, width ?? ProcessInfo.processInfo.activeProcessorCount)
        self.width = width
        self.capacity = max(width, capacity ?? 4 * width)
    }

    /// Runs `work` on every element of `inputs`, up to ``width`` at a time on other threads,
    /// and calls `deliver` on the calling thread with each output in the order of `inputs`.
    ///
    /// When `deliver` throws, no further input is read; the pieces still in flight are waited
    /// for and their outputs given to `abandon` (to release what they hold, such as staged
    /// files), and the error is rethrown.
    package func run<Input: Sendable, Output: Sendable, Failure: Error>(
        _ inputs: some Sequence<Input>,
        work: @escaping @Sendable (Input) -> Output,
        abandon: (Output) -> Void = { _ in },
        deliver: (Output) throws(Failure) -> Void
    ) throws(Failure) {
        let finished = DispatchSemaphore(value: 0)
        var slots: [Int: Slot<Output>] = [:]
        var iterator = inputs.makeIterator()
        var exhausted = false
        var submitted = 0, delivered = 0, running = 0
        var failure: Failure?
        while true {
            while failure == nil, !exhausted, running < width, submitted - delivered < capacity {
                guard let input = iterator.next() else {
                    exhausted = true
                    break
                }
                let slot = Slot<Output>()
                slots[submitted] = slot
                DispatchQueue.global(qos: .userInitiated).async {
                    slot.fill(work(input))
                    finished.signal()
                }
                submitted += 1
                running += 1
            }
            while let slot = slots[delivered], let output = slot.take() {
                slots[delivered] = nil
                delivered += 1
                if failure != nil {
                    abandon(output)
                    continue
                }
                do throws(Failure) {
                    try deliver(output)
                } catch {
                    failure = error
                }
            }
            if delivered == submitted && (exhausted || failure != nil) { break }
            // Nothing running: everything given so far has been handed back; read more input.
            if running == 0 { continue }
            finished.wait()
            running -= 1
        }
        if let failure { throw failure }
    }
}

/// Where one piece of work leaves its output for the calling thread.
private final class Slot<Output: Sendable>: Sendable {
    private let output = Mutex<Output?>(nil)

    func fill(_ value: Output) {
        output.withLock { $0 = value }
    }

    /// The output once the work has finished (nil before), taken out of the slot.
    func take() -> Output? {
        output.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
