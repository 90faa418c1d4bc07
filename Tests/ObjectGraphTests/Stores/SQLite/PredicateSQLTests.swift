import CSQLite
import Foundation
import Testing

@testable import ObjectGraph

@Suite struct PredicateSQLTests {
    private let schema = PredicateTestSchema()

    @Test func valuesAreBoundNeverSpliced() throws {
        let hostile = "x'); DROP TABLE \"Entry\"; --"
        let predicate = try FetchPredicate(
            format: "text == %@ OR ANY tags.name CONTAINS[c] %@ OR rating IN {1, 2}", hostile, hostile)
        let fragment = try predicate.sqlFragment(entityName: "Entry", alias: "t0", schema: schema)
        #expect(!fragment.sql.contains("DROP"))
        #expect(!fragment.sql.contains("'"))
        #expect(fragment.bindings == [.string(hostile), .string(hostile), .integer(1), .integer(2)])
        #expect(fragment.sql.filter { $0 == "?" }.count == fragment.bindings.count)
        let database = try PredicateTestDatabase()
        #expect(try database.fetch(predicate, entity: "Entry") == ["e4", "e6"])
        #expect(try database.query("SELECT COUNT(*) FROM \"Entry\"", []) == [8])
    }

    @Test func dateRangeCompilesToPlainIndexableComparisons() throws {
        let start = Date(timeIntervalSince1970: 10), end = Date(timeIntervalSince1970: 20)
        let predicate = try FetchPredicate(format: "creationTime >= %@ AND creationTime < %@", start, end)
        let fragment = try predicate.sqlFragment(entityName: "Entry", alias: "t0", schema: schema)
        #expect(fragment.sql == "(\"t0\".\"ZCREATIONTIME\" >= ? AND \"t0\".\"ZCREATIONTIME\" < ?)")
        #expect(fragment.bindings == [.date(start), .date(end)])
        let database = try PredicateTestDatabase()
        let plan = try database.queryPlan("SELECT \"Z_PK\" FROM \"Entry\" AS \"t0\" WHERE \(fragment.sql)")
        #expect(
            plan.contains { $0.contains("INDEX EntryCreationTime (ZCREATIONTIME>? AND ZCREATIONTIME<?)") }, "\(plan)")
    }

    @Test func plainPrefixSearchUsesAnIndex() throws {
        let fragment = try FetchPredicate(format: "name BEGINSWITH 'Be'").sqlFragment(
            entityName: "Tag", alias: "t0", schema: schema)
        let database = try PredicateTestDatabase()
        let plan = try database.queryPlan("SELECT \"Z_PK\" FROM \"Tag\" AS \"t0\" WHERE \(fragment.sql)")
        #expect(plan.contains { $0.contains("INDEX TagName (ZNAME>? AND ZNAME<?)") }, "\(plan)")
        #expect(
            try database.fetch(FetchPredicate(format: "name BEGINSWITH 'Be' OR name BEGINSWITH ''"), entity: "Tag")
                == ["t1", "t2", "t3", "t4", "t5"])
        #expect(try database.fetch(FetchPredicate(format: "name BEGINSWITH 'Ä'"), entity: "Tag") == ["t4"])
    }

    @Test func valuesAreBoundInTheColumnEncodings() throws {
        let database = try PredicateTestDatabase()
        let uuid = UUID()
        let date = Date(timeIntervalSinceReferenceDate: 1_500.5)
        let statement = try database.connection.statement(
            "SELECT typeof(?1), ?1, typeof(?2), ?2, ?3, typeof(?4), ?5, typeof(?6), length(?6), typeof(?7)")
        let id = ObjectID.permanent(entityName: "Entry", storeIdentifier: UUID(), primaryKey: 42)
        let values: [PredicateValue] = [
            .date(date), .uuid(uuid), .bool(true), .null, .object(id), .data(Data()), .double(2)
        ]
        for (offset, value) in values.enumerated() { try statement.bind(value, at: Int32(offset + 1)) }
        #expect(try statement.step())
        #expect(statement.text(0) == "real")
        #expect(statement.double(1) == 1_500.5)
        #expect(statement.text(2) == "text")
        #expect(statement.text(3) == uuid.uuidString)
        #expect(statement.int64(4) == 1)
        #expect(statement.text(5) == "null")
        #expect(statement.int64(6) == 42)
        #expect(statement.text(7) == "blob")
        #expect(statement.int64(8) == 0)
        #expect(statement.text(9) == "real")
    }

    @Test func refusesWhatItCannotCompile() throws {
        let temporary = ObjectID.temporary(entityName: "Entry")
        #expect(throws: PredicateSQLError.temporaryObject(temporary)) {
            try FetchPredicate(format: "previous == %@", temporary).sqlFragment(
                entityName: "Entry", alias: "t0", schema: schema)
        }
        #expect(throws: PredicateSQLError.unknownKey("colour", entity: "Entry")) {
            try FetchPredicate(format: "previous.colour == 1").sqlFragment(
                entityName: "Entry", alias: "t0", schema: schema)
        }
        #expect(throws: PredicateSQLError.notARelationship("text", entity: "Entry")) {
            try FetchPredicate(format: "text.length == 1").sqlFragment(entityName: "Entry", alias: "t0", schema: schema)
        }
        #expect(throws: PredicateSQLError.unknownEntity("Diary")) {
            try FetchPredicate(format: "TRUEPREDICATE").sqlFragment(entityName: "Diary", alias: "t0", schema: schema)
        }
        #expect(throws: PredicateSQLError.unresolvedVariable("MIN")) {
            try FetchPredicate(format: "rating > $MIN").sqlFragment(entityName: "Entry", alias: "t0", schema: schema)
        }
        #expect(throws: PredicateSQLError.invalidRegularExpression("(")) {
            try FetchPredicate(format: "text MATCHES '('").sqlFragment(entityName: "Entry", alias: "t0", schema: schema)
        }
        #expect(PredicateSQLError.temporaryObject(temporary).description.contains("save first"))
    }

    @Test func registeredFunctionsFoldLikeTheEvaluator() throws {
        let database = try PredicateTestDatabase()
        var statement: OpaquePointer?
        #expect(
            sqlite3_prepare_v2(
                database.db,
                "SELECT og_fold('Straße Ärger', 3), og_fold(5, 3), og_like('Crème', 'cr?me', 3), og_matches('abc', '(', 0)",
                -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        #expect(sqlite3_step(statement) == SQLITE_ERROR)
        #expect(String(cString: sqlite3_errmsg(database.db)).contains("invalid regular expression"))
        sqlite3_finalize(statement)
        statement = nil
        #expect(
            sqlite3_prepare_v2(
                database.db, "SELECT og_fold('Straße Ärger', 3), og_fold(5, 3), og_like('Crème', 'cr?me', 3)", -1,
                &statement, nil) == SQLITE_OK)
        #expect(sqlite3_step(statement) == SQLITE_ROW)
        #expect(
            String(cString: sqlite3_column_text(statement, 0))
                == PredicateTextMatching.fold("Straße Ärger", [.caseInsensitive, .diacriticInsensitive]))
        #expect(sqlite3_column_type(statement, 1) == SQLITE_INTEGER)
        #expect(sqlite3_column_int64(statement, 2) == 1)
    }
}
