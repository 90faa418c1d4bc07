import Foundation

// Full-text search in the SQLite store.
//
// Each table whose entities have searchable string attributes gets a contentless FTS5 table
// `Z_FTS_<table>` (columns `c0`, `c1`… one per searchable column, rowid = `Z_PK`, tokenizer
// `og_words <version>`, see `SQLiteFullTextTokenizer`) and three triggers that insert, delete and replace a row's
// words whenever the row is written. The triggers run inside the statement that writes the
// row, so the index is always in step with the save transaction, and there is no copy of the
// text (the table holds it). A store opened without the index (made before the attribute was
// searchable, or before this code), or with an index of another tokenizer (`unicode61
// remove_diacritics 2` before December 2026, which did not fold `ß`, `Ł` or `Ø`), gets it
// built from the rows when it is opened.
//
// Runs of characters (`FullTextSearch.matchesSubstrings`) are found by `LIKE` over the
// columns themselves: an FTS5 `trigram` index beside the word index, tried in December 2026,
// made inserting 100,000 rows of short text 3.4 times slower.

extension SQLiteStore {
    /// The full-text index of one table.
    struct FullTextIndex {
        var table: String
        /// The searchable columns of the table; column `i` of the index is `c<i>`.
        var columns: [String]
        var name: String { "Z_FTS_\(table)" }

        func indexColumn(of column: String) -> String? {
            columns.firstIndex(of: column).map { "c\($0)" }
        }

        /// The index table and its three triggers, each with the SQL that made it (as SQLite
        /// keeps it in `sqlite_master`), to tell a current index from a stale one.
        var schemaObjects: [(name: String, sql: String, isTrigger: Bool)] {
            let statements = createStatements
            return [
                (name, statements[0], false), (name + "_insert", statements[1], true),
                (name + "_delete", statements[2], true), (name + "_update", statements[3], true)
            ]
        }

        /// The statements creating the index and its triggers.
        var createStatements: [String] {
            let indexColumns = columns.indices.map { "c\($0)" }
            let names = indexColumns.joined(separator: ", ")
            let fts = quote(name), source = quote(table)
            let new = columns.map { "new.\(quote($0))" }.joined(separator: ", ")
            let old = columns.map { "old.\(quote($0))" }.joined(separator: ", ")
            let insert = "INSERT INTO \(fts) (rowid, \(names)) VALUES (new.\"Z_PK\", \(new));"
            // Rows are written whole: only a changed text re-indexes the row.
            let changed = columns.map { "old.\(quote($0)) IS NOT new.\(quote($0))" }.joined(separator: " OR ")
            let delete = "INSERT INTO \(fts) (\(fts), rowid, \(names)) VALUES ('delete', old.\"Z_PK\", \(old));"
            return [
                "CREATE VIRTUAL TABLE \(fts) USING fts5(\(names), content='', tokenize='\(SQLiteFullTextTokenizer.option)')",
                "CREATE TRIGGER \(quote(name + "_insert")) AFTER INSERT ON \(source) BEGIN \(insert) END",
                "CREATE TRIGGER \(quote(name + "_delete")) AFTER DELETE ON \(source) BEGIN \(delete) END",
                "CREATE TRIGGER \(quote(name + "_update")) AFTER UPDATE OF \(columns.map(quote).joined(separator: ", "))"
                    + " ON \(source) WHEN \(changed) BEGIN \(delete) \(insert) END",
                "INSERT INTO \(fts) (rowid, \(names)) SELECT \"Z_PK\", \(columns.map(quote).joined(separator: ", "))"
                    + " FROM \(source)"
            ]
        }
    }

    /// The full-text indexes the model asks for, by table.
    static func fullTextIndexes(schema: SQLiteSchema, model: ManagedObjectModel) -> [String: FullTextIndex] {
        var indexes: [String: FullTextIndex] = [:]
        for entity in model.entities {
            guard let layout = schema.layout(of: entity) else { continue }
            for (index, attribute) in entity.allAttributes.enumerated()
            where attribute.isSearchable && attribute.type == .string {
                guard let column = layout.attributeColumns[index] else { continue }
                var fullText = indexes[layout.table] ?? FullTextIndex(table: layout.table, columns: [])
                if !fullText.columns.contains(column) { fullText.columns.append(column) }
                indexes[layout.table] = fullText
            }
        }
        return indexes
    }

