import Foundation

extension ManagedObjectContext {
    /// Whether this context merges the saves of the other contexts on its coordinator by itself
    /// (one context per editor, each kept up to date). A save elsewhere is queued for this
    /// context — never applied from another task — and merged at the start of this context's
    /// next fetch, count or save, or by ``mergePendingChanges()``. Off by default. (A child
    /// context gets the coordinator's saves the same way, and its siblings' saves into their
    /// parent, and refreshes from its parent's objects; a parent's own unsaved changes reach a
    /// child only through fetching or faulting.)
    public var automaticallyMergesChangesFromParent: Bool {
        get { mergeInbox != nil }
        set {
            if newValue, mergeInbox == nil {
                let inbox = SaveInbox()
                mergeInbox = inbox
                persistentStoreCoordinator.saveHub.add(inbox)
            } else if !newValue, let inbox = mergeInbox {
                persistentStoreCoordinator.saveHub.remove(inbox)
                mergeInbox = nil
            }
        }
    }

    /// Merges the saves queued for this context (see ``automaticallyMergesChangesFromParent``) now.
    public func mergePendingChanges() { mergeInboxIfNeeded() }

    func mergeInboxIfNeeded() {
        guard let inbox = mergeInbox else { return }
        for summary in inbox.takeAll() { mergeChanges(fromContextDidSave: summary) }
    }

    /// Brings another context's save into this one: objects it deleted leave this context (and
    /// the relationships of the objects here); objects it updated are refreshed from the store,
    /// keeping this context's unsaved edits — a key edited on both sides keeps this context's
    /// value when the ``mergePolicy`` is ``MergePolicy/error`` (the default) or
    /// ``MergePolicy/mergeUnlessClashing``, and the next save writes it (this context has seen
    /// the other save, as after ``refresh(_:mergeChanges:)``), otherwise the policy settles it
    /// now; objects it inserted become known
    /// (as faults) and to-many relationships not edited here reload on their next access.
    /// Posts an objects-did-change event naming the objects.
    public func mergeChanges(fromContextDidSave summary: SaveSummary) {
        let rows = try? rowSource()
        var changes = ObjectChanges(inserted: [], updated: [], deleted: [])
        for id in summary.deleted {
            guard id.primaryKey != nil, let object = registeredObject(for: id) else { continue }
            changes.deleted.append(object)
        }
        forget(changes.deleted)
        for id in summary.updated {
            // A fault holding the row a fetch read reads the new one when it fires.
            if let object = registeredObject(for: id), object.holdsFetchedRow { object.holdsFetchedRow = false }
            guard let object = registeredObject(for: id), !object.isFault, !object.isInserted else { continue }
            guard let row = try? rows?.row(for: id) else {
                forget([object])
                changes.deleted.append(object)
                continue
            }
            refresh(object, from: row)
            changes.updated.append(object)
        }
        for id in summary.inserted where registeredObject(for: id) == nil {
            changes.inserted.append(object(with: id))
        }
        guard !changes.isEmpty else { return }
        registry.forEach { object in
            guard !object.isFault, !object.isDeleted else { return }
            for (index, relationship) in object.entity.allRelationships.enumerated()
            where relationship.isToMany && index < object.slots.count && !object.changedKeys.contains(relationship.name)
            {
                object.slots[index] = .unloadedToMany
            }
        }
        post(.objectsDidChange(changes))
    }

    /// Merges `changes` into each of `contexts`, as ``mergeChanges(fromContextDidSave:)-(SaveSummary)``
    /// does for one, Core Data's `mergeChanges(fromRemoteContextSave:into:)`: the way the
    /// results of a batch delete or update (which write the store directly, past every
    /// context) reach contexts that do not merge on their own. Call it where every one of
    /// `contexts` may be used (contexts are confined to their thread or task).
    public static func mergeChanges(fromRemoteContextSave changes: SaveSummary, into contexts: [ManagedObjectContext]) {
        for context in contexts { context.mergeChanges(fromContextDidSave: changes) }
    }

    /// ``mergeChanges(fromContextDidSave:)`` for an observed event; other events are ignored, so
    /// `other.addObserver { context.mergeChanges(fromContextDidSave: $0) }` keeps `context` up to
    /// date with `other` (both on one thread or task).
    public func mergeChanges(fromContextDidSave event: ContextEvent) {
        if case .didSave(let summary) = event { mergeChanges(fromContextDidSave: summary) }
    }

    /// Takes the stored values of keys this context did not edit and the row's version, as
    /// ``refresh(_:mergeChanges:)`` with `mergeChanges` true does (and Core Data's merge): under
    /// ``MergePolicy/error`` and ``MergePolicy/mergeUnlessClashing`` a key edited on both sides
    /// keeps this context's value, and the next save writes it without a clash, since this
    /// context has now seen the other save; the other policies settle such keys as they say.
    private func refresh(_ object: ManagedObject, from row: StoreRow) {
        let keys = storeChangedKeys(of: object, row: row)
        let failsOnClash = mergePolicy == .error || mergePolicy == .mergeUnlessClashing
        apply(failsOnClash ? .objectTrumps : mergePolicy, to: object, storeRow: row, storeChangedKeys: keys)
    }
}
