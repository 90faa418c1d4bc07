/* libpng decoding behind setjmp: see CMediaShim.h. */
#include "CMediaShim.h"
#include "ShimSupport.h"
#include <setjmp.h>
#include <stdlib.h>
#include <png.h>

/* Largest ancillary chunk (ICC profile, text, Exif) libpng may allocate. */
#define CMS_PNG_CHUNK_MAX (16u * 1024u * 1024u)

struct cms_png_decoder {
    png_structp png;
    png_infop info;
    jmp_buf jump;
    FILE *fp;
    const uint8_t *memory;
    size_t memory_length;
    long long consumed;
    int failed;
    int saw_end_of_data;
    int warnings;
    char message[256];
    char first_warning[256];
};

static void cms_png_error(png_structp png, png_const_charp text) {
    cms_png_decoder *decoder = png_get_error_ptr(png);
    cms_copy_message(decoder->message, sizeof decoder->message, text);
    longjmp(decoder->jump, 1);
}

static void cms_png_warning(png_structp png, png_const_charp text) {
    cms_png_decoder *decoder = png_get_error_ptr(png);
    if (decoder->warnings == 0)
        cms_copy_message(decoder->first_warning, sizeof decoder->first_warning, text);
    decoder->warnings++;
}

static void cms_png_read(png_structp png, png_bytep out, size_t length) {
    cms_png_decoder *decoder = png_get_io_ptr(png);
    size_t got;
    if (decoder->fp != NULL) {
        got = fread(out, 1, length, decoder->fp);
    } else {
        size_t left = decoder->memory_length - (size_t)decoder->consumed;
        got = length < left ? length : left;
        memcpy(out, decoder->memory + decoder->consumed, got);
    }
    decoder->consumed += (long long)got;
    if (got < length) {
        decoder->saw_end_of_data = 1;
        png_error(png, "unexpected end of data");
    }
}

static cms_png_decoder *cms_png_decoder_create(void) {
    cms_png_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, decoder, cms_png_error, cms_png_warning);
    if (decoder->png == NULL) {
        free(decoder);
        return NULL;
    }
    decoder->info = png_create_info_struct(decoder->png);
    if (decoder->info == NULL) {
        png_destroy_read_struct(&decoder->png, NULL, NULL);
        free(decoder);
        return NULL;
    }
    png_set_read_fn(decoder->png, decoder, cms_png_read);
    /* A bad CRC is damage in any chunk, not only in critical ones. */
    png_set_crc_action(decoder->png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    png_set_chunk_malloc_max(decoder->png, CMS_PNG_CHUNK_MAX);
    return decoder;
}

cms_png_decoder *cms_png_decoder_create_file(FILE *fp) {
    cms_png_decoder *decoder = cms_png_decoder_create();
    if (decoder != NULL) decoder->fp = fp;
    return decoder;
}

cms_png_decoder *cms_png_decoder_create_memory(const uint8_t *data, size_t length) {
    cms_png_decoder *decoder = cms_png_decoder_create();
    if (decoder != NULL) {
        decoder->memory = data;
        decoder->memory_length = length;
    }
    return decoder;
}

void cms_png_decoder_destroy(cms_png_decoder *decoder) {
    if (decoder == NULL) return;
    png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    free(decoder);
}

#define CMS_PNG_GUARD(decoder, message, capacity)                                     \
    if ((decoder)->failed) {                                                          \
        cms_copy_message(message, capacity, (decoder)->message[0]                     \
                         ? (decoder)->message : "decoder already failed");            \
        return CMS_FAILED;                                                            \
    }                                                                                 \
    if (setjmp((decoder)->jump)) {                                                    \
        (decoder)->failed = 1;                                                        \
        cms_copy_message(message, capacity, (decoder)->message);                      \
        return CMS_FAILED;                                                            \
    }

int cms_png_read_header(cms_png_decoder *decoder, cms_png_header *header,
                        char *message, size_t capacity) {
    CMS_PNG_GUARD(decoder, message, capacity)
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    png_read_info(png, info);
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->bit_depth = png_get_bit_depth(png, info);
    header->color_type = png_get_color_type(png, info);
    header->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    header->has_icc = png_get_valid(png, info, PNG_INFO_iCCP) != 0;
    header->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    png_uint_32 exif_length = 0;
    png_bytep exif = NULL;
    header->exif_length = png_get_eXIf_1(png, info, &exif_length, &exif) ? exif_length : 0;
    return CMS_OK;
}

size_t cms_png_copy_exif(cms_png_decoder *decoder, uint8_t *buffer, size_t capacity) {
    png_uint_32 length = 0;
    png_bytep exif = NULL;
    if (!png_get_eXIf_1(decoder->png, decoder->info, &length, &exif) || exif == NULL) return 0;
    size_t count = length < capacity ? length : capacity;
    memcpy(buffer, exif, count);
    return count;
}

int cms_png_start(cms_png_decoder *decoder, int rgb8, int *out_channels, size_t *row_bytes,
                  char *message, size_t capacity) {
    CMS_PNG_GUARD(decoder, message, capacity)
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    if (rgb8) {
        png_set_expand(png);          /* palette → RGB, low-bit gray → 8 bits, tRNS → alpha */
        png_set_scale_16(png);
        png_set_gray_to_rgb(png);
    }
    png_read_update_info(png, info);
    *out_channels = png_get_channels(png, info);
    *row_bytes = png_get_rowbytes(png, info);
    return CMS_OK;
}

int cms_png_read_row(cms_png_decoder *decoder, uint8_t *row, char *message, size_t capacity) {
    CMS_PNG_GUARD(decoder, message, capacity)
    png_read_row(decoder->png, row, NULL);
    return CMS_OK;
}

int cms_png_finish(cms_png_decoder *decoder, char *message, size_t capacity) {
    CMS_PNG_GUARD(decoder, message, capacity)
    png_read_end(decoder->png, NULL);
    return CMS_OK;
}

int cms_png_warning_count(const cms_png_decoder *decoder, char *message, size_t capacity) {
    if (decoder->warnings > 0) cms_copy_message(message, capacity, decoder->first_warning);
    return decoder->warnings;
}

int cms_png_saw_end_of_data(const cms_png_decoder *decoder) { return decoder->saw_end_of_data; }

long long cms_png_consumed_bytes(const cms_png_decoder *decoder) { return decoder->consumed; }
