import Foundation

/// One object of the graph: an instance of an entity, living in one context.
///
/// Use it directly through key-value access, or subclass it per entity and give the
/// subclass typed properties over the same storage:
///
/// ```swift
/// final class Word: ManagedObject {
///     var word: String? { get { self["word"] } set { self["word"] = newValue } }
///     var vocabulary: Vocabulary? { get { self["vocabulary"] } set { self["vocabulary"] = newValue } }
/// }
/// ```
///
/// Objects are confined to their context's thread or task, like the context itself, and
/// compare by identity: one row is never two objects in one context. (That confinement is
/// also why the hot stored properties skip the runtime's dynamic exclusivity checks.)
///
/// ## Topics
///
/// The type is spread over files by concern (`ManagedObject+<Concern>.swift`).
///
/// ### Identity and state
/// - ``init(entity:insertInto:)``, ``entity``, ``objectID``, ``managedObjectContext``
/// - ``isInserted``, ``isDeleted``, ``isUpdated``, ``isFault``, ``hasChanges``
///
/// ### Values (`+KeyValue`)
/// - ``subscript(_:)``, ``subscript(_:as:)``, ``value(forKey:)``, ``setValue(_:forKey:)``
/// - ``value(forKey:as:)``, ``setValue(_:forKey:as:)``, ``primitiveValue(forKey:)``, ``setPrimitiveValue(_:forKey:)``
/// - ``changedValues()``, ``committedValues(forKeys:)``
///
/// ### Relationships (`+Relationships`, `+Ordered`)
/// - ``objects(forKey:as:)``, ``add(_:to:)``, ``remove(_:from:)``
/// - ``orderedValue(forKey:)``, ``setOrderedValue(_:forKey:)``, ``insertObject(_:at:forKey:)``,
///   ``removeObject(at:forKey:)``, ``moveObject(at:to:forKey:)``, ``OrderedRelationship``
///
/// ### Binary values (`+Binary`: inline, or files beside the store)
/// - ``setBinaryValue(fromFileAt:forKey:)``, ``setBinaryValue(_:forKey:)``, ``binaryFileURL(forKey:)``
/// - ``binaryByteCount(forKey:)``, ``isBinaryValueExternal(forKey:)``, ``binaryReference(forKey:)``
///
/// ### Lifecycle hooks for subclasses
/// - ``awakeFromInsert()``, ``awakeFromFetch()``, ``willSave()``, ``didSave()``, ``prepareForDeletion()``
///
/// ### Validation (`+Validation`)
/// - ``validateForInsert()``, ``validateForUpdate()``, ``validateForDelete()``, ``validateValue(_:forKey:)``
/// - ``problem(key:_:)``, ``ValidationProblem``
///
/// ### Typed properties (`Typed/`)
/// - ``Attribute``, ``Relationship``, ``keyName(_:)``
open class ManagedObject: Hashable, CustomStringConvertible {
    /// The entity, resolved by the model (inherited properties included).
    public let entity: EntityDescription
    /// The object's identity: temporary until the first save, then permanent.
    @exclusivity(unchecked) public internal(set) var objectID: ObjectID
    // The flags come right after the ID, in the bytes its 41 leave before the next word, so an
    // object is 8 bytes smaller (a typed subclass of five attributes then fits a 16-byte
    // smaller allocation). bench: objectgraph/fetch-100k-typed
    /// Whether the object was inserted and not yet saved.
    @exclusivity(unchecked) public internal(set) var isInserted = false
    /// Whether the object was deleted and the deletion not yet saved.
    @exclusivity(unchecked) public internal(set) var isDeleted = false
    /// Whether the object's values are not loaded yet (they load on first access).
    @exclusivity(unchecked) public internal(set) var isFault = false
    /// A fault whose values a fetch already read (``FetchRequest/returnsObjectsAsFaults``): firing
    /// it takes them, with no query, as Core Data fills a fault from its row cache.
    @exclusivity(unchecked) var holdsFetchedRow = false
    /// Whether ``committed`` is ``values`` (nothing changed since the values were loaded or
    /// saved). A flag rather than a second reference to the values array: a fetch then costs
    /// no retain per row (and no release when the object goes).
    // bench: objectgraph/fetch-100k-read
    @exclusivity(unchecked) final var committedIsValues = false
    /// Whether the object holds values read from the store: not a fault, or one that holds its row.
    var holdsValues: Bool { !isFault || holdsFetchedRow }

    /// The context the object lives in; nil after it was deleted and saved, or after a reset.
    ///
    /// `unowned(unsafe)` rather than `weak` (a weak reference costs two atomic operations per
    /// fetched object): the context sets it to nil on every object it lets go, and in its
    /// `deinit` on every object it still holds, so it never dangles.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var managedObjectContext: ManagedObjectContext?

