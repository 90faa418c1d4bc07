/* Linux system calls the store conversion and the book export need that Swift's Glibc module does not show
   (glibc declares them only under _GNU_SOURCE). Not deferred: they are libc's own. */
#define _GNU_SOURCE
#include "CDeferredLibraries.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cdl_rename_exchange(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}

int cdl_syncfs(int descriptor) { return syncfs(descriptor); }

int cdl_forbid_core_dumps(void) {
    /* The soft limit only: children (a passphrase command, the editor) may still raise theirs. */
    struct rlimit core;
    int limited = getrlimit(RLIMIT_CORE, &core);
    if (limited == 0) {
        core.rlim_cur = 0;
        limited = setrlimit(RLIMIT_CORE, &core);
    }
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0 && limited == 0 ? 0 : -1;
}

int cdl_is_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0); }

int cdl_ofd_lock(int descriptor, long long start, long long length, int exclusive, int test_only) {
    struct flock lock;
    memset(&lock, 0, sizeof lock);
    lock.l_type = exclusive ? F_WRLCK : F_RDLCK;
    lock.l_whence = SEEK_SET;
    lock.l_start = start;
    lock.l_len = length;
    if (test_only) {
        if (fcntl(descriptor, F_OFD_GETLK, &lock) != 0) return -1;
        return lock.l_type == F_UNLCK ? 0 : 1;
    }
    if (fcntl(descriptor, F_OFD_SETLK, &lock) != 0) return (errno == EAGAIN || errno == EACCES) ? 1 : -1;
    return 0;
}
