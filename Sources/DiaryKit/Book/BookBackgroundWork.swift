import Dispatch
import Foundation
import Synchronization

/// Work the book builder hands to a thread of its own, done in the order given: the
/// originals' copies (mostly the kernel's work) and the month pages' rendering, while the
/// builder reads the diary on its own thread. On two cores a book then costs about the
/// longest of the three, not their sum.
///
/// At most ``limit`` jobs wait at a time (``start(_:)`` waits for room), so what they hold (a
/// month's entries) stays bounded. The first job that fails stops the rest and is thrown by
/// ``finish(cancelling:)``, which must be called before the work folder is used or removed
/// (``BookBuilder`` calls it on every way out), so no job writes into a folder going away.
final class BookBackgroundWork: Sendable {
    private let queue: DispatchQueue
    private let group = DispatchGroup()
    private let room: DispatchSemaphore
    /// The first failure, and whether the jobs not yet begun are to be skipped.
    private let state = Mutex<(failure: DiaryError?, stopped: Bool)>((nil, false))

    /// A thread for `label`'s jobs, with room for `limit` waiting.
    init(label: String, limit: Int) {
        queue = DispatchQueue(label: "photodiary.book." + label)
        room = DispatchSemaphore(value: max(1, limit))
    }

    /// Starts `job` after the ones before it, once there is room.
    func start(_ job: @escaping @Sendable () throws(DiaryError) -> Void) {
        room.wait()
        queue.async(group: group) { [self] in
            defer { room.signal() }
            guard !state.withLock({ $0.stopped }) else { return }
            do throws(DiaryError) {
                try job()
            } catch {
                state.withLock { state in
                    state.failure = state.failure ?? error
                    state.stopped = true
                }
            }
        }
    }

    /// Waits for every job started; skips the ones not yet begun when `cancelling`.
    /// - Throws: the first job's failure.
    func finish(cancelling: Bool = false) throws(DiaryError) {
        if cancelling { state.withLock { $0.stopped = true } }
        group.wait()
        if let error = state.withLock({ $0.failure }) { throw error }
    }
}
