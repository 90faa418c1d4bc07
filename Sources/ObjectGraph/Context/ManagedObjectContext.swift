import Foundation

/// A scratch pad of objects over a coordinator's store: insert, change, delete, fetch,
/// then ``save()`` in one transaction, or ``rollback()``.
///
/// A context is confined to one thread or task (it is not `Sendable`), and so are its
/// objects. To work in parallel, give each task its own context over one coordinator and
/// pass ``ObjectID``s between them.
///
/// ## Topics
///
/// The type is spread over files by concern (`ManagedObjectContext+<Concern>.swift`).
///
/// ### Making a context
/// - ``init(coordinator:)``
/// - ``init(parent:)`` (`+Parent`: a child context saves into its parent)
/// - ``name``, ``transactionAuthor``, ``mergePolicy``, ``undoManager``, ``defersBinaryValues``
///
/// ### Objects
/// - ``insert(_:)``, ``insertObject(entityName:)``, ``delete(_:)`` (`+Delete`)
/// - ``object(with:)``, ``existingObject(with:)``, ``registeredObjects``
/// - ``hasChanges``, ``insertedObjects``, ``updatedObjects``, ``deletedObjects``
/// - faults fill from the store when first touched, alone or with their batch (`+Faulting`)
///
/// ### Fetching (`+Fetch`, `+FetchResults`, `+DictionaryFetch`, `+Prefetch`, `+MemberCounts`)
/// - ``fetch(_:)``, ``count(for:)``, ``fetchObjectIDs(_:)``, ``fetchDictionaries(_:)``
/// - ``prefetch(_:of:)``, ``memberCounts(of:for:)``
///
/// ### Saving and discarding (`+Save`, `+Conflicts`, `+UniquenessConflicts`, `+Validation`)
/// - ``save()``, ``rollback()``, ``reset()``
/// - ``refresh(_:mergeChanges:)``, ``refreshAllObjects()`` (`+Refresh`)
///
/// ### Batch requests, run in the store without loading objects (`+BatchDelete`)
/// - ``execute(_:)``
///
/// ### Other contexts and processes (`+Merging`, `+Observers`, `+History`)
/// - ``automaticallyMergesChangesFromParent``, ``mergePendingChanges()``,
/// ``mergeChanges(fromContextDidSave:)-(SaveSummary)``
/// - ``addObserver(_:)``, ``removeObserver(_:)``, ``processPendingChanges()``
/// - ``fetchHistory(after:)-(PersistentHistoryToken?)``, ``currentHistoryToken()``, ``mergeChanges(fromHistory:)``,
///   ``deleteHistory(through:)``, ``deleteHistory(before:)``
///
/// ### Undo (`+Undo`)
/// - ``undo()``, ``redo()``, ``undoGroup(named:_:)``
public final class ManagedObjectContext {
    /// The coordinator whose store the context reads and writes.
    public let persistentStoreCoordinator: PersistentStoreCoordinator
    /// The coordinator's model.
    public var managedObjectModel: ManagedObjectModel { persistentStoreCoordinator.managedObjectModel }

    /// One object per stored row: the uniquing table. Inserted objects are not in it until saved.
    @exclusivity(unchecked) var registry = ObjectRegistry()
    /// Inserted objects in insertion order; an object deleted before saving has `isInserted` false.
    var insertedList: [ManagedObject] = []
    var insertedCount = 0
    var updated: Set<ManagedObject> = []
    var deleted: Set<ManagedObject> = []
    /// Changes not yet announced by an objects-did-change event.
    var pendingInserted: [ManagedObject] = []
    var pendingUpdated: [ManagedObject] = []
    var pendingDeleted: [ManagedObject] = []
    var observers: [(token: ObserverToken, handler: (ContextEvent) -> Void)] = []
    var nextObserverID = 0
    var streamFinishers: [ObserverToken: () -> Void] = [:]
    /// Faults of batched fetches by ID, with the batch each fills with (see `+Faulting`).
    var faultBatches: [ObjectID: FaultBatch] = [:]
    /// Whether a save is checking the model's rules itself (the base `validateFor…` hooks then do not).
    var checksModelRules = false
    /// Relationship assignments refused for naming another context's object; the next save throws.
    var refusedAssignments: [RefusedAssignment] = []

