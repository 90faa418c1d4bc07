import Foundation

/// The members of an ordered to-many relationship, in order: an ordered-set-like, read-only
/// view (Core Data's `NSOrderedSet`) taken when it was read. Change the order through
/// ``ManagedObject/insertObject(_:at:forKey:)`` and its companions.
///
/// Not `Sendable`: it holds objects, which belong to their context's thread or task.
public struct OrderedRelationship: RandomAccessCollection {
    private let members: [ManagedObject]
    private let positions: [ObjectIdentifier: Int]

    init(_ members: [ManagedObject]) {
        self.members = members
        var positions: [ObjectIdentifier: Int] = [:]
        for (index, member) in members.enumerated() { positions[ObjectIdentifier(member)] = index }
        self.positions = positions
    }

    /// The first position.
    public var startIndex: Int { members.startIndex }
    /// One past the last position.
    public var endIndex: Int { members.endIndex }
    /// The member at `position`.
    public subscript(position: Int) -> ManagedObject { members[position] }
    /// The members as an array, in order.
    public var array: [ManagedObject] { members }
    /// Whether `object` is a member (without a search).
    public func contains(_ object: ManagedObject) -> Bool { positions[ObjectIdentifier(object)] != nil }
    /// The position of `object`, or nil when it is not a member (without a search).
    public func index(of object: ManagedObject) -> Int? { positions[ObjectIdentifier(object)] }
}

/// Ordered to-many relationships (``RelationshipDescription/isOrdered``): the members in order,
/// and changes at an index. Each change goes through the member set as ``setValue(_:forKey:)``
/// does (inverses in step, the object marked changed) and the next save stores the positions.
/// Members linked from the other side (setting their to-one) come last, in the order they were saved.
extension ManagedObject {
    /// The members of ordered to-many `key`, in order (empty for a key that is not an ordered to-many).
    public func orderedValue(forKey key: String) -> OrderedRelationship {
        OrderedRelationship(orderedMembers(forKey: key) ?? [])
    }

    /// Inserts `object` into ordered to-many `key` at `index` (clamped to the members' range);
    /// a member already there moves to `index`.
    public func insertObject(_ object: ManagedObject, at index: Int, forKey key: String) {
        guard var members = orderedMembers(forKey: key) else { return }
        members.removeAll { $0 === object }
        members.insert(object, at: max(0, min(index, members.count)))
        setOrderedValue(members, forKey: key)
    }

    /// Removes the member at `index` of ordered to-many `key` (nothing when there is none).
    public func removeObject(at index: Int, forKey key: String) {
        guard var members = orderedMembers(forKey: key), members.indices.contains(index) else { return }
        members.remove(at: index)
        setOrderedValue(members, forKey: key)
    }

    /// Moves the member at `source` of ordered to-many `key` to `destination` (clamped).
    public func moveObject(at source: Int, to destination: Int, forKey key: String) {
        guard var members = orderedMembers(forKey: key), members.indices.contains(source) else { return }
        let member = members.remove(at: source)
        members.insert(member, at: max(0, min(destination, members.count)))
        setOrderedValue(members, forKey: key)
    }

    /// Sets the members of ordered to-many `key` to `objects`, in that order (repeats dropped).
    public func setOrderedValue(_ objects: [ManagedObject], forKey key: String) {
        fireFaultIfNeeded()
        guard let index = entity.relationshipIndexes[key], entity.allRelationships[index].isOrdered else {
            typeProblems[key] = "is not an ordered to-many relationship of \(entity.name)"
            return
        }
        var seen = Set<ObjectIdentifier>()
        let unique = objects.filter { seen.insert(ObjectIdentifier($0)).inserted }
        let before = orderedMembers(forKey: key) ?? []
        // Before the member set changes, and also for a move, which changes no member.
        registerUndo()
        setValue(Set(unique), forKey: key)
        // A refused assignment (another context's object) changes nothing.
        guard Set(members(at: index)) == Set(unique) else { return }
        memberOrders[index] = unique
        if !before.elementsEqual(unique, by: ===) && !isInserted { markChanged(key) }
    }

    /// The members of ordered to-many `key` in order: the order last loaded or set, without
    /// members that left the set, then members that joined it (by key, unsaved ones last).
    func orderedMembers(forKey key: String) -> [ManagedObject]? {
        fireFaultIfNeeded()
        guard let index = entity.relationshipIndexes[key], entity.allRelationships[index].isOrdered else { return nil }
        let current = members(at: index)
        // Members filled without their order (a prefetch) read it from the store once.
        if memberOrders[index] == nil, !objectID.isTemporaryID, let context = managedObjectContext,
            let ids = try? context.rowSource().destinations(of: objectID, relationship: entity.allRelationships[index])
        {
            memberOrders[index] = ids.map { context.object(with: $0) }
        }
        var order = memberOrders[index] ?? []
        order.removeAll { !current.contains($0) }
        if order.count < current.count {
            let placed = Set(order.map(ObjectIdentifier.init))
            order += current.filter { !placed.contains(ObjectIdentifier($0)) }.sorted { a, b in
                (a.objectID.primaryKey ?? .max, a.objectID.description) < (
                    b.objectID.primaryKey ?? .max, b.objectID.description
                )
            }
        }
        memberOrders[index] = order
        return order
    }
}
