import Foundation
import Synchronization

/// The did-save summaries waiting for one context that merges automatically
/// (``ManagedObjectContext/automaticallyMergesChangesFromParent``).
///
/// Another task's context puts summaries in; the owning context takes them out on its own
/// task, so no context is ever touched off its task.
final class SaveInbox: Sendable {
    private let pending = Mutex<[SaveSummary]>([])

    func put(_ summary: SaveSummary) { pending.withLock { $0.append(summary) } }

    func takeAll() -> [SaveSummary] {
        pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
    }
}

/// A coordinator's list of inboxes of contexts that merge automatically.
final class SaveHub: Sendable {
    private struct Entry {
        weak var inbox: SaveInbox?
    }

    private let inboxes = Mutex<[Entry]>([])

    func add(_ inbox: SaveInbox) {
        inboxes.withLock { inboxes in
            inboxes.removeAll { $0.inbox == nil }
            inboxes.append(Entry(inbox: inbox))
        }
    }

    func remove(_ inbox: SaveInbox) {
        inboxes.withLock { $0.removeAll { $0.inbox == nil || $0.inbox === inbox } }
    }

    /// Whether some context other than the one of `sender` merges automatically.
    func hasListeners(besides sender: SaveInbox?) -> Bool {
        inboxes.withLock { $0.contains { $0.inbox != nil && $0.inbox !== sender } }
    }

    /// Puts `summary` into every inbox but the sender's.
    func deliver(_ summary: SaveSummary, from sender: SaveInbox?) {
        let targets = inboxes.withLock { $0.compactMap(\.inbox).filter { $0 !== sender } }
        for inbox in targets { inbox.put(summary) }
    }
}

/// A context a parent knows without keeping it alive.
struct WeakContext {
    weak var context: ManagedObjectContext?
}