    // Undo, conflicts, merging and parent contexts (ManagedObjectContext+Undo, +Conflicts, +Merging, +Parent).
    /// Records changes for ``undo()`` and ``redo()``; nil (nothing recorded) by default.
    public var undoManager: ObjectGraphUndoManager?
    /// What a save does about rows changed elsewhere since they were read, and which side a
    /// merge keeps for keys changed on both; ``MergePolicy/error`` by default.
    public var mergePolicy: MergePolicy = .error
    /// Whether fetches (and prefetches) leave binary attribute values in the SQLite store until
    /// one is read: a listing that never shows thumbnails then neither copies nor allocates
    /// them. Each deferred value costs one query when it is read; a save reads the deferred
    /// values of the objects it writes first. Off by default.
    public var defersBinaryValues = false
    /// The context a child context's save goes to; nil for a context over the coordinator's store.
    public internal(set) var parent: ManagedObjectContext?
    /// Objects of a child context known by a temporary ID of the parent.
    var parentInsertedObjects: [ObjectID: ManagedObject] = [:]
    /// Child contexts, told the permanent IDs after this context saves.
    var children: [WeakContext] = []
    /// Did-save summaries of sibling contexts waiting to be merged (automatic merging).
    var mergeInbox: SaveInbox?
    /// Who is saving, recorded with each save in the persistent history (Core Data's `transactionAuthor`); nil by
    /// default.
    public var transactionAuthor: String?
    /// The context's name, recorded with each save in the persistent history; nil by default.
    public var name: String?
    /// Successful saves so far (an undo state from before a save recomputes its changed keys).
    var saveCount = 0

    /// Temporary IDs are this context's random prefix and a counter: unique, and cheap to make.
    private let temporaryPrefix = UUID().uuid
    private var temporaryCounter: UInt64 = 0

    /// A context over `coordinator`'s store.
    public init(coordinator: PersistentStoreCoordinator) {
        persistentStoreCoordinator = coordinator
    }

    deinit {
        for finish in streamFinishers.values { finish() }
        detachAllObjects()
    }

    /// Sets every held object's context to nil (objects point at their context `unowned(unsafe)`)
    /// and drops their relationships, which would otherwise keep related objects alive in cycles.
    private func detachAllObjects() {
        func detach(_ object: ManagedObject) {
            object.managedObjectContext = nil
            if !object.slots.isEmpty { object.slots = [] }
            if object.storedMemberOrders != nil { object.storedMemberOrders = nil }
        }
        registry.forEach(detach)
        for object in insertedList { detach(object) }
        for object in parentInsertedObjects.values { detach(object) }
    }

    // MARK: State

    /// Whether anything was inserted, changed or deleted since the last save.
    public var hasChanges: Bool { insertedCount > 0 || !updated.isEmpty || !deleted.isEmpty }

    /// Objects inserted and not yet saved.
    public var insertedObjects: Set<ManagedObject> { Set(insertedList.lazy.filter(\.isInserted)) }
    /// Loaded objects with unsaved changes.
    public var updatedObjects: Set<ManagedObject> { updated }
    /// Objects deleted and not yet saved.
    public var deletedObjects: Set<ManagedObject> { deleted }
    /// Every object the context holds (faults included).
    public var registeredObjects: Set<ManagedObject> { Set(registry.values) }

    // MARK: Inserting

    /// Inserts a new object of `entityName`, of the entity's class.
    /// - Throws: ``ObjectGraphError/unknownEntity(_:)``, ``ObjectGraphError/abstractEntity(_:)``.
    @discardableResult
    public func insertObject(entityName: String) throws -> ManagedObject {
        guard let entity = managedObjectModel.entity(named: entityName) else {
            throw ObjectGraphError.unknownEntity(entityName)
        }
        guard !entity.isAbstract else { throw ObjectGraphError.abstractEntity(entityName) }
        return entity.managedObjectClass.init(entity: entity, insertInto: self)
    }

    /// Inserts a new object of the entity whose class is `T`.
    /// - Throws: ``ObjectGraphError/unknownClass(_:)`` when no entity uses `T`,
    ///   ``ObjectGraphError/abstractEntity(_:)``.
    @discardableResult
    public func insert<T: ManagedObject>(_ type: T.Type) throws -> T {
        guard let entity = managedObjectModel.entity(for: type) else {
            throw ObjectGraphError.unknownClass(String(describing: type))
        }
        guard !entity.isAbstract else { throw ObjectGraphError.abstractEntity(entity.name) }
        guard let object = entity.managedObjectClass.init(entity: entity, insertInto: self) as? T else {
            throw ObjectGraphError.unknownClass(String(describing: type))
        }
        return object
    }

