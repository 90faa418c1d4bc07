import CSQLite
import Foundation

@testable import ObjectGraph

/// One object of the predicate test data set, usable in memory (``PredicateSubject``) and
/// written to the test SQLite database.
final class PredicateTestObject: PredicateSubject {
    static let store = UUID(uuidString: "5E0C0000-0000-4000-8000-000000000000") ?? UUID()

    let label: String
    let entity: String
    let key: Int64
    var attributes: [String: PredicateValue]
    var toOne: [String: PredicateTestObject] = [:]
    var toMany: [String: [PredicateTestObject]] = [:]

    init(_ label: String, entity: String, key: Int64, _ attributes: [String: PredicateValue]) {
        self.label = label
        self.entity = entity
        self.key = key
        self.attributes = attributes
    }

    var objectID: ObjectID { .permanent(entityName: entity, storeIdentifier: Self.store, primaryKey: key) }
    var predicateObjectID: ObjectID? { objectID }

    func predicateProperty(named name: String) -> PredicateProperty {
        let schema = PredicateTestSchema()
        guard let mapping = schema.sqlMapping(forEntity: entity) else { return .unknown }
        if mapping.attributes[name] != nil { return .value(attributes[name] ?? .null) }
        switch mapping.relationships[name] {
        case .toOne?: return .object(toOne[name])
        case .toManyThroughForeignKey(let destination, _)?, .toManyThroughJoinTable(let destination, _, _, _)?:
            let allowed = schema.sqlMapping(forEntity: destination)?.entityNumbers ?? []
            return .objects(
                (toMany[name] ?? []).filter { allowed.contains(PredicateTestSchema.entityNumber[$0.entity] ?? -1) })
        case nil: return .unknown
        }
    }

    func predicateKeyPath(_ keyPath: [String], isToManyFromDestinationOf relationship: String) -> Bool {
        let schema = PredicateTestSchema()
        guard case .toOne(var entity, _)? = schema.sqlMapping(forEntity: self.entity)?.relationships[relationship]
        else { return false }
        for (index, key) in keyPath.enumerated() {
            switch schema.sqlMapping(forEntity: entity)?.relationships[key] {
            case .toOne(let destination, _)?: entity = destination
            case .toManyThroughForeignKey?, .toManyThroughJoinTable?:
                return !(index + 1 < keyPath.count && keyPath[index + 1] == "@count")
            case nil: return false
            }
        }
        return false
    }
}

/// The test schema: Entry, Medium (with sub-entities Photo and Video) and Tag, stored the
/// way the SQLite store would (one table per root entity, a join table for entry ↔ tag).
/// Names are deliberately awkward (a keyword column, a table with a space) to prove quoting.
struct PredicateTestSchema: SQLPredicateSchema {
    static let entityNumber: [String: Int64] = ["Entry": 1, "Medium": 2, "Photo": 3, "Video": 4, "Tag": 5]

