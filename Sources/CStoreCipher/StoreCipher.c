/* The encrypting VFS: see StoreCipher.h for the layout. libsodium's functions come from
   CDeferredLibraries' forwarders (libsodium is opened on first use); this file only runs them
   for a connection opened with a key, so a plain store never loads the library. */
#include "StoreCipher.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sodium.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SC_NONCE_BYTES 24
#define SC_TAG_BYTES 16
#define SC_CHECK_BYTES 8
#define SC_WAL_HEADER 32
#define SC_FRAME_HEADER 24

static const unsigned char sc_magic[8] = {'P', 'D', 'c', 'r', 'y', 'p', 't', '1'};
static const unsigned char sqlite_magic[16] = "SQLite format 3";

/// The keys one encrypted database uses, derived from its data key.
typedef struct {
    unsigned char page[crypto_aead_xchacha20poly1305_ietf_KEYBYTES];
    unsigned char check[SC_CHECK_BYTES];
} sc_keys;

static int sc_derive(const unsigned char *key, sc_keys *out) {
    unsigned char check_key[32], check[16];
    static const char label[] = "PhotoDiary page key check, version 1";
    if (crypto_kdf_derive_from_key(out->page, sizeof out->page, 1, "pdpages_", key) != 0) return -1;
    if (crypto_kdf_derive_from_key(check_key, sizeof check_key, 2, "pdpages_", key) != 0) return -1;
    int rc = crypto_generichash(check, sizeof check, (const unsigned char *)label, sizeof label - 1, check_key,
                                sizeof check_key);
    memcpy(out->check, check, SC_CHECK_BYTES);
    sodium_memzero(check_key, sizeof check_key);
    sodium_memzero(check, sizeof check);
    return rc;
}

/* MARK: key memory */

/* Every copy of derived keys this file keeps, in the registry, in an open file or for the length
   of one call, lives in libsodium's guarded memory (sodium_malloc): pages of its own, locked
   against swapping (mlock; a failed lock, e.g. under a low RLIMIT_MEMLOCK, leaves them usable),
   left out of core dumps (MADV_DONTDUMP), between inaccessible guard pages, and zeroed by
   sodium_free. sizeof(sc_keys) is a multiple of 8, so the block is aligned for it. */

/// New key memory, or NULL when none can be had.
static sc_keys *sc_keys_new(void) {
    return sodium_malloc(sizeof(sc_keys));
}

/// Zeroes, unlocks and frees key memory from sc_keys_new (NULL does nothing).
static void sc_keys_free(sc_keys *keys) {
    if (keys != NULL) sodium_free(keys);
}

/* MARK: the key registry */

#define SC_SLOTS 64
typedef struct {
    uint64_t handle;
    sc_keys keys;
} sc_slot;
/// The registry: SC_SLOTS slots in guarded memory, made by the first storecipher_add_key and kept
/// for the process's life (a free slot is all zeros).
static sc_slot *sc_slots;
static uint64_t sc_next_handle = 1;
static pthread_mutex_t sc_slots_lock = PTHREAD_MUTEX_INITIALIZER;

uint64_t storecipher_add_key(const unsigned char *key) {
    uint64_t handle = 0;
    pthread_mutex_lock(&sc_slots_lock);
    if (sc_slots == NULL) {
        sc_slots = sodium_malloc(SC_SLOTS * sizeof *sc_slots);
        if (sc_slots != NULL) memset(sc_slots, 0, SC_SLOTS * sizeof *sc_slots);
    }
    for (int i = 0; sc_slots != NULL && i < SC_SLOTS; i++) {
        if (sc_slots[i].handle != 0) continue;
        // Derived straight into the slot: no copy of the keys is left elsewhere.
        if (sc_derive(key, &sc_slots[i].keys) != 0) {
            sodium_memzero(&sc_slots[i], sizeof sc_slots[i]);
            break;
        }
        handle = sc_next_handle++;
        sc_slots[i].handle = handle;
        break;
    }
    pthread_mutex_unlock(&sc_slots_lock);
    return handle;
}

void storecipher_remove_key(uint64_t handle) {
    if (handle == 0) return;
    pthread_mutex_lock(&sc_slots_lock);
    for (int i = 0; sc_slots != NULL && i < SC_SLOTS; i++) {
        if (sc_slots[i].handle != handle) continue;
        sodium_memzero(&sc_slots[i], sizeof sc_slots[i]);
    }
    pthread_mutex_unlock(&sc_slots_lock);
}

const void *storecipher_registered_key_memory(uint64_t handle, size_t *length) {
    const void *found = NULL;
    *length = sizeof(sc_keys);
    pthread_mutex_lock(&sc_slots_lock);
    for (int i = 0; handle != 0 && sc_slots != NULL && i < SC_SLOTS && found == NULL; i++) {
        if (sc_slots[i].handle == handle) found = &sc_slots[i].keys;
    }
    pthread_mutex_unlock(&sc_slots_lock);
    return found;
}

static int sc_lookup(uint64_t handle, sc_keys *out) {
    int found = 0;
    pthread_mutex_lock(&sc_slots_lock);
    for (int i = 0; sc_slots != NULL && i < SC_SLOTS && !found; i++) {
        if (handle != 0 && sc_slots[i].handle == handle) {
            *out = sc_slots[i].keys;
            found = 1;
        }
    }
    pthread_mutex_unlock(&sc_slots_lock);
    return found;
}

/* MARK: sealing and opening one page */

