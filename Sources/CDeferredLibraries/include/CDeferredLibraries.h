#ifndef CDEFERREDLIBRARIES_H
#define CDEFERREDLIBRARIES_H
#include <stddef.h>
#include <stdint.h>
/*
 * libarchive, libsndfile, libheif, libwebp, libexif, FFmpeg, libsodium, keyutils, cmark-gfm and libchafa, loaded on
 * first use instead of at process start.
 *
 * Linked the usual way, each brings a dozen libraries of its own (XML, ICU, compressors;
 * FLAC, Vorbis, Opus, MP3 codecs), and the dynamic loader maps and relocates all of them
 * before `main`, in every `diary` process: about 2 ms of a 20 ms listing that uses none of
 * them. So the executable is not linked against them. This target defines the functions
 * PhotoDiary calls, under their own names and with the prototypes of the libraries'
 * headers (the compiler checks each against them); the first call opens the library with
 * dlopen and every call forwards to the real function.
 *
 * When a library cannot be loaded, the functions that create objects return NULL (as they
 * do when out of memory), and the error functions report why; no other function can be
 * reached without such an object.
 */

/* Why libarchive could not be loaded, or NULL when it is loaded or was never needed yet. */
const char *cdl_archive_load_error(void);

/* Why libsndfile could not be loaded, or NULL when it is loaded or was never needed yet. */
const char *cdl_sndfile_load_error(void);

/* Why libheif could not be loaded, or NULL when it is (the first call loads it). */
const char *cdl_heif_load_error(void);

/* Why libwebp or libwebpdemux could not be loaded, or NULL when both are (the first call loads them). */
const char *cdl_webp_load_error(void);

/* Why libexif could not be loaded, or NULL when it is (the first call loads it). */
const char *cdl_exif_load_error(void);

/* Why libavutil, libavcodec or libavformat could not be loaded, or NULL when all three are
   (the first call loads them). */
const char *cdl_ffmpeg_load_error(void);

/* Why libsodium could not be loaded, or NULL when it is (the first call loads it). Call it, and
   then sodium_init(), before any other libsodium function: a missing library makes the
   forwarders fail (-1) rather than crash, but only this says why. */
const char *cdl_sodium_load_error(void);

/* Why libkeyutils could not be loaded, or NULL when it is (the first call loads it). */
const char *cdl_keyutils_load_error(void);

/* Why libcmark-gfm or libcmark-gfm-extensions could not be loaded, or NULL when both are (the first
   call loads them). */
const char *cdl_cmark_load_error(void);

/* Why libchafa or GLib could not be loaded, or NULL when both are (the first call loads them). */
const char *cdl_chafa_load_error(void);

/* How a terminal is shown a picture: a graphics protocol, or symbols in colour. */
enum {
    CDL_PICTURE_KITTY = 0,
    CDL_PICTURE_ITERM2 = 1,
    CDL_PICTURE_SIXEL = 2,
    CDL_PICTURE_TRUECOLOR = 3,
    CDL_PICTURE_256 = 4,
    CDL_PICTURE_16 = 5,
};

/* Draws `rgb` (`width` x `height` pixels, 3 bytes each, rows from the top) with libchafa for a
   terminal in `mode`, within `max_columns` x `max_rows` cells of `cell_width` x `cell_height`
   pixels (0 when unknown: 10 x 20), filling that box with the aspect kept. Returns the text to
   write, `*length` bytes, NUL-terminated, without a final newline (free() it), and the cells it
   covers in `*columns` and `*rows`; NULL when libchafa cannot be loaded (cdl_chafa_load_error
   says why) or memory runs out. Only libchafa's own output is returned: nothing of the
   caller's reaches the terminal but pixels. */
char *cdl_picture_draw(const uint8_t *rgb, int width, int height, int mode, int max_columns, int max_rows,
                       int cell_width, int cell_height, size_t *length, int *columns, int *rows);

/* Not deferred (libc's own, declared by glibc only under _GNU_SOURCE; see FileSystemCalls.c). */

/* Makes this process leave no core dump (RLIMIT_CORE's soft limit 0) and not be dumpable or traceable by
   other processes of the user (PR_SET_DUMPABLE 0), for as long as it lives: what a process that
   holds keys or a passphrase must do. 0, or -1 with errno set. */
int cdl_forbid_core_dumps(void);
/* PR_GET_DUMPABLE: 1 when this process may be dumped, 0 when not. */
int cdl_is_dumpable(void);

/* Swaps the two paths atomically (renameat2 with RENAME_EXCHANGE): 0, or -1 with errno set. */
int cdl_rename_exchange(const char *first, const char *second);

/* Flushes every file of the file system holding the open `descriptor` (syncfs): one call instead of
   an fsync per file, for a folder of many new files that are renamed into place together. 0, or -1
   with errno set. */
int cdl_syncfs(int descriptor);

/* An open-file-description lock (F_OFD_SETLK) on bytes start..<start+length of the open file,
   shared or exclusive; with test_only, only asks whether another open file description (or
   process) holds a conflicting lock (F_OFD_GETLK). 0: locked, or no conflict; 1: a conflicting
   lock is held; -1 with errno set: the call failed. Closing the descriptor releases it. */
int cdl_ofd_lock(int descriptor, long long start, long long length, int exclusive, int test_only);


/* Why libcurl (WebDAV sync remotes) could not be loaded, or NULL when it is. */
const char *cdl_curl_load_error(void);

/* One WebDAV request through libcurl: `method` to `url`, with a `Depth` and a `Destination`
   header when given (and `Overwrite: T` with a destination), `body` as the request body
   (PROPFIND), the file at `upload_path` as the body (PUT), the response body written to
   `download_path` (appended from `resume_from` bytes when that is above 0). Credentials come
   from ~/.netrc; TLS certificates are verified. Returns 0 with the HTTP status in `*status`,
   or -1 with libcurl's reason in `error` (the connection failed, timed out, was cut). */
int cdl_webdav_perform(const char *method, const char *url, const char *depth, const char *destination,
                       const char *body, const char *upload_path, const char *download_path,
                       long long resume_from, long *status, char *error, size_t error_size);

/* Called for each response of a WebDAV multistatus: its href (as sent, percent-encoded), its
   getcontentlength (-1 when none), whether it is a collection. */
typedef void (*cdl_webdav_entry)(void *context, const char *href, long long length, int is_collection);

/* Reads the PROPFIND multistatus in the file at `path` with libxml2 (no network, no DTD);
   returns 0, or -1 with why in `error`. */
int cdl_webdav_parse_multistatus(const char *path, cdl_webdav_entry entry, void *context,
                                 char *error, size_t error_size);

#endif