    func sqlMapping(forEntity name: String) -> SQLEntityMapping? {
        let media: [String: SQLAttributeMapping] = [
            "byteCount": .init(column: "ZBYTECOUNT", encoding: .integer),
            "caption": .init(column: "ZCAPTION", encoding: .text)
        ]
        let mediaRelationships: [String: SQLRelationshipMapping] = [
            "diaryEntry": .toOne(destination: "Entry", foreignKeyColumn: "ZDIARYENTRY")
        ]
        switch name {
        case "Entry":
            return SQLEntityMapping(
                table: "Entry", primaryKeyColumn: "Z_PK", entityColumn: "Z_ENT", entityNumbers: [1],
                attributes: [
                    "text": .init(column: "ZTEXT", encoding: .text),
                    "creationTime": .init(column: "ZCREATIONTIME", encoding: .date),
                    "rating": .init(column: "ZRATING", encoding: .integer),
                    "score": .init(column: "ZSCORE", encoding: .real),
                    "isFavorite": .init(column: "ZISFAVORITE", encoding: .boolean),
                    "identifier": .init(column: "ZIDENTIFIER", encoding: .uuid),
                    "thumbnail": .init(column: "ZTHUMBNAIL", encoding: .blob)
                ],
                relationships: [
                    "previous": .toOne(destination: "Entry", foreignKeyColumn: "ZPREVIOUS"),
                    "media": .toManyThroughForeignKey(
                        destination: "Medium", destinationForeignKeyColumn: "ZDIARYENTRY"),
                    "photos": .toManyThroughForeignKey(
                        destination: "Photo", destinationForeignKeyColumn: "ZDIARYENTRY"),
                    "tags": .toManyThroughJoinTable(
                        destination: "Tag", table: "Entry Tags", sourceColumn: "Z_ENTRY", destinationColumn: "Z_TAG")
                ])
        case "Medium":
            return SQLEntityMapping(
                table: "Medium", primaryKeyColumn: "Z_PK", entityColumn: "Z_ENT", entityNumbers: [2, 3, 4],
                attributes: media, relationships: mediaRelationships)
        case "Photo":
            return SQLEntityMapping(
                table: "Medium", primaryKeyColumn: "Z_PK", entityColumn: "Z_ENT", entityNumbers: [3],
                attributes: media, relationships: mediaRelationships)
        case "Video":
            return SQLEntityMapping(
                table: "Medium", primaryKeyColumn: "Z_PK", entityColumn: "Z_ENT", entityNumbers: [4],
                attributes: media, relationships: mediaRelationships)
        case "Tag":
            return SQLEntityMapping(
                table: "Tag", primaryKeyColumn: "Z_PK", entityColumn: "Z_ENT", entityNumbers: [5],
                attributes: [
                    "name": .init(column: "ZNAME", encoding: .text),
                    "position": .init(column: "order", encoding: .integer)
                ],
                relationships: [
                    "entries": .toManyThroughJoinTable(
                        destination: "Entry", table: "Entry Tags", sourceColumn: "Z_TAG", destinationColumn: "Z_ENTRY")
                ])
        default:
            return nil
        }
    }
}

/// The diary data set: 8 entries, 8 media, 5 tags, with nils, accents, mixed case, dates,
/// to-one chains, to-many and many-to-many relationships.
struct PredicateTestData {
    /// 2024-01-01 09:00 UTC plus `days` days.
    static func day(_ days: Int) -> Date { Date(timeIntervalSince1970: 1_704_099_600 + Double(days) * 86_400) }
    static func uuid(_ n: Int) -> UUID { UUID(uuidString: "E\(n)000000-0000-4000-8000-00000000000\(n)") ?? UUID() }

    let entries: [PredicateTestObject]
    let media: [PredicateTestObject]
    let tags: [PredicateTestObject]

