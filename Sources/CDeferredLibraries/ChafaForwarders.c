/* libchafa's functions (and GLib's g_string_free, for the text it returns) that the terminal
   pictures call, forwarded to the libraries opened on first use, as for the media libraries
   (see CDeferredLibraries.h): only `diary show` and `list --preview` on a terminal load them. */
#include "CDeferredLibraries.h"
#include "DeferredLibrary.h"

#include <chafa.h>

static const char *const chafa_names[] = {"libchafa.so.0", "libchafa.so", NULL};
static const char *const glib_names[] = {"libglib-2.0.so.0", "libglib-2.0.so", NULL};
static cdl_library chafa = {.names = chafa_names, .lock = PTHREAD_MUTEX_INITIALIZER};
static cdl_library glib = {.names = glib_names, .lock = PTHREAD_MUTEX_INITIALIZER};

const char *cdl_chafa_load_error(void) {
    if (cdl_symbol(&chafa, "chafa_canvas_new") == NULL)
        return cdl_error(&chafa) != NULL ? cdl_error(&chafa) : "libchafa lacks chafa_canvas_new";
    if (cdl_symbol(&glib, "g_string_free") == NULL)
        return cdl_error(&glib) != NULL ? cdl_error(&glib) : "GLib lacks g_string_free";
    return NULL;
}

CDL_FORWARD(chafa, ChafaSymbolMap *, chafa_symbol_map_new, (void), (), NULL)
CDL_FORWARD_VOID(chafa, chafa_symbol_map_unref, (ChafaSymbolMap *symbol_map), (symbol_map))
CDL_FORWARD_VOID(chafa, chafa_symbol_map_add_by_tags, (ChafaSymbolMap *symbol_map, ChafaSymbolTags tags),
                 (symbol_map, tags))
CDL_FORWARD_VOID(chafa, chafa_symbol_map_remove_by_tags, (ChafaSymbolMap *symbol_map, ChafaSymbolTags tags),
                 (symbol_map, tags))

CDL_FORWARD(chafa, ChafaCanvasConfig *, chafa_canvas_config_new, (void), (), NULL)
CDL_FORWARD_VOID(chafa, chafa_canvas_config_unref, (ChafaCanvasConfig *config), (config))
CDL_FORWARD_VOID(chafa, chafa_canvas_config_set_geometry, (ChafaCanvasConfig *config, gint width, gint height),
                 (config, width, height))
CDL_FORWARD_VOID(chafa, chafa_canvas_config_set_cell_geometry,
                 (ChafaCanvasConfig *config, gint cell_width, gint cell_height), (config, cell_width, cell_height))
CDL_FORWARD_VOID(chafa, chafa_canvas_config_set_canvas_mode, (ChafaCanvasConfig *config, ChafaCanvasMode mode),
                 (config, mode))
CDL_FORWARD_VOID(chafa, chafa_canvas_config_set_pixel_mode, (ChafaCanvasConfig *config, ChafaPixelMode pixel_mode),
                 (config, pixel_mode))
CDL_FORWARD_VOID(chafa, chafa_canvas_config_set_symbol_map,
                 (ChafaCanvasConfig *config, const ChafaSymbolMap *symbol_map), (config, symbol_map))

CDL_FORWARD(chafa, ChafaCanvas *, chafa_canvas_new, (const ChafaCanvasConfig *config), (config), NULL)
CDL_FORWARD_VOID(chafa, chafa_canvas_unref, (ChafaCanvas *canvas), (canvas))
CDL_FORWARD_VOID(chafa, chafa_canvas_draw_all_pixels,
                 (ChafaCanvas *canvas, ChafaPixelType src_pixel_type, const guint8 *src_pixels, gint src_width,
                  gint src_height, gint src_rowstride),
                 (canvas, src_pixel_type, src_pixels, src_width, src_height, src_rowstride))
CDL_FORWARD(chafa, GString *, chafa_canvas_print, (ChafaCanvas *canvas, ChafaTermInfo *term_info),
            (canvas, term_info), NULL)

CDL_FORWARD(chafa, ChafaTermDb *, chafa_term_db_get_default, (void), (), NULL)
CDL_FORWARD(chafa, ChafaTermInfo *, chafa_term_db_detect, (ChafaTermDb *term_db, gchar **envp), (term_db, envp), NULL)
CDL_FORWARD(chafa, ChafaTermInfo *, chafa_term_db_get_fallback_info, (ChafaTermDb *term_db), (term_db), NULL)
CDL_FORWARD_VOID(chafa, chafa_term_info_supplement, (ChafaTermInfo *term_info, ChafaTermInfo *source),
                 (term_info, source))
CDL_FORWARD_VOID(chafa, chafa_term_info_unref, (ChafaTermInfo *term_info), (term_info))
CDL_FORWARD_VOID(chafa, chafa_calc_canvas_geometry,
                 (gint src_width, gint src_height, gint *dest_width_inout, gint *dest_height_inout,
                  gfloat font_ratio, gboolean zoom, gboolean stretch),
                 (src_width, src_height, dest_width_inout, dest_height_inout, font_ratio, zoom, stretch))

CDL_FORWARD(glib, gchar *, g_string_free, (GString *string, gboolean free_segment), (string, free_segment), NULL)
