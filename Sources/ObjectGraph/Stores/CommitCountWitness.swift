import Foundation

/// A second place, besides the counter file beside the database, where an encrypted SQLite
/// store's commit count is kept (``PersistentStoreOptions/commitCountWitness``): a kernel
/// keyring while the store is unlocked, say. Whoever puts back an older database together with
/// its counter file is caught by a witness the files cannot reach: opening refuses a database
/// holding fewer commits than the witness recalls, as it refuses one older than the counter file.
///
/// Compared and hashed by identity, so it can sit in ``PersistentStoreOptions``.
public final class CommitCountWitness: Sendable, Hashable {
    /// The commits store `store` held when last remembered; nil when the witness knows none.
    public let recall: @Sendable (_ store: UUID) -> Int?
    /// Told after every commit of store `store` with its new count; on the saving thread, so
    /// keep it short. Best effort: a witness that cannot keep it only knows less.
    public let remember: @Sendable (_ store: UUID, _ commits: Int) -> Void

    /// Makes a witness from its two halves.
    public init(
        recall: @escaping @Sendable (_ store: UUID) -> Int?,
        remember: @escaping @Sendable (_ store: UUID, _ commits: Int) -> Void
    ) {
        self.recall = recall
        self.remember = remember
    }

    /// Identity.
    public static func == (lhs: CommitCountWitness, rhs: CommitCountWitness) -> Bool { lhs === rhs }

    /// Identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