    init() {
        func entry(
            _ n: Int, _ text: String?, day: Int, rating: Int64?, score: Double?, favorite: Bool, thumbnail: Data?
        ) -> PredicateTestObject {
            PredicateTestObject(
                "e\(n)", entity: "Entry", key: Int64(n),
                [
                    "text": text.map(PredicateValue.string) ?? .null,
                    "creationTime": .date(Self.day(day)),
                    "rating": rating.map(PredicateValue.integer) ?? .null,
                    "score": score.map(PredicateValue.double) ?? .null,
                    "isFavorite": .bool(favorite),
                    "identifier": .uuid(Self.uuid(n)),
                    "thumbnail": thumbnail.map(PredicateValue.data) ?? .null
                ])
        }
        let e = [
            entry(1, "Sunset at the beach", day: 0, rating: 5, score: 4.5, favorite: true, thumbnail: Data([1, 2, 3])),
            entry(2, "Café au lait", day: 1, rating: 3, score: 3.0, favorite: false, thumbnail: nil),
            entry(3, "café crème", day: 2, rating: nil, score: nil, favorite: false, thumbnail: nil),
            entry(4, nil, day: 3, rating: 1, score: 1.5, favorite: true, thumbnail: Data()),
            entry(5, "SUNRISE over Zürich", day: 10, rating: 4, score: 4.0, favorite: false, thumbnail: nil),
            entry(6, "Naïve résumé", day: 20, rating: 2, score: 2.0, favorite: false, thumbnail: Data([9])),
            entry(7, "sunset again", day: 30, rating: 5, score: 5.0, favorite: true, thumbnail: nil),
            entry(8, "", day: 31, rating: 0, score: -1.0, favorite: false, thumbnail: nil)
        ]
        for (later, earlier) in [(2, 1), (3, 2), (6, 5), (7, 1), (8, 7)] {
            e[later - 1].toOne["previous"] = e[earlier - 1]
        }

        func medium(_ n: Int, _ entity: String, bytes: Int64, caption: String?, entry: Int?) -> PredicateTestObject {
            let object = PredicateTestObject(
                "m\(n)", entity: entity, key: Int64(n),
                ["byteCount": .integer(bytes), "caption": caption.map(PredicateValue.string) ?? .null])
            if let entry {
                object.toOne["diaryEntry"] = e[entry - 1]
                e[entry - 1].toMany["media", default: []].append(object)
                e[entry - 1].toMany["photos", default: []].append(object)
            }
            return object
        }
        let m = [
            medium(1, "Photo", bytes: 1000, caption: "Golden hour", entry: 1),
            medium(2, "Photo", bytes: 50, caption: nil, entry: 1),
            medium(3, "Video", bytes: 5000, caption: "Waves", entry: 1),
            medium(4, "Photo", bytes: 200, caption: "latte", entry: 2),
            medium(5, "Medium", bytes: 10, caption: nil, entry: 3),
            medium(6, "Video", bytes: 300, caption: "Zürich tram", entry: 5),
            medium(7, "Photo", bytes: 150, caption: "ÉCLAIR", entry: 6),
            medium(8, "Photo", bytes: 20, caption: nil, entry: nil)
        ]
        let t = ["travel", "Beach", "food", "Ärger", "unused"].enumerated().map { index, name in
            PredicateTestObject(
                "t\(index + 1)", entity: "Tag", key: Int64(index + 1),
                ["name": .string(name), "position": .integer(Int64(index + 1))])
        }
        for (entryNumber, tagNumbers) in [(1, [1, 2]), (2, [3]), (4, [1]), (5, [1, 4]), (6, [3, 4]), (7, [2])] {
            for tagNumber in tagNumbers {
                e[entryNumber - 1].toMany["tags", default: []].append(t[tagNumber - 1])
                t[tagNumber - 1].toMany["entries", default: []].append(e[entryNumber - 1])
            }
        }
        entries = e
        media = m
        tags = t
    }

    /// The objects a fetch of `entity` (with its sub-entities) considers.
    func objects(of entity: String) -> [PredicateTestObject] {
        let numbers = PredicateTestSchema().sqlMapping(forEntity: entity)?.entityNumbers ?? []
        return (entries + media + tags).filter { numbers.contains(PredicateTestSchema.entityNumber[$0.entity] ?? -1) }
    }

    /// Labels of the objects of `entity` satisfying `predicate` in memory.
    func evaluate(
        _ predicate: FetchPredicate, entity: String, variables: [String: PredicateValue] = [:]
    ) throws -> Set<String> {
        var result: Set<String> = []
        for object in objects(of: entity) where try predicate.evaluate(with: object, variables: variables) {
            result.insert(object.label)
        }
        return result
    }
}

/// An SQLite failure in test set-up.
struct PredicateTestDatabaseError: Error, CustomStringConvertible {
    var description: String
}

/// The data set in a real in-memory SQLite database with the predicate functions registered,
/// opened and bound through the store's own connection and statements.
final class PredicateTestDatabase {
    let connection: SQLiteConnection
    var db: OpaquePointer { connection.handle }
    let data: PredicateTestData
    /// The SQL of every fetch, for tests that look at the statements.
    private(set) var statements: [String] = []

