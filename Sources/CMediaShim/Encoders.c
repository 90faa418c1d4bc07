/* JPEG and PNG encoding of small pictures (thumbnails, waveforms) into memory. */
#include "CMediaShim.h"
#include "ShimSupport.h"
#include <setjmp.h>
#include <stdlib.h>
#include <jpeglib.h>
#include <png.h>

struct cms_jpeg_encode_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void cms_jpeg_encode_error_exit(j_common_ptr cinfo) {
    struct cms_jpeg_encode_error *error = (struct cms_jpeg_encode_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->jump, 1);
}

static void cms_jpeg_encode_silent(j_common_ptr cinfo) { (void)cinfo; }
static void cms_jpeg_encode_silent_level(j_common_ptr cinfo, int level) { (void)cinfo; (void)level; }

int cms_jpeg_encode_rgb(const uint8_t *pixels, unsigned width, unsigned height, int quality,
                        uint8_t **output, size_t *output_length, char *message, size_t capacity) {
    struct jpeg_compress_struct cinfo;
    struct cms_jpeg_encode_error error;
    /* volatile: read after a longjmp */
    unsigned char *volatile buffer = NULL;
    unsigned long length = 0;
    *output = NULL;
    *output_length = 0;
    cinfo.err = jpeg_std_error(&error.pub);
    error.pub.error_exit = cms_jpeg_encode_error_exit;
    error.pub.output_message = cms_jpeg_encode_silent;
    error.pub.emit_message = cms_jpeg_encode_silent_level;
    if (setjmp(error.jump)) {
        cms_copy_message(message, capacity, error.message);
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return CMS_FAILED;
    }
    jpeg_create_compress(&cinfo);
    unsigned char *destination = NULL;
    jpeg_mem_dest(&cinfo, &destination, &length);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * width * 3);
        jpeg_write_scanlines(&cinfo, &row, 1);
        buffer = destination;
    }
    jpeg_finish_compress(&cinfo);
    buffer = destination;
    jpeg_destroy_compress(&cinfo);
    *output = buffer;
    *output_length = length;
    return CMS_OK;
}

struct cms_png_sink {
    uint8_t *data;
    size_t length;
    size_t capacity;
    jmp_buf jump;
    char message[256];
};

static void cms_png_encode_error(png_structp png, png_const_charp text) {
    struct cms_png_sink *sink = png_get_error_ptr(png);
    cms_copy_message(sink->message, sizeof sink->message, text);
    longjmp(sink->jump, 1);
}

static void cms_png_encode_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void cms_png_write(png_structp png, png_bytep data, size_t length) {
    struct cms_png_sink *sink = png_get_io_ptr(png);
    if (sink->length + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity * 2 : 4096;
        while (capacity < sink->length + length) capacity *= 2;
        uint8_t *grown = realloc(sink->data, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->length, data, length);
    sink->length += length;
}

static void cms_png_flush(png_structp png) { (void)png; }

int cms_png_encode(const uint8_t *pixels, unsigned width, unsigned height, int channels,
                   uint8_t **output, size_t *output_length, char *message, size_t capacity) {
    static const int color_types[] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA,
                                      PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
    *output = NULL;
    *output_length = 0;
    if (channels < 1 || channels > 4) {
        cms_copy_message(message, capacity, "unsupported channel count");
        return CMS_FAILED;
    }
    struct cms_png_sink sink = {0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink,
                                              cms_png_encode_error, cms_png_encode_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        cms_copy_message(message, capacity, "out of memory");
        return CMS_FAILED;
    }
    if (setjmp(sink.jump)) {
        png_destroy_write_struct(&png, &info);
        free(sink.data);
        cms_copy_message(message, capacity, sink.message);
        return CMS_FAILED;
    }
    png_set_write_fn(png, &sink, cms_png_write, cms_png_flush);
    png_set_IHDR(png, info, width, height, 8, color_types[channels], PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (unsigned y = 0; y < height; y++)
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * width * channels));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *output = sink.data;
    *output_length = sink.length;
    return CMS_OK;
}

void cms_free(void *pointer) { free(pointer); }
