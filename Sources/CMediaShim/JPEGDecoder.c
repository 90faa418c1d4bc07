/* libjpeg decoding behind setjmp: see CMediaShim.h. */
#include "CMediaShim.h"
#include "ShimSupport.h"
#include "JPEGDCStore.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
#include <jerror.h>

/* More scans than any real progressive JPEG uses; stops pathological files from hanging. */
#define CMS_JPEG_MAX_SCANS 500

/* The default decode budget, in passes over the picture's 8x8 blocks (see
   cms_jpeg_set_decode_budget). */
#define CMS_JPEG_BUDGET_PASSES 16

/* Input buffer of the file source. libjpeg-turbo's fast Huffman path needs 512 bytes per
   block of an MCU in the buffer (3 KB for 4:2:0); jpeg_stdio_src's 4 KB buffer leaves it on
   the slow path most of the time, so reading 64 KB at a time decodes measurably faster. */
#define CMS_JPEG_INPUT_BUFFER (64 * 1024)

struct cms_jpeg_file_source {
    struct jpeg_source_mgr pub;
    FILE *fp;
    JOCTET *buffer;
};

struct cms_jpeg_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    int warnings;
    char first_warning[JMSG_LENGTH_MAX];
    int saw_end_of_data;
    int budget_scan;              /* the last scan counted against the decode budget */
    long long blocks_scanned;     /* blocks of every scan counted so far */
    int budget_passes;            /* the budget, in passes over the picture's blocks */
    int over_budget;              /* the decode stopped at the budget */
};

struct cms_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    struct cms_jpeg_error error;
    struct jpeg_progress_mgr progress;
    FILE *fp;
    struct cms_jpeg_dc_store dc_store;
    size_t memory_length;
    int failed;
    int full_coefficients;   /* cms_jpeg_keep_full_coefficients was called */
};

static void cms_jpeg_error_exit(j_common_ptr cinfo) {
    struct cms_jpeg_error *error = (struct cms_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->jump, 1);
}

/* Replaces libjpeg's printing: warnings are counted (they are damage), traces dropped. */
static void cms_jpeg_emit_message(j_common_ptr cinfo, int level) {
    struct cms_jpeg_error *error = (struct cms_jpeg_error *)cinfo->err;
    if (level >= 0) return;
    if (cinfo->err->msg_code == JWRN_JPEG_EOF) error->saw_end_of_data = 1;
    if (error->warnings == 0) (*cinfo->err->format_message)(cinfo, error->first_warning);
    error->warnings++;
    cinfo->err->num_warnings++;
}

static void cms_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void cms_jpeg_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    struct cms_jpeg_error *error = (struct cms_jpeg_error *)cinfo->err;
    if (dinfo->input_scan_number > CMS_JPEG_MAX_SCANS) {
        cms_copy_message(error->message, sizeof error->message, "too many progressive scans");
        longjmp(error->jump, 1);
    }
    /* Each scan is counted once, when its first rows are about to be read. */
    if (dinfo->input_scan_number == error->budget_scan || dinfo->comps_in_scan <= 0) return;
    error->budget_scan = dinfo->input_scan_number;
    long long picture = 0;
    for (int c = 0; c < dinfo->num_components; c++)
        picture += (long long)dinfo->comp_info[c].width_in_blocks * dinfo->comp_info[c].height_in_blocks;
    for (int i = 0; i < dinfo->comps_in_scan && i < MAX_COMPS_IN_SCAN; i++)
        error->blocks_scanned += (long long)dinfo->cur_comp_info[i]->width_in_blocks
            * dinfo->cur_comp_info[i]->height_in_blocks;
    if (picture > 0 && error->blocks_scanned > (long long)error->budget_passes * picture) {
        snprintf(error->message, sizeof error->message, "decode budget of %d passes reached at scan %d",
                 error->budget_passes, dinfo->input_scan_number);
        error->over_budget = 1;
        longjmp(error->jump, 1);
    }
}

static void cms_jpeg_source_init(j_decompress_ptr cinfo) { (void)cinfo; }
static void cms_jpeg_source_term(j_decompress_ptr cinfo) { (void)cinfo; }

/* Refills the buffer; at the end of the file warns (damage) and supplies a fake EOI so
   libjpeg stops cleanly, as jpeg_stdio_src does. */
static boolean cms_jpeg_source_fill(j_decompress_ptr cinfo) {
    struct cms_jpeg_file_source *source = (struct cms_jpeg_file_source *)cinfo->src;
    size_t count = fread(source->buffer, 1, CMS_JPEG_INPUT_BUFFER, source->fp);
    if (count == 0) {
        WARNMS(cinfo, JWRN_JPEG_EOF);
        source->buffer[0] = (JOCTET)0xFF;
        source->buffer[1] = (JOCTET)JPEG_EOI;
        count = 2;
    }
    source->pub.next_input_byte = source->buffer;
    source->pub.bytes_in_buffer = count;
    return TRUE;
}

