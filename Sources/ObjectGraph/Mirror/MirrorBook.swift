import Foundation

/// The mirror's bookkeeping as one sync reads and changes it, in one context: the settings
/// (all read at once; there are a handful), and the records, each fetched when first needed
/// (by identity, or by the object it links to) and kept for the rest of the sync, with their
/// clocks decoded once and encoded back when changed. A sync with nothing to do so reads no record.
final class MirrorBook {
    let context: ManagedObjectContext
    let model: ManagedObjectModel
    private(set) var settings: [String: ManagedObject] = [:]
    private var byIdentity: [String: ManagedObject] = [:]
    /// Identities fetched and found to have no record.
    private var missing = Set<String>()
    private var recordsByObject: [ObjectID: ManagedObject] = [:]
    private var clocks: [ObjectIdentifier: MirrorObjectClock] = [:]
    /// Whether the store held no record when the sync began (a first sync: no lookups then).
    private let startedEmpty: Bool
    /// The root entities the records link to, each with its link key.
    private let linkKeys: [String]
    /// Objects stamped since the context was last saved.
    var notedSinceSave = 0
    /// Identities of objects whose member sets name members this store does not have (yet),
    /// kept across syncs in the setting `unresolvedMembers`.
    var unresolvedOwners: Set<String> = []
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    /// Reads the settings of the store `context` works on.
    init(context: ManagedObjectContext) throws {
        self.context = context
        model = context.persistentStoreCoordinator.managedObjectModel
        guard let recordEntity = model.entity(named: MirrorBookkeeping.recordEntity),
            model.entity(named: MirrorBookkeeping.settingEntity) != nil
        else { throw MirrorError.modelNotMirrorable }
        linkKeys = recordEntity.allRelationships.map(\.name)
        for setting in try context.fetch(FetchRequest(ManagedObject.self, entityName: MirrorBookkeeping.settingEntity))
        {
            if let name = setting["name", as: String.self] { settings[name] = setting }
        }
        if let text = settings["unresolvedMembers"]?["value", as: String.self],
            let owners = try? JSONDecoder().decode([String].self, from: Data(text.utf8))
        {
            unresolvedOwners = Set(owners)
        }
        var probe = FetchRequest(ManagedObject.self, entityName: MirrorBookkeeping.recordEntity)
        probe.fetchLimit = 1
        startedEmpty = try context.count(for: probe) == 0
    }

    private func records(matching predicate: FetchPredicate) throws -> [ManagedObject] {
        let found = try context.fetch(
            FetchRequest(ManagedObject.self, entityName: MirrorBookkeeping.recordEntity, predicate: predicate))
        for record in found { file(record) }
        return found
    }

    private func file(_ record: ManagedObject) {
        guard let identity = record["identity", as: String.self] else { return }
        byIdentity[identity] = record
        missing.remove(identity)
        if let object = linkedObject(of: record) { recordsByObject[object.objectID] = record }
    }

    /// The record of `identity`, fetched when not known yet.
    func record(identity: String) throws -> ManagedObject? {
        if let record = byIdentity[identity] { return record }
        if startedEmpty || missing.contains(identity) { return nil }
        let found = try records(matching: .equals("identity", .string(identity))).first
        if found == nil { missing.insert(identity) }
        return found
    }

    /// Fetches the records of `identities` in batches (before a change set is applied).
    func prefetch(identities: some Sequence<String>) throws {
        guard !startedEmpty else { return }
        let wanted = Array(Set(identities).filter { byIdentity[$0] == nil && !missing.contains($0) })
        var start = 0
        while start < wanted.count {
            let batch = Array(wanted[start..<min(wanted.count, start + 500)])
            _ = try records(matching: try FetchPredicate(format: "identity IN %@", batch))
            for identity in batch where byIdentity[identity] == nil { missing.insert(identity) }
            start += batch.count
        }
    }

    /// The alive records whose objects are gone here (the store nulled their links).
    func lostRecords() throws -> [ManagedObject] {
        let unlinked = linkKeys.map { "\($0) == nil" }.joined(separator: " AND ")
        var lost = try records(matching: try FetchPredicate(format: "isGone == NO AND " + unlinked))
        let known = Set(lost.map(ObjectIdentifier.init))
        lost += byIdentity.values.filter { record in
            !known.contains(ObjectIdentifier(record)) && record["isGone", as: Bool.self] == false
                && linkedObject(of: record) == nil
        }
        return lost
    }

    /// Every record of the entities named (for a scan of member sets).
    func records(ofEntities names: Set<String>) throws -> [ManagedObject] {
        try records(matching: try FetchPredicate(format: "entityName IN %@", Array(names)))
    }

    /// Every record (for leaving the mirror).
    func allRecords() throws -> [ManagedObject] {
        try context.fetch(FetchRequest(ManagedObject.self, entityName: MirrorBookkeeping.recordEntity))
    }

    // MARK: Settings

    /// The value of setting `name`.
    func setting(_ name: String) -> String? { settings[name]?["value", as: String.self] }

