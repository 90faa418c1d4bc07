#ifndef CCMARKGFM_SHIM_H
#define CCMARKGFM_SHIM_H
/* cmark-gfm (GitHub-flavoured CommonMark) and its core extensions (table, strikethrough,
   autolink, tagfilter): headers only. The book export and the bundle page render entry text
   through it; CDeferredLibraries opens the libraries on first use (CmarkForwarders.c). */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#endif
