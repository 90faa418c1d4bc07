import Foundation

extension ManagedObjectContext {
    /// How often a save resolves conflicts and tries again before giving up.
    private static let conflictAttempts = 5

    /// Writes every insert, change and delete in one transaction — to the store, or for a child
    /// context to its ``parent`` (whose own save writes them).
    ///
    /// In order: the objects-did-change event; `willSave()` once per changed object (and for
    /// objects changed by those calls); validation of every changed object, collecting every
    /// problem; the will-save event; large binary values copied to their blob files (fsynced,
    /// renamed) before the transaction commits; the transaction; `didSave()`; the did-save event.
    ///
    /// Optimistic locking: a row changed or deleted elsewhere since this context read it is a
    /// conflict, found inside the write transaction; the ``mergePolicy`` resolves it and the
    /// save tries again (``MergePolicy/error`` throws instead).
    /// - Throws: ``ObjectGraphError/wrongContext(_:)`` while a relationship assignment naming another
    ///   context's object stands refused (until the key is set again or the context rolls back);
    ///   ``ObjectGraphError/validationFailed(_:)`` with every problem, writing nothing;
    ///   ``ObjectGraphError/uniquenessViolation(entity:keys:)`` (under ``MergePolicy/objectTrumps``,
    ///   ``MergePolicy/storeTrumps``, ``MergePolicy/overwrite`` and ``MergePolicy/rollback`` an inserted
    ///   object clashing with a stored row is merged into it instead, as an upsert: see
    ///   `ManagedObjectContext+UniquenessConflicts`); ``ConcurrencyError/mergeConflict(_:)``
    ///   naming the objects and keys; ``StoreFailure/busy(path:waitedMilliseconds:)`` after the busy timeout;
    ///   ``StoreFailure``, ``StoreError`` or ``SQLiteError`` when the store fails (the transaction is rolled back and
    ///   the context keeps its changes).
    public func save() throws {
        mergeInboxIfNeeded()
        try throwIfAssignmentsWereRefused()
        guard hasChanges else { return }
        if parent != nil { return try saveToParent() }
        undoManager?.endEvent()
        undoManager?.disableUndoRegistration()
        defer { undoManager?.enableUndoRegistration() }
        // Children learn the permanent IDs of the objects they know by temporary ones.
        let inserted = children.isEmpty ? [] : insertedList.filter(\.isInserted).map { ($0, $0.objectID) }
        let broadcast = persistentStoreCoordinator.saveHub.hasListeners(besides: mergeInbox)
        var summary: SaveSummary?
        let token = broadcast ? addObserver { event in if case .didSave(let saved) = event { summary = saved } } : nil
        defer { if let token { removeObserver(token) } }
        for attempt in 1... {
            do {
                try saveOnce()
                break
            } catch let conflicts as RowConflicts {
                try resolve(conflicts, giveUp: attempt >= Self.conflictAttempts)
            } catch ObjectGraphError.uniquenessViolation(let entity, let keys) where settlesUniquenessConflicts {
                // Settled as upserts (ManagedObjectContext+UniquenessConflicts); nothing to settle, or
                // too many rounds, and the violation stands.
                guard attempt < Self.conflictAttempts, try settleUniquenessConflicts() else {
                    throw ObjectGraphError.uniquenessViolation(entity: entity, keys: keys)
                }
            }
        }
        saveCount += 1
        tellChildren(permanentIDsOf: inserted)
        if let summary { persistentStoreCoordinator.saveHub.deliver(summary, from: mergeInbox) }
    }

    /// Applies the merge policy to the conflicting objects (reading their rows again), or throws.
    /// - Throws: ``ConcurrencyError/mergeConflict(_:)`` for ``MergePolicy/error`` (naming the objects
    ///   that would overwrite something), for ``MergePolicy/mergeUnlessClashing`` (naming the
    ///   objects with a key changed on both sides or deleted elsewhere), or when `giveUp`.
    private func resolve(_ conflicts: RowConflicts, giveUp: Bool) throws {
        let rows = try rowSource()
        var found: [(object: ManagedObject, row: StoreRow?, conflict: MergeConflict)] = []
        for id in conflicts.objectIDs {
            guard let object = registeredObject(for: id) else { continue }
            let row = try rows.row(for: id)
            found.append((object, row, conflict(of: object, with: row)))
        }
        if mergePolicy == .mergeUnlessClashing {
            found = found.map { ($0.object, $0.row, clashOfMerging($0.object, $0.conflict)) }
        }
        // An object that only gained or lost links stored in other rows (an inverse foreign key, a
        // join table the other side writes) overwrites nothing of theirs: it takes the stored
        // columns and goes again, whatever the policy; under mergeUnlessClashing so does one whose
        // changes touch no key changed there.
        func isHarmless(_ item: (object: ManagedObject, row: StoreRow?, conflict: MergeConflict)) -> Bool {
            guard item.row != nil else { return false }
            if mergePolicy == .mergeUnlessClashing {
                return !item.object.isDeleted && item.conflict.clashingKeys.isEmpty
            }
            return changesOnlyLinksStoredElsewhere(item.object)
        }
        let (harmless, clashing) = (found.filter(isHarmless), found.filter { !isHarmless($0) })
        if !clashing.isEmpty && (mergePolicy == .error || mergePolicy == .mergeUnlessClashing || giveUp) {
            throw ConcurrencyError.mergeConflict(clashing.map(\.conflict))
        }
        if giveUp { throw ConcurrencyError.mergeConflict(harmless.map(\.conflict)) }
        for (object, row, conflict) in harmless {
            apply(.objectTrumps, to: object, storeRow: row, storeChangedKeys: conflict.storeChangedKeys)
        }
        for (object, row, conflict) in clashing {
            apply(mergePolicy, to: object, storeRow: row, storeChangedKeys: conflict.storeChangedKeys)
        }
    }

