import Foundation

extension ManagedObject {
    /// The value of attribute or relationship `key`: the attribute's Swift value (`String`,
    /// `NSNumber` for an integer of any width, so `as? Int` and `as? Int64` both work, `Double`,
    /// `Bool`, `Date`, `Data`, `UUID`), the to-one
    /// destination, or the to-many's members as `Set<ManagedObject>`. Nil when unset or when
    /// the entity has no such key. Fires the fault.
    public func value(forKey key: String) -> Any? {
        fireFaultIfNeeded()
        if let index = entity.attributeIndex(key) { return attributeValue(at: index) }
        if let index = entity.relationshipIndexes[key] {
            return entity.allRelationships[index].isToMany ? members(at: index) : destination(at: index)
        }
        return nil
    }

    /// Sets attribute or relationship `key`, marking the object changed and keeping the
    /// inverse relationship in step. A value of the wrong type is not stored; the next save
    /// reports it as a validation problem naming the key and the expected type. A relationship
    /// set to an object of another context is refused at once (neither object changes) and the
    /// next save throws ``ObjectGraphError/wrongContext(_:)``.
    public func setValue(_ value: Any?, forKey key: String) {
        fireFaultIfNeeded()
        if let index = entity.attributeIndex(key) {
            guard let stored = storedValue(value, forAttributeAt: index) else { return }
            guard index < values.count, values[index] != stored else { return }
            registerUndo()
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
        if let index = entity.attributeIndex(key) {
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
    @inlinable
    public subscript<T>(key: String) -> T? {
        get { value(forKey: key, as: T.self) }
        set { setValue(newValue, forKey: key, as: T.self) }
    }

    /// ``setValue(_:forKey:)`` for a value of a known Swift type: strings, 64-bit integers,
    /// doubles, booleans and dates are stored without going through `Any` (the compiler
    /// specializes it for each `T`); anything else takes the general path.
    @inlinable
    public func setValue<T>(_ value: T?, forKey key: String, as type: T.Type) {
        guard let value else { return setValue(nil as Any?, forKey: key) }
        let stored: StoredValue?
        if let text = value as? String {
            stored = .string(text)
        } else if let number = value as? Int64 {
            stored = .integer(number)
        } else if let number = value as? Double {
            stored = .double(number)
        } else if let flag = value as? Bool {
            stored = .bool(flag)
        } else if let date = value as? Date {
            stored = .date(date)
        } else {
            stored = nil
        }
        if let stored, setStoredAttribute(stored, forKey: key) { return }
        setValue(value as Any?, forKey: key)
    }

    /// Sets attribute `key` to `stored` when that is the attribute's storage class; false otherwise
    /// (the caller then takes the general path, which reports a wrong type).
    @usableFromInline
    func setStoredAttribute(_ stored: StoredValue, forKey key: String) -> Bool {
        fireFaultIfNeeded()
        guard let index = entity.attributeIndex(key), index < values.count else { return false }
        switch (stored, entity.attributeTypes[index]) {
        case (.string, .string), (.integer, .integer64), (.double, .double), (.bool, .boolean), (.date, .date):
            break
        default:
            return false
        }
        if !typeProblems.isEmpty { typeProblems[key] = nil }
        guard values[index] != stored else { return true }
        registerUndo()
        values[index] = stored
        markChanged(key)
        return true
    }

    /// Typed read with the type spelled out: `object["lineNum", as: Int16.self]`.
    @inlinable
    public subscript<T>(key: String, as type: T.Type) -> T? {
        value(forKey: key, as: type)
    }

    /// `value(forKey: key) as? T`, without boxing attribute values in `Any` on the way: the
    /// fast path for typed properties (the compiler specializes it for each `T`). An integer
    /// attribute of any width reads as any integer type that holds its value (`Int`, `Int64`,
    /// `UInt16`…; nil when it does not fit), a double attribute as `Double` or `Float`.
    @inlinable
    public func value<T>(forKey key: String, as type: T.Type) -> T? {
        // The common types read their case in place (the compiler keeps one branch per `T`).
        if T.self == String.self { return stringValue(forKey: key).flatMap { $0 as? T } }
        if T.self == Int64.self { return int64Value(forKey: key).flatMap { $0 as? T } }
        if T.self == Double.self { return doubleValue(forKey: key).flatMap { $0 as? T } }
        if T.self == Bool.self { return boolValue(forKey: key).flatMap { $0 as? T } }
        if T.self == Date.self { return dateValue(forKey: key).flatMap { $0 as? T } }
        guard let (stored, attributeType) = storedAttribute(forKey: key) else { return value(forKey: key) as? T }
        switch stored {
        case .null: return nil
        case .string(let text): return text as? T
        case .integer(let number):
            switch attributeType {
            case .boolean: return (number != 0) as? T
            case .double: return Self.floatingPoint(Double(number), as: T.self)
            default:
                // Any integer type that holds the value, whatever width the model declares.
                if let integer = T.self as? any BinaryInteger.Type { return integer.init(exactly: number) as? T }
                return Self.declaredWidth(number, of: attributeType, as: T.self)
            }
        case .double(let number): return Self.floatingPoint(number, as: T.self)
        case .bool(let flag): return flag as? T
        case .date(let date): return date as? T
        case .data(let data): return data as? T
        case .uuid(let uuid): return uuid as? T
        case .blob, .file, .staged, .deferred: return value(forKey: key) as? T
        }
    }

    /// `number` as the floating-point type `T` (`Double`, `Float`…), or nil when `T` is none.
    @usableFromInline
    static func floatingPoint<T>(_ number: Double, as type: T.Type) -> T? {
        if let result = number as? T { return result }
        return (T.self as? any BinaryFloatingPoint.Type).flatMap { $0.init(number) as? T }
    }

    /// An integer attribute read as a type that is no integer (`Any`, `NSNumber`…): the
    /// `NSNumber` of its declared width that ``value(forKey:)`` gives.
    @usableFromInline
    static func declaredWidth<T>(_ number: Int64, of type: AttributeType, as: T.Type) -> T? {
        switch type {
        case .integer16: NSNumber(value: Int16(truncatingIfNeeded: number)) as? T
        case .integer32: NSNumber(value: Int32(truncatingIfNeeded: number)) as? T
        default: NSNumber(value: number) as? T
        }
    }

    /// Attribute `key` when it is a string (nil when unset, of another type, or not a key).
    @usableFromInline
    func stringValue(forKey key: String) -> String? {
        attribute(forKey: key) { stored, _ in if case .string(let text) = stored { text } else { nil } }
    }

    /// Attribute `key` when it is a 64-bit integer.
    @usableFromInline
    func int64Value(forKey key: String) -> Int64? {
        attribute(forKey: key) { stored, type in
            if case .integer(let number) = stored, type.isInteger { number } else { nil }
        }
    }

    /// Attribute `key` when it is a double.
    @usableFromInline
    func doubleValue(forKey key: String) -> Double? {
        attribute(forKey: key) { stored, _ in if case .double(let number) = stored { number } else { nil } }
    }

    /// Attribute `key` when it is a boolean.
    @usableFromInline
    func boolValue(forKey key: String) -> Bool? {
        attribute(forKey: key) { stored, _ in if case .bool(let flag) = stored { flag } else { nil } }
    }

    /// Attribute `key` when it is a date.
    @usableFromInline
    func dateValue(forKey key: String) -> Date? {
        attribute(forKey: key) { stored, _ in if case .date(let date) = stored { date } else { nil } }
    }

    /// Attribute `key` (firing the fault) as `match` finds it in the stored value and the
    /// attribute's type; when it finds nothing (another case, unset, a blob), or `key` is no
    /// attribute, the general path answers.
    @inline(__always)
    private func attribute<T>(forKey key: String, _ match: (StoredValue, AttributeType) -> T?) -> T? {
        fireFaultIfNeeded()
        guard let index = entity.attributeIndex(key), index < values.count else { return value(forKey: key) as? T }
        if let found = match(values[index], entity.attributeTypes[index]) { return found }
        return attributeValue(at: index) as? T
    }

    /// The stored value and type of attribute `key` (firing the fault), or nil when `key` is not an attribute.
    @usableFromInline
    func storedAttribute(forKey key: String) -> (StoredValue, AttributeType)? {
        fireFaultIfNeeded()
        guard let index = entity.attributeIndex(key), index < values.count else { return nil }
        return (values[index], entity.attributeTypes[index])
    }

    /// The keys changed since the last save with their new values (all set values of an
    /// inserted object). To-many members are given as `Set<ManagedObject>`.
    public func changedValues() -> [String: Any?] {
        fireFaultIfNeeded()
        var result: [String: Any?] = [:]
        if isInserted {
            for (index, attribute) in entity.allAttributes.enumerated()
            where index < values.count && !values[index].isNull {
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
        let names =
            keys ?? (entity.allAttributes.map(\.name) + entity.allRelationships.filter { !$0.isToMany }.map(\.name))
        for key in names {
            if let index = entity.attributeIndex(key), index < committed.count {
                resolveDeferredValue(at: index)
                result[key] = swiftValue(committed[index], type: entity.attributeTypes[index])
            } else if let index = entity.relationshipIndexes[key], index < committedToOne.count,
                !entity.allRelationships[index].isToMany
            {
                result[key] = committedToOne[index].flatMap { managedObjectContext?.object(with: $0) } as Any?
            }
        }
        return result
    }

    // MARK: Internals

    /// Loads the object's values from the store when it is a fault.
    @inline(__always)
    func fireFaultIfNeeded() {
        if isFault { fireFault() }
    }

    /// Fills a fault: from the row its fetch read, else from the store. Kept out of line so
    /// the check inlined into every read stays one test and one call.
    // bench: objectgraph/fetch-100k-read
    @inline(never)
    func fireFault() {
        if holdsFetchedRow { takeFetchedRow() } else { managedObjectContext?.fulfillFault(self) }
    }

    /// Fires a fault that holds the row its fetch read: no query; `awakeFromFetch()` runs now.
    func takeFetchedRow() {
        holdsFetchedRow = false
        isFault = false
        awakeFromFetch()
    }

    /// The Swift value of attribute `index`, reading external blobs from their files and
    /// deferred binary values from the store.
    func attributeValue(at index: Int) -> Any? {
        guard index < values.count else { return nil }
        resolveDeferredValue(at: index)
        return swiftValue(values[index], type: entity.attributeTypes[index])
    }

    /// Reads attribute `index` from the store when a fetch deferred it (its current and its
    /// committed value are the stored one: a deferred value was never changed).
    func resolveDeferredValue(at index: Int) {
        guard index < values.count, case .deferred = values[index] else { return }
        let stored = managedObjectContext?.deferredValue(ofAttributeAt: index, of: self) ?? .null
        values[index] = stored
        if index < committed.count, case .deferred = committed[index] { committed[index] = stored }
    }

    /// Reads every deferred value of the object (before it is written or handed on).
    func resolveDeferredValues() {
        for index in entity.binaryAttributeIndexes { resolveDeferredValue(at: index) }
    }

    func swiftValue(_ value: StoredValue, type: AttributeType) -> Any? {
        switch value {
        case .blob(let reference): try? managedObjectContext?.blobData(for: reference)
        case .staged(let pending): try? Data(contentsOf: pending.staged.temporaryURL)
        case .file(let url): try? Data(contentsOf: url)
        default: value.swiftValue(for: type)
        }
    }

    /// Converts `value` for attribute `index`, recording a type problem when it does not fit.
    func storedValue(_ value: Any?, forAttributeAt index: Int) -> StoredValue? {
        let type = entity.attributeTypes[index]
        guard let value else {
            if !typeProblems.isEmpty { typeProblems[entity.attributeNames[index]] = nil }
            return .null
        }
        guard let stored = StoredValue(value, for: type) else {
            typeProblems[entity.attributeNames[index]] =
                "expects a \(type.swiftTypeName), got a \(Swift.type(of: value))"
            return nil
        }
        if !typeProblems.isEmpty { typeProblems[entity.attributeNames[index]] = nil }
        return stored
    }

    /// Sets attribute `index` to `value`, converted as ``StoredValue/init(_:for:)-(PredicateValue,_)``
    /// converts it, marking the object changed when the value differs; a value that does not
    /// fit is not stored and the next save reports it, as ``setValue(_:forKey:)`` does.
    func setAttribute(_ value: PredicateValue, at index: Int) {
        let key = entity.attributeNames[index]
        guard let stored = StoredValue(value, for: entity.attributeTypes[index]) else {
            typeProblems[key] = "expects a \(entity.attributeTypes[index].swiftTypeName), got \(value)"
            return
        }
        if !typeProblems.isEmpty { typeProblems[key] = nil }
        guard index < values.count, values[index] != stored else { return }
        values[index] = stored
        markChanged(key)
    }

    /// The keys a save of this object changes, for the persistent history: those set through
    /// ``setValue(_:forKey:)`` and the attributes set with ``setPrimitiveValue(_:forKey:)`` (in
    /// `willSave`, say), which differ from the committed values.
    var keysChangedSinceCommit: Set<String> {
        guard !committedIsValues else { return changedKeys }
        var keys = changedKeys
        let committed = self.committed
        for index in values.indices where index < committed.count && values[index] != committed[index] {
            if case .deferred = committed[index] { continue }
            keys.insert(entity.attributeNames[index])
        }
        return keys
    }

    /// Records that `key` changed, so the object counts as updated.
    func markChanged(_ key: String) {
        guard !isInserted && !isDeleted else { return }
        if changedKeys.insert(key).inserted && changedKeys.count == 1 {
            managedObjectContext?.noteUpdated(self)
        } else {
            // Changed again: the next change batch announces it again (results controllers re-sort).
            managedObjectContext?.noteUpdatedAgain(self)
        }
    }

    static func objectSet(_ value: Any?) -> Set<ManagedObject>? {
        if let set = value as? Set<ManagedObject> { return set }
        if let array = value as? [ManagedObject] { return Set(array) }
        return nil
    }
}
