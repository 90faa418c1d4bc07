import Foundation

/// The mirror's bookkeeping as one sync reads and changes it, in one context: the settings,
/// every record by identity and by the object it links to, and the records' clocks (decoded
/// when first needed, encoded back when changed).
final class MirrorBook {
    let context: ManagedObjectContext
    let model: ManagedObjectModel
    private(set) var settings: [String: ManagedObject] = [:]
    private(set) var records: [String: ManagedObject] = [:]
    private var recordsByObject: [ObjectID: ManagedObject] = [:]
    private var clocks: [ObjectIdentifier: MirrorObjectClock] = [:]
    /// Objects stamped since the context was last saved.
    var notedSinceSave = 0
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    /// Reads every setting and record of the store `context` works on.
    init(context: ManagedObjectContext) throws {
        self.context = context
        model = context.persistentStoreCoordinator.managedObjectModel
        guard model.entity(named: MirrorBookkeeping.recordEntity) != nil,
              model.entity(named: MirrorBookkeeping.settingEntity) != nil else { throw MirrorError.modelNotMirrorable }
        for setting in try context.fetch(FetchRequest(ManagedObject.self, entityName: MirrorBookkeeping.settingEntity)) {
            if let name = setting["name", as: String.self] { settings[name] = setting }
        }
        for record in try context.fetch(FetchRequest(ManagedObject.self, entityName: MirrorBookkeeping.recordEntity)) {
            guard let identity = record["identity", as: String.self] else { continue }
            records[identity] = record
            if let object = linkedObject(of: record) { recordsByObject[object.objectID] = record }
        }
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

    /// The record of `object`, if it has one.
    func record(of object: ManagedObject) -> ManagedObject? { recordsByObject[object.objectID] }

    /// The record linked to the object of `id` (which may be gone).
    func record(ofObjectWith id: ObjectID) -> ManagedObject? { recordsByObject[id] }

    /// The object `record` links to; nil for a tombstone, or when the object's row is gone.
    func linkedObject(of record: ManagedObject) -> ManagedObject? {
        guard let name = record["entityName", as: String.self], let entity = model.entity(named: name) else { return nil }
        return record.value(forKey: MirrorBookkeeping.linkKey(entity.rootName)) as? ManagedObject
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
    func makeRecord(identity: String, entity: EntityDescription, object: ManagedObject?,
                    clock: MirrorObjectClock, pending: Bool) throws -> ManagedObject {
        let record = try context.insertObject(entityName: MirrorBookkeeping.recordEntity)
        record["identity"] = identity
        record["entityName"] = entity.name
        records[identity] = record
        link(record, to: object, entity: entity)
        setClock(clock, of: record, pending: pending)
        return record
    }

    /// The clock of `record`.
    func clock(of record: ManagedObject) -> MirrorObjectClock? {
        if let clock = clocks[ObjectIdentifier(record)] { return clock }
        guard let data = record["clock", as: Data.self], let clock = try? decoder.decode(MirrorObjectClock.self, from: data) else { return nil }
        clocks[ObjectIdentifier(record)] = clock
        return clock
    }

    /// Sets `record`'s clock; `pending` marks it for the next change set.
    func setClock(_ clock: MirrorObjectClock, of record: ManagedObject, pending: Bool) {
        clocks[ObjectIdentifier(record)] = clock
        if let data = try? encoder.encode(clock) { record["clock"] = data }
        if pending, record["pending", as: Bool.self] != true { record["pending"] = true }
    }

    /// The records waiting for the next change set.
    var pendingRecords: [ManagedObject] {
        records.values.filter { $0["pending", as: Bool.self] == true }
    }
}