    /// `conflict` with the many-to-manys `object` rewrites (the join rows it owns, written whole)
    /// counted as clashing too, unless it only gained or lost links stored elsewhere: the store's
    /// rows do not say whether the other writer changed the same set.
    private func clashOfMerging(_ object: ManagedObject, _ conflict: MergeConflict) -> MergeConflict {
        guard !changesOnlyLinksStoredElsewhere(object) else { return conflict }
        var conflict = conflict
        for (index, relationship) in object.entity.allRelationships.enumerated()
        where relationship.isToMany && object.changedKeys.contains(relationship.name)
            && !conflict.clashingKeys.contains(relationship.name)
        {
            if case .joinTable(_, true) = managedObjectModel.storage(ofRelationshipAt: index, in: object.entity) {
                conflict.clashingKeys.append(relationship.name)
            }
        }
        return conflict
    }

    /// Whether every key `object` changed is a to-many whose links the other side's rows store.
    private func changesOnlyLinksStoredElsewhere(_ object: ManagedObject) -> Bool {
        guard !object.isDeleted, !object.changedKeys.isEmpty else { return false }
        return object.changedKeys.allSatisfy { key in
            guard let index = object.entity.relationshipIndexes[key] else { return false }
            let relationship = object.entity.allRelationships[index]
            guard relationship.isToMany else { return false }
            switch managedObjectModel.storage(of: relationship, in: object.entity) {
            case .inverseForeignKey: return true
            case .joinTable(_, let isOwner): return !isOwner
            case .foreignKey: return false
            }
        }
    }

    /// What changed in the store for `object` since it read its row.
    func conflict(of object: ManagedObject, with row: StoreRow?) -> MergeConflict {
        let keys = row.map { storeChangedKeys(of: object, row: $0) } ?? []
        let clashing = object.isDeleted ? keys : keys.filter { object.changedKeys.contains($0) }
        return MergeConflict(
            objectID: object.objectID, objectVersion: object.rowVersion, storeVersion: row?.version,
            storeChangedKeys: keys, clashingKeys: clashing)
    }

    /// Attributes and to-ones whose stored value differs from the one `object` read.
    func storeChangedKeys(of object: ManagedObject, row: StoreRow) -> [String] {
        object.resolveDeferredValues()
        var keys: [String] = []
        for (index, attribute) in object.entity.allAttributes.enumerated()
        where !attribute.isTransient
            && index < row.attributes.count && index < object.committed.count
            && row.attributes[index] != object.committed[index]
        {
            keys.append(attribute.name)
        }
        for (index, relationship) in object.entity.allRelationships.enumerated()
        where !relationship.isToMany
            && index < row.toOne.count
            && row.toOne[index] != (index < object.committedToOne.count ? object.committedToOne[index] : nil)
        {
            keys.append(relationship.name)
        }
        return keys
    }

    /// Settles one conflicting object by `policy`; afterwards its read version is the store's,
    /// so the next attempt writes over (or deletes) the row as the policy decided.
    func apply(
        _ policy: MergePolicy, to object: ManagedObject, storeRow row: StoreRow?, storeChangedKeys keys: [String]
    ) {
        guard let row else {
            // Deleted elsewhere: gone for the store-side policies, written as a new row for the others.
            if policy == .storeTrumps || policy == .rollback || policy == .error || object.isDeleted {
                forget([object])
            } else {
                reinsert(object)
            }
            return
        }
        let storeWinsAll = policy == .rollback || (policy == .storeTrumps && object.isDeleted)
        if object.isDeleted && storeWinsAll {
            object.isDeleted = false
            deleted.remove(object)
        }
        for key in keys
        where storeWinsAll || policy == .storeTrumps || (policy == .objectTrumps && !object.changedKeys.contains(key)) {
            take(key, from: row, into: object)
        }
        if storeWinsAll {
            for index in object.entity.allAttributes.indices where index < row.attributes.count {
                object.values[index] = row.attributes[index]
            }
            for (index, relationship) in object.entity.allRelationships.enumerated() where index < object.slots.count {
                object.slots[index] =
                    relationship.isToMany ? .unloadedToMany : .toOneID(index < row.toOne.count ? row.toOne[index] : nil)
            }
            object.changedKeys = []
        }
        object.committed = row.attributes
        object.committedToOne = row.toOne
        object.rowVersion = row.version
        if object.changedKeys.isEmpty && !object.isDeleted { updated.remove(object) }
    }

    /// Sets `key` of `object` to the row's value, as read and unchanged.
    func take(_ key: String, from row: StoreRow, into object: ManagedObject) {
        if let index = object.entity.attributeIndexes[key], index < row.attributes.count, index < object.values.count {
            object.values[index] = row.attributes[index]
            if index < object.committed.count { object.committed[index] = row.attributes[index] }
        } else if let index = object.entity.relationshipIndexes[key], index < row.toOne.count,
            index < object.slots.count
        {
            object.slots[index] = .toOneID(row.toOne[index])
            if index < object.committedToOne.count { object.committedToOne[index] = row.toOne[index] }
        }
        object.changedKeys.remove(key)
    }
}
