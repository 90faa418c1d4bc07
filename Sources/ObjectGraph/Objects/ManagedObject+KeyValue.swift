import Foundation

extension ManagedObject {
    /// The value of attribute or relationship `key`: the attribute's Swift value (`String`,
    /// `Int16`/`Int32`/`Int64`, `Double`, `Bool`, `Date`, `Data`, `UUID`), the to-one
    /// destination, or the to-many's members as `Set<ManagedObject>`. Nil when unset or when
    /// the entity has no such key. Fires the fault.
    public func value(forKey key: String) -> Any? {
        fireFaultIfNeeded()
        if let index = entity.attributeIndexes[key] { return attributeValue(at: index) }
        if let index = entity.relationshipIndexes[key] {
            return entity.allRelationships[index].isToMany ? members(at: index) : destination(at: index)
        }
        return nil
    }

    /// Sets attribute or relationship `key`, marking the object changed and keeping the
    /// inverse relationship in step. A value of the wrong type is not stored; the next save
    /// reports it as a validation problem naming the key and the expected type.
    public func setValue(_ value: Any?, forKey key: String) {
        fireFaultIfNeeded()
        if let index = entity.attributeIndexes[key] {
            guard let stored = storedValue(value, forAttributeAt: index) else { return }
            guard index < values.count, values[index] != stored else { return }
            values[index] = stored
            markChanged(key)
        } else if let index = entity.relationshipIndexes[key] {
            setRelationship(value, at: index)
        } else {
            typeProblems[key] = "is not a property of \(entity.name)"
        }
    }

    /// The attribute or relationship value without any side effect beyond loading a fault.
    public func primitiveValue(forKey key: String) -> Any? { value(forKey: key) }

    /// Sets `key` without marking the object changed, firing hooks or touching inverses.
    /// Use it in ``willSave()`` and ``awakeFromFetch()``.
    public func setPrimitiveValue(_ value: Any?, forKey key: String) {
        fireFaultIfNeeded()
        if let index = entity.attributeIndexes[key] {
            guard let stored = storedValue(value, forAttributeAt: index), index < values.count else { return }
            values[index] = stored
        } else if let index = entity.relationshipIndexes[key], index < slots.count {
            if entity.allRelationships[index].isToMany {
                slots[index] = .toMany(Self.objectSet(value) ?? [])
            } else {
                slots[index] = .toOne(value as? ManagedObject)
            }
        }
    }

    /// Typed key-value access for subclasses' properties: `self["name"]` reads `key` as `T`
    /// (nil when unset or of another type) and writes through ``setValue(_:forKey:)``.
    public subscript<T>(key: String) -> T? {
        get { value(forKey: key) as? T }
        set { setValue(newValue, forKey: key) }
    }

    /// Typed read with the type spelled out: `object["lineNum", as: Int16.self]`.
    public subscript<T>(key: String, as type: T.Type) -> T? {
        value(forKey: key) as? T
    }

    /// The keys changed since the last save with their new values (all set values of an
    /// inserted object). To-many members are given as `Set<ManagedObject>`.
    public func changedValues() -> [String: Any?] {
        fireFaultIfNeeded()
        var result: [String: Any?] = [:]
        if isInserted {
            for (index, attribute) in entity.allAttributes.enumerated() where index < values.count && !values[index].isNull {
                result[attribute.name] = attributeValue(at: index)
            }
            for relationship in entity.allRelationships {
                if let value = value(forKey: relationship.name) { result[relationship.name] = value }
            }
            return result
        }
        for key in changedKeys { result[key] = value(forKey: key) }
        return result
    }

    /// The last saved (or loaded) values of `keys` (every attribute and to-one when nil).
    /// To-many relationships are not tracked and are left out.
    public func committedValues(forKeys keys: [String]?) -> [String: Any?] {
        fireFaultIfNeeded()
        var result: [String: Any?] = [:]
        let names = keys ?? (entity.allAttributes.map(\.name) + entity.allRelationships.filter { !$0.isToMany }.map(\.name))
        for key in names {
            if let index = entity.attributeIndexes[key], index < committed.count {
                result[key] = swiftValue(committed[index], type: entity.allAttributes[index].type)
            } else if let index = entity.relationshipIndexes[key], index < committedToOne.count,
                      !entity.allRelationships[index].isToMany {
                result[key] = committedToOne[index].flatMap { managedObjectContext?.object(with: $0) } as Any?
            }
        }
        return result
    }

    // MARK: Internals

    /// Loads the object's values from the store when it is a fault.
    @inline(__always)
    func fireFaultIfNeeded() {
        if isFault { managedObjectContext?.fulfillFault(self) }
    }

    /// The Swift value of attribute `index`, reading external blobs from their files.
    func attributeValue(at index: Int) -> Any? {
        guard index < values.count else { return nil }
        return swiftValue(values[index], type: entity.allAttributes[index].type)
    }

    func swiftValue(_ value: StoredValue, type: AttributeType) -> Any? {
        switch value {
        case .blob(let reference): try? managedObjectContext?.blobData(for: reference)
        case .file(let url): try? Data(contentsOf: url)
        default: value.swiftValue(for: type)
        }
    }

    /// Converts `value` for attribute `index`, recording a type problem when it does not fit.
    func storedValue(_ value: Any?, forAttributeAt index: Int) -> StoredValue? {
        let attribute = entity.allAttributes[index]
        guard let value else {
            typeProblems[attribute.name] = nil
            return .null
        }
        guard let stored = StoredValue(value, for: attribute.type) else {
            typeProblems[attribute.name] = "expects a \(attribute.type.swiftTypeName), got a \(type(of: value))"
            return nil
        }
        typeProblems[attribute.name] = nil
        return stored
    }

    /// Records that `key` changed, so the object counts as updated.
    func markChanged(_ key: String) {
        guard !isInserted && !isDeleted else { return }
        if changedKeys.insert(key).inserted && changedKeys.count == 1 {
            managedObjectContext?.noteUpdated(self)
        }
    }

    static func objectSet(_ value: Any?) -> Set<ManagedObject>? {
        if let set = value as? Set<ManagedObject> { return set }
        if let array = value as? [ManagedObject] { return Set(array) }
        return nil
    }
}
