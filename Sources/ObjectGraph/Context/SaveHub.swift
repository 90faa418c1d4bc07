import Foundation

/// The did-save summaries waiting for one context that merges automatically
/// (``ManagedObjectContext/automaticallyMergesChangesFromParent``).
///
/// `@unchecked Sendable`: `pending` is only touched under `lock`. Another task's context puts
/// summaries in; the owning context takes them out on its own task, so no context is ever
/// touched off its task.
final class SaveInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [SaveSummary] = []

    func put(_ summary: SaveSummary) { lock.withLock { pending.append(summary) } }

    func takeAll() -> [SaveSummary] {
        lock.withLock {
            defer { pending = [] }
            return pending
        }
    }
}

/// A coordinator's list of inboxes of contexts that merge automatically.
///
/// `@unchecked Sendable`: `inboxes` is only touched under `lock`; the inboxes are `Sendable`.
final class SaveHub: @unchecked Sendable {
    private struct Entry {
        weak var inbox: SaveInbox?
    }

    private let lock = NSLock()
    private var inboxes: [Entry] = []

    func add(_ inbox: SaveInbox) {
        lock.withLock {
            inboxes.removeAll { $0.inbox == nil }
            inboxes.append(Entry(inbox: inbox))
        }
    }

    func remove(_ inbox: SaveInbox) {
        lock.withLock { inboxes.removeAll { $0.inbox == nil || $0.inbox === inbox } }
    }

    /// Whether some context other than the one of `sender` merges automatically.
    func hasListeners(besides sender: SaveInbox?) -> Bool {
        lock.withLock { inboxes.contains { $0.inbox != nil && $0.inbox !== sender } }
    }

    /// Puts `summary` into every inbox but the sender's.
    func deliver(_ summary: SaveSummary, from sender: SaveInbox?) {
        let targets = lock.withLock { inboxes.compactMap(\.inbox).filter { $0 !== sender } }
        for inbox in targets { inbox.put(summary) }
    }
}

/// A context a parent knows without keeping it alive.
struct WeakContext {
    weak var context: ManagedObjectContext?
}
