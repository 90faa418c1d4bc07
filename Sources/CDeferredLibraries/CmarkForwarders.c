/* cmark-gfm's and cmark-gfm-extensions' functions DiaryKit calls to render entry text as HTML,
   forwarded to the libraries opened on first use, as for the other libraries (see
   CDeferredLibraries.h): only an export with a page (the book, a bundle) loads them. */
#include "CDeferredLibraries.h"
#include "DeferredLibrary.h"

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

static const char *const cmark_names[] = {"libcmark-gfm.so.0.29.0.gfm.6", "libcmark-gfm.so", NULL};
static const char *const cmark_extensions_names[] = {"libcmark-gfm-extensions.so.0.29.0.gfm.6",
                                                     "libcmark-gfm-extensions.so", NULL};
static cdl_library cmark = {.names = cmark_names, .lock = PTHREAD_MUTEX_INITIALIZER};
static cdl_library cmark_extensions = {.names = cmark_extensions_names, .lock = PTHREAD_MUTEX_INITIALIZER};

const char *cdl_cmark_load_error(void) {
    if (cdl_symbol(&cmark, "cmark_version") == NULL)
        return cdl_error(&cmark) != NULL ? cdl_error(&cmark) : "libcmark-gfm lacks cmark_version";
    if (cdl_symbol(&cmark_extensions, "cmark_gfm_core_extensions_ensure_registered") == NULL)
        return cdl_error(&cmark_extensions) != NULL ? cdl_error(&cmark_extensions)
                                                    : "libcmark-gfm-extensions lacks its registration";
    return NULL;
}

CDL_FORWARD_VOID(cmark_extensions, cmark_gfm_core_extensions_ensure_registered, (void), ())

CDL_FORWARD(cmark, cmark_syntax_extension *, cmark_find_syntax_extension, (const char *name), (name), NULL)
CDL_FORWARD(cmark, cmark_parser *, cmark_parser_new, (int options), (options), NULL)
CDL_FORWARD_VOID(cmark, cmark_parser_free, (cmark_parser *parser), (parser))
CDL_FORWARD(cmark, int, cmark_parser_attach_syntax_extension,
            (cmark_parser *parser, cmark_syntax_extension *extension), (parser, extension), 0)
CDL_FORWARD_VOID(cmark, cmark_parser_feed, (cmark_parser *parser, const char *buffer, size_t len),
                 (parser, buffer, len))
CDL_FORWARD(cmark, cmark_node *, cmark_parser_finish, (cmark_parser *parser), (parser), NULL)
CDL_FORWARD(cmark, cmark_llist *, cmark_parser_get_syntax_extensions, (cmark_parser *parser), (parser), NULL)
CDL_FORWARD(cmark, char *, cmark_render_html, (cmark_node *root, int options, cmark_llist *extensions),
            (root, options, extensions), NULL)
CDL_FORWARD(cmark, cmark_mem *, cmark_get_default_mem_allocator, (void), (), NULL)

CDL_FORWARD(cmark, cmark_node *, cmark_node_new, (cmark_node_type type), (type), NULL)
CDL_FORWARD_VOID(cmark, cmark_node_free, (cmark_node *node), (node))
CDL_FORWARD(cmark, cmark_node_type, cmark_node_get_type, (cmark_node *node), (node), CMARK_NODE_NONE)
CDL_FORWARD(cmark, const char *, cmark_node_get_literal, (cmark_node *node), (node), NULL)
CDL_FORWARD(cmark, int, cmark_node_set_literal, (cmark_node *node, const char *content), (node, content), 0)
CDL_FORWARD(cmark, int, cmark_node_replace, (cmark_node *oldnode, cmark_node *newnode), (oldnode, newnode), 0)
CDL_FORWARD(cmark, int, cmark_node_append_child, (cmark_node *node, cmark_node *child), (node, child), 0)

CDL_FORWARD(cmark, cmark_iter *, cmark_iter_new, (cmark_node *root), (root), NULL)
CDL_FORWARD_VOID(cmark, cmark_iter_free, (cmark_iter *iter), (iter))
CDL_FORWARD(cmark, cmark_event_type, cmark_iter_next, (cmark_iter *iter), (iter), CMARK_EVENT_DONE)
CDL_FORWARD(cmark, cmark_node *, cmark_iter_get_node, (cmark_iter *iter), (iter), NULL)
