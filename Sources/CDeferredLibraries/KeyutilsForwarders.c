/* The keyutils functions the key cache calls (a derived key kept in a kernel keyring between
   commands), forwarded to the library opened on first use (see CDeferredLibraries.h). */
#include "CDeferredLibraries.h"
#include "DeferredLibrary.h"

#include <errno.h>
#include <keyutils.h>

static const char *const keyutils_names[] = {"libkeyutils.so.1", "libkeyutils.so", NULL};
static cdl_library keyutils = {.names = keyutils_names, .lock = PTHREAD_MUTEX_INITIALIZER};

const char *cdl_keyutils_load_error(void) {
    if (cdl_symbol(&keyutils, "add_key") != NULL) return NULL;
    return cdl_error(&keyutils) != NULL ? cdl_error(&keyutils) : "libkeyutils lacks add_key";
}

/* Each fails as the kernel call does when the library is missing: -1 (errno ENOSYS is left to
   the caller, who asks cdl_keyutils_load_error why). */
CDL_FORWARD(keyutils, key_serial_t, add_key,
            (const char *type, const char *description, const void *payload, size_t plen, key_serial_t ringid),
            (type, description, payload, plen, ringid), -1)
CDL_FORWARD(keyutils, key_serial_t, keyctl_get_keyring_ID, (key_serial_t id, int create), (id, create), -1)
CDL_FORWARD(keyutils, long, keyctl_search,
            (key_serial_t ringid, const char *type, const char *description, key_serial_t destringid),
            (ringid, type, description, destringid), -1)
CDL_FORWARD(keyutils, long, keyctl_read, (key_serial_t id, char *buffer, size_t buflen), (id, buffer, buflen), -1)
CDL_FORWARD(keyutils, long, keyctl_set_timeout, (key_serial_t key, unsigned timeout), (key, timeout), -1)
CDL_FORWARD(keyutils, long, keyctl_setperm, (key_serial_t id, key_perm_t perm), (id, perm), -1)
CDL_FORWARD(keyutils, long, keyctl_invalidate, (key_serial_t id), (id), -1)
CDL_FORWARD(keyutils, long, keyctl_unlink, (key_serial_t id, key_serial_t ringid), (id, ringid), -1)
CDL_FORWARD(keyutils, long, keyctl_revoke, (key_serial_t id), (id), -1)