    /// Sets (or with nil removes) setting `name`.
    func set(_ name: String, _ value: String?) throws {
        if let value {
            if let setting = settings[name] {
                if setting["value", as: String.self] != value { setting["value"] = value }
            } else {
                let setting = try context.insertObject(entityName: MirrorBookkeeping.settingEntity)
                setting["name"] = name
                setting["value"] = value
                settings[name] = setting
            }
        } else if let setting = settings.removeValue(forKey: name) {
            context.delete(setting)
        }
    }

    /// Every setting whose name starts with `prefix`, by the rest of the name.
    func settings(prefixed prefix: String) -> [String: String] {
        var found: [String: String] = [:]
        for (name, setting) in settings where name.hasPrefix(prefix) {
            if let value = setting["value", as: String.self] { found[String(name.dropFirst(prefix.count))] = value }
        }
        return found
    }

    // MARK: Records

    /// The record of `object`, if it has one (fetched by its link when not known yet).
    func record(of object: ManagedObject) throws -> ManagedObject? {
        if let record = recordsByObject[object.objectID] { return record }
        guard !startedEmpty, !object.objectID.isTemporaryID else { return nil }
        let key = MirrorBookkeeping.linkKey(object.entity.rootName)
        return try records(matching: .equals(key, .object(object.objectID))).first
    }

    /// The record linked to the object of `id` (which may be gone).
    func record(ofObjectWith id: ObjectID) throws -> ManagedObject? {
        if let record = recordsByObject[id] { return record }
        guard !startedEmpty, let entity = model.entity(named: id.entityName) else { return nil }
        return try records(matching: .equals(MirrorBookkeeping.linkKey(entity.rootName), .object(id))).first
    }

    /// The object `record` links to; nil for a tombstone, or when the object's row is gone (a part
    /// deleted with its owner earlier in this sync: the record, kept since, still names it).
    func linkedObject(of record: ManagedObject) -> ManagedObject? {
        guard let name = record["entityName", as: String.self], let entity = model.entity(named: name),
            let object = record.value(forKey: MirrorBookkeeping.linkKey(entity.rootName)) as? ManagedObject,
            !object.isDeleted, object.managedObjectContext != nil
        else { return nil }
        return object
    }

    /// Links `record` to `object` (nil: to nothing).
    func link(_ record: ManagedObject, to object: ManagedObject?, entity: EntityDescription) {
        if let old = linkedObject(of: record) { recordsByObject[old.objectID] = nil }
        record.setValue(object, forKey: MirrorBookkeeping.linkKey(entity.rootName))
        if let object {
            recordsByObject[object.objectID] = record
            if object.objectID.isTemporaryID { unsaved.append((object, record)) }
        }
    }

    /// Objects linked while their IDs were temporary, re-filed under their permanent IDs by ``save()``.
    private var unsaved: [(object: ManagedObject, record: ManagedObject)] = []

    /// Saves the context, and files the records of objects it inserted under their new IDs.
    func save() throws {
        let owners = String(
            decoding: (try? encoder.encode(unresolvedOwners.sorted())) ?? Data("[]".utf8), as: UTF8.self)
        try set("unresolvedMembers", unresolvedOwners.isEmpty ? nil : owners)
        let temporary = unsaved.map { ($0.object.objectID, $0.object, $0.record) }
        try context.save()
        unsaved = []
        notedSinceSave = 0
        for (old, object, record) in temporary where old != object.objectID {
            if recordsByObject[old] === record { recordsByObject[old] = nil }
            recordsByObject[object.objectID] = record
        }
    }

    /// A new record for `identity`, linked to `object`.
    func makeRecord(
        identity: String, entity: EntityDescription, object: ManagedObject?,
        clock: MirrorObjectClock, pending: Bool
    ) throws -> ManagedObject {
        let record = try context.insertObject(entityName: MirrorBookkeeping.recordEntity)
        record["identity"] = identity
        record["entityName"] = entity.name
        byIdentity[identity] = record
        missing.remove(identity)
        link(record, to: object, entity: entity)
        setClock(clock, of: record, pending: pending)
        return record
    }

    /// The clock of `record`.
    func clock(of record: ManagedObject) -> MirrorObjectClock? {
        if let clock = clocks[ObjectIdentifier(record)] { return clock }
        guard let data = record["clock", as: Data.self],
            let clock = try? decoder.decode(MirrorObjectClock.self, from: data)
        else { return nil }
        clocks[ObjectIdentifier(record)] = clock
        return clock
    }

    /// Sets `record`'s clock; `pending` marks it for the next change set.
    func setClock(_ clock: MirrorObjectClock, of record: ManagedObject, pending: Bool) {
        let clock = clock.withStandingEditsDropped()
        clocks[ObjectIdentifier(record)] = clock
        if let data = try? encoder.encode(clock) { record["clock"] = data }
        if record["isGone", as: Bool.self] != (clock.gone != nil) { record["isGone"] = clock.gone != nil }
        if pending, record["pending", as: Bool.self] != true { record["pending"] = true }
    }

    /// The records waiting for the next change set.
    func pendingRecords() throws -> [ManagedObject] {
        try records(matching: .equals("pending", .bool(true)))
    }

    /// How many records wait for the next change set.
    func pendingCount() throws -> Int {
        try context.count(
            for: FetchRequest(
                ManagedObject.self, entityName: MirrorBookkeeping.recordEntity,
                predicate: .equals("pending", .bool(true))))
    }
}