static void sc_put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24), p[1] = (unsigned char)(v >> 16), p[2] = (unsigned char)(v >> 8),
    p[3] = (unsigned char)v;
}
static uint32_t sc_get32(const unsigned char *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

/// The page size recorded in a page 1 header (bytes 16..17), or 0 when it is no valid one.
static int sc_header_page_size(const unsigned char *header) {
    int size = (header[16] << 8) | header[17];
    if (size == 1) size = 65536;
    if (size < 512 || size > 65536 || (size & (size - 1)) != 0) return 0;
    return size;
}

/// Seals page `pgno` (`size` bytes) from `in` into `out`: -1 when a page 1 does not reserve the
/// bytes the nonce and tag need.
static int sc_seal(const sc_keys *keys, uint32_t pgno, const unsigned char *in, unsigned char *out, int size) {
    const int usable = size - STORECIPHER_RESERVE_BYTES;
    unsigned char ad[4 + 24];
    size_t ad_length = 4, start = 0;
    sc_put32(ad, pgno);
    if (pgno == 1) {
        if (in[20] != STORECIPHER_RESERVE_BYTES) return -1;
        memcpy(out, sc_magic, sizeof sc_magic);
        memcpy(out + 8, keys->check, SC_CHECK_BYTES);
        memcpy(out + 16, in + 16, 8);
        memcpy(ad + 4, out, 24);
        ad_length += 24;
        start = 24;
    }
    unsigned char *nonce = out + usable, *tag = nonce + SC_NONCE_BYTES;
    randombytes_buf(nonce, SC_NONCE_BYTES);
    return crypto_aead_xchacha20poly1305_ietf_encrypt_detached(out + start, tag, NULL, in + start,
                                                               (unsigned long long)(usable - start), ad, ad_length,
                                                               NULL, nonce, keys->page) == 0 ? 0 : -1;
}

/// Opens page `pgno` in place: STORECIPHER_OK, or what is wrong with it.
static int sc_open(const sc_keys *keys, uint32_t pgno, unsigned char *page, int size) {
    const int usable = size - STORECIPHER_RESERVE_BYTES;
    unsigned char ad[4 + 24];
    size_t ad_length = 4, start = 0;
    sc_put32(ad, pgno);
    if (pgno == 1) {
        if (memcmp(page, sc_magic, sizeof sc_magic) != 0) {
            return memcmp(page, sqlite_magic, sizeof sqlite_magic) == 0 ? STORECIPHER_NOT_ENCRYPTED : STORECIPHER_DAMAGED;
        }
        if (sodium_memcmp(page + 8, keys->check, SC_CHECK_BYTES) != 0) return STORECIPHER_WRONG_KEY;
        if (page[20] != STORECIPHER_RESERVE_BYTES || sc_header_page_size(page) != size) return STORECIPHER_DAMAGED;
        memcpy(ad + 4, page, 24);
        ad_length += 24;
        start = 24;
    }
    const unsigned char *nonce = page + usable, *tag = nonce + SC_NONCE_BYTES;
    if (crypto_aead_xchacha20poly1305_ietf_decrypt_detached(page + start, NULL, page + start,
                                                            (unsigned long long)(usable - start), tag, ad, ad_length,
                                                            nonce, keys->page) != 0) {
        return STORECIPHER_DAMAGED;
    }
    if (pgno == 1) memcpy(page, sqlite_magic, sizeof sqlite_magic);
    // SQLite checksums every WAL frame over the whole page as it hands it over, reserved bytes
    // included, and checks the sums when it recovers the log after a crash. Those bytes hold
    // this page's nonce and tag on disk, which the next seal replaces: left in the page, the sum
    // a writer took over the old ones never matched what recovery read back, so recovery
    // ended the log at its first frame and every commit in it was lost. Opened pages always
    // show zeros there (and new pages start zeroed), so a frame reads back as it was summed.
    sodium_memzero(page + usable, STORECIPHER_RESERVE_BYTES);
    return STORECIPHER_OK;
}

/* MARK: the last failure, per thread */

static _Thread_local struct {
    int kind;
    uint32_t page;
    char path[4096];
} sc_failure;

static int sc_fail(const char *path, int kind, uint32_t page) {
    sc_failure.kind = kind;
    sc_failure.page = page;
    snprintf(sc_failure.path, sizeof sc_failure.path, "%s", path != NULL ? path : "");
    return SQLITE_IOERR_DATA;
}

int storecipher_take_failure(uint32_t *page, char *path, size_t path_capacity) {
    int kind = sc_failure.kind;
    *page = sc_failure.page;
    if (path_capacity > 0) snprintf(path, path_capacity, "%s", sc_failure.path);
    sc_failure.kind = STORECIPHER_OK;
    return kind;
}

/* MARK: the files */

enum { SC_PLAIN = 0, SC_MAIN = 1, SC_WAL = 2, SC_JOURNAL = 3 };

typedef struct sc_file sc_file;
struct sc_file {
    sqlite3_file base;
    int kind;
    /// The main database file's: its keys (key memory, see sc_keys_new; NULL for other files)
    /// and page size (0 until known). A WAL or journal uses its main's.
    sc_keys *keys;
    int page_size;
    sc_file *main;
    const char *name;
    unsigned char *scratch;
    int scratch_size;
    sqlite3_file *real;
};

static sqlite3_vfs *sc_unix;

static unsigned char *sc_scratch(sc_file *file, int size) {
    if (file->scratch_size < size) {
        unsigned char *bigger = sqlite3_realloc(file->scratch, size);
        if (bigger == NULL) return NULL;
        file->scratch = bigger;
        file->scratch_size = size;
    }
    return file->scratch;
}

static int sc_close(sqlite3_file *base) {
    sc_file *file = (sc_file *)base;
    int rc = file->real->pMethods->xClose(file->real);
    sc_keys_free(file->keys);
    file->keys = NULL;
    if (file->scratch != NULL) {
        sodium_memzero(file->scratch, (size_t)file->scratch_size);
        sqlite3_free(file->scratch);
    }
    file->scratch = NULL;
    return rc;
}

/// Learns the main file's page size from its raw page 1 header when it is not known yet.
static int sc_main_page_size(sc_file *file, int *size) {
    if (file->page_size == 0) {
        unsigned char header[24];
        int rc = file->real->pMethods->xRead(file->real, header, sizeof header, 0);
        if (rc != SQLITE_OK) return rc;
        if (memcmp(header, sc_magic, sizeof sc_magic) != 0) {
            return sc_fail(file->name, memcmp(header, sqlite_magic, sizeof sqlite_magic) == 0
                                           ? STORECIPHER_NOT_ENCRYPTED : STORECIPHER_DAMAGED, 1);
        }
        if (sodium_memcmp(header + 8, file->keys->check, SC_CHECK_BYTES) != 0) {
            return sc_fail(file->name, STORECIPHER_WRONG_KEY, 1);
        }
        int found = sc_header_page_size(header);
        if (found == 0) return sc_fail(file->name, STORECIPHER_DAMAGED, 1);
        file->page_size = found;
    }
    *size = file->page_size;
    return SQLITE_OK;
}

static int sc_read_main(sc_file *file, unsigned char *buffer, int amount, sqlite3_int64 offset) {
    int size = 0;
    int rc = sc_main_page_size(file, &size);
    if (rc == SQLITE_IOERR_SHORT_READ) {
        // An empty or new file: nothing is encrypted yet.
        return file->real->pMethods->xRead(file->real, buffer, amount, offset);
    }
    if (rc != SQLITE_OK) return rc;
    if (offset % size == 0 && amount % size == 0) {
        rc = file->real->pMethods->xRead(file->real, buffer, amount, offset);
        if (rc == SQLITE_IOERR_SHORT_READ) {
            memset(buffer, 0, (size_t)amount);
            return rc;
        }
        if (rc != SQLITE_OK) return rc;
        for (int done = 0; done < amount; done += size) {
            uint32_t pgno = (uint32_t)((offset + done) / size) + 1;
            int kind = sc_open(file->keys, pgno, buffer + done, size);
            if (kind != STORECIPHER_OK) return sc_fail(file->name, kind, pgno);
        }
        return SQLITE_OK;
    }
    if (offset / size != (offset + amount - 1) / size) return SQLITE_IOERR_READ;
    // Part of one page (the header SQLite reads when it opens the file): open the whole page.
    unsigned char *page = sc_scratch(file, size);
    if (page == NULL) return SQLITE_IOERR_NOMEM;
    sqlite3_int64 start = offset - offset % size;
    rc = file->real->pMethods->xRead(file->real, page, size, start);
    if (rc == SQLITE_IOERR_SHORT_READ) {
        memset(buffer, 0, (size_t)amount);
        return rc;
    }
    if (rc != SQLITE_OK) return rc;
    uint32_t pgno = (uint32_t)(start / size) + 1;
    int kind = sc_open(file->keys, pgno, page, size);
    if (kind != STORECIPHER_OK) return sc_fail(file->name, kind, pgno);
    memcpy(buffer, page + (offset - start), (size_t)amount);
    return SQLITE_OK;
}

static int sc_write_main(sc_file *file, const unsigned char *buffer, int amount, sqlite3_int64 offset) {
    int size = file->page_size;
    if (size == 0) {
        // A new file. Its first write is page 1 (whose header says the page size) unless the
        // transaction filling it outgrew the page cache, which then spills a page from the
        // middle first (a VACUUM INTO of a large store does): SQLite writes the main file a
        // page per call, so that call's length is the page size.
        size = offset == 0 ? sc_header_page_size(buffer) : amount;
        if (size < 512 || size > 65536 || (size & (size - 1)) != 0 || amount % size != 0) return SQLITE_IOERR_WRITE;
        file->page_size = size;
    }
    if (offset == 0 && sc_header_page_size(buffer) != size) return SQLITE_IOERR_WRITE;
    if (offset % size != 0 || amount % size != 0) return SQLITE_IOERR_WRITE;
    unsigned char *sealed = sc_scratch(file, size);
    if (sealed == NULL) return SQLITE_IOERR_NOMEM;
    for (int done = 0; done < amount; done += size) {
        uint32_t pgno = (uint32_t)((offset + done) / size) + 1;
        if (sc_seal(file->keys, pgno, buffer + done, sealed, size) != 0) return SQLITE_IOERR_WRITE;
        int rc = file->real->pMethods->xWrite(file->real, sealed, size, offset + done);
        if (rc != SQLITE_OK) return rc;
    }
    return SQLITE_OK;
}

/// The WAL's page size: its main file's, or the one in the WAL header.
static int sc_wal_page_size(sc_file *file) {
    if (file->main->page_size == 0) {
        unsigned char header[SC_WAL_HEADER];
        if (file->real->pMethods->xRead(file->real, header, sizeof header, 0) == SQLITE_OK) {
            int size = (int)sc_get32(header + 8);
            if (size >= 512 && size <= 65536 && (size & (size - 1)) == 0) file->main->page_size = size;
        }
    }
    return file->main->page_size;
}

static int sc_read_wal(sc_file *file, unsigned char *buffer, int amount, sqlite3_int64 offset) {
    int rc = file->real->pMethods->xRead(file->real, buffer, amount, offset);
    if (rc != SQLITE_OK) return rc;
    int size = sc_wal_page_size(file);
    if (size == 0 || offset < SC_WAL_HEADER) return SQLITE_OK;
    if (amount == size) {
        unsigned char number[4];
        rc = file->real->pMethods->xRead(file->real, number, sizeof number, offset - SC_FRAME_HEADER);
        if (rc != SQLITE_OK) return rc == SQLITE_IOERR_SHORT_READ ? SQLITE_IOERR_READ : rc;
        uint32_t pgno = sc_get32(number);
        int kind = pgno == 0 ? STORECIPHER_DAMAGED : sc_open(file->main->keys, pgno, buffer, size);
        if (kind != STORECIPHER_OK) return sc_fail(file->name, kind == STORECIPHER_WRONG_KEY ? kind : STORECIPHER_DAMAGED, pgno);
    } else if (amount == size + SC_FRAME_HEADER) {
        // A whole frame, read to recover the log or to rewrite its checksums: a frame that does
        // not authenticate (torn by a crash) is handed on zeroed, so SQLite's checksum ends the
        // log there as it would for a plain store. One that does reads back as SQLite summed it
        // (see sc_open: the reserved bytes are zeros).
        uint32_t pgno = sc_get32(buffer);
        if (pgno == 0 || sc_open(file->main->keys, pgno, buffer + SC_FRAME_HEADER, size) != STORECIPHER_OK) {
            memset(buffer + SC_FRAME_HEADER, 0, (size_t)size);
        }
    }
    return SQLITE_OK;
}

static int sc_write_wal(sc_file *file, const unsigned char *buffer, int amount, sqlite3_int64 offset) {
    if (offset == 0 && amount >= SC_WAL_HEADER && file->main->page_size == 0) {
        int size = (int)sc_get32(buffer + 8);
        if (size >= 512 && size <= 65536 && (size & (size - 1)) == 0) file->main->page_size = size;
    }
    int size = file->main->page_size;
    if (size == 0 || offset < SC_WAL_HEADER || (amount != size && amount != size + SC_FRAME_HEADER)) {
        if (amount >= 512) return SQLITE_IOERR_WRITE;  // page content must never pass unsealed
        return file->real->pMethods->xWrite(file->real, buffer, amount, offset);
    }
    unsigned char *sealed = sc_scratch(file, size + SC_FRAME_HEADER);
    if (sealed == NULL) return SQLITE_IOERR_NOMEM;
    uint32_t pgno;
    if (amount == size) {
        unsigned char number[4];
        int rc = file->real->pMethods->xRead(file->real, number, sizeof number, offset - SC_FRAME_HEADER);
        if (rc != SQLITE_OK) return SQLITE_IOERR_WRITE;
        pgno = sc_get32(number);
        if (pgno == 0 || sc_seal(file->main->keys, pgno, buffer, sealed, size) != 0) return SQLITE_IOERR_WRITE;
        return file->real->pMethods->xWrite(file->real, sealed, size, offset);
    }
    pgno = sc_get32(buffer);
    memcpy(sealed, buffer, SC_FRAME_HEADER);
    if (pgno == 0 || sc_seal(file->main->keys, pgno, buffer + SC_FRAME_HEADER, sealed + SC_FRAME_HEADER, size) != 0) {
        return SQLITE_IOERR_WRITE;
    }
    return file->real->pMethods->xWrite(file->real, sealed, amount, offset);
}

/// Whether a read or write of the rollback journal is a page record's content: a page's worth of
/// bytes 4 bytes after its page number (journal headers are page-sized too, but sector-aligned).
static int sc_is_journal_page(sc_file *file, int amount, sqlite3_int64 offset) {
    return file->main->page_size != 0 && amount == file->main->page_size && offset % 512 != 0 && offset >= 4;
}

static int sc_read_journal(sc_file *file, unsigned char *buffer, int amount, sqlite3_int64 offset) {
    int rc = file->real->pMethods->xRead(file->real, buffer, amount, offset);
    if (rc != SQLITE_OK || !sc_is_journal_page(file, amount, offset)) return rc;
    unsigned char number[4];
    rc = file->real->pMethods->xRead(file->real, number, sizeof number, offset - 4);
    if (rc != SQLITE_OK) return rc == SQLITE_IOERR_SHORT_READ ? SQLITE_IOERR_READ : rc;
    uint32_t pgno = sc_get32(number);
    int kind = pgno == 0 ? STORECIPHER_DAMAGED : sc_open(file->main->keys, pgno, buffer, amount);
    // A torn record after a crash: SQLite's checksum of the zeroed page ends the playback there.
    if (kind != STORECIPHER_OK) memset(buffer, 0, (size_t)amount);
    return SQLITE_OK;
}

static int sc_write_journal(sc_file *file, const unsigned char *buffer, int amount, sqlite3_int64 offset) {
    if (!sc_is_journal_page(file, amount, offset)) {
        if (amount >= 512 && offset % 512 != 0) return SQLITE_IOERR_WRITE;  // page content must never pass unsealed
        return file->real->pMethods->xWrite(file->real, buffer, amount, offset);
    }
    unsigned char number[4];
    int rc = file->real->pMethods->xRead(file->real, number, sizeof number, offset - 4);
    if (rc != SQLITE_OK) return SQLITE_IOERR_WRITE;
    uint32_t pgno = sc_get32(number);
    unsigned char *sealed = sc_scratch(file, amount);
    if (sealed == NULL) return SQLITE_IOERR_NOMEM;
    if (pgno == 0 || sc_seal(file->main->keys, pgno, buffer, sealed, amount) != 0) return SQLITE_IOERR_WRITE;
    return file->real->pMethods->xWrite(file->real, sealed, amount, offset);
}

static int sc_read(sqlite3_file *base, void *buffer, int amount, sqlite3_int64 offset) {
    sc_file *file = (sc_file *)base;
    switch (file->kind) {
    case SC_MAIN: return sc_read_main(file, buffer, amount, offset);
    case SC_WAL: return sc_read_wal(file, buffer, amount, offset);
    case SC_JOURNAL: return sc_read_journal(file, buffer, amount, offset);
    default: return file->real->pMethods->xRead(file->real, buffer, amount, offset);
    }
}

static int sc_write(sqlite3_file *base, const void *buffer, int amount, sqlite3_int64 offset) {
    sc_file *file = (sc_file *)base;
    switch (file->kind) {
    case SC_MAIN: return sc_write_main(file, buffer, amount, offset);
    case SC_WAL: return sc_write_wal(file, buffer, amount, offset);
    case SC_JOURNAL: return sc_write_journal(file, buffer, amount, offset);
    default: return file->real->pMethods->xWrite(file->real, buffer, amount, offset);
    }
}

#define REAL(base) (((sc_file *)(base))->real)
static int sc_truncate(sqlite3_file *b, sqlite3_int64 size) { return REAL(b)->pMethods->xTruncate(REAL(b), size); }
static int sc_sync(sqlite3_file *b, int flags) { return REAL(b)->pMethods->xSync(REAL(b), flags); }
static int sc_file_size(sqlite3_file *b, sqlite3_int64 *size) { return REAL(b)->pMethods->xFileSize(REAL(b), size); }
static int sc_lock(sqlite3_file *b, int level) { return REAL(b)->pMethods->xLock(REAL(b), level); }
static int sc_unlock(sqlite3_file *b, int level) { return REAL(b)->pMethods->xUnlock(REAL(b), level); }
static int sc_check_reserved(sqlite3_file *b, int *out) { return REAL(b)->pMethods->xCheckReservedLock(REAL(b), out); }
static int sc_file_control(sqlite3_file *b, int op, void *arg) {
    sc_file *file = (sc_file *)b;
    if (op == SQLITE_FCNTL_MMAP_SIZE && file->kind != SC_PLAIN) {
        // No memory map: mapped pages would reach SQLite without being opened.
        *(sqlite3_int64 *)arg = 0;
    }
    return REAL(b)->pMethods->xFileControl(REAL(b), op, arg);
}
static int sc_sector_size(sqlite3_file *b) { return REAL(b)->pMethods->xSectorSize(REAL(b)); }
static int sc_device(sqlite3_file *b) { return REAL(b)->pMethods->xDeviceCharacteristics(REAL(b)); }
static int sc_shm_map(sqlite3_file *b, int region, int size, int extend, void volatile **out) {
    return REAL(b)->pMethods->xShmMap(REAL(b), region, size, extend, out);
}
static int sc_shm_lock(sqlite3_file *b, int offset, int n, int flags) {
    return REAL(b)->pMethods->xShmLock(REAL(b), offset, n, flags);
}
static void sc_shm_barrier(sqlite3_file *b) { REAL(b)->pMethods->xShmBarrier(REAL(b)); }
static int sc_shm_unmap(sqlite3_file *b, int delete_flag) { return REAL(b)->pMethods->xShmUnmap(REAL(b), delete_flag); }
static int sc_fetch(sqlite3_file *b, sqlite3_int64 offset, int amount, void **out) {
    if (((sc_file *)b)->kind != SC_PLAIN) {
        *out = NULL;
        return SQLITE_OK;
    }
    return REAL(b)->pMethods->xFetch(REAL(b), offset, amount, out);
}
static int sc_unfetch(sqlite3_file *b, sqlite3_int64 offset, void *pointer) {
    if (((sc_file *)b)->kind != SC_PLAIN) return SQLITE_OK;
    return REAL(b)->pMethods->xUnfetch(REAL(b), offset, pointer);
}

static const sqlite3_io_methods sc_methods = {
    3, sc_close, sc_read, sc_write, sc_truncate, sc_sync, sc_file_size, sc_lock, sc_unlock, sc_check_reserved,
    sc_file_control, sc_sector_size, sc_device, sc_shm_map, sc_shm_lock, sc_shm_barrier, sc_shm_unmap, sc_fetch,
    sc_unfetch,
};

/* MARK: the VFS */

static int sc_vfs_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *base, int flags, int *out_flags) {
    (void)vfs;
    sc_file *file = (sc_file *)base;
    memset(file, 0, sizeof *file);
    file->real = (sqlite3_file *)(file + 1);
    file->name = name;
    if (flags & SQLITE_OPEN_MAIN_DB) {
        sqlite3_int64 handle = name != NULL ? sqlite3_uri_int64(name, "pdkey", 0) : 0;
        if (handle > 0) {
            file->keys = sc_keys_new();
            if (file->keys == NULL) return SQLITE_NOMEM;
            if (!sc_lookup((uint64_t)handle, file->keys)) {
                sc_keys_free(file->keys);
                file->keys = NULL;
                return SQLITE_CANTOPEN;
            }
            file->kind = SC_MAIN;
            file->main = file;
        }
    } else if (flags & (SQLITE_OPEN_WAL | SQLITE_OPEN_MAIN_JOURNAL)) {
        sqlite3_file *main = name != NULL ? sqlite3_database_file_object(name) : NULL;
        if (main != NULL && main->pMethods == &sc_methods && ((sc_file *)main)->kind == SC_MAIN) {
            file->kind = (flags & SQLITE_OPEN_WAL) ? SC_WAL : SC_JOURNAL;
            file->main = (sc_file *)main;
        }
    } else {
        // Temporary files would hold pages in the clear: an encrypted connection keeps temp
        // storage in memory, so none is needed.
        return SQLITE_CANTOPEN;
    }
    int rc = sc_unix->xOpen(sc_unix, name, file->real, flags, out_flags);
    if (rc != SQLITE_OK) {
        sc_keys_free(file->keys);
        file->keys = NULL;
        file->base.pMethods = NULL;
        return rc;
    }
    file->base.pMethods = &sc_methods;
    return SQLITE_OK;
}