    /// Creates (and fills from the rows) every full-text index the store lacks or holds in a
    /// stale form, in one write transaction; a store whose indexes all match is only read.
    /// Stale means the index or one of its triggers is missing or was made for other columns
    /// or another tokenizer (or version of it):
    /// a migration rebuilds the tables (dropping their triggers) and may change which
    /// attributes are searchable, and an index that stopped following its table would
    /// silently miss new text.
    /// - Throws: ``SQLiteError`` when SQLite fails (for example without FTS5).
    static func createMissingFullTextIndexes(_ indexes: [String: FullTextIndex], connection: SQLiteConnection) throws {
        func stale() throws -> [FullTextIndex] {
            try indexes.values.sorted { $0.table < $1.table }.filter { index in
                let expected = index.schemaObjects
                let statement = try connection.statement(
                    "SELECT \"name\", \"sql\" FROM sqlite_master WHERE \"name\" IN (?, ?, ?, ?)")
                defer { statement.reset() }
                for (offset, object) in expected.enumerated() { try statement.bind(object.name, at: Int32(offset + 1)) }
                var found: [String: String] = [:]
                while try statement.step() { found[statement.text(0)] = statement.text(1) }
                return expected.contains { found[$0.name] != $0.sql }
            }
        }
        guard try !stale().isEmpty else { return }
        try connection.transaction {
            // Again inside the transaction: another process may have built them meanwhile.
            for index in try stale() {
                for object in index.schemaObjects.reversed() {
                    try connection.execute(
                        "DROP \(object.isTrigger ? "TRIGGER" : "TABLE") IF EXISTS \(quote(object.name))")
                }
                for statement in index.createStatements { try connection.execute(statement) }
            }
        }
    }

    /// The SQL condition of `search` and the strings to bind: `t0."Z_PK" IN (SELECT rowid FROM
    /// "Z_FTS_…" WHERE "Z_FTS_…" MATCH ?)` with `{c0 c1} : ("word" AND "other")` for its words
    /// and phrases, and for each literal term (``FullTextSearch/matchesSubstrings``)
    /// `column LIKE ?` over the columns (SQLite's `LIKE` ignores the case of ASCII letters
    /// only), or the word index for a plain word; `0` and nothing to bind for a search
    /// of nothing.
    /// - Throws: ``FetchRequestError`` for attributes that are not searchable.
    func fullTextCondition(_ search: FullTextSearch, entity: EntityDescription) throws -> (String, [String]) {
        let attributes = try search.searchedAttributes(of: entity)
        guard let layout = schema.layout(of: entity), let index = fullTextIndexes[layout.table] else {
            throw FetchRequestError.nothingSearchable(entity: entity.name)
        }
        let tableColumns = attributes.compactMap { attribute in
            entity.attributeIndexes[attribute.name].flatMap { layout.attributeColumns[$0] }
        }
        let columns = tableColumns.compactMap(index.indexColumn)
        guard !columns.isEmpty else { return ("0", []) }
        let scope = "{\(columns.joined(separator: " "))} : "
        let fts = quote(index.name)
        let matching = "t0.\"Z_PK\" IN (SELECT rowid FROM \(fts) WHERE \(fts) MATCH ?)"
        var conditions: [String] = []
        var bindings: [String] = []
        if let query = search.ftsQuery {
            conditions.append(matching)
            bindings.append(scope + "(\(query))")
        }
        for term in search.literalTerms {
            var either: [String] = []
            if let word = term.word {
                either.append(matching)
                bindings.append(scope + "(\(FullTextSearch.ftsString([word], prefix: search.matchesPrefixes)))")
            }
            // LIKE, with the term's own `%`, `_` and `\` escaped: 2.6 times faster than
            // `instr(lower(…), …)` over 100,000 rows (16 ms against 44), and as blind to case
            // outside ASCII.
            let pattern = "%" + Self.escapedForLike(term.text) + "%"
            for column in tableColumns {
                either.append("t0.\(quote(column)) LIKE ? ESCAPE '\\'")
                bindings.append(pattern)
            }
            conditions.append("(" + either.joined(separator: " OR ") + ")")
        }
        guard !conditions.isEmpty else { return ("0", []) }
        return (conditions.joined(separator: " AND "), bindings)
    }

    /// `text` with `\`, `%` and `_` escaped by `\`, to stand for itself in a LIKE pattern.
    static func escapedForLike(_ text: String) -> String {
        // By scalars, as SQLite reads the pattern: a `\` with a combining mark is two to it.
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "%" || scalar == "_" { out.append("\\") }
            out.append(scalar)
        }
        return String(out)
    }
}
