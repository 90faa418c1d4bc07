import Foundation

extension ManagedObjectContext {
    /// One attempt of ``save()``: writes every insert, change and delete to the store in one transaction.
    ///
    /// In order: the objects-did-change event; `willSave()` once per changed object (and for
    /// objects changed by those calls); validation of every changed object, collecting every
    /// problem; the will-save event; large binary values copied to their blob files (fsynced,
    /// renamed) before the transaction commits; the transaction; `didSave()`; the did-save event.
    /// - Throws: ``ObjectGraphError/validationFailed(_:)`` with every problem, writing nothing;
    ///   ``ObjectGraphError/uniquenessViolation(entity:keys:)``; ``StoreFailure``, ``StoreError`` or ``SQLiteError``
    ///   when the store fails (the transaction is rolled back and the context keeps its changes);
    ///   ``RowConflicts`` when rows changed since they were read (``save()`` resolves them).
    func saveOnce() throws {
        guard hasChanges else { return }
        processPendingChanges()
        let store = try persistentStoreCoordinator.store()
        runWillSave()
        let problems = validationProblems()
        guard problems.isEmpty else { throw ObjectGraphError.validationFailed(problems) }

        let inserted = insertedList.filter(\.isInserted)
        // In key order, so the rows are written in the order the tables keep them.
        let changed = updated.filter { !$0.isDeleted }.sorted {
            ($0.entity.rootEntityNumber, $0.objectID.primaryKey ?? 0) < (
                $1.entity.rootEntityNumber, $1.objectID.primaryKey ?? 0
            )
        }
        let removed = Array(deleted)
        // Rows are written whole: values a fetch deferred are read now, before the transaction.
        for object in changed { object.resolveDeferredValues() }
        if !observers.isEmpty { post(.willSave(ObjectChanges(inserted: inserted, updated: changed, deleted: removed))) }
        let staged = try stageBinaries(of: [inserted, changed].joined(), store: store)

        var changes = StoreChanges()
        changes.inserted = inserted.map { row(of: $0) }
        changes.updated = changed.map { row(of: $0) }
        changes.updatedKeys = changed.map(\.keysChangedSinceCommit)
        changes.author = transactionAuthor
        changes.contextName = name
        changes.deleted = removed.compactMap { $0.objectID.isTemporaryID ? nil : $0.objectID }
        for object in removed where !object.objectID.isTemporaryID {
            changes.deletedVersions[object.objectID] = object.rowVersion
        }
        changes.joinMemberships =
            joinMemberships(of: inserted, isInserted: true)
            + joinMemberships(of: changed, isInserted: false)
        changes.orderedMemberships =
            orderedMemberships(of: inserted, isInserted: true)
            + orderedMemberships(of: changed, isInserted: false)
        let insertedKeys: [Int64]
        do {
            insertedKeys = try store.save(changes)
        } catch {
            unstage(staged, store: store)
            throw error
        }
        for value in staged { value.object.values[value.index] = .blob(value.staged.reference) }

        for (object, key) in zip(inserted, insertedKeys) {
            object.objectID = .permanent(
                entityName: object.entity.name, storeIdentifier: store.identifier, primaryKey: key)
            registry[RegistryKey(root: object.entity.rootEntityNumber, key: key)] = object
            object.isInserted = false
            object.rowVersion = 1
        }
        for object in changed { object.rowVersion += 1 }
        for object in [inserted, changed].joined() {
            object.commitValues()
            if !object.changedKeys.isEmpty { object.changedKeys = [] }
            if !object.entity.allRelationships.isEmpty { object.committedToOne = toOneIDs(of: object) }
        }
        for object in removed {
            if let key = object.objectID.primaryKey {
                registry[RegistryKey(root: object.entity.rootEntityNumber, key: key)] = nil
            }
            object.managedObjectContext = nil
            object.isDeleted = false
        }
        clearChangeTracking()
        for object in [inserted, changed, removed].joined() { object.didSave() }
        guard !observers.isEmpty else { return }
        post(
            .didSave(
                SaveSummary(
                    inserted: inserted.map(\.objectID), updated: changed.map(\.objectID),
                    deleted: removed.map(\.objectID))))
    }

    /// Calls `willSave()` on every changed object, then on objects those calls changed, until
    /// none are new; then computes the derived attributes of every inserted or updated object.
    func runWillSave() {
        defer { deriveAttributes() }
        var done = Set<ObjectIdentifier>()
        var round = insertedList.filter(\.isInserted) + Array(updated) + Array(deleted)
        for _ in 0..<16 where !round.isEmpty {
            let before = (insertedList.count, updated.count, deleted.count)
            for object in round { object.willSave() }
            guard before != (insertedList.count, updated.count, deleted.count) else { return }
            done.formUnion(round.map(ObjectIdentifier.init))
            round = (insertedList.filter(\.isInserted) + Array(updated) + Array(deleted))
                .filter { !done.contains(ObjectIdentifier($0)) }
        }
    }

