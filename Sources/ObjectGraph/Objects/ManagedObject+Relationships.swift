import Foundation

extension ManagedObject {
    /// The members of to-many `key` as objects of `T` (members of another class are left out).
    /// Loads the relationship from the store on first access.
    public func objects<T: ManagedObject>(forKey key: String, as type: T.Type = T.self) -> Set<T> {
        fireFaultIfNeeded()
        guard let index = entity.relationshipIndexes[key], entity.allRelationships[index].isToMany else { return [] }
        return Set(members(at: index).compactMap { $0 as? T })
    }

    /// Adds `object` to to-many `key` (and sets or extends the inverse).
    public func add(_ object: ManagedObject, to key: String) {
        fireFaultIfNeeded()
        guard let index = entity.relationshipIndexes[key], entity.allRelationships[index].isToMany else {
            typeProblems[key] = "is not a to-many relationship of \(entity.name)"
            return
        }
        guard acceptsDestination(object, forKey: key) else { return }
        insertMember(object, at: index)
    }

    /// Removes `object` from to-many `key` (and clears or shrinks the inverse).
    public func remove(_ object: ManagedObject, from key: String) {
        fireFaultIfNeeded()
        guard let index = entity.relationshipIndexes[key], entity.allRelationships[index].isToMany else {
            typeProblems[key] = "is not a to-many relationship of \(entity.name)"
            return
        }
        removeMember(object, at: index)
    }

    // MARK: Reading slots

    /// The to-one destination at relationship `index`, turning a stored ID into an object.
    func destination(at index: Int) -> ManagedObject? {
        guard index < slots.count else { return nil }
        switch slots[index] {
        case .toOne(let object):
            return object
        case .toOneID(let id):
            let object = id.flatMap { managedObjectContext?.object(with: $0) }
            slots[index] = .toOne(object)
            return object
        case .toMany, .unloadedToMany:
            return nil
        }
    }

    /// The members of the to-many at `index`, loading them on first access.
    func members(at index: Int) -> Set<ManagedObject> {
        guard index < slots.count else { return [] }
        switch slots[index] {
        case .toMany(let members):
            return members
        case .unloadedToMany:
            let members = managedObjectContext?.loadMembers(of: self, relationshipAt: index) ?? []
            slots[index] = .toMany(members)
            return members
        case .toOne, .toOneID:
            return []
        }
    }

    // MARK: Changing relationships, inverses in step

    func setRelationship(_ value: Any?, at index: Int) {
        let relationship = entity.allRelationships[index]
        if relationship.isToMany {
            guard let wanted = value == nil ? [] : Self.objectSet(value) else {
                typeProblems[relationship.name] =
                    "expects a set of objects, got \(value.map { "a \(type(of: $0))" } ?? "nil")"
                return
            }
            guard acceptsDestinations(wanted, forKey: relationship.name) else { return }
            let current = members(at: index)
            for gone in current.subtracting(wanted) { removeMember(gone, at: index) }
            for added in wanted.subtracting(current) { insertMember(added, at: index) }
        } else {
            guard value == nil || value is ManagedObject else {
                typeProblems[relationship.name] = "expects an object, got \(value.map { "a \(type(of: $0))" } ?? "nil")"
                return
            }
            typeProblems[relationship.name] = nil
            let object = value as? ManagedObject
            guard acceptsDestination(object, forKey: relationship.name) else { return }
            setDestination(object, at: index)
        }
    }

    /// Points to-one `index` at `object`; the old destination's inverse forgets self and the new one's learns it.
    func setDestination(_ object: ManagedObject?, at index: Int) {
        let old = destination(at: index)
        guard old !== object else { return }
        registerUndo()
        slots[index] = .toOne(object)
        markChanged(entity.allRelationships[index].name)
        if let old { old.inverseForget(self, through: entity.allRelationships[index]) }
        if let object { object.inverseLearn(self, through: entity.allRelationships[index]) }
    }

    func insertMember(_ object: ManagedObject, at index: Int) {
        var current = members(at: index)
        guard current.insert(object).inserted else { return }
        registerUndo()
        slots[index] = .toMany(current)
        markChanged(entity.allRelationships[index].name)
        object.inverseLearn(self, through: entity.allRelationships[index])
    }

    func removeMember(_ object: ManagedObject, at index: Int) {
        var current = members(at: index)
        guard current.remove(object) != nil else { return }
        registerUndo()
        slots[index] = .toMany(current)
        markChanged(entity.allRelationships[index].name)
        object.inverseForget(self, through: entity.allRelationships[index])
    }

    /// The index of the inverse of `relationship` (a relationship of another object pointing here).
    private func inverseIndex(of relationship: RelationshipDescription) -> Int? {
        fireFaultIfNeeded()
        return relationship.inverse.flatMap { entity.relationshipIndexes[$0] }
    }

