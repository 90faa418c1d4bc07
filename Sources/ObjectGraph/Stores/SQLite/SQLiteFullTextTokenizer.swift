internal import CSQLite

/// The FTS5 tokenizer of the SQLite store's full-text indexes, `og_words`: it cuts and folds
/// text with ``FullTextWords``, the rule the query and the in-memory evaluation use too. FTS5's
/// own `unicode61 remove_diacritics 2` leaves `ß`, `Ł` and `Ø` as they are, so an index made
/// with it missed `Straße` for `strasse` and `Łódź` for `lodz`.
///
/// A tokenizer belongs to one connection: every connection that writes a row of an indexed
/// table (whose triggers feed the index) or reads the index must register it first. A tool
/// that does not (the `sqlite3` shell) can still read the tables, but a write that touches the
/// index fails with "no such tokenizer" instead of leaving the index behind.
package enum SQLiteFullTextTokenizer {
    /// The name the tokenizer is registered under.
    package static let name = "og_words"

    /// The `tokenize` option of an index: the name and the version of the cutting and folding
    /// (an argument the tokenizer accepts whatever it is, so that an index of an earlier
    /// version can still be dropped and rebuilt).
    static var option: String { "\(name) \(FullTextWords.version)" }

    /// Registers the tokenizer on connection `db`.
    /// - Throws: ``SQLiteError`` when this SQLite has no FTS5 or refuses the tokenizer.
    package static func register(on db: OpaquePointer) throws(SQLiteError) {
        guard let api = csqlite_fts5_api(db), api.pointee.iVersion >= 2,
            let createTokenizer = api.pointee.xCreateTokenizer
        else {
            throw SQLiteError(
                extendedResultCode: SQLITE_ERROR, message: "this SQLite has no FTS5", sql: "SELECT fts5(?1)")
        }
        var tokenizer = fts5_tokenizer(
            xCreate: { context, _, _, tokenizer in
                // The tokenizer keeps no state; FTS5 wants a non-null handle, and gets the
                // (never dereferenced) registration context back.
                tokenizer?.pointee = OpaquePointer(context)
                return SQLITE_OK
            },
            xDelete: { _ in },
            xTokenize: { _, context, _, text, length, emit in
                guard let emit else { return SQLITE_MISUSE }
                guard let text, length > 0 else { return SQLITE_OK }
                let bytes = UnsafeBufferPointer(
                    start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self),
                    count: Int(length))
                var code = SQLITE_OK
                FullTextWords.forEachWord(in: bytes) { word, range in
                    code = word.withMemoryRebound(to: CChar.self) { token in
                        emit(
                            context, 0, token.baseAddress, Int32(token.count),
                            Int32(range.lowerBound), Int32(range.upperBound))
                    }
                    return code == SQLITE_OK
                }
                return code
            })
        // FTS5 copies the tokenizer's functions; the context only has to outlive the connection.
        let code = createTokenizer(api, name, UnsafeMutableRawPointer(api), &tokenizer, nil)
        guard code == SQLITE_OK else { throw SQLiteError(connection: db, code: code, sql: nil) }
    }
}