    /// Attribute values by index in ``EntityDescription/allAttributes``; empty while a fault.
    /// Every change goes through the `_modify`, which first gives ``committed`` values of its
    /// own when it is these (``committedIsValues``), so the committed values never change with them.
    final var values: [StoredValue] {
        _read { yield currentValues }
        _modify {
            if committedIsValues { separateCommitted() }
            yield &currentValues
        }
    }
    /// The storage of ``values`` (written directly only where ``committed`` is set right after).
    @exclusivity(unchecked) final var currentValues: [StoredValue]
    /// The values as last loaded or saved: ``values`` themselves while ``committedIsValues``
    /// (after a fetch or a save, until a value changes), else their own copy.
    final var committed: [StoredValue] {
        get { committedIsValues ? currentValues : ownCommitted }
        set {
            ownCommitted = newValue
            committedIsValues = false
        }
    }
    /// ``committed`` when it is not ``values``; empty while it is.
    @exclusivity(unchecked) final var ownCommitted: [StoredValue]
    /// Relationship slots by index in ``EntityDescription/allRelationships``; empty while a fault.
    @exclusivity(unchecked) var slots: [RelationshipSlot]
    /// To-one destinations as last loaded or saved, by relationship index.
    @exclusivity(unchecked) var committedToOne: [ObjectID?]
    /// Keys changed since the last save (only tracked for objects that are not inserted).
    /// (`Set()` and `Dictionary()` rather than literals: a literal calls a non-inlined initializer
    /// per object, measurable in a fetch of 100,000.)
    @exclusivity(unchecked) var changedKeys = Set<String>()
    /// Values that were set with the wrong type, reported by the next save's validation.
    @exclusivity(unchecked) var typeProblems = [String: String]()
    /// The order of ordered to-many members, by relationship index, as last loaded or set
    /// (see `ManagedObject+Ordered`; reconciled with the member set when read).
    var memberOrders: [Int: [ManagedObject]] {
        get { storedMemberOrders ?? Dictionary() }
        set { storedMemberOrders = newValue.isEmpty ? nil : newValue }
    }
    /// ``memberOrders`` once one is set: nil (no dictionary made or released) for the objects of
    /// entities without ordered relationships, nearly every fetched object.
    // bench: objectgraph/fetch-100k-read
    @exclusivity(unchecked) var storedMemberOrders: [Int: [ManagedObject]]?
    /// The store's row version when the values were loaded.
    @exclusivity(unchecked) var rowVersion: Int64 = 0

    /// Makes an object of `entity`. With a context, the object is inserted into it at once
    /// (it gets a temporary ID and default values, and ``awakeFromInsert()`` runs).
    /// Subclasses inherit this initializer; they should not add stored properties that need one.
    public required init(entity: EntityDescription, insertInto context: ManagedObjectContext?) {
        self.entity = entity
        self.objectID = .placeholder(entityName: entity.name)
        self.currentValues = []
        self.ownCommitted = []
        self.slots = []
        self.committedToOne = []
        if let context {
            context.register(inserted: self)
        }
    }

    /// Makes the current values the committed ones (after they were loaded or saved).
    @inline(__always)
    final func commitValues() {
        committedIsValues = true
        if !ownCommitted.isEmpty { ownCommitted = [] }
    }

    /// Gives ``committed`` its own reference to the values, before they change.
    @inline(never)
    final func separateCommitted() {
        ownCommitted = currentValues
        committedIsValues = false
    }

    /// Whether the object has unsaved changes: inserted, deleted, or with changed properties.
    public var hasChanges: Bool { isInserted || isDeleted || !changedKeys.isEmpty }

    /// Whether the object was loaded from the store and has changed properties.
    public var isUpdated: Bool { !isInserted && !isDeleted && !changedKeys.isEmpty }

    // MARK: Hooks (override, and call super)

    /// Called once when the object is inserted; set initial values here (setters work and
    /// the object is already marked inserted).
    open func awakeFromInsert() {}
    /// Called when the object's values were loaded from the store.
    open func awakeFromFetch() {}
    /// Called once per save for every inserted, updated or deleted object, before validation.
    /// Check ``isDeleted``; change values here with primitive setters so nothing re-triggers.
    open func willSave() {}
    /// Called after a save succeeded, once per object it wrote.
    open func didSave() {}
    /// Called when the object is deleted, before the delete rules run.
    open func prepareForDeletion() {}
    /// Checks an inserted object: the base implementation checks the model's rules, as Core
    /// Data's does (throwing a ``ValidationProblem``, or a ``ValidationError`` with several).
    /// Override it for your own checks; a save checks the model's rules whether or not the
    /// override calls `super`, and names each problem once.
    open func validateForInsert() throws { try validateModelRules() }
    /// Checks an updated object: the base implementation checks the model's rules (see
    /// ``validateForInsert()``).
    open func validateForUpdate() throws { try validateModelRules() }
    /// Checks an object about to be deleted: the base implementation checks the deny rules, as
    /// Core Data's does (a deny relationship that still holds objects is a problem). Override
    /// it for your own checks; a save checks the deny rules whether or not the override calls
    /// `super`, and names each problem once.
    open func validateForDelete() throws { try validateDenyRules() }

    // MARK: Identity

    /// Objects are equal only when they are the same instance.
    public static func == (lhs: ManagedObject, rhs: ManagedObject) -> Bool { lhs === rhs }

    /// Hashes the instance's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `Entity <id>` and whether it is a fault.
    open var description: String {
        "\(entity.name) \(objectID)\(isFault ? " (fault)" : "")"
    }

    /// A validation problem about this object.
    public func problem(key: String?, _ rule: String) -> ValidationProblem {
        ValidationProblem(objectID: objectID, entityName: entity.name, key: key, rule: rule)
    }
}

/// The in-memory state of one relationship of a loaded object.
enum RelationshipSlot {
    /// A to-one known only by the destination's ID (not yet turned into an object).
    case toOneID(ObjectID?)
    /// A to-one resolved to an object (or nil).
    case toOne(ManagedObject?)
    /// A to-many not loaded yet: it loads from the store on first access.
    case unloadedToMany
    /// A loaded to-many.
    case toMany(Set<ManagedObject>)
}
