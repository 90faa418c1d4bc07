/* libsndfile's functions MediaKit calls, forwarded to the library opened on first use. */
#include "CDeferredLibraries.h"
#include "DeferredLibrary.h"

#include <sndfile.h>

static const char *const sndfile_names[] = {"libsndfile.so.1", "libsndfile.so", NULL};
static cdl_library sndfile = {.names = sndfile_names, .lock = PTHREAD_MUTEX_INITIALIZER};

const char *cdl_sndfile_load_error(void) { return cdl_error(&sndfile); }

/* The message for a failed call when the library itself is missing. */
static const char *sndfile_unavailable(void) {
    const char *error = cdl_error(&sndfile);
    return error != NULL ? error : "libsndfile lacks a function PhotoDiary needs";
}

CDL_FORWARD(sndfile, SNDFILE *, sf_open, (const char *path, int mode, SF_INFO *sfinfo), (path, mode, sfinfo), NULL)
CDL_FORWARD(sndfile, int, sf_error, (SNDFILE *file), (file), SF_ERR_SYSTEM)
CDL_FORWARD(sndfile, const char *, sf_strerror, (SNDFILE *file), (file), sndfile_unavailable())
CDL_FORWARD(sndfile, int, sf_command, (SNDFILE *file, int command, void *data, int datasize),
            (file, command, data, datasize), 0)
CDL_FORWARD(sndfile, sf_count_t, sf_readf_float, (SNDFILE *file, float *ptr, sf_count_t frames), (file, ptr, frames), 0)
CDL_FORWARD(sndfile, int, sf_close, (SNDFILE *file), (file), 0)
