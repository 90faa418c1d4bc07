import Foundation

/// Persistent history (Core Data's persistent history tracking): with
/// ``PersistentStoreOptions/recordsPersistentHistory`` each save records a
/// ``PersistentHistoryTransaction``; any context or process on the store fetches those after a
/// token it kept, merges them, and prunes what every reader has seen.
extension ManagedObjectContext {
    /// The recorded transactions saved after `token` (every one kept when nil), oldest first,
    /// of the authors and entities `filter` keeps (every one by default; a transaction left with
    /// no change of a kept entity is left out). The history is the store's: saves of every
    /// context and process on it, this one's included.
    /// - Throws: ``PersistentHistoryError/tokenOfAnotherStore(token:storeIdentifier:)``;
    ///   ``PersistentHistoryError/expiredToken(token:)`` when transactions after `token` were
    ///   deleted; ``ObjectGraphError/noPersistentStore``; ``StoreFailure``, ``StoreError`` or ``SQLiteError`` when the
    /// store fails.
    public func fetchHistory(
        after token: PersistentHistoryToken?,
        matching filter: PersistentHistoryFilter = PersistentHistoryFilter()
    ) throws -> [PersistentHistoryTransaction] {
        let store = try persistentStoreCoordinator.store()
        if let token {
            try check(token, of: store)
            let bounds = try store.historyBounds()
            if let last = bounds.lastRecorded, token.transactionNumber < last,
                bounds.oldestKept.map({ token.transactionNumber < $0 - 1 }) ?? true
            {
                throw PersistentHistoryError.expiredToken(token: token)
            }
        }
        return try store.historyRecords(after: token?.transactionNumber, since: nil)
            .compactMap { filter.apply(to: $0.transaction(storeIdentifier: store.identifier)) }
    }

    /// The recorded transactions saved strictly after `date`, oldest first: resuming from the
    /// timestamp of the last transaction processed never gives that one again.
    /// - Throws: as ``fetchHistory(after:)-(PersistentHistoryToken?)``.
    public func fetchHistory(after date: Date) throws -> [PersistentHistoryTransaction] {
        let store = try persistentStoreCoordinator.store()
        return try store.historyRecords(after: nil, since: date).map {
            $0.transaction(storeIdentifier: store.identifier)
        }
    }

    /// The token of the last transaction recorded, or nil when the history is empty: keep it,
    /// and fetch after it later for what was saved since.
    /// - Throws: ``ObjectGraphError/noPersistentStore``, store failures.
    public func currentHistoryToken() throws -> PersistentHistoryToken? {
        let store = try persistentStoreCoordinator.store()
        return try store.lastHistoryNumber().map {
            PersistentHistoryToken(storeIdentifier: store.identifier, transactionNumber: $0)
        }
    }

    /// Deletes the transactions up to and including `token`'s (what a reader fetched and
    /// processed); later ones stay, and tokens keep their meaning. Returns how many went.
    /// - Throws: as ``fetchHistory(after:)-(PersistentHistoryToken?)``.
    @discardableResult
    public func deleteHistory(through token: PersistentHistoryToken) throws -> Int {
        let store = try persistentStoreCoordinator.store()
        try check(token, of: store)
        return try store.deleteHistory(through: token.transactionNumber, before: nil)
    }

    /// Deletes the transactions saved before `date`. Returns how many went.
    /// - Throws: as ``fetchHistory(after:)-(PersistentHistoryToken?)``.
    @discardableResult
    public func deleteHistory(before date: Date) throws -> Int {
        try persistentStoreCoordinator.store().deleteHistory(through: nil, before: date)
    }

    /// Brings a fetched transaction into this context as ``mergeChanges(fromContextDidSave:)-(SaveSummary)``
    /// does a did-save event: objects it deleted leave the context, objects it updated are
    /// refreshed from the store (keeping this context's unsaved edits), objects it inserted
    /// become known as faults. Changes of entities the model no longer has are skipped.
    public func mergeChanges(fromHistory transaction: PersistentHistoryTransaction) {
        var summary = transaction.saveSummary
        let model = managedObjectModel
        let known = { (id: ObjectID) in model.entity(named: id.entityName) != nil }
        summary.inserted = summary.inserted.filter(known)
        summary.updated = summary.updated.filter(known)
        summary.deleted = summary.deleted.filter(known)
        mergeChanges(fromContextDidSave: summary)
    }

    private func check(_ token: PersistentHistoryToken, of store: any StoreBackend) throws {
        guard token.storeIdentifier == store.identifier else {
            throw PersistentHistoryError.tokenOfAnotherStore(token: token, storeIdentifier: store.identifier)
        }
    }
}