static void cms_jpeg_source_skip(j_decompress_ptr cinfo, long count) {
    struct jpeg_source_mgr *source = cinfo->src;
    if (count <= 0) return;
    while (count > (long)source->bytes_in_buffer) {
        count -= (long)source->bytes_in_buffer;
        (void)(*source->fill_input_buffer)(cinfo);
    }
    source->next_input_byte += (size_t)count;
    source->bytes_in_buffer -= (size_t)count;
}

static cms_jpeg_decoder *cms_jpeg_decoder_create(void) {
    cms_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->cinfo.err = jpeg_std_error(&decoder->error.pub);
    decoder->error.pub.error_exit = cms_jpeg_error_exit;
    decoder->error.pub.emit_message = cms_jpeg_emit_message;
    decoder->error.pub.output_message = cms_jpeg_output_message;
    if (setjmp(decoder->error.jump)) {
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->cinfo);
    decoder->error.budget_passes = CMS_JPEG_BUDGET_PASSES;
    decoder->progress.progress_monitor = cms_jpeg_progress;
    decoder->cinfo.progress = &decoder->progress;
    return decoder;
}

cms_jpeg_decoder *cms_jpeg_decoder_create_file(FILE *fp) {
    cms_jpeg_decoder *decoder = cms_jpeg_decoder_create();
    if (decoder == NULL) return NULL;
    decoder->fp = fp;
    if (setjmp(decoder->error.jump)) {   /* out of memory for the buffer */
        decoder->failed = 1;
        return decoder;
    }
    j_common_ptr common = (j_common_ptr)&decoder->cinfo;
    struct cms_jpeg_file_source *source =
        (*common->mem->alloc_small)(common, JPOOL_PERMANENT, sizeof *source);
    source->buffer = (*common->mem->alloc_small)(common, JPOOL_PERMANENT, CMS_JPEG_INPUT_BUFFER);
    source->fp = fp;
    source->pub.init_source = cms_jpeg_source_init;
    source->pub.fill_input_buffer = cms_jpeg_source_fill;
    source->pub.skip_input_data = cms_jpeg_source_skip;
    source->pub.resync_to_restart = jpeg_resync_to_restart;
    source->pub.term_source = cms_jpeg_source_term;
    source->pub.bytes_in_buffer = 0;
    source->pub.next_input_byte = NULL;
    decoder->cinfo.src = &source->pub;
    return decoder;
}

cms_jpeg_decoder *cms_jpeg_decoder_create_memory(const uint8_t *data, size_t length) {
    cms_jpeg_decoder *decoder = cms_jpeg_decoder_create();
    if (decoder == NULL) return NULL;
    decoder->memory_length = length;
    if (setjmp(decoder->error.jump)) {   /* jpeg_mem_src refuses empty input */
        decoder->failed = 1;
        return decoder;
    }
    jpeg_mem_src(&decoder->cinfo, data, (unsigned long)length);
    return decoder;
}

void cms_jpeg_decoder_destroy(cms_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder);
}

/* Begins a guarded call: a failed decoder refuses, a longjmp lands in the caller's setjmp. */
#define CMS_JPEG_GUARD(decoder, message, capacity)                                   \
    if ((decoder)->failed) {                                                          \
        cms_copy_message(message, capacity, (decoder)->error.message[0]               \
                         ? (decoder)->error.message : "decoder already failed");      \
        return CMS_FAILED;                                                            \
    }                                                                                 \
    if (setjmp((decoder)->error.jump)) {                                              \
        (decoder)->failed = 1;                                                        \
        cms_copy_message(message, capacity, (decoder)->error.message);                \
        return CMS_FAILED;                                                            \
    }

static int cms_jpeg_color_space(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return CMS_JPEG_GRAY;
    case JCS_RGB: return CMS_JPEG_RGB;
    case JCS_YCbCr: return CMS_JPEG_YCBCR;
    case JCS_CMYK: return CMS_JPEG_CMYK;
    case JCS_YCCK: return CMS_JPEG_YCCK;
    default: return CMS_JPEG_OTHER;
    }
}

static jpeg_saved_marker_ptr cms_jpeg_find_marker(const struct jpeg_decompress_struct *cinfo,
                                                   int code, const char *tag, size_t tag_length) {
    for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker == code && marker->data_length >= tag_length &&
            memcmp(marker->data, tag, tag_length) == 0)
            return marker;
    }
    return NULL;
}

