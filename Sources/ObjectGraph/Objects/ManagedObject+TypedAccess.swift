import Foundation

// What an ``Attribute`` getter reads through: the attribute found by the byte offset of the
// property's storage (see ``TypedFields``) instead of by its name.
// bench: objectgraph/fetch-100k-typed
extension ManagedObject {
    /// ``value(forKey:as:)`` of the typed attribute whose storage lies at `offset` in this object.
    @inlinable
    func value<T>(atFieldOffset offset: Int, as type: T.Type) -> T? {
        if T.self == String.self { return stringValue(atFieldOffset: offset).flatMap { $0 as? T } }
        if T.self == Int64.self { return int64Value(atFieldOffset: offset).flatMap { $0 as? T } }
        if T.self == Double.self { return doubleValue(atFieldOffset: offset).flatMap { $0 as? T } }
        if T.self == Bool.self { return boolValue(atFieldOffset: offset).flatMap { $0 as? T } }
        if T.self == Date.self { return dateValue(atFieldOffset: offset).flatMap { $0 as? T } }
        return value(forKey: typedKey(atFieldOffset: offset), as: T.self)
    }

    /// ``setValue(_:forKey:as:)`` of the typed attribute whose storage lies at `offset` in this
    /// object (noted for a key path probe when the object is in no context). Specialized for
    /// `T` where it is used, but never inlined, so an ``Attribute`` setter stays one call.
    @inlinable @inline(never)
    func setTypedValue<T>(_ value: T?, atFieldOffset offset: Int) {
        let key = typedKey(atFieldOffset: offset)
        if managedObjectContext == nil { KeyPathProbe.noteWrite(key, on: self) }
        setValue(value, forKey: key, as: T.self)
    }

    /// The name of the typed property whose storage lies at `offset` in this object.
    @usableFromInline
    func typedKey(atFieldOffset offset: Int) -> String {
        if let index = typedAttributeIndex(atFieldOffset: offset) { return entity.attributeNames[index] }
        return TypedFields.name(atOffset: offset, in: type(of: self))
    }

    /// The index of the typed attribute whose storage lies at `offset`, when the entity has it.
    @inline(__always)
    private func typedAttributeIndex(atFieldOffset offset: Int) -> Int? {
        let slots = entity.typedAttributeSlots
        guard offset >= 0, offset < slots.count, slots[offset] >= 0 else { return nil }
        return Int(slots[offset])
    }

    /// The typed attribute at `offset` (firing the fault) as `match` finds it; otherwise the
    /// general path answers, as for ``stringValue(forKey:)`` and its siblings.
    @inline(__always)
    private func typedAttribute<T>(atFieldOffset offset: Int, _ match: (StoredValue, AttributeType) -> T?) -> T? {
        fireFaultIfNeeded()
        guard let index = typedAttributeIndex(atFieldOffset: offset), index < values.count else {
            return value(forKey: typedKey(atFieldOffset: offset)) as? T
        }
        if let found = match(values[index], entity.attributeTypes[index]) { return found }
        return attributeValue(at: index) as? T
    }

    /// The typed attribute at `offset` when it is a string (as ``stringValue(forKey:)``).
    @usableFromInline
    func stringValue(atFieldOffset offset: Int) -> String? {
        typedAttribute(atFieldOffset: offset) { stored, _ in if case .string(let text) = stored { text } else { nil } }
    }

    /// The typed attribute at `offset` when it is an integer (as ``int64Value(forKey:)``).
    @usableFromInline
    func int64Value(atFieldOffset offset: Int) -> Int64? {
        typedAttribute(atFieldOffset: offset) { stored, type in
            if case .integer(let number) = stored, type.isInteger { number } else { nil }
        }
    }

    /// The typed attribute at `offset` when it is a double (as ``doubleValue(forKey:)``).
    @usableFromInline
    func doubleValue(atFieldOffset offset: Int) -> Double? {
        typedAttribute(atFieldOffset: offset) { stored, _ in
            if case .double(let number) = stored { number } else { nil }
        }
    }

    /// The typed attribute at `offset` when it is a boolean (as ``boolValue(forKey:)``).
    @usableFromInline
    func boolValue(atFieldOffset offset: Int) -> Bool? {
        typedAttribute(atFieldOffset: offset) { stored, _ in if case .bool(let flag) = stored { flag } else { nil } }
    }

    /// The typed attribute at `offset` when it is a date (as ``dateValue(forKey:)``).
    @usableFromInline
    func dateValue(atFieldOffset offset: Int) -> Date? {
        typedAttribute(atFieldOffset: offset) { stored, _ in if case .date(let date) = stored { date } else { nil } }
    }
}
