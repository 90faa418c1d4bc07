import Foundation

/// Runs `first` and `second` at the same time, on two cores where the machine has them, and
/// returns once both have ended: how an encrypted blob is hashed on one core while it is
/// sealed or opened on another.
///
/// The two closures must share nothing that either of them writes (each pass writes state of
/// its own and at most reads what the other reads). `DispatchQueue.concurrentPerform` returns
/// only after both have run, which orders everything they wrote before the caller's next
/// step. That promise, which the compiler cannot check for closures that capture buffers and
/// non-`Sendable` state, is what ``UncheckedPasses`` stands for; it never outlives this call.
package func sideBySide(_ first: () -> Void, _ second: () -> Void) {
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            let passes = UncheckedPasses(first: first, second: second)
            DispatchQueue.concurrentPerform(iterations: 2) { passes.run($0) }
        }
    }
}

/// The two passes of one ``sideBySide(_:_:)`` call, handed to its second thread.
private struct UncheckedPasses: @unchecked Sendable {
    let first: () -> Void
    let second: () -> Void

    func run(_ pass: Int) {
        if pass == 0 { first() } else { second() }
    }
}