const void *storecipher_file_key_memory(void *connection, size_t *length) {
    sqlite3_file *file = NULL;
    *length = sizeof(sc_keys);
    if (sqlite3_file_control((sqlite3 *)connection, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK) return NULL;
    if (file == NULL || file->pMethods != &sc_methods || ((sc_file *)file)->kind != SC_MAIN) return NULL;
    return ((sc_file *)file)->keys;
}

static int sc_vfs_delete(sqlite3_vfs *v, const char *name, int sync) {
    (void)v;
    return sc_unix->xDelete(sc_unix, name, sync);
}
static int sc_vfs_access(sqlite3_vfs *v, const char *name, int flags, int *out) {
    (void)v;
    return sc_unix->xAccess(sc_unix, name, flags, out);
}
static int sc_vfs_full_pathname(sqlite3_vfs *v, const char *name, int n, char *out) {
    (void)v;
    return sc_unix->xFullPathname(sc_unix, name, n, out);
}
static void *sc_vfs_dlopen(sqlite3_vfs *v, const char *name) {
    (void)v;
    return sc_unix->xDlOpen(sc_unix, name);
}
static void sc_vfs_dlerror(sqlite3_vfs *v, int n, char *out) {
    (void)v;
    sc_unix->xDlError(sc_unix, n, out);
}
static void (*sc_vfs_dlsym(sqlite3_vfs *v, void *handle, const char *symbol))(void) {
    (void)v;
    return sc_unix->xDlSym(sc_unix, handle, symbol);
}
static void sc_vfs_dlclose(sqlite3_vfs *v, void *handle) {
    (void)v;
    sc_unix->xDlClose(sc_unix, handle);
}
static int sc_vfs_randomness(sqlite3_vfs *v, int n, char *out) {
    (void)v;
    return sc_unix->xRandomness(sc_unix, n, out);
}
static int sc_vfs_sleep(sqlite3_vfs *v, int microseconds) {
    (void)v;
    return sc_unix->xSleep(sc_unix, microseconds);
}
static int sc_vfs_current_time(sqlite3_vfs *v, double *out) {
    (void)v;
    return sc_unix->xCurrentTime(sc_unix, out);
}
static int sc_vfs_last_error(sqlite3_vfs *v, int n, char *out) {
    (void)v;
    return sc_unix->xGetLastError(sc_unix, n, out);
}
static int sc_vfs_current_time64(sqlite3_vfs *v, sqlite3_int64 *out) {
    (void)v;
    return sc_unix->xCurrentTimeInt64(sc_unix, out);
}

static sqlite3_vfs sc_vfs;
static int sc_register_rc = SQLITE_ERROR;
static pthread_once_t sc_once = PTHREAD_ONCE_INIT;

static void sc_register_once(void) {
    sc_unix = sqlite3_vfs_find("unix");
    if (sc_unix == NULL) sc_unix = sqlite3_vfs_find(NULL);
    if (sc_unix == NULL) return;
    sc_vfs.iVersion = 2;
    sc_vfs.szOsFile = (int)sizeof(sc_file) + sc_unix->szOsFile;
    sc_vfs.mxPathname = sc_unix->mxPathname;
    sc_vfs.zName = STORECIPHER_VFS_NAME;
    sc_vfs.xOpen = sc_vfs_open;
    sc_vfs.xDelete = sc_vfs_delete;
    sc_vfs.xAccess = sc_vfs_access;
    sc_vfs.xFullPathname = sc_vfs_full_pathname;
    sc_vfs.xDlOpen = sc_vfs_dlopen;
    sc_vfs.xDlError = sc_vfs_dlerror;
    sc_vfs.xDlSym = sc_vfs_dlsym;
    sc_vfs.xDlClose = sc_vfs_dlclose;
    sc_vfs.xRandomness = sc_vfs_randomness;
    sc_vfs.xSleep = sc_vfs_sleep;
    sc_vfs.xCurrentTime = sc_vfs_current_time;
    sc_vfs.xGetLastError = sc_vfs_last_error;
    sc_vfs.xCurrentTimeInt64 = sc_vfs_current_time64;
    sc_register_rc = sqlite3_vfs_register(&sc_vfs, 0);
}

int storecipher_register(void) {
    pthread_once(&sc_once, sc_register_once);
    return sc_register_rc;
}

/* MARK: probing and checking files without SQLite */

/// A database file opened read-only through the "unix" VFS rather than with open(2): closing a
/// descriptor of a file drops every POSIX lock this process holds on it, SQLite's connections'
/// too, while the unix VFS keeps such a descriptor open until their locks go.
typedef struct {
    sqlite3_file *file;
    char *name;
} sc_raw;

static int sc_raw_open(const char *path, sc_raw *raw) {
    raw->file = NULL;
    raw->name = NULL;
    if (access(path, F_OK) != 0) return -errno;
    if (storecipher_register() != SQLITE_OK) return -EINVAL;
    size_t length = strlen(path);
    raw->name = calloc(1, length + 4);  // a file name SQLite may look past: NUL-terminated twice
    raw->file = calloc(1, (size_t)sc_unix->szOsFile);
    if (raw->name == NULL || raw->file == NULL) {
        free(raw->name);
        free(raw->file);
        return -ENOMEM;
    }
    memcpy(raw->name, path, length);
    int out = 0;
    int rc = sc_unix->xOpen(sc_unix, raw->name, raw->file, SQLITE_OPEN_READONLY | SQLITE_OPEN_MAIN_DB, &out);
    if (rc != SQLITE_OK) {
        int saved = errno;
        free(raw->name);
        free(raw->file);
        raw->file = NULL;
        return saved != 0 ? -saved : -EIO;
    }
    return 0;
}

/// Reads `amount` bytes at `offset`: 0, 1 when the file ends first, or -EIO.
static int sc_raw_read(sc_raw *raw, unsigned char *buffer, int amount, sqlite3_int64 offset) {
    int rc = raw->file->pMethods->xRead(raw->file, buffer, amount, offset);
    if (rc == SQLITE_OK) return 0;
    return rc == SQLITE_IOERR_SHORT_READ ? 1 : -EIO;
}

static void sc_raw_close(sc_raw *raw) {
    if (raw->file != NULL && raw->file->pMethods != NULL) raw->file->pMethods->xClose(raw->file);
    free(raw->file);
    free(raw->name);
}

int storecipher_probe(const char *path) {
    sc_raw raw;
    int rc = sc_raw_open(path, &raw);
    if (rc == -ENOENT) return STORECIPHER_FILE_EMPTY;
    if (rc != 0) return rc;
    unsigned char header[16];
    sqlite3_int64 size = 0;
    if (raw.file->pMethods->xFileSize(raw.file, &size) != SQLITE_OK) {
        sc_raw_close(&raw);
        return -EIO;
    }
    int read = size >= (sqlite3_int64)sizeof header ? sc_raw_read(&raw, header, sizeof header, 0) : 1;
    sc_raw_close(&raw);
    if (read < 0) return read;
    if (size == 0) return STORECIPHER_FILE_EMPTY;
    if (read == 1) return STORECIPHER_FILE_OTHER;
    if (memcmp(header, sc_magic, sizeof sc_magic) == 0) return STORECIPHER_FILE_ENCRYPTED;
    if (memcmp(header, sqlite_magic, sizeof sqlite_magic) == 0) return STORECIPHER_FILE_PLAIN;
    return STORECIPHER_FILE_OTHER;
}

typedef struct {
    uint32_t *pages;
    size_t count, capacity;
} sc_list;

static int sc_append(sc_list *list, uint32_t page) {
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 64;
        uint32_t *bigger = realloc(list->pages, capacity * sizeof *bigger);
        if (bigger == NULL) return -ENOMEM;
        list->pages = bigger;
        list->capacity = capacity;
    }
    list->pages[list->count++] = page;
    return 0;
}

