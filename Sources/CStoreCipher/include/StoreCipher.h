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
   key), and storecipher_remove_key() zeroes the registry's copy once the file is open. A WAL file
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
#endif