int cms_jpeg_read_header(cms_jpeg_decoder *decoder, cms_jpeg_header *header,
                         char *message, size_t capacity) {
    CMS_JPEG_GUARD(decoder, message, capacity)
    /* Exif (APP1) whole, since the orientation can sit anywhere in it; of APP2 only
       enough to recognise an ICC profile, which can span many markers. */
    jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 2, 16);
    jpeg_read_header(&decoder->cinfo, TRUE);
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    header->width = cinfo->image_width;
    header->height = cinfo->image_height;
    header->components = cinfo->num_components;
    header->color_space = cms_jpeg_color_space(cinfo->jpeg_color_space);
    header->progressive = cinfo->progressive_mode ? 1 : 0;
    header->adobe_marker = cinfo->saw_Adobe_marker ? 1 : 0;
    header->has_icc = cms_jpeg_find_marker(cinfo, JPEG_APP0 + 2, "ICC_PROFILE", 12) != NULL;
    jpeg_saved_marker_ptr exif = cms_jpeg_find_marker(cinfo, JPEG_APP0 + 1, "Exif\0", 6);
    header->exif_length = exif ? exif->data_length - 6 : 0;
    return CMS_OK;
}

size_t cms_jpeg_copy_exif(cms_jpeg_decoder *decoder, uint8_t *buffer, size_t capacity) {
    jpeg_saved_marker_ptr exif = cms_jpeg_find_marker(&decoder->cinfo, JPEG_APP0 + 1, "Exif\0", 6);
    if (exif == NULL) return 0;
    size_t length = exif->data_length - 6;
    if (length > capacity) length = capacity;
    memcpy(buffer, exif->data + 6, length);
    return length;
}

int cms_jpeg_start(cms_jpeg_decoder *decoder, unsigned scale_denom, unsigned *out_width,
                   unsigned *out_height, int *out_channels, char *message, size_t capacity) {
    CMS_JPEG_GUARD(decoder, message, capacity)
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    cinfo->scale_num = 1;
    cinfo->scale_denom = scale_denom;
    if (scale_denom > 1) {
        /* The picture is averaged down afterwards: speed over the last bit of precision. */
        cinfo->dct_method = JDCT_IFAST;
        cinfo->do_fancy_upsampling = FALSE;
        cinfo->do_block_smoothing = FALSE;
        /* A progressive file is held whole as coefficients; at 1/8 only DC values count. */
        if (scale_denom == 8 && !decoder->full_coefficients) cms_jpeg_dc_store_install(cinfo, &decoder->dc_store);
    }
    jpeg_start_decompress(cinfo);
    *out_width = cinfo->output_width;
    *out_height = cinfo->output_height;
    *out_channels = cinfo->output_components;
    return CMS_OK;
}

void cms_jpeg_keep_full_coefficients(cms_jpeg_decoder *decoder) {
    decoder->full_coefficients = 1;
}

int cms_jpeg_read_rows(cms_jpeg_decoder *decoder, uint8_t *buffer, size_t stride,
                       unsigned max_rows, unsigned *rows_read, char *message, size_t capacity) {
    *rows_read = 0;
    CMS_JPEG_GUARD(decoder, message, capacity)
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    JSAMPROW rows[16];
    if (max_rows > 16) max_rows = 16;
    for (unsigned i = 0; i < max_rows; i++) rows[i] = buffer + i * stride;
    unsigned total = 0;
    while (total < max_rows && cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION got = jpeg_read_scanlines(cinfo, rows + total, max_rows - total);
        if (got == 0) break;   /* suspension: impossible with our sources, never loop on it */
        total += got;
        *rows_read = total;
    }
    return CMS_OK;
}

int cms_jpeg_finish(cms_jpeg_decoder *decoder, char *message, size_t capacity) {
    CMS_JPEG_GUARD(decoder, message, capacity)
    jpeg_finish_decompress(&decoder->cinfo);
    return CMS_OK;
}

int cms_jpeg_warning_count(const cms_jpeg_decoder *decoder, char *message, size_t capacity) {
    if (decoder->error.warnings > 0) cms_copy_message(message, capacity, decoder->error.first_warning);
    return decoder->error.warnings;
}

int cms_jpeg_saw_end_of_data(const cms_jpeg_decoder *decoder) {
    return decoder->error.saw_end_of_data;
}

void cms_jpeg_set_decode_budget(cms_jpeg_decoder *decoder, int passes) {
    decoder->error.budget_passes = passes > 0 ? passes : 1;
}

int cms_jpeg_over_budget(const cms_jpeg_decoder *decoder) {
    return decoder->error.over_budget;
}

long long cms_jpeg_consumed_bytes(const cms_jpeg_decoder *decoder) {
    const struct jpeg_source_mgr *source = decoder->cinfo.src;
    long long unread = source ? (long long)source->bytes_in_buffer : 0;
    if (decoder->fp != NULL) {
        long position = ftell(decoder->fp);
        return position < 0 ? -1 : (long long)position - unread;
    }
    return (long long)decoder->memory_length - unread;
}
