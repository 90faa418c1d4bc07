import Foundation

extension ManagedObjectContext {
    /// A child context of `parent`: a scratch pad over the parent's current state, unsaved
    /// changes included. Its ``save()`` pushes its changes into the parent (nothing reaches the
    /// store until the parent saves); fetches see the parent's unsaved objects. Use it on the
    /// parent's thread or task. Objects the child inserted keep their temporary IDs until the
    /// parent saves, and then take the permanent ones.
    public convenience init(parent: ManagedObjectContext) {
        self.init(coordinator: parent.persistentStoreCoordinator)
        self.parent = parent
        parent.children.removeAll { $0.context == nil }
        parent.children.append(WeakContext(context: self))
    }

    /// Where this context reads rows: its parent, or the coordinator's store.
    /// - Throws: ``ObjectGraphError/noPersistentStore``.
    func rowSource() throws -> any RowSource {
        if let parent { return ParentContextRowSource(parent: parent) }
        return try persistentStoreCoordinator.store()
    }

    /// The object for a row the parent has not saved yet (a temporary ID of the parent).
    func materializeParentInsert(_ row: inout StoreRow, asFault: Bool) -> (ManagedObject, loaded: Bool) {
        if let object = parentInsertedObjects[row.objectID] {
            guard object.isFault && !asFault else { return (object, false) }
            object.isFault = false
            apply(&row, to: object)
            return (object, true)
        }
        let object = row.entity.managedObjectClass.init(entity: row.entity, insertInto: nil)
        object.objectID = row.objectID
        object.managedObjectContext = self
        parentInsertedObjects[row.objectID] = object
        guard !asFault else {
            object.isFault = true
            return (object, false)
        }
        apply(&row, to: object)
        return (object, true)
    }

    // MARK: Saving into the parent

    /// The child's save: `willSave()`, validation, then every insert, change and delete applied to
    /// the parent's objects (the parent records them as its own unsaved changes).
    /// - Throws: ``ObjectGraphError/validationFailed(_:)``.
    func saveToParent() throws {
        guard let parent, hasChanges else { return }
        processPendingChanges()
        runWillSave()
        let problems = validationProblems()
        guard problems.isEmpty else { throw ObjectGraphError.validationFailed(problems) }
        let inserted = insertedList.filter(\.isInserted)
        let changed = Array(updated.filter { !$0.isDeleted })
        let removed = Array(deleted)

        // New objects first (same temporary IDs), so relationships can point at them.
        var counterparts: [ObjectIdentifier: ManagedObject] = [:]
        for object in inserted {
            let copy = object.entity.managedObjectClass.init(entity: object.entity, insertInto: nil)
            parent.register(inserted: copy, awake: false)
            copy.objectID = object.objectID
            counterparts[ObjectIdentifier(object)] = copy
        }
        func isLive(_ object: ManagedObject) -> Bool { object.managedObjectContext === self && !object.isDeleted }
        func counterpart(_ object: ManagedObject) -> ManagedObject {
            counterparts[ObjectIdentifier(object)] ?? parent.object(with: object.objectID)
        }
        for object in inserted + changed {
            let target = counterpart(object)
            target.fireFaultIfNeeded()
            let keys = object.isInserted ? nil : object.changedKeys
            for (index, attribute) in object.entity.allAttributes.enumerated()
            where keys?.contains(attribute.name) ?? true {
                guard index < target.values.count, target.values[index] != object.values[index] else { continue }
                target.registerUndo()
                target.values[index] = object.values[index]
                target.markChanged(attribute.name)
            }
            for (index, relationship) in object.entity.allRelationships.enumerated()
            where keys?.contains(relationship.name) ?? true {
                if relationship.isOrdered {
                    // The positions go up too: the parent's members take the child's order.
                    let members = object.orderedMembers(forKey: relationship.name) ?? []
                    target.setOrderedValue(members.filter(isLive).map(counterpart), forKey: relationship.name)
                } else if relationship.isToMany {
                    target.setRelationship(Set(object.members(at: index).filter(isLive).map(counterpart)), at: index)
                } else {
                    target.setRelationship(
                        object.destination(at: index).flatMap { isLive($0) ? counterpart($0) : nil }, at: index)
                }
            }
        }
        for object in removed { parent.delete(counterpart(object)) }

        for object in inserted {
            object.isInserted = false
            parentInsertedObjects[object.objectID] = object
        }
        for object in [inserted, changed].joined() {
            object.commitValues()
            object.changedKeys = []
        }
        for object in removed { parentInsertedObjects[object.objectID] = nil }
        forget(removed)
        clearChangeTracking()
        for object in [inserted, changed, removed].joined() { object.didSave() }
        let summary = SaveSummary(
            inserted: inserted.map(\.objectID), updated: changed.map(\.objectID),
            deleted: removed.map(\.objectID))
        post(.didSave(summary))
        parent.deliverToChildren(summary, from: self)
    }

    /// Queues a child's save into this context for its siblings that merge automatically
    /// (``automaticallyMergesChangesFromParent``), as the coordinator queues a store save: they
    /// refresh from this context's objects at their next fetch, count or save. Objects the child
    /// inserted are left out (their temporary IDs name nothing in a sibling; fetches find them).
    func deliverToChildren(_ summary: SaveSummary, from sender: ManagedObjectContext) {
        children.removeAll { $0.context == nil }
        var siblings = summary
        siblings.inserted = []
        guard !siblings.updated.isEmpty || !siblings.deleted.isEmpty else { return }
        for child in children {
            guard let context = child.context, context !== sender, let inbox = context.mergeInbox else { continue }
            inbox.put(siblings)
        }
    }

    // MARK: After the parent saved

    /// Tells the child contexts the permanent IDs of the objects this save inserted.
    func tellChildren(permanentIDsOf inserted: [(ManagedObject, ObjectID)]) {
        children.removeAll { $0.context == nil }
        guard !children.isEmpty else { return }
        var permanent: [ObjectID: ObjectID] = [:]
        for (object, temporary) in inserted where !object.objectID.isTemporaryID {
            permanent[temporary] = object.objectID
        }
        guard !permanent.isEmpty else { return }
        for child in children { child.context?.adopt(permanent) }
    }

    /// Gives the objects known by the parent's temporary IDs their permanent IDs.
    private func adopt(_ permanent: [ObjectID: ObjectID]) {
        for (temporary, id) in permanent {
            guard let object = parentInsertedObjects.removeValue(forKey: temporary), let key = id.primaryKey else {
                continue
            }
            object.objectID = id
            registry[RegistryKey(root: object.entity.rootEntityNumber, key: key)] = object
        }
        for object in registry.values where object.holdsValues {
            for index in object.slots.indices {
                if case .toOneID(let id?) = object.slots[index], let new = permanent[id] {
                    object.slots[index] = .toOneID(new)
                }
            }
            for index in object.committedToOne.indices {
                if let id = object.committedToOne[index], let new = permanent[id] { object.committedToOne[index] = new }
            }
        }
        children.removeAll { $0.context == nil }
        for child in children { child.context?.adopt(permanent) }
    }
}
