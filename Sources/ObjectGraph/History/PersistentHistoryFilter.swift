/// Which transactions and changes a history fetch returns (what Core Data's
/// `NSPersistentHistoryChangeRequest` takes as a fetch request on transactions and changes):
/// by default every one. A reader that merges others' saves leaves out its own author's.
public struct PersistentHistoryFilter: Sendable, Hashable {
    /// Only transactions of these authors; nil: of any author (a transaction without one included).
    public var authors: Set<String>?
    /// Transactions of these authors are left out.
    public var excludedAuthors: Set<String>
    /// Only changes of objects of these entities (exact names); nil: of every entity.
    public var entityNames: Set<String>?

    /// A filter; by default it keeps everything.
    public init(authors: Set<String>? = nil, excludedAuthors: Set<String> = [], entityNames: Set<String>? = nil) {
        self.authors = authors
        self.excludedAuthors = excludedAuthors
        self.entityNames = entityNames
    }

    /// `transaction` as the filter keeps it, nil when nothing of it is kept.
    func apply(to transaction: PersistentHistoryTransaction) -> PersistentHistoryTransaction? {
        if let author = transaction.author, excludedAuthors.contains(author) { return nil }
        if let authors, !(transaction.author.map { authors.contains($0) } ?? false) { return nil }
        guard let entityNames else { return transaction }
        var kept = transaction
        kept.changes = transaction.changes.filter { entityNames.contains($0.objectID.entityName) }
        return kept.changes.isEmpty ? nil : kept
    }
}
