#include "DeferredLibrary.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

void *cdl_symbol(cdl_library *library, const char *symbol) {
    pthread_mutex_lock(&library->lock);
    if (library->handle == NULL && !library->failed) {
        char first_reason[256] = "unknown error";
        for (const char *const *name = library->names; *name != NULL && library->handle == NULL; name++) {
            library->handle = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
            const char *reason = library->handle == NULL ? dlerror() : NULL;
            /* The first name is the one the program was built for: its reason is the useful one. */
            if (reason != NULL && name == library->names) snprintf(first_reason, sizeof first_reason, "%s", reason);
        }
        if (library->handle == NULL) {
            snprintf(library->error, sizeof library->error, "%s could not be loaded: %s (install it with `make deps`)",
                     library->names[0], first_reason);
            library->failed = 1;
        }
    }
    void *handle = library->handle;
    pthread_mutex_unlock(&library->lock);
    if (handle == NULL) return NULL;
    return dlsym(handle, symbol);
}

const char *cdl_error(cdl_library *library) {
    pthread_mutex_lock(&library->lock);
    const char *error = library->failed ? library->error : NULL;
    pthread_mutex_unlock(&library->lock);
    return error;
}