    /// Sets up a newly made object as inserted (called by `ManagedObject.init(entity:insertInto:)`).
    func register(inserted object: ManagedObject, awake: Bool = true) {
        undoManager?.capture(object, in: self)
        temporaryCounter &+= 1
        var bytes = temporaryPrefix
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: temporaryCounter.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        object.objectID = ObjectID(
            entityName: object.entity.name, storeIdentifier: nil,
            storage: .temporary(UUID(uuid: bytes)))
        object.managedObjectContext = self
        object.values = object.entity.defaultValues
        object.slots = object.entity.allRelationships.map { $0.isToMany ? .toMany([]) : .toOne(nil) }
        object.isInserted = true
        insertedList.append(object)
        insertedCount += 1
        pendingInserted.append(object)
        if awake { object.awakeFromInsert() }
    }

    // MARK: Objects by ID

    /// The object of `id` in this context: the registered one, or a fault that loads on first
    /// access. Never fails; an ID of a deleted or unknown row gives an object whose values are nil
    /// (use ``existingObject(with:)`` to check).
    public func object(with id: ObjectID) -> ManagedObject {
        if let object = registeredObject(for: id) { return object }
        let entity = managedObjectModel.entity(named: id.entityName) ?? EntityDescription(id.entityName)
        let object = entity.managedObjectClass.init(entity: entity, insertInto: nil)
        object.objectID = id
        object.isFault = true
        // Only a registered object may point at the context (see `ManagedObject.managedObjectContext`);
        // a temporary ID of another context names nothing this context can load.
        if let key = id.primaryKey {
            object.managedObjectContext = self
            registry[RegistryKey(root: entity.rootEntityNumber, key: key)] = object
        } else if parent != nil {
            object.managedObjectContext = self
            parentInsertedObjects[id] = object
        }
        return object
    }

    /// The object this context holds for `id` (an unsaved insert or a registered row), or nil.
    func registeredObject(for id: ObjectID) -> ManagedObject? {
        guard let key = id.primaryKey else {
            return insertedList.first { $0.isInserted && $0.objectID == id } ?? parentInsertedObjects[id]
        }
        guard let entity = managedObjectModel.entity(named: id.entityName) else { return nil }
        return registry[RegistryKey(root: entity.rootEntityNumber, key: key)]
    }

    /// The object of `id`, loaded.
    /// - Throws: ``ObjectGraphError/objectNotFound(_:)`` when the store has no such row
    ///   (and it is not an unsaved insert of this context).
    public func existingObject(with id: ObjectID) throws -> ManagedObject {
        if let object = registeredObject(for: id), object.holdsValues {
            object.fireFaultIfNeeded()
            return object
        }
        guard !id.isTemporaryID || parent != nil, managedObjectModel.entity(named: id.entityName) != nil,
            var row = try rowSource().row(for: id)
        else {
            throw ObjectGraphError.objectNotFound(id)
        }
        let (object, didLoad) = materialize(&row, asFault: false)
        if didLoad { object.awakeFromFetch() }
        return object
    }

    /// The registered object for `row` (filled in if it was a fault), or a new one, and whether
    /// its values were loaded now (the caller then calls `awakeFromFetch()`).
    func materialize(_ row: inout StoreRow, asFault: Bool) -> (ManagedObject, loaded: Bool) {
        if row.objectID.isTemporaryID { return materializeParentInsert(&row, asFault: asFault) }
        let key = RegistryKey(root: row.entity.rootEntityNumber, key: row.objectID.primaryKey ?? 0)
        let (object, _) = registry.object(for: key) {
            let object = row.entity.managedObjectClass.init(entity: row.entity, insertInto: nil)
            object.objectID = row.objectID
            object.managedObjectContext = self
            object.isFault = true
            return object
        }
        guard object.isFault else { return (object, false) }
        apply(&row, to: object)
        // A fault keeps the row for when it fires (awakeFromFetch runs then).
        guard !asFault else {
            object.holdsFetchedRow = true
            return (object, false)
        }
        object.isFault = false
        object.holdsFetchedRow = false
        return (object, true)
    }

    /// Fills `object` with `row`, whose values it takes (the row is left with the object's old
    /// ones, which go when the row does).
    func apply(_ row: inout StoreRow, to object: ManagedObject) {
        // Swapped rather than copied or cleared first: the arrays change owner without being
        // retained and released once more per row. bench: objectgraph/fetch-100k-read
        // The storage itself (`values`' `_modify` would first copy it to `committed`), then
        // the flag that makes these the committed values: no retain per row.
        swap(&object.currentValues, &row.attributes)
        object.commitValues()
        object.rowVersion = row.version
        swap(&object.committedToOne, &row.toOne)
        let relationships = object.entity.allRelationships
        if !relationships.isEmpty {
            let toOne = object.committedToOne
            object.slots = relationships.indices.map { index in
                relationships[index].isToMany ? .unloadedToMany : .toOneID(index < toOne.count ? toOne[index] : nil)
            }
        }
    }

