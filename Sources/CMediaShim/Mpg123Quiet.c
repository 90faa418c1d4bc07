/*
 * Keeps libmpg123 silent.
 *
 * libsndfile decodes MP3 through libmpg123, which prints notes and warnings about
 * damaged frames to stderr unless a handle has the MPG123_QUIET flag, and libsndfile
 * never sets it. So this file defines mpg123_new, and the package exports it in the
 * program's dynamic symbol table (a linker flag on this target: libsndfile is opened with
 * dlopen on first use, so nothing at link time refers to the symbol). The dynamic loader
 * looks in the program before libsndfile's own dependencies, so libsndfile's call binds
 * to our definition. It creates the handle with the real function and adds MPG123_QUIET. Nothing else changes; when libmpg123 is absent the definition is
 * simply never called.
 */
#define _GNU_SOURCE
#include "CMediaShim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>

/* From mpg123.h (stable since libmpg123 1.0): enum mpg123_parms and mpg123_param_flags. */
#define CMS_MPG123_ADD_FLAGS 2
#define CMS_MPG123_QUIET 0x20
#define CMS_MPG123_ERR (-1)

typedef struct mpg123_handle_struct mpg123_handle;
typedef mpg123_handle *(*cms_mpg123_new_fn)(const char *, int *);
typedef int (*cms_mpg123_param_fn)(mpg123_handle *, int, long, double);

static pthread_once_t cms_mpg123_once = PTHREAD_ONCE_INIT;
static cms_mpg123_new_fn cms_real_new;
static cms_mpg123_param_fn cms_real_param;
static atomic_int cms_quiet_handles;

/* The real functions: from libmpg123 as libsndfile loaded it (a dependency of a library
   opened with dlopen is not in the program's global scope, so RTLD_NEXT cannot see it),
   else from the next object in the global scope (a program linked against libsndfile). */
static void cms_mpg123_resolve(void) {
    void *library = dlopen("libmpg123.so.0", RTLD_NOW | RTLD_NOLOAD);
    void *scope = library != NULL ? library : RTLD_NEXT;
    cms_real_new = (cms_mpg123_new_fn)dlsym(scope, "mpg123_new");
    cms_real_param = (cms_mpg123_param_fn)dlsym(scope, "mpg123_param");
}

mpg123_handle *mpg123_new(const char *decoder, int *error);

mpg123_handle *mpg123_new(const char *decoder, int *error) {
    pthread_once(&cms_mpg123_once, cms_mpg123_resolve);
    if (cms_real_new == NULL) {
        if (error != NULL) *error = CMS_MPG123_ERR;
        return NULL;
    }
    mpg123_handle *handle = cms_real_new(decoder, error);
    if (handle != NULL && cms_real_param != NULL) {
        cms_real_param(handle, CMS_MPG123_ADD_FLAGS, CMS_MPG123_QUIET, 0.0);
        atomic_fetch_add(&cms_quiet_handles, 1);
    }
    return handle;
}

int cms_mpg123_quiet_handle_count(void) { return atomic_load(&cms_quiet_handles); }
