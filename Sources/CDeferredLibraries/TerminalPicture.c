/* A picture drawn for a terminal by libchafa (see cdl_picture_draw in CDeferredLibraries.h). */
#include "CDeferredLibraries.h"

#include <chafa.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

/* What the terminal is told to expect: its own sequences where libchafa's database knows the
   terminal (TERM and friends in the environment), the database's fallbacks for the rest, as
   the chafa tool does. */
static ChafaTermInfo *terminal_info(void) {
    ChafaTermDb *db = chafa_term_db_get_default();
    if (db == NULL) return NULL;
    ChafaTermInfo *info = chafa_term_db_detect(db, environ);
    ChafaTermInfo *fallback = chafa_term_db_get_fallback_info(db);
    if (info != NULL && fallback != NULL) chafa_term_info_supplement(info, fallback);
    if (fallback != NULL) chafa_term_info_unref(fallback);
    return info;
}

static ChafaSymbolMap *symbol_map(void) {
    ChafaSymbolMap *map = chafa_symbol_map_new();
    if (map == NULL) return NULL;
    /* Blocks, borders and space: in every font a terminal uses; never wide or ambiguous-width
       symbols, which would push the rest of a row out of place. */
    chafa_symbol_map_add_by_tags(map, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_BORDER | CHAFA_SYMBOL_TAG_SPACE);
    chafa_symbol_map_remove_by_tags(map, CHAFA_SYMBOL_TAG_WIDE | CHAFA_SYMBOL_TAG_AMBIGUOUS);
    return map;
}

char *cdl_picture_draw(const uint8_t *rgb, int width, int height, int mode, int max_columns, int max_rows,
                       int cell_width, int cell_height, size_t *length, int *columns, int *rows) {
    *length = 0;
    *columns = 0;
    *rows = 0;
    if (rgb == NULL || width <= 0 || height <= 0 || max_columns <= 0 || max_rows <= 0) return NULL;
    if (cdl_chafa_load_error() != NULL) return NULL;
    if (cell_width <= 0 || cell_height <= 0) {
        cell_width = 10;
        cell_height = 20;
    }
    gint dest_columns = max_columns, dest_rows = max_rows;
    chafa_calc_canvas_geometry(width, height, &dest_columns, &dest_rows,
                               (gfloat)cell_width / (gfloat)cell_height, TRUE, FALSE);
    if (dest_columns < 1) dest_columns = 1;
    if (dest_rows < 1) dest_rows = 1;

    /* kitty and iTerm2 scale a picture to the cells they are told, so it is sent at no more
       pixels than the source has (cells as small as need be, in the terminal's proportions):
       a waveform or a thumbnail is not enlarged on its way through the terminal. Sixels are
       shown pixel for pixel, at the terminal's own cell size. */
    if (mode == CDL_PICTURE_KITTY || mode == CDL_PICTURE_ITERM2) {
        double across = (double)width / ((double)dest_columns * cell_width);
        double down = (double)height / ((double)dest_rows * cell_height);
        double scale = across > down ? across : down;
        if (scale < 1.0) {
            cell_width = (int)(cell_width * scale + 0.5) > 0 ? (int)(cell_width * scale + 0.5) : 1;
            cell_height = (int)(cell_height * scale + 0.5) > 0 ? (int)(cell_height * scale + 0.5) : 1;
        }
    }

    ChafaCanvasConfig *config = chafa_canvas_config_new();
    if (config == NULL) return NULL;
    chafa_canvas_config_set_geometry(config, dest_columns, dest_rows);
    chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
    ChafaSymbolMap *map = NULL;
    switch (mode) {
    case CDL_PICTURE_KITTY: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_KITTY); break;
    case CDL_PICTURE_ITERM2: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_ITERM2); break;
    case CDL_PICTURE_SIXEL: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS); break;
    default:
        chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS);
        map = symbol_map();
        if (map != NULL) chafa_canvas_config_set_symbol_map(config, map);
        break;
    }
    chafa_canvas_config_set_canvas_mode(config, mode == CDL_PICTURE_256 ? CHAFA_CANVAS_MODE_INDEXED_256
                                                : mode == CDL_PICTURE_16 ? CHAFA_CANVAS_MODE_INDEXED_16
                                                                         : CHAFA_CANVAS_MODE_TRUECOLOR);
    char *out = NULL;
    ChafaCanvas *canvas = chafa_canvas_new(config);
    ChafaTermInfo *info = canvas != NULL ? terminal_info() : NULL;
    if (info != NULL) {
        chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGB8, rgb, width, height, width * 3);
        GString *printed = chafa_canvas_print(canvas, info);
        if (printed != NULL) {
            out = malloc(printed->len + 1);
            if (out != NULL) {
                memcpy(out, printed->str, printed->len);
                out[printed->len] = '\0';
                *length = printed->len;
                *columns = dest_columns;
                *rows = dest_rows;
            }
            g_string_free(printed, TRUE);
        }
        chafa_term_info_unref(info);
    }
    if (canvas != NULL) chafa_canvas_unref(canvas);
    if (map != NULL) chafa_symbol_map_unref(map);
    chafa_canvas_config_unref(config);
    return out;
}
