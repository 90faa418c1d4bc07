import Foundation

extension ManagedObjectContext {
    /// Calls `handler` with every event of this context, on the context's own thread or task,
    /// until ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(_ handler: @escaping (ContextEvent) -> Void) -> ObserverToken {
        nextObserverID += 1
        let token = ObserverToken(id: nextObserverID)
        observers.append((token, handler))
        return token
    }

    /// Stops the observer of `token`.
    public func removeObserver(_ token: ObserverToken) {
        observers.removeAll { $0.token == token }
        streamFinishers.removeValue(forKey: token)?()
    }

    /// The did-save summaries of this context, as a stream another task can consume;
    /// the stream ends when ``removeObserver(_:)`` is called with the returned token
    /// or the context goes away.
    public func didSaveSummaries() -> (stream: AsyncStream<SaveSummary>, token: ObserverToken) {
        let (stream, continuation) = AsyncStream.makeStream(of: SaveSummary.self)
        let token = addObserver { event in
            if case .didSave(let summary) = event { continuation.yield(summary) }
        }
        streamFinishers[token] = { continuation.finish() }
        return (stream, token)
    }

    /// Announces the inserts, changes and deletes since the last announcement as one
    /// objects-did-change event (nothing when there were none), and ends the undo manager's
    /// event group. Saves call it first.
    public func processPendingChanges() {
        undoManager?.endEvent()
        guard !observers.isEmpty else {
            pendingInserted = []
            pendingUpdated = []
            pendingDeleted = []
            return
        }
        let changes = ObjectChanges(
            inserted: pendingInserted.filter(\.isInserted),
            updated: Self.unique(pendingUpdated.filter(\.isUpdated)),
            deleted: pendingDeleted)
        pendingInserted = []
        pendingUpdated = []
        pendingDeleted = []
        guard !changes.isEmpty else { return }
        post(.objectsDidChange(changes))
    }

    /// `objects` without repeats, in first-seen order.
    private static func unique(_ objects: [ManagedObject]) -> [ManagedObject] {
        var seen = Set<ObjectIdentifier>()
        return objects.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    func post(_ event: ContextEvent) {
        guard !observers.isEmpty else { return }
        for observer in observers { observer.handler(event) }
    }
}