    /// Whether to-many `index` may stay unloaded while the other side changes: it is not loaded
    /// yet and the other side's rows record the membership (a foreign key there, or the join
    /// table written by the other side), so nothing of it needs writing. Tagging one entry must
    /// not read the 100,000 entries that share its tag; ``ManagedObjectContext/loadMembers(of:relationshipAt:)``
    /// applies such unsaved changes when the relationship is read.
    private func mayStayUnloaded(_ index: Int) -> Bool {
        guard case .unloadedToMany = slots[index], let model = managedObjectContext?.managedObjectModel else {
            return false
        }
        switch model.storage(of: entity.allRelationships[index], in: entity) {
        case .inverseForeignKey, .joinTable(_, isOwner: false): return true
        case .foreignKey, .joinTable(_, isOwner: true): return false
        }
    }

    /// Whether to-many `index` has not been read from the store yet.
    private func isUnloadedToMany(at index: Int) -> Bool {
        if case .unloadedToMany = slots[index] { return true }
        return false
    }

    /// `source` now points here through `relationship`: make the inverse include `source`.
    private func inverseLearn(_ source: ManagedObject, through relationship: RelationshipDescription) {
        guard let index = inverseIndex(of: relationship), index < slots.count else { return }
        if entity.allRelationships[index].isOrdered {
            // Linked from its to-one side, a member goes to the end (Core Data's order), also when
            // it was a member before and was unlinked in between: the order is read to say so.
            reorder(source, inOrderedAt: index, linked: true)
            return
        }
        if entity.allRelationships[index].isToMany {
            if mayStayUnloaded(index) {
                markChanged(entity.allRelationships[index].name)
                return
            }
            // Loading applies this context's unsaved changes, `source`'s among them: the set may
            // hold it already, but this side's rows have not recorded it, so it changes all the same.
            let wasUnloaded = isUnloadedToMany(at: index)
            var current = members(at: index)
            guard current.insert(source).inserted || wasUnloaded else { return }
            registerUndo()
            slots[index] = .toMany(current)
            markChanged(entity.allRelationships[index].name)
        } else {
            let previous = destination(at: index)
            guard previous !== source else { return }
            registerUndo()
            slots[index] = .toOne(source)
            markChanged(entity.allRelationships[index].name)
            // One-to-one: the previous partner no longer points here.
            if let previous, let back = previous.entity.relationshipIndexes[relationship.name] {
                if relationship.isToMany {
                    previous.removeMember(self, at: back)
                } else if previous.destination(at: back) === self {
                    previous.registerUndo()
                    previous.slots[back] = .toOne(nil)
                    previous.markChanged(relationship.name)
                }
            }
        }
    }

    /// `source` no longer points here through `relationship`: make the inverse forget `source`.
    private func inverseForget(_ source: ManagedObject, through relationship: RelationshipDescription) {
        guard let index = inverseIndex(of: relationship), index < slots.count else { return }
        if entity.allRelationships[index].isOrdered {
            // The order forgets it too, so linking it again puts it at the end.
            reorder(source, inOrderedAt: index, linked: false)
            return
        }
        if entity.allRelationships[index].isToMany {
            if mayStayUnloaded(index) {
                markChanged(entity.allRelationships[index].name)
                return
            }
            let wasUnloaded = isUnloadedToMany(at: index)
            var current = members(at: index)
            guard current.remove(source) != nil || wasUnloaded else { return }
            registerUndo()
            slots[index] = .toMany(current)
            markChanged(entity.allRelationships[index].name)
        } else if destination(at: index) === source {
            registerUndo()
            slots[index] = .toOne(nil)
            markChanged(entity.allRelationships[index].name)
        }
    }

    /// Takes `member` out of ordered to-many `index` (its order read first) and, when `linked`,
    /// puts it back at the end: what a change of the member's to-one side does here.
    private func reorder(_ member: ManagedObject, inOrderedAt index: Int, linked: Bool) {
        registerUndo()
        var order = orderedMembers(forKey: entity.allRelationships[index].name) ?? []
        order.removeAll { $0 === member }
        var current = members(at: index)
        if linked {
            order.append(member)
            current.insert(member)
        } else {
            current.remove(member)
        }
        slots[index] = .toMany(current)
        memberOrders[index] = order
        markChanged(entity.allRelationships[index].name)
    }

    /// Every object related to this one, through any relationship (for delete rules).
    func relatedObjects(at index: Int) -> [ManagedObject] {
        entity.allRelationships[index].isToMany ? Array(members(at: index)) : destination(at: index).map { [$0] } ?? []
    }
}
