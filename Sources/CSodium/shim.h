#ifndef CSODIUM_SHIM_H
#define CSODIUM_SHIM_H
/* libsodium's headers only: the functions are defined by CDeferredLibraries, which opens
   libsodium on first use (see CDeferredLibraries.h). */
#include <sodium.h>
#endif
