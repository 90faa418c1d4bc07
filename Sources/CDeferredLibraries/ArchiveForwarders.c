/* libarchive's functions DiaryKit calls, forwarded to the library opened on first use. */
#include "CDeferredLibraries.h"
#include "DeferredLibrary.h"

#include <archive.h>
#include <archive_entry.h>

static const char *const archive_names[] = {"libarchive.so.13", "libarchive.so", NULL};
static cdl_library archive = {.names = archive_names, .lock = PTHREAD_MUTEX_INITIALIZER};

const char *cdl_archive_load_error(void) { return cdl_error(&archive); }

/* Reading and writing archives. */
CDL_FORWARD(archive, struct archive *, archive_read_new, (void), (), NULL)
CDL_FORWARD(archive, int, archive_read_support_format_zip, (struct archive *a), (a), ARCHIVE_FATAL)
CDL_FORWARD(archive, int, archive_read_open_filename, (struct archive *a, const char *filename, size_t block_size),
            (a, filename, block_size), ARCHIVE_FATAL)
CDL_FORWARD(archive, int, archive_read_next_header, (struct archive *a, struct archive_entry **entry), (a, entry),
            ARCHIVE_FATAL)
CDL_FORWARD(archive, la_ssize_t, archive_read_data, (struct archive *a, void *buffer, size_t size), (a, buffer, size),
            ARCHIVE_FATAL)
CDL_FORWARD(archive, int, archive_read_close, (struct archive *a), (a), ARCHIVE_FATAL)
CDL_FORWARD(archive, int, archive_read_free, (struct archive *a), (a), ARCHIVE_FATAL)
CDL_FORWARD(archive, struct archive *, archive_write_new, (void), (), NULL)
CDL_FORWARD(archive, int, archive_write_set_format_zip, (struct archive *a), (a), ARCHIVE_FATAL)
CDL_FORWARD(archive, int, archive_write_zip_set_compression_deflate, (struct archive *a), (a), ARCHIVE_FATAL)
CDL_FORWARD(archive, int, archive_write_zip_set_compression_store, (struct archive *a), (a), ARCHIVE_FATAL)
CDL_FORWARD(archive, int, archive_write_open_fd, (struct archive *a, int fd), (a, fd), ARCHIVE_FATAL)
CDL_FORWARD(archive, int, archive_write_header, (struct archive *a, struct archive_entry *entry), (a, entry),
            ARCHIVE_FATAL)
CDL_FORWARD(archive, la_ssize_t, archive_write_data, (struct archive *a, const void *buffer, size_t size),
            (a, buffer, size), ARCHIVE_FATAL)
CDL_FORWARD(archive, int, archive_write_finish_entry, (struct archive *a), (a), ARCHIVE_FATAL)
CDL_FORWARD(archive, int, archive_write_close, (struct archive *a), (a), ARCHIVE_FATAL)
CDL_FORWARD(archive, int, archive_write_free, (struct archive *a), (a), ARCHIVE_FATAL)
CDL_FORWARD(archive, const char *, archive_error_string, (struct archive *a), (a), cdl_error(&archive))

/* Entries. */
CDL_FORWARD(archive, struct archive_entry *, archive_entry_new, (void), (), NULL)
CDL_FORWARD_VOID(archive, archive_entry_free, (struct archive_entry *entry), (entry))
CDL_FORWARD(archive, const char *, archive_entry_pathname, (struct archive_entry *entry), (entry), NULL)
CDL_FORWARD(archive, const char *, archive_entry_pathname_utf8, (struct archive_entry *entry), (entry), NULL)
CDL_FORWARD(archive, const char *, archive_entry_hardlink, (struct archive_entry *entry), (entry), NULL)
CDL_FORWARD(archive, __LA_MODE_T, archive_entry_filetype, (struct archive_entry *entry), (entry), 0)
CDL_FORWARD(archive, int, archive_entry_size_is_set, (struct archive_entry *entry), (entry), 0)
CDL_FORWARD(archive, la_int64_t, archive_entry_size, (struct archive_entry *entry), (entry), 0)
CDL_FORWARD(archive, int, archive_entry_is_encrypted, (struct archive_entry *entry), (entry), 0)
CDL_FORWARD_VOID(archive, archive_entry_set_pathname_utf8, (struct archive_entry *entry, const char *path), (entry, path))
CDL_FORWARD_VOID(archive, archive_entry_set_filetype, (struct archive_entry *entry, unsigned int type), (entry, type))
CDL_FORWARD_VOID(archive, archive_entry_set_perm, (struct archive_entry *entry, __LA_MODE_T perm), (entry, perm))
CDL_FORWARD_VOID(archive, archive_entry_set_size, (struct archive_entry *entry, la_int64_t size), (entry, size))
CDL_FORWARD_VOID(archive, archive_entry_set_mtime, (struct archive_entry *entry, time_t seconds, long nanoseconds),
                 (entry, seconds, nanoseconds))