static int sc_compare(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static int sc_pread_all(int fd, unsigned char *buffer, size_t amount, off_t offset) {
    size_t done = 0;
    while (done < amount) {
        ssize_t n = pread(fd, buffer + done, amount - done, offset + (off_t)done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -errno;
        if (n == 0) return 1;
        done += (size_t)n;
    }
    return 0;
}

/// The pages of the WAL beside `path`'s current log: those it holds (`held`) and those that fail
/// authentication before a later frame that authenticates (`damaged`).
static int sc_check_wal(const char *path, const sc_keys *keys, int *page_size, sc_list *held, sc_list *damaged) {
    char wal_path[4200];
    snprintf(wal_path, sizeof wal_path, "%s-wal", path);
    int fd = open(wal_path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT ? 0 : -errno;
    unsigned char header[SC_WAL_HEADER];
    int rc = sc_pread_all(fd, header, sizeof header, 0);
    if (rc != 0) {
        close(fd);
        return rc < 0 ? rc : 0;
    }
    int size = (int)sc_get32(header + 8);
    if (size < 512 || size > 65536 || (size & (size - 1)) != 0) {
        close(fd);
        return 0;
    }
    if (*page_size == 0) *page_size = size;
    unsigned char *frame = malloc((size_t)size + SC_FRAME_HEADER);
    if (frame == NULL) {
        close(fd);
        return -ENOMEM;
    }
    sc_list pending = {0};
    for (off_t offset = SC_WAL_HEADER;; offset += size + SC_FRAME_HEADER) {
        rc = sc_pread_all(fd, frame, (size_t)size + SC_FRAME_HEADER, offset);
        if (rc != 0) break;
        if (memcmp(frame + 8, header + 16, 8) != 0) break;  // a frame of an earlier log
        uint32_t pgno = sc_get32(frame);
        if (pgno == 0) break;
        if (sc_open(keys, pgno, frame + SC_FRAME_HEADER, size) != STORECIPHER_OK) {
            if ((rc = sc_append(&pending, pgno)) != 0) break;
            continue;
        }
        for (size_t i = 0; i < pending.count && rc == 0; i++) rc = sc_append(damaged, pending.pages[i]);
        pending.count = 0;
        if (rc == 0) rc = sc_append(held, pgno);
        if (rc != 0) break;
    }
    free(pending.pages);
    sodium_memzero(frame, (size_t)size + SC_FRAME_HEADER);
    free(frame);
    close(fd);
    return rc < 0 ? rc : 0;
}

int storecipher_damaged_pages(const char *path, const unsigned char *key, uint32_t **pages, size_t *count) {
    *pages = NULL;
    *count = 0;
    sc_keys *keys = sc_keys_new();
    if (keys == NULL) return -ENOMEM;
    if (sc_derive(key, keys) != 0) {
        sc_keys_free(keys);
        return -EINVAL;
    }
    sc_raw raw;
    int rc = sc_raw_open(path, &raw);
    if (rc != 0) {
        sc_keys_free(keys);
        return rc;
    }
    sc_list held = {0}, damaged = {0};
    unsigned char header[24];
    rc = sc_raw_read(&raw, header, sizeof header, 0);
    int page_size = 0;
    if (rc == 0) {
        if (memcmp(header, sc_magic, sizeof sc_magic) != 0) {
            rc = memcmp(header, sqlite_magic, sizeof sqlite_magic) == 0 ? STORECIPHER_NOT_ENCRYPTED : 0;
            if (rc == 0) rc = sc_append(&damaged, 1);
        } else if (sodium_memcmp(header + 8, keys->check, SC_CHECK_BYTES) != 0) {
            rc = STORECIPHER_WRONG_KEY;
        } else {
            page_size = sc_header_page_size(header);
            if (page_size == 0) rc = sc_append(&damaged, 1);
        }
    } else if (rc == 1) {
        rc = 0;  // shorter than a header: an empty database, all in the WAL if anywhere
    }
    if (rc == 0) rc = sc_check_wal(path, keys, &page_size, &held, &damaged);
    if (rc == 0 && page_size != 0) {
        qsort(held.pages, held.count, sizeof *held.pages, sc_compare);
        unsigned char *page = malloc((size_t)page_size);
        if (page == NULL) rc = -ENOMEM;
        for (uint32_t pgno = 1; rc == 0; pgno++) {
            int read = sc_raw_read(&raw, page, page_size, (sqlite3_int64)(pgno - 1) * page_size);
            if (read == 1) break;
            if (read < 0) {
                rc = read;
                break;
            }
            if (bsearch(&pgno, held.pages, held.count, sizeof pgno, sc_compare) != NULL) continue;
            if (sc_open(keys, pgno, page, page_size) != STORECIPHER_OK) rc = sc_append(&damaged, pgno);
        }
        if (page != NULL) {
            sodium_memzero(page, (size_t)page_size);
            free(page);
        }
    }
    sc_raw_close(&raw);
    sc_keys_free(keys);
    free(held.pages);
    if (rc != 0) {
        free(damaged.pages);
        return rc;
    }
    qsort(damaged.pages, damaged.count, sizeof *damaged.pages, sc_compare);
    size_t unique = 0;
    for (size_t i = 0; i < damaged.count; i++) {
        if (unique == 0 || damaged.pages[unique - 1] != damaged.pages[i]) damaged.pages[unique++] = damaged.pages[i];
    }
    *pages = damaged.pages;
    *count = unique;
    return STORECIPHER_OK;
}

void storecipher_free(void *pointer) { free(pointer); }

int storecipher_benchmark_pages(const unsigned char *key, const unsigned char *in, unsigned char *out,
                                int page_size, int count, int open_too) {
    sc_keys *keys = sc_keys_new();
    if (keys == NULL || sc_derive(key, keys) != 0) {
        sc_keys_free(keys);
        return -1;
    }
    int failures = 0;
    for (int i = 0; i < count; i++) {
        const unsigned char *source = in + (size_t)i * page_size;
        unsigned char *sealed = out + (size_t)i * page_size;
        if (sc_seal(keys, (uint32_t)i + 2, source, sealed, page_size) != 0) failures++;
        if (open_too && sc_open(keys, (uint32_t)i + 2, sealed, page_size) != STORECIPHER_OK) failures++;
    }
    sc_keys_free(keys);
    return failures;
}

/* MARK: the write-ahead log as SQLite's recovery will read it */

/// SQLite's WAL checksum (wal.c, walChecksumBytes) over `length` bytes (a multiple of 8),
/// continuing from `sum`; the words are big-endian when `big_endian`, else little-endian.
static void sc_log_sum(int big_endian, const unsigned char *bytes, size_t length, uint32_t sum[2]) {
    uint32_t s1 = sum[0], s2 = sum[1];
    for (size_t i = 0; i + 8 <= length; i += 8) {
        const unsigned char *p = bytes + i;
        uint32_t x0, x1;
        if (big_endian) {
            x0 = sc_get32(p), x1 = sc_get32(p + 4);
        } else {
            x0 = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
            x1 = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 | (uint32_t)p[7] << 24;
        }
        s1 += x0 + s2;
        s2 += x1 + s1;
    }
    sum[0] = s1, sum[1] = s2;
}

/// Whether another process has the database open: SQLite's unix VFS holds a shared lock on the
/// "dead man switch" byte of the shared-memory file (offset 128) for as long as a connection
/// has it mapped. A log in use is not recovered by the next opener, so it is not judged here.
static int sc_log_in_use(int shm) {
    struct flock lock = {0};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    lock.l_start = 128;
    lock.l_len = 1;
    if (fcntl(shm, F_GETLK, &lock) != 0) return 0;
    return lock.l_type != F_UNLCK;
}

/// The last frame the shared-memory index says its last writer committed, when the index is
/// whole and of the log whose salts are `salts` (bytes 16..23 of the log header); 0 when unknown.
static uint32_t sc_log_indexed_frames(int shm, const unsigned char *salts) {
    unsigned char copies[96];
    if (sc_pread_all(shm, copies, sizeof copies, 0) != 0) return 0;
    if (memcmp(copies, copies + 48, 48) != 0) return 0;  // a writer was between its two copies
    const unsigned char *header = copies;
    if (header[12] == 0) return 0;  // isInit
    // The index header is in native byte order, and summed natively over its first 40 bytes.
    uint32_t sum[2] = {0, 0}, stored[2];
    const uint16_t probe = 1;
    sc_log_sum(*(const unsigned char *)&probe == 0, header, 40, sum);
    memcpy(stored, header + 40, sizeof stored);
    if (stored[0] != sum[0] || stored[1] != sum[1]) return 0;
    if (memcmp(header + 32, salts, 8) != 0) return 0;
    uint32_t frames;
    memcpy(&frames, header + 16, sizeof frames);
    return frames;
}

int storecipher_check_log(const char *path, const unsigned char *key, storecipher_log_report *report) {
    memset(report, 0, sizeof *report);
    char wal_path[4200], shm_path[4200];
    snprintf(wal_path, sizeof wal_path, "%s-wal", path);
    snprintf(shm_path, sizeof shm_path, "%s-shm", path);
    int fd = open(wal_path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT ? 0 : -errno;
    struct stat info;
    if (fstat(fd, &info) != 0 || info.st_size <= SC_WAL_HEADER) {
        close(fd);
        return 0;
    }
    uint32_t indexed = 0;
    unsigned char header[SC_WAL_HEADER];
    int rc = sc_pread_all(fd, header, sizeof header, 0);
    if (rc != 0) {
        close(fd);
        return rc < 0 ? rc : 0;
    }
    int shm = open(shm_path, O_RDONLY | O_CLOEXEC);
    if (shm >= 0) {
        if (sc_log_in_use(shm)) {
            close(shm);
            close(fd);
            return 0;
        }
        indexed = sc_log_indexed_frames(shm, header + 16);
        close(shm);
    }
    sc_keys *keys = NULL;
    if (key != NULL) {
        keys = sc_keys_new();
        int failed = keys == NULL ? -ENOMEM : sc_derive(key, keys) != 0 ? -EINVAL : 0;
        if (failed != 0) {
            sc_keys_free(keys);
            close(fd);
            return failed;
        }
    }
    if (key != NULL) {
        // Under a wrong key every frame would fail: that is the key's problem, not the log's.
        unsigned char first[16];
        int main = open(path, O_RDONLY | O_CLOEXEC);
        int read = main >= 0 ? sc_pread_all(main, first, sizeof first, 0) : 1;
        if (main >= 0) close(main);
        if (read == 0 && memcmp(first, sc_magic, sizeof sc_magic) == 0
            && sodium_memcmp(first + 8, keys->check, SC_CHECK_BYTES) != 0) {
            sc_keys_free(keys);
            close(fd);
            return STORECIPHER_WRONG_KEY;
        }
    }
    uint32_t magic = sc_get32(header);
    int size = (int)sc_get32(header + 8);
    int big_endian = (int)(magic & 1);
    int header_whole = (magic & 0xFFFFFFFEu) == 0x377f0682u && sc_get32(header + 4) == 3007000 && size >= 512
        && size <= 65536 && (size & (size - 1)) == 0;
    uint32_t sum[2] = {0, 0};
    if (header_whole) {
        sc_log_sum(big_endian, header, 24, sum);
        header_whole = sum[0] == sc_get32(header + 24) && sum[1] == sc_get32(header + 28);
    }
    if (!header_whole) {
        // SQLite reads a log whose header does not check as empty: every commit in it is lost.
        // That is damage when the log holds frames and either the index says they were committed,
        // or a frame after the first checks against the one before it in the header's order.
        if (size < 512 || size > 65536 || (size & (size - 1)) != 0) size = 4096;
        int64_t frame_bytes = (int64_t)size + SC_FRAME_HEADER;
        report->frames = (uint32_t)((info.st_size - SC_WAL_HEADER) / frame_bytes);
        int damaged = indexed > 0;
        unsigned char *frames = damaged || report->frames < 2 ? NULL : malloc((size_t)frame_bytes * 2);
        if (frames != NULL && sc_pread_all(fd, frames, (size_t)frame_bytes * 2, SC_WAL_HEADER) == 0) {
            unsigned char *second = frames + frame_bytes;
            for (int order = 0; order < 2 && !damaged; order++) {
                uint32_t chain[2] = {sc_get32(frames + 16), sc_get32(frames + 20)};
                sc_log_sum(order, second, 8, chain);
                sc_log_sum(order, second + SC_FRAME_HEADER, (size_t)size, chain);
                damaged = key == NULL && chain[0] == sc_get32(second + 16) && chain[1] == sc_get32(second + 20);
            }
            // An encrypted log's pages are summed as plaintext: one that opens under the key is
            // this store's own frame.
            if (!damaged && key != NULL && memcmp(second + 8, frames + 8, 8) == 0) {
                damaged = sc_open(keys, sc_get32(second), second + SC_FRAME_HEADER, size) == STORECIPHER_OK;
            }
        }
        if (frames != NULL) {
            memset(frames, 0, (size_t)frame_bytes * 2);
            free(frames);
        }
        sc_keys_free(keys);
        close(fd);
        if (damaged) {
            report->damaged = 1;
            report->first_damaged_frame = 0;
            report->whole_bytes = 0;
        }
        return 0;
    }
    unsigned char *frame = malloc((size_t)size + SC_FRAME_HEADER);
    if (frame == NULL) {
        sc_keys_free(keys);
        close(fd);
        return -ENOMEM;
    }
    uint32_t previous[2] = {sum[0], sum[1]};  // the stored sum the next frame continues from
    uint32_t index = 0;
    int64_t whole = SC_WAL_HEADER;            // the log up to its last whole commit so far
    for (off_t offset = SC_WAL_HEADER;; offset += size + SC_FRAME_HEADER) {
        rc = sc_pread_all(fd, frame, (size_t)size + SC_FRAME_HEADER, offset);
        if (rc != 0) break;  // the end, or a frame not written whole: SQLite ignores it too
        index++;
        int opened = 1;
        if (key != NULL) opened = sc_open(keys, sc_get32(frame), frame + SC_FRAME_HEADER, size) == STORECIPHER_OK;
        uint32_t chain[2] = {previous[0], previous[1]};
        sc_log_sum(big_endian, frame, 8, chain);
        sc_log_sum(big_endian, frame + SC_FRAME_HEADER, (size_t)size, chain);
        int sums = opened && sc_get32(frame) != 0 && chain[0] == sc_get32(frame + 16) && chain[1] == sc_get32(frame + 20);
        int salted = memcmp(frame + 8, header + 16, 8) == 0;
        int commit = sc_get32(frame + 4) != 0;
        if (!salted && !sums) break;  // a frame of an earlier log: the end of this one
        previous[0] = sc_get32(frame + 16), previous[1] = sc_get32(frame + 20);
        report->frames = index;
        if (salted && sums) {
            if (report->damaged && commit) report->later_commits++;
            if (!report->damaged && commit) whole = offset + size + SC_FRAME_HEADER;
            continue;
        }
        // SQLite's recovery stops here, and forgets every frame from here on.
        if (!report->damaged) {
            report->damaged = 1;
            report->first_damaged_frame = index;
            report->whole_bytes = whole;
            report->damaged_frame_commits = (uint32_t)commit;
        }
    }
    if (rc < 0) report->damaged = 0;
    // A last frame that fails alone, commits nothing and comes after what the index (or the
    // log) holds as committed is a transaction a crash cut short, as SQLite judges it. So is a
    // failing commit frame beyond what the index says was committed: its writer died between
    // writing its header and its page.
    if (report->damaged && report->later_commits == 0) {
        int uncommitted = indexed != 0 ? report->first_damaged_frame > indexed : !report->damaged_frame_commits;
        if (uncommitted) report->damaged = 0;
    }
    if (!report->damaged) {
        report->first_damaged_frame = 0;
        report->whole_bytes = 0;
        report->later_commits = 0;
    }
    memset(frame, 0, (size_t)size + SC_FRAME_HEADER);
    free(frame);
    sc_keys_free(keys);
    close(fd);
    return rc < 0 ? rc : 0;
}
