import Foundation

/// A validated set of entities: the schema of an object graph.
///
/// ```swift
/// let model = try ManagedObjectModel(entities: [
///     EntityDescription("Line", attributes: [AttributeDescription("lineNum", .integer16, isOptional: false)])
/// ])
/// ```
///
/// ## Topics
///
/// The type is spread over files by concern (`ManagedObjectModel+<Concern>.swift`: resolving
/// inheritance and inverses, validation, how relationships are stored, the canonical form).
///
/// ### Making a model
/// - ``init(entities:)``, ``init(types:)`` (typed classes)
/// - ``EntityDescription``, ``AttributeDescription``, ``RelationshipDescription``, ``ModelError``
///
/// ### Looking up entities
/// - ``entities``, ``entitiesByName``, ``entity(named:)``, ``entity(for:)``
///
/// ### Versions and migration
/// - ``versionHash``, ``entityVersionHashes``, ``differences(stored:current:)``
/// - ``ModelDescription`` (the model a store keeps), ``MigrationError``
public final class ManagedObjectModel: Sendable {
    /// The resolved entities, in declaration order.
    public let entities: [EntityDescription]
    /// The resolved entities by name.
    public let entitiesByName: [String: EntityDescription]
    /// SHA-256 (hex) of the model's canonical description; equal models give equal hashes on every run.
    public let versionHash: String
    /// SHA-256 (hex) of each entity's canonical description, to name what differs between models.
    public let entityVersionHashes: [String: String]

    private let entitiesByClass: [ObjectIdentifier: EntityDescription]
    /// Entities by entity number (index 0 unused), for lookups without hashing.
    let entitiesByNumber: [EntityDescription?]
    /// How each relationship is stored, by entity number and relationship index: worked out
    /// once, since a save asks it for every to-many of every object it writes.
    let relationshipStorages: [[RelationshipStorage]]

    /// Builds and validates a model.
    /// - Throws: ``ModelError`` naming the first problem found (unknown parent, destination or
    ///   inverse, mismatched inverses, duplicate names, a default of the wrong type, …).
    public init(entities declared: [EntityDescription]) throws {
        let resolved = try Self.resolve(Self.inferringInverses(declared))
        entities = resolved
        let byName = Dictionary(uniqueKeysWithValues: resolved.map { ($0.name, $0) })
        entitiesByName = byName
        try Self.validate(resolved, byName: byName)
        var byClass: [ObjectIdentifier: EntityDescription] = [:]
        var classUsers: [ObjectIdentifier: [String]] = [:]
        for entity in resolved where entity.managedObjectClass != ManagedObject.self {
            let key = ObjectIdentifier(entity.managedObjectClass)
            byClass[key] = entity
            classUsers[key, default: []].append(entity.name)
        }
        if let (key, users) = classUsers.first(where: { $0.value.count > 1 }) {
            let className =
                resolved.first { ObjectIdentifier($0.managedObjectClass) == key }
                .map { String(describing: $0.managedObjectClass) } ?? "?"
            throw ModelError.duplicateClass(className: className, entities: users)
        }
        entitiesByClass = byClass
        var byNumber = [EntityDescription?](repeating: nil, count: resolved.count + 1)
        for entity in resolved { byNumber[Int(entity.entityNumber)] = entity }
        entitiesByNumber = byNumber
        relationshipStorages = byNumber.map { entity in
            entity.map { entity in
                entity.allRelationships.map { Self.storage(of: $0, in: entity, entitiesByName: byName) }
            } ?? []
        }
        // Each entity's canonical description once: it is hashed alone and as part of the whole.
        var hashes: [String: String] = [:]
        var descriptions: [String: String] = [:]
        for entity in resolved {
            let description = Self.canonicalDescription(of: entity)
            descriptions[entity.name] = description
            let hasher = SHA256Hasher()
            hasher.update(description)
            hashes[entity.name] = hasher.finalizeHex()
        }
        entityVersionHashes = hashes
        // The descriptions joined by newlines, fed to the hasher one by one: the same digest
        // without the joined text or a `Data` of it (which copied the text byte by byte).
        let whole = SHA256Hasher()
        for (index, description) in byName.keys.sorted().compactMap({ descriptions[$0] }).enumerated() {
            if index > 0 { whole.update("\n") }
            whole.update(description)
        }
        versionHash = whole.finalizeHex()
    }

    /// The entity numbered `number`, or nil.
    @inline(__always)
    func entity(number: Int64) -> EntityDescription? {
        number > 0 && number < entitiesByNumber.count ? entitiesByNumber[Int(number)] : nil
    }

    /// The entity `name`, or nil.
    public func entity(named name: String) -> EntityDescription? { entitiesByName[name] }

    /// The entity whose ``EntityDescription/managedObjectClass`` is `type`, or nil.
    public func entity(for type: ManagedObject.Type) -> EntityDescription? {
        entitiesByClass[ObjectIdentifier(type)]
    }

    /// The names of entities whose canonical descriptions differ between the two hash tables
    /// (added, removed or changed), sorted, each with a word saying which.
    public static func differences(stored: [String: String], current: [String: String]) -> [String] {
        var result: [String] = []
        for name in Set(stored.keys).union(current.keys).sorted() {
            switch (stored[name], current[name]) {
            case (nil, _?): result.append("entity '\(name)' was added")
            case (_?, nil): result.append("entity '\(name)' was removed")
            case (let a?, let b?) where a != b: result.append("entity '\(name)' changed")
            default: break
            }
        }
        return result
    }
}
