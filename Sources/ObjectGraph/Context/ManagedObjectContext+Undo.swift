import Foundation

extension ManagedObjectContext {
    /// Takes back the last group of changes the ``undoManager`` recorded (closing the group being
    /// recorded first): attribute values, relationships on both sides, inserts and deletes —
    /// also across a save, where an undone insert becomes a delete and an undone delete a new
    /// insert. Posts an objects-did-change event naming the objects. Nothing without an undo manager.
    public func undo() {
        guard let manager = undoManager else { return }
        processPendingChanges()
        guard let group = manager.popUndo() else { return }
        manager.applying(undo: true) { restore(group) }
    }

    /// Applies again the last group ``undo()`` took back.
    public func redo() {
        guard let manager = undoManager else { return }
        processPendingChanges()
        guard let group = manager.popRedo() else { return }
        manager.applying(undo: false) { restore(group) }
    }

    /// Records the changes `body` makes as one undo group named `name`.
    /// - Throws: what `body` throws (the group keeps the changes made until then).
    public func undoGroup<T>(named name: String = "", _ body: () throws -> T) rethrows -> T {
        undoManager?.beginUndoGrouping()
        undoManager?.setActionName(name)
        defer { undoManager?.endUndoGrouping() }
        return try body()
    }

    // MARK: States

    /// `object`'s state now, with to-many relationships loaded (so a later restore does not
    /// depend on what the store holds by then).
    func undoState(of object: ManagedObject) -> UndoState {
        let exists =
            object.managedObjectContext === self && !object.isDeleted
            && (object.isInserted || !object.objectID.isTemporaryID)
        if exists {
            for index in object.slots.indices {
                if case .unloadedToMany = object.slots[index] { _ = object.members(at: index) }
            }
            // Positions too: an insert, move or removal at an index is undone to the order before it.
            for relationship in object.entity.allRelationships where relationship.isOrdered {
                _ = object.orderedMembers(forKey: relationship.name)
            }
        }
        let references = object.values.compactMap(\.externalReference)
        let blobs = references.isEmpty ? nil : (try? persistentStoreCoordinator.store())?.blobStore
        let paths = blobs.map { store in references.map { store.url(for: $0).path } } ?? []
        return UndoState(
            exists: exists, values: object.values, slots: object.slots, memberOrders: object.memberOrders,
            changedKeys: object.changedKeys, generation: saveCount,
            retention: paths.isEmpty ? nil : BlobRetention(paths: paths))
    }

    /// Puts every object of `group` back into its state, and returns the group that undoes that.
    private func restore(_ group: UndoGroup) -> UndoGroup {
        var inverse = UndoGroup(name: group.name)
        for (object, _) in group.entries {
            inverse.entries.append((object, undoState(of: object)))
        }
        var changes = ObjectChanges(inserted: [], updated: [], deleted: [])
        let members = Set(group.entries.map { ObjectIdentifier($0.0) })
        for (object, state) in group.entries.reversed() {
            let before = object.managedObjectContext === self && !object.isDeleted
            let previousSlots = object.slots
            restore(object, to: state)
            keepInversesInStep(of: object, from: previousSlots, skipping: members)
            if state.exists && !before {
                changes.inserted.append(object)
            } else if !state.exists && before {
                changes.deleted.append(object)
            } else if state.exists {
                changes.updated.append(object)
            }
        }
        if !changes.isEmpty { post(.objectsDidChange(changes)) }
        return inverse
    }

    private func restore(_ object: ManagedObject, to state: UndoState) {
        let exists = object.managedObjectContext === self && !object.isDeleted
        let previousSlots = object.slots
        let previousOrders = object.memberOrders
        if state.exists && !exists {
            if object.isDeleted {
                object.isDeleted = false
                deleted.remove(object)
            } else if object.objectID.isTemporaryID {
                object.managedObjectContext = self
                object.isInserted = true
                if !insertedList.contains(where: { $0 === object }) { insertedList.append(object) }
                insertedCount += 1
            } else {
                reinsert(object)  // its deletion was saved: it comes back as a new row
            }
        } else if !state.exists && exists {
            if object.isInserted {
                object.isInserted = false
                insertedCount -= 1
                object.managedObjectContext = nil
            } else {
                object.isDeleted = true
                deleted.insert(object)
                updated.remove(object)
            }
        }
        guard state.exists else { return }
        object.values = state.values
        object.slots = state.slots
        object.memberOrders = state.memberOrders
        object.typeProblems = [:]
        guard !object.isInserted else { return }
        object.changedKeys =
            state.generation == saveCount
            ? state.changedKeys
            : changedKeysSinceSave(
                of: object, restoredFrom: state, previousSlots: previousSlots,
                previousOrders: previousOrders)
        if object.changedKeys.isEmpty { updated.remove(object) } else { noteUpdated(object) }
    }

