#ifndef STORE_CIPHER_H
#define STORE_CIPHER_H
/* PhotoDiary's encrypting SQLite VFS ("photodiary-cipher"), layered over the default "unix" VFS.

   Every page of a main database file and of its WAL is sealed with XChaCha20-Poly1305 (libsodium,
   IETF, detached) under a page key derived from the store's data key: a fresh random 24-byte
   nonce and the 16-byte tag live in the page's 40 reserved bytes; the page number is associated
   data, so pages cannot be swapped; a rollback journal's page records are sealed alike. Page 1 keeps bytes 16..23 (page size, versions, reserve) in
   the clear and puts a magic and a key-check value in bytes 0..15; bytes 0..23 are associated
   data. The shared-memory index carries no page content and is not encrypted. Temporary files are
   refused (an encrypted connection keeps temp storage in memory); memory maps are refused (they would bypass xRead).

   A key reaches the VFS through a registry: storecipher_add_key() copies it (derived) and returns
   a handle, the database is opened with the URI parameter pdkey=<handle> (the handle, never the
   key), and storecipher_remove_key() zeroes the registry's copy once the file is open. Key copies
   live in libsodium's guarded memory (sodium_malloc: locked, not dumped, zeroed on release). A WAL file
   finds its key through its main database file. libsodium must have been initialised first. */
#include <stddef.h>
#include <stdint.h>

/// The VFS's name, for sqlite3_open_v2 and URIs.
#define STORECIPHER_VFS_NAME "photodiary-cipher"
/// The bytes reserved at the end of every page of an encrypted database.
#define STORECIPHER_RESERVE_BYTES 40

/// What went wrong reading an encrypted file (see storecipher_take_failure).
enum {
    STORECIPHER_OK = 0,
    /// A page failed authentication.
    STORECIPHER_DAMAGED = 1,
    /// Page 1's key-check value is not the key's: the key is wrong.
    STORECIPHER_WRONG_KEY = 2,
    /// The file is a plain SQLite database.
    STORECIPHER_NOT_ENCRYPTED = 3,
};

/// What a database file holds, from its first 16 bytes (storecipher_probe).
enum {
    STORECIPHER_FILE_EMPTY = 0,
    STORECIPHER_FILE_PLAIN = 1,
    STORECIPHER_FILE_ENCRYPTED = 2,
    STORECIPHER_FILE_OTHER = 3,
};

/// Registers the VFS (once; not as the default). SQLITE_OK, or SQLite's code.
int storecipher_register(void);

/// Copies (derives the page keys from) the 32-byte data key into the registry; the handle to put
/// in the URI parameter pdkey, or 0 when the registry is full.
uint64_t storecipher_add_key(const unsigned char *key);
/// Zeroes and frees the registry's copy of the key of `handle`.
void storecipher_remove_key(uint64_t handle);

/* Every copy of derived keys (the registry's, an open file's, one call's) lives in libsodium's
   guarded memory: locked against swapping, left out of core dumps, zeroed when released. The
   two queries below are for tests of that. */

/// Where the registry keeps the derived keys of `handle` (NULL when it holds none), and in
/// `*length` how many bytes they take. The registry's memory stays mapped for the process's life,
/// so the bytes can still be read once the key is removed (they are then zeros).
const void *storecipher_registered_key_memory(uint64_t handle, size_t *length);
/// The derived keys the main database file of the open SQLite connection `connection` (a
/// `sqlite3 *`) holds, or NULL when it is not an encrypted one; their size in `*length`.
const void *storecipher_file_key_memory(void *connection, size_t *length);

/// The last failure this thread met reading an encrypted file (STORECIPHER_*), with the page
/// number and the file's path (NUL-terminated, cut to `path_capacity`); clears it.
int storecipher_take_failure(uint32_t *page, char *path, size_t path_capacity);

/// STORECIPHER_FILE_* for the file at `path` (a missing file is EMPTY), or -errno.
int storecipher_probe(const char *path);

/// Checks every page of the database at `path` and of its WAL (frames of the current log only;
/// a torn last frame left by a crash is not damage) under the data key `key`. On success returns
/// STORECIPHER_OK and `*pages` (free with storecipher_free) holds `*count` sorted page numbers that
/// fail authentication; STORECIPHER_WRONG_KEY or STORECIPHER_NOT_ENCRYPTED, or -errno.
int storecipher_damaged_pages(const char *path, const unsigned char *key, uint32_t **pages, size_t *count);

/// Frees what storecipher_damaged_pages returned.
void storecipher_free(void *pointer);

/// For benchmarks: seals `count` pages of `page_size` bytes from `in` to `out` as database pages
/// 2, 3, … and opens them again in place; 0 when every page authenticated.
int storecipher_benchmark_pages(const unsigned char *key, const unsigned char *in, unsigned char *out,
                                int page_size, int count, int open_too);
/// What storecipher_check_log found in a database's write-ahead log.
typedef struct {
    /// 1 when SQLite's recovery would drop frames that were committed: a frame fails its checksum
    /// (or, encrypted, its authentication) or carries another log's salt while it checks, and a
    /// commit follows it, or the shared-memory index says it was committed, or (no index) it is
    /// itself a commit; or the log's header fails while its frames are there.
    int damaged;
    /// The whole frames of the current log that were looked at.
    uint32_t frames;
    /// The first damaged frame, from 1; 0 for the log's header.
    uint32_t first_damaged_frame;
    /// 1 when that frame is a commit frame.
    uint32_t damaged_frame_commits;
    /// The commits after it that check (what recovery would drop with it).
    uint32_t later_commits;
    /// The length of the log up to its last whole commit before the damage (32, the header
    /// alone, when there is none; 0 when the header itself is damaged).
    int64_t whole_bytes;
} storecipher_log_report;
/// Reads the write-ahead log beside the database at `path` as SQLite's recovery would, before
/// SQLite does, to find damage that recovery would silently take for a crash's torn end. `key`
/// is the data key of an encrypted database (its frames are opened to be summed), NULL for a
/// plain one. A log another process has open (it holds the shared-memory lock) is not judged.
/// Never call it while this process has the database open: closing its own descriptor of the
/// shared-memory file would drop SQLite's locks on it. 0; STORECIPHER_WRONG_KEY when `key` is not the
/// database's (nothing is judged); or -errno.
int storecipher_check_log(const char *path, const unsigned char *key, storecipher_log_report *report);
#endif
