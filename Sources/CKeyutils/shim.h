#ifndef CKEYUTILS_SHIM_H
#define CKEYUTILS_SHIM_H
/* keyutils' header only: the functions are defined by CDeferredLibraries, which opens
   libkeyutils on first use (see CDeferredLibraries.h). */
#include <keyutils.h>
#endif