    /// The keys of `object` that differ from its last saved state, for a state taken before that save.
    private func changedKeysSinceSave(
        of object: ManagedObject, restoredFrom state: UndoState,
        previousSlots: [RelationshipSlot],
        previousOrders: [Int: [ManagedObject]]
    ) -> Set<String> {
        var keys = Set<String>()
        for (index, attribute) in object.entity.allAttributes.enumerated()
        where index < object.committed.count && index < object.values.count
            && object.values[index] != object.committed[index]
        {
            keys.insert(attribute.name)
        }
        for (index, relationship) in object.entity.allRelationships.enumerated() where index < object.slots.count {
            if relationship.isToMany {
                let now = Self.memberIDs(object.slots[index]),
                    then = Self.memberIDs(index < previousSlots.count ? previousSlots[index] : .toMany([]))
                // A move changes no member, only the order.
                let moved =
                    relationship.isOrdered
                    && !(object.memberOrders[index] ?? []).elementsEqual(previousOrders[index] ?? [], by: ===)
                if now != then || moved || state.changedKeys.contains(relationship.name) {
                    keys.insert(relationship.name)
                }
            } else if Self.destinationID(object.slots[index])
                != (index < object.committedToOne.count ? object.committedToOne[index] : nil)
            {
                keys.insert(relationship.name)
            }
        }
        return keys
    }

    private static func memberIDs(_ slot: RelationshipSlot) -> Set<ObjectIdentifier> {
        if case .toMany(let members) = slot { return Set(members.map(ObjectIdentifier.init)) }
        return []
    }

    /// After `object`'s to-one relationships were put back, updates the loaded to-many sets of
    /// the old and new destinations that are not part of the group being restored. A change
    /// leaves an unloaded inverse unloaded, so such a destination is not in the group; if it
    /// was loaded afterwards, its set reflects the change that is now undone.
    private func keepInversesInStep(
        of object: ManagedObject, from previousSlots: [RelationshipSlot],
        skipping group: Set<ObjectIdentifier>
    ) {
        for (index, relationship) in object.entity.allRelationships.enumerated() where !relationship.isToMany {
            guard let inverseName = relationship.inverse, index < object.slots.count, index < previousSlots.count else {
                continue
            }
            let old = destination(previousSlots[index]), new = destination(object.slots[index])
            guard old !== new else { continue }
            for (other, joins) in [(old, false), (new, true)] {
                guard let other, !group.contains(ObjectIdentifier(other)),
                    let back = other.entity.relationshipIndexes[inverseName], back < other.slots.count,
                    other.entity.allRelationships[back].isToMany,
                    case .toMany(var members) = other.slots[back]
                else { continue }
                let isMember = object.managedObjectContext === self && !object.isDeleted
                if joins && isMember { members.insert(object) } else { members.remove(object) }
                other.slots[back] = .toMany(members)
            }
        }
    }

    /// The object a to-one slot points at, when it is registered here.
    private func destination(_ slot: RelationshipSlot) -> ManagedObject? {
        switch slot {
        case .toOne(let object): object
        case .toOneID(let id?): registeredObject(for: id)
        default: nil
        }
    }

    static func destinationID(_ slot: RelationshipSlot) -> ObjectID? {
        switch slot {
        case .toOne(let object): object?.objectID
        case .toOneID(let id): id
        case .toMany, .unloadedToMany: nil
        }
    }

    // MARK: Bringing back, letting go

    /// Makes `object`, whose row is gone from the store, an insert again under a new temporary ID
    /// (its values and relationships kept), so the next save writes it as a new row.
    func reinsert(_ object: ManagedObject) {
        if let key = object.objectID.primaryKey,
            registry[RegistryKey(root: object.entity.rootEntityNumber, key: key)] === object
        {
            registry[RegistryKey(root: object.entity.rootEntityNumber, key: key)] = nil
        }
        updated.remove(object)
        deleted.remove(object)
        let values = object.values, slots = object.slots
        register(inserted: object, awake: false)
        object.values = values
        object.slots = slots
        object.changedKeys = []
        object.isDeleted = false
    }

    /// Lets go of `objects` (their rows are gone): out of the uniquing table and every change
    /// set, and out of the relationships of the objects this context holds (one pass for all).
    func forget(_ objects: [ManagedObject]) {
        guard !objects.isEmpty else { return }
        var gone = Set<ObjectIdentifier>()
        var goneIDs = Set<ObjectID>()
        for object in objects {
            if let key = object.objectID.primaryKey {
                registry[RegistryKey(root: object.entity.rootEntityNumber, key: key)] = nil
            }
            updated.remove(object)
            deleted.remove(object)
            object.isDeleted = false
            object.changedKeys = []
            gone.insert(ObjectIdentifier(object))
            goneIDs.insert(object.objectID)
        }
        func unlink(_ other: ManagedObject) {
            guard !other.isFault else { return }
            for index in other.slots.indices {
                switch other.slots[index] {
                case .toOne(let destination?) where gone.contains(ObjectIdentifier(destination)):
                    other.slots[index] = .toOne(nil)
                case .toOneID(let destination?) where goneIDs.contains(destination):
                    other.slots[index] = .toOne(nil)
                case .toMany(let members) where members.contains(where: { gone.contains(ObjectIdentifier($0)) }):
                    other.slots[index] = .toMany(members.filter { !gone.contains(ObjectIdentifier($0)) })
                default:
                    break
                }
            }
        }
        registry.forEach(unlink)
        for other in insertedList where other.isInserted { unlink(other) }
        for object in objects {
            object.managedObjectContext = nil
            if !object.slots.isEmpty { object.slots = [] }
        }
    }
}

extension ManagedObject {
    /// Hands the object's state to its context's undo manager before a change (once per group).
    @inline(__always)
    func registerUndo() {
        if let context = managedObjectContext, let manager = context.undoManager { manager.capture(self, in: context) }
    }
}
