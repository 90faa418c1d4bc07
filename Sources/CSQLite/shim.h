#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
/// SQLITE_STATIC, for symmetry.
static inline sqlite3_destructor_type csqlite_static(void) { return SQLITE_STATIC; }

/// The FTS5 API of connection `db` (to register a tokenizer), or NULL without FTS5. The
/// pointer-type tag must outlive the statement, which a Swift string passed in would not.
static inline fts5_api *csqlite_fts5_api(sqlite3 *db) {
    fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0) != SQLITE_OK) return 0;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
    sqlite3_finalize(statement);
    return api;
}

/// Tells connection `db` whether to leave the write-ahead log when it closes (`keep` 1), so a
/// closing writer does not sync the log and the database and unlink the log, or to checkpoint
/// and delete it as SQLite does by default (`keep` 0). sqlite3_db_config is variadic, which
/// Swift cannot call. Returns the setting now in force (1 keeps the log).
static inline int csqlite_keep_log_on_close(sqlite3 *db, int keep) {
    int now = -1;
    if (sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, keep, &now) != SQLITE_OK) return -1;
    return now;
}
#endif