    /// The members of to-many `index` of `object`, from the store, with this context's unsaved
    /// changes made from the other side applied (objects that now point here, or no longer do).
    func loadMembers(of object: ManagedObject, relationshipAt index: Int) -> Set<ManagedObject> {
        guard !object.objectID.isTemporaryID || parent != nil,
            let ids = try? rowSource().destinations(
                of: object.objectID, relationship: object.entity.allRelationships[index])
        else { return [] }
        let loaded = ids.map { self.object(with: $0) }
        // The store gives an ordered relationship's members in order.
        if object.entity.allRelationships[index].isOrdered { object.memberOrders[index] = loaded }
        var members = Set(loaded)
        applyUnsavedChanges(to: &members, of: object, relationshipAt: index)
        return members
    }

    /// Brings members of to-many `index` of `object` just read from the store up to date with
    /// this context's unsaved changes made from the other side (which leave an unloaded to-many
    /// unloaded): objects that now point here join, objects that no longer do leave.
    func applyUnsavedChanges(to members: inout Set<ManagedObject>, of object: ManagedObject, relationshipAt index: Int)
    {
        guard !insertedList.isEmpty || !updated.isEmpty || !deleted.isEmpty else { return }
        let relationship = object.entity.allRelationships[index]
        guard let inverse = relationship.inverse else { return }
        func follow(_ candidate: ManagedObject) {
            guard let back = candidate.entity.relationshipIndexes[inverse], back < candidate.slots.count,
                candidate.entity.allRelationships[back].inverse == relationship.name
            else { return }
            let pointsHere: Bool
            switch candidate.slots[back] {
            case .toOne(let destination): pointsHere = destination === object
            case .toOneID(let id): pointsHere = id == object.objectID
            case .toMany(let others): pointsHere = others.contains(object)
            case .unloadedToMany: return
            }
            if pointsHere { members.insert(candidate) } else { members.remove(candidate) }
        }
        for candidate in insertedList where candidate.isInserted { follow(candidate) }
        for candidate in updated where candidate.changedKeys.contains(inverse) { follow(candidate) }
        // A deleted member whose delete rule nullified its side leaves (no action keeps it).
        for candidate in deleted { follow(candidate) }
    }

    // MARK: Blobs

    func blobData(for reference: BlobReference) throws -> Data? {
        try persistentStoreCoordinator.store().blobStore?.data(for: reference)
    }

    /// The blob file of `reference` in a plain store; a decrypted temporary copy in an encrypted one.
    func blobFileURL(for reference: BlobReference) throws -> URL? {
        guard let blobStore = (try? persistentStoreCoordinator.store())?.blobStore else { return nil }
        return blobStore.isEncrypted ? try blobStore.decryptedCopy(of: reference) : blobStore.url(for: reference)
    }

    // MARK: Change tracking

    func noteUpdated(_ object: ManagedObject) {
        if updated.insert(object).inserted { pendingUpdated.append(object) }
    }

    /// An updated object changed once more: announce it again (duplicates are dropped when announcing).
    func noteUpdatedAgain(_ object: ManagedObject) {
        if pendingUpdated.last !== object { pendingUpdated.append(object) }
    }

    // MARK: Discarding

    /// Forgets every object: the context is empty afterwards and objects handed out before
    /// must not be used again (their `managedObjectContext` is nil). The undo manager forgets its groups.
    public func reset() {
        undoManager?.removeAllActions()
        detachAllObjects()
        parentInsertedObjects = [:]
        registry.removeAll()
        faultBatches = [:]
        clearChangeTracking()
    }

    /// Discards every unsaved change: inserted objects leave the context, changed and deleted
    /// ones turn back into faults that reload their saved values. The undo manager forgets its groups.
    public func rollback() {
        undoManager?.removeAllActions()
        for object in insertedList where object.isInserted {
            object.isInserted = false
            object.managedObjectContext = nil
        }
        for object in updated.union(deleted) {
            object.isDeleted = false
            object.changedKeys = []
            object.typeProblems = [:]
            object.isFault = true
            object.holdsFetchedRow = false
        }
        // Objects whose to-many sets were filled with now-discarded objects reload them too.
        for object in registry.values where object.holdsValues {
            for (index, relationship) in object.entity.allRelationships.enumerated()
            where relationship.isToMany && index < object.slots.count {
                object.slots[index] = .unloadedToMany
            }
        }
        clearChangeTracking()
    }

    func clearChangeTracking() {
        insertedList = []
        insertedCount = 0
        updated = []
        deleted = []
        pendingInserted = []
        pendingUpdated = []
        pendingDeleted = []
        refusedAssignments = []
    }
}
