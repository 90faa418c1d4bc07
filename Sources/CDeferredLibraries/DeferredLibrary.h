#ifndef DEFERREDLIBRARY_H
#define DEFERREDLIBRARY_H
/* A shared library opened on first use, and forwarders to its functions. Internal. */
#include <stdatomic.h>
#include <pthread.h>

typedef struct {
    /* File names to try, most specific first, NULL-terminated. */
    const char *const *names;
    /* Set once under `lock`. */
    void *handle;
    int failed;
    char error[512];
    pthread_mutex_t lock;
} cdl_library;

/* The address of `symbol` in `library`, opening it first if needed; NULL on failure. */
void *cdl_symbol(cdl_library *library, const char *symbol);

/* Why `library` failed to load, or NULL. */
const char *cdl_error(cdl_library *library);

/* Defines `ret name params` forwarding to the library's `name`; `fallback` when unavailable.
   Each function keeps its resolved address in its own atomic slot, so after the first call a
   forward is one load and an indirect call. */
#define CDL_FORWARD(library, ret, name, params, args, fallback)                         \
    ret name params {                                                                  \
        static _Atomic(void *) slot;                                                   \
        void *function = atomic_load_explicit(&slot, memory_order_acquire);            \
        if (function == NULL) {                                                        \
            function = cdl_symbol(&(library), #name);                                  \
            if (function == NULL) return fallback;                                     \
            atomic_store_explicit(&slot, function, memory_order_release);              \
        }                                                                              \
        return ((ret (*) params)function) args;                                        \
    }

/* As CDL_FORWARD for functions returning void (nothing happens when unavailable). */
#define CDL_FORWARD_VOID(library, name, params, args)                                   \
    void name params {                                                                 \
        static _Atomic(void *) slot;                                                   \
        void *function = atomic_load_explicit(&slot, memory_order_acquire);            \
        if (function == NULL) {                                                        \
            function = cdl_symbol(&(library), #name);                                  \
            if (function == NULL) return;                                              \
            atomic_store_explicit(&slot, function, memory_order_release);              \
        }                                                                              \
        ((void (*) params)function) args;                                              \
    }

#endif