    init(data: PredicateTestData = PredicateTestData()) throws {
        connection = try SQLiteConnection(path: ":memory:", busyTimeoutMilliseconds: 0)
        self.data = data
        try PredicateSQLFunctions.register(on: db)
        try execute(
            """
            CREATE TABLE "Entry" ("Z_PK" INTEGER PRIMARY KEY, "Z_ENT" INTEGER NOT NULL, "ZTEXT" TEXT, "ZCREATIONTIME" \
            REAL,
                "ZRATING" INTEGER, "ZSCORE" REAL, "ZISFAVORITE" INTEGER, "ZIDENTIFIER" TEXT, "ZTHUMBNAIL" BLOB, \
                "ZPREVIOUS" INTEGER);
            CREATE TABLE "Medium" ("Z_PK" INTEGER PRIMARY KEY, "Z_ENT" INTEGER NOT NULL, "ZBYTECOUNT" INTEGER, \
            "ZCAPTION" TEXT,
                "ZDIARYENTRY" INTEGER);
            CREATE TABLE "Tag" ("Z_PK" INTEGER PRIMARY KEY, "Z_ENT" INTEGER NOT NULL, "ZNAME" TEXT, "order" INTEGER);
            CREATE TABLE "Entry Tags" ("Z_ENTRY" INTEGER NOT NULL, "Z_TAG" INTEGER NOT NULL);
            CREATE INDEX "EntryCreationTime" ON "Entry" ("ZCREATIONTIME");
            CREATE INDEX "TagName" ON "Tag" ("ZNAME");
            """)
        let schema = PredicateTestSchema()
        for object in data.entries + data.media + data.tags {
            guard let mapping = schema.sqlMapping(forEntity: object.entity) else { continue }
            var columns = ["Z_PK", "Z_ENT"]
            var values: [PredicateValue] = [
                .integer(object.key), .integer(PredicateTestSchema.entityNumber[object.entity] ?? 0)
            ]
            for (name, attribute) in mapping.attributes {
                columns.append(attribute.column)
                values.append(object.attributes[name] ?? .null)
            }
            for (name, relationship) in mapping.relationships {
                if case .toOne(_, let column) = relationship {
                    columns.append(column)
                    values.append(object.toOne[name].map { .integer($0.key) } ?? .null)
                }
            }
            let quoted = columns.map { "\"\($0)\"" }.joined(separator: ", ")
            let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            try execute("INSERT INTO \"\(mapping.table)\" (\(quoted)) VALUES (\(marks))", values)
        }
        for entry in data.entries {
            for tag in entry.toMany["tags"] ?? [] {
                try execute(
                    "INSERT INTO \"Entry Tags\" (\"Z_ENTRY\", \"Z_TAG\") VALUES (?, ?)",
                    [.integer(entry.key), .integer(tag.key)])
            }
        }
    }

    /// The details of SQLite's query plan for `sql`.
    func queryPlan(_ sql: String) throws -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "EXPLAIN QUERY PLAN " + sql, -1, &statement, nil) == SQLITE_OK, let statement
        else {
            throw failure(sql)
        }
        defer { sqlite3_finalize(statement) }
        var details: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            details.append(String(cString: sqlite3_column_text(statement, 3)))
        }
        return details
    }

    func execute(_ sql: String, _ values: [PredicateValue] = []) throws {
        if values.isEmpty {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw failure(sql) }
            return
        }
        _ = try query(sql, values)
    }

    /// Runs `sql` with `values` bound (by the binder fetches use) and returns the first column
    /// of each row as an integer.
    func query(_ sql: String, _ values: [PredicateValue]) throws -> [Int64] {
        let statement = try connection.statement(sql)
        for (offset, value) in values.enumerated() { try statement.bind(value, at: Int32(offset + 1)) }
        var keys: [Int64] = []
        while try statement.step() { keys.append(statement.int64(0)) }
        return keys
    }

    /// Labels of the objects of `entity` selected by `predicate` compiled to SQL.
    func fetch(_ predicate: FetchPredicate, entity: String) throws -> Set<String> {
        let schema = PredicateTestSchema()
        guard let mapping = schema.sqlMapping(forEntity: entity) else { throw PredicateSQLError.unknownEntity(entity) }
        let fragment = try predicate.sqlFragment(entityName: entity, alias: "t0", schema: schema)
        let sql =
            "SELECT \"t0\".\"Z_PK\" FROM \"\(mapping.table)\" AS \"t0\" WHERE \"t0\".\"Z_ENT\" IN ("
            + mapping.entityNumbers.map(String.init).joined(separator: ", ") + ") AND (\(fragment.sql))"
        statements.append(sql)
        let keys = Set(try query(sql, fragment.bindings))
        return Set(data.objects(of: entity).filter { keys.contains($0.key) }.map(\.label))
    }

    private func failure(_ sql: String) -> PredicateTestDatabaseError {
        PredicateTestDatabaseError(description: String(cString: sqlite3_errmsg(db)) + " in " + sql)
    }
}
