/* libpng decoding behind setjmp: see CMediaShim.h. */
#include "CMediaShim.h"
#include "ShimSupport.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
    long long size;          /* the input's length in bytes; -1 when unknown */
    long long chunk_left;    /* bytes of the current chunk (data and CRC) libpng has still to read */
    int framing_lost;        /* libpng read other than a chunk at a time: stop checking declared sizes */
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

/* libpng reads a chunk as its 8-byte header (length, type), then its data and CRC. It allocates
   some chunks (tEXt, zTXt) at their declared length before reading them, so a 100-byte file
   declaring a 2 GiB text chunk took 2 GiB and seconds: each header's length is checked here
   against what the input still holds before libpng sees it. */
static void cms_png_check_chunk(cms_png_decoder *decoder, png_const_bytep header, size_t length, long long before) {
    if (decoder->framing_lost || decoder->size < 0 || before < 8) return;   /* the signature */
    if (decoder->chunk_left > 0) {
        decoder->chunk_left -= (long long)length;
        if (decoder->chunk_left < 0) decoder->framing_lost = 1;
        return;
    }
    if (length != 8) { decoder->framing_lost = 1; return; }
    long long declared = (long long)png_get_uint_32(header);
    long long left = decoder->size - before - 8;
    char type[5] = {0};
    for (int i = 0; i < 4; i++) {
        const png_byte c = header[4 + i];
        /* Not a chunk type (garbage where a chunk should start): libpng names that damage itself. */
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) { decoder->chunk_left = declared + 4; return; }
        type[i] = (char)c;
    }
    if (declared + 4 > left) {
        char text[160];
        snprintf(text, sizeof text, "a %s chunk declares %lld bytes, more than the %lld the file has left for it",
                 type, declared, left > 4 ? left - 4 : 0);
        decoder->saw_end_of_data = 1;
        png_error(decoder->png, text);
    }
    decoder->chunk_left = declared + 4;
}

static void cms_png_read(png_structp png, png_bytep out, size_t length) {
    cms_png_decoder *decoder = png_get_io_ptr(png);
    const long long before = decoder->consumed;
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
    cms_png_check_chunk(decoder, out, length, before);
}

static cms_png_decoder *cms_png_decoder_create(void) {
    cms_png_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->size = -1;
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
    if (decoder != NULL) {
        decoder->fp = fp;
        struct stat status;
        long position = ftell(fp);
        if (fstat(fileno(fp), &status) == 0 && S_ISREG(status.st_mode) && position >= 0)
            decoder->size = (long long)status.st_size - position;
    }
    return decoder;
}

cms_png_decoder *cms_png_decoder_create_memory(const uint8_t *data, size_t length) {
    cms_png_decoder *decoder = cms_png_decoder_create();
    if (decoder != NULL) {
        decoder->memory = data;
        decoder->memory_length = length;
        decoder->size = (long long)length;
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

/* The text of a "Raw profile type exif" (or "APP1") tEXt, zTXt or iTXt chunk before the image
   data, as ImageMagick writes EXIF into PNGs: "\nexif\n  <length>\n<hex digits>". */
int cms_png_raw_exif_profile(cms_png_decoder *decoder, const char **text, size_t *length) {
    *text = NULL;
    *length = 0;
    png_textp texts = NULL;
    int count = png_get_text(decoder->png, decoder->info, &texts, NULL);
    for (int i = 0; i < count; i++) {
        if (texts[i].key == NULL || texts[i].text == NULL) continue;
        if (strcmp(texts[i].key, "Raw profile type exif") != 0 && strcmp(texts[i].key, "Raw profile type APP1") != 0)
            continue;
        *text = texts[i].text;
        *length = texts[i].compression >= PNG_ITXT_COMPRESSION_NONE ? texts[i].itxt_length : texts[i].text_length;
        return 1;
    }
    return 0;
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