    /// Sets each derived attribute (``AttributeDescription/derivation``) of the inserted and
    /// updated objects to its expression's value, before validation: a value that does not fit
    /// the attribute's type, or an expression the object cannot answer, is a validation problem
    /// naming the attribute, never a silently stale value.
    private func deriveAttributes() {
        // Most models derive nothing: no list of changed objects is made for them.
        guard managedObjectModel.entities.contains(where: { !$0.derivedAttributes.isEmpty }) else { return }
        for object in insertedList.filter(\.isInserted) + updated.filter({ !$0.isDeleted })
        where !object.entity.derivedAttributes.isEmpty {
            for (index, expression) in object.entity.derivedAttributes {
                let key = object.entity.attributeNames[index]
                do {
                    object.setAttribute(try expression.value(with: object), at: index)
                } catch {
                    object.typeProblems[key] = "cannot be derived: \(error)"
                }
            }
        }
    }

    private func row(of object: ManagedObject) -> StoreRow {
        var attributes = object.values
        for index in object.entity.transientAttributeIndexes { attributes[index] = .null }
        return StoreRow(
            entity: object.entity, objectID: object.objectID, version: object.rowVersion + 1, attributes: attributes,
            toOne: object.entity.allRelationships.isEmpty ? [] : toOneIDs(of: object))
    }

    private func toOneIDs(of object: ManagedObject) -> [ObjectID?] {
        object.slots.map { slot in
            switch slot {
            case .toOne(let destination): destination?.managedObjectContext === self ? destination?.objectID : nil
            case .toOneID(let id): id
            case .toMany, .unloadedToMany: nil
            }
        }
    }

    private func joinMemberships(of objects: [ManagedObject], isInserted: Bool) -> [JoinMembership] {
        var result: [JoinMembership] = []
        for object in objects where !object.entity.allRelationships.isEmpty {
            for (index, relationship) in object.entity.allRelationships.enumerated() where relationship.isToMany {
                guard case .joinTable(_, true) = managedObjectModel.storage(ofRelationshipAt: index, in: object.entity),
                    isInserted || object.changedKeys.contains(relationship.name),
                    case .toMany(let members) = object.slots[index]
                else { continue }
                result.append(
                    JoinMembership(
                        source: object.objectID, entityName: object.entity.name,
                        relationship: relationship.name,
                        members: members.filter { !$0.isDeleted && $0.managedObjectContext === self }
                            .map(\.objectID)))
            }
        }
        return result
    }

    /// A binary value staged for this save, and what it was before.
    private struct StagedValue {
        let object: ManagedObject
        let index: Int
        let original: StoredValue
        let staged: StagedBlob
    }

    /// Stages large binary values of attributes that allow external storage in the store's
    /// blob directory (streamed, hashed, fsynced; the store commits them in its transaction),
    /// and reads small values set from files into memory.
    /// - Throws: ``ObjectGraphError/binaryValueUnavailable(key:path:reason:)``, after undoing what it staged.
    private func stageBinaries(
        of objects: some Sequence<ManagedObject>, store: any StoreBackend
    ) throws -> [StagedValue] {
        var result: [StagedValue] = []
        for object in objects where !object.entity.binaryAttributeIndexes.isEmpty {
            for index in object.entity.binaryAttributeIndexes {
                let attribute = object.entity.allAttributes[index]
                guard !attribute.isTransient else { continue }
                let external = attribute.allowsExternalStorage ? store.blobStore : nil
                let original = object.values[index]
                do {
                    var staged: StagedBlob?
                    switch original {
                    case .file(let url):
                        let size =
                            (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
                            ?? 0
                        if let external, size > store.externalStorageThreshold {
                            staged = try external.stage(fileAt: url)
                        } else {
                            object.values[index] = .data(try Data(contentsOf: url))
                        }
                    case .data(let data) where data.count > store.externalStorageThreshold:
                        staged = try external?.stage(data: data)
                    case .staged(let pending):
                        // Staged by the caller (setBinaryValue(_:StagedBlob,…)): the store commits it
                        // inside its transaction like the ones staged here.
                        result.append(
                            StagedValue(object: object, index: index, original: original, staged: pending.staged))
                    default:
                        break
                    }
                    if let staged {
                        object.values[index] = .staged(PendingBlob(staged))
                        result.append(StagedValue(object: object, index: index, original: original, staged: staged))
                    }
                } catch {
                    unstage(result, store: store)
                    throw ObjectGraphError.binaryValueUnavailable(
                        key: attribute.name, path: String(describing: original),
                        reason: String(describing: error))
                }
            }
        }
        return result
    }

    /// After a failed save: drops the staged files (a committed one is left for the sweep) and
    /// gives the objects their values back.
    private func unstage(_ values: [StagedValue], store: any StoreBackend) {
        for value in values {
            // A blob the caller staged stays theirs to retry or discard.
            if case .staged = value.original {} else { store.blobStore?.discard(value.staged) }
            value.object.values[value.index] = value.original
        }
    }
}
