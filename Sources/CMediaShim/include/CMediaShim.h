#ifndef CMEDIASHIM_H
#define CMEDIASHIM_H
/*
 * setjmp/longjmp-guarded libjpeg and libpng calls for MediaKit.
 *
 * Every fallible library call has its own small function here. Each sets the
 * decoder's jump buffer, calls the library and returns CMS_OK or CMS_FAILED with
 * the library's message copied into the caller's buffer. A longjmp never leaves
 * these functions, so it never crosses a Swift frame. The libraries' error
 * handlers are replaced: they never print and never exit. A decoder that failed
 * once refuses further calls.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CMS_OK 0
#define CMS_FAILED 1

/* Colour spaces of a JPEG header (cms_jpeg_header.color_space). */
#define CMS_JPEG_GRAY 1
#define CMS_JPEG_RGB 2
#define CMS_JPEG_YCBCR 3
#define CMS_JPEG_CMYK 4
#define CMS_JPEG_YCCK 5
#define CMS_JPEG_OTHER 6

/* ---- JPEG decoding ---- */
typedef struct cms_jpeg_decoder cms_jpeg_decoder;

typedef struct {
    unsigned width;
    unsigned height;
    int components;
    int color_space;      /* CMS_JPEG_* */
    int progressive;
    int has_icc;
    int adobe_marker;     /* an Adobe APP14 marker: CMYK data is stored inverted */
    size_t exif_length;   /* bytes of the first APP1 "Exif\0\0" payload, 0 when absent */
} cms_jpeg_header;

/* A decoder reading `fp` (not closed by the decoder) or `length` bytes at `data`
   (which must outlive the decoder). NULL when out of memory. */
cms_jpeg_decoder *cms_jpeg_decoder_create_file(FILE *fp);
cms_jpeg_decoder *cms_jpeg_decoder_create_memory(const uint8_t *data, size_t length);
void cms_jpeg_decoder_destroy(cms_jpeg_decoder *decoder);

/* Reads the markers up to the first scan. */
int cms_jpeg_read_header(cms_jpeg_decoder *decoder, cms_jpeg_header *header,
                         char *message, size_t capacity);
/* Copies up to `capacity` bytes of the Exif APP1 payload (after "Exif\0\0"); returns the count. */
size_t cms_jpeg_copy_exif(cms_jpeg_decoder *decoder, uint8_t *buffer, size_t capacity);
/* Starts decoding at 1/scale_denom (1, 2, 4 or 8) as 3-channel RGB, or 4-channel CMYK
   for CMYK/YCCK files; reports the output size and channels. At 1/8 a progressive file's
   coefficients are kept compactly (DC values and nonzero masks, 10 bytes a block instead of
   128) unless cms_jpeg_keep_full_coefficients was called; the output is the same. */
int cms_jpeg_start(cms_jpeg_decoder *decoder, unsigned scale_denom, unsigned *out_width,
                   unsigned *out_height, int *out_channels, char *message, size_t capacity);
/* Before cms_jpeg_start: keep libjpeg's own whole coefficient arrays (for comparisons). */
void cms_jpeg_keep_full_coefficients(cms_jpeg_decoder *decoder);
/* Decodes up to max_rows rows into `buffer` (rows `stride` bytes apart); *rows_read says how many. */
int cms_jpeg_read_rows(cms_jpeg_decoder *decoder, uint8_t *buffer, size_t stride,
                       unsigned max_rows, unsigned *rows_read, char *message, size_t capacity);
/* Reads to the end of image (EOI). */
int cms_jpeg_finish(cms_jpeg_decoder *decoder, char *message, size_t capacity);
/* Warnings (damage) seen so far; the first one's text is copied to `message`. */
int cms_jpeg_warning_count(const cms_jpeg_decoder *decoder, char *message, size_t capacity);
/* Whether the data ended before the image did. */
int cms_jpeg_saw_end_of_data(const cms_jpeg_decoder *decoder);
/* The decode budget in passes over the picture's 8x8 blocks (default 16): every scan costs
   the blocks of its components, so the budget scales with the pixels; a decode beyond it
   fails and cms_jpeg_over_budget says so. Before cms_jpeg_start. */
void cms_jpeg_set_decode_budget(cms_jpeg_decoder *decoder, int passes);
/* Whether the decode failed because it reached the budget. */
int cms_jpeg_over_budget(const cms_jpeg_decoder *decoder);
/* Bytes of input the decoder consumed (through EOI after cms_jpeg_finish). */
long long cms_jpeg_consumed_bytes(const cms_jpeg_decoder *decoder);

/* ---- PNG decoding ---- */
typedef struct cms_png_decoder cms_png_decoder;

typedef struct {
    unsigned width;
    unsigned height;
    int bit_depth;
    int color_type;       /* PNG_COLOR_TYPE_* */
    int interlaced;
    int has_icc;
    int has_trns;
    size_t exif_length;   /* bytes of an eXIf chunk before IDAT, 0 when absent */
} cms_png_header;

cms_png_decoder *cms_png_decoder_create_file(FILE *fp);
cms_png_decoder *cms_png_decoder_create_memory(const uint8_t *data, size_t length);
void cms_png_decoder_destroy(cms_png_decoder *decoder);

/* Reads the signature and every chunk before the first IDAT. */
int cms_png_read_header(cms_png_decoder *decoder, cms_png_header *header,
                        char *message, size_t capacity);
size_t cms_png_copy_exif(cms_png_decoder *decoder, uint8_t *buffer, size_t capacity);
/* The text of a "Raw profile type exif" chunk read with the header (ImageMagick's EXIF in a
   PNG), owned by the decoder; 1 when there is one. */
int cms_png_raw_exif_profile(cms_png_decoder *decoder, const char **text, size_t *length);
/* Prepares row reading. With `rgb8` rows come as 8-bit RGB (3 channels) or RGBA (4, when
   the image has alpha or tRNS); otherwise in the file's own layout. Interlaced images are
   delivered pass by pass as reduced sub-images (no deinterlacing). */
int cms_png_start(cms_png_decoder *decoder, int rgb8, int *out_channels, size_t *row_bytes,
                  char *message, size_t capacity);
/* Decodes the next row into `row` (row_bytes long). */
int cms_png_read_row(cms_png_decoder *decoder, uint8_t *row, char *message, size_t capacity);
/* Reads the chunks after the image data through IEND, checking their CRCs. */
int cms_png_finish(cms_png_decoder *decoder, char *message, size_t capacity);
int cms_png_warning_count(const cms_png_decoder *decoder, char *message, size_t capacity);
int cms_png_saw_end_of_data(const cms_png_decoder *decoder);
long long cms_png_consumed_bytes(const cms_png_decoder *decoder);

/* ---- Encoding (output freed with cms_free) ---- */
/* 8-bit RGB rows, tightly packed, to a baseline JPEG. */
int cms_jpeg_encode_rgb(const uint8_t *pixels, unsigned width, unsigned height, int quality,
                        uint8_t **output, size_t *output_length, char *message, size_t capacity);
/* 8-bit rows of 1 (gray), 2 (gray+alpha), 3 (RGB) or 4 (RGBA) channels to a PNG. */
int cms_png_encode(const uint8_t *pixels, unsigned width, unsigned height, int channels,
                   uint8_t **output, size_t *output_length, char *message, size_t capacity);
void cms_free(void *pointer);

/* ---- libmpg123 silence (see Mpg123Quiet.c) ---- */
/* How many libmpg123 handles (made by libsndfile for MP3) were created quiet. */
int cms_mpg123_quiet_handle_count(void);

/* ---- Audio through FFmpeg: MP4/M4A, and what libsndfile refuses (see AudioDecoderFFmpeg.c) ---- */
/* What went wrong (the `failure` out-parameter). */
#define CMS_AV_UNRECOGNISED 1   /* not a recording in that container: no container, or no audio */
#define CMS_AV_CORRUPT 2        /* damaged data */
#define CMS_AV_TRUNCATED 3      /* the data ends before the recording does */
#define CMS_AV_UNAVAILABLE 4    /* FFmpeg's libraries could not be loaded */
#define CMS_AV_VIDEO 5          /* a video: a format the diary does not keep */

typedef struct cms_av_audio cms_av_audio;

typedef struct {
    int sample_rate;
    int channels;
    long long header_frames;   /* the duration the container states exactly, in frames; 0 when none */
    long long estimated_frames;   /* the stated duration, else FFmpeg's estimate (for laying out a waveform) */
    char codec[32];            /* FFmpeg's codec name: "aac", "alac", ... */
    char container[32];        /* FFmpeg's demuxer name: "mov,mp4,m4a,3gp,3g2,mj2", "flac", "ogg", ... */
} cms_av_audio_info;

/* Opens the container in `fp` (not closed; read from its start) with FFmpeg's demuxer of that
   short name ("mov" for MP4, "flac", "ogg", "wav", "mp3", ...), or with NULL the demuxer FFmpeg's
   probe names if it is one of recordings, and its best audio stream's decoder. FFmpeg's log is silenced for good on the first call. On failure *out may still hold
   a reader: free it with cms_av_close. */
int cms_av_open(FILE *fp, const char *demuxer, cms_av_audio **out, cms_av_audio_info *info, int *failure,
                char *message, size_t capacity);
/* Decodes up to capacity_frames frames as interleaved floats in -1...1; *frames_read is 0 at the end.
   Every packet the container declares must be present and decode cleanly. */
int cms_av_read(cms_av_audio *audio, float *buffer, int capacity_frames, int *frames_read, int *failure,
                char *message, size_t capacity);
/* What has been decoded so far as frames at the stream's own rate (FLAC may change its rate
   between frames, so this is not the sum of the frames read). */
long long cms_av_frames_at_stream_rate(const cms_av_audio *audio);
void cms_av_close(cms_av_audio *audio);

/* ---- HEIF through libheif: a heif_reader over a FILE (see HEIFFileReader.c) ---- */
/* The reader callbacks for heif_context_read_from_reader; the userdata is a cms_heif_file. */
typedef struct {
    FILE *fp;
    long long size;
    int saw_end_of_file;   /* set when libheif wanted bytes past the end of the file */
} cms_heif_file;
const void *cms_heif_file_reader(void);

/* ---- EXIF through libexif (see ExifReader.c) ---- */
#define CMS_EXIF_FOUND 0         /* libexif read at least one entry */
#define CMS_EXIF_NONE 1          /* no usable EXIF structure (absent, empty or damaged beyond reading) */
#define CMS_EXIF_UNAVAILABLE 2   /* libexif could not be loaded */
#define CMS_EXIF_TEXT 256        /* bytes kept of each text tag, NUL included */

/* The facts read from one EXIF block; texts are as stored (usually ASCII), "" when absent. */
typedef struct {
    int orientation;                 /* Orientation 1...8; 0 when absent or out of range */
    char date_time_original[32];     /* DateTimeOriginal, "YYYY:MM:DD HH:MM:SS" as written */
    char sub_sec_time_original[16];  /* SubSecTimeOriginal: digits of a fraction of a second */
    char offset_time_original[16];   /* OffsetTimeOriginal, "+09:00" as written */
    int has_location;                /* latitude and longitude are both present and in range */
    double latitude;                 /* degrees, north positive */
    double longitude;                /* degrees, east positive */
    int has_altitude;                /* altitude present (only read with a location) */
    double altitude;                 /* metres above sea level (negative below) */
    char gps_date_stamp[16];         /* GPSDateStamp, "YYYY:MM:DD" (UTC) as written */
    int has_gps_time;                /* GPSTimeStamp present and valid */
    double gps_time_seconds;         /* GPSTimeStamp: seconds since midnight UTC */
    char make[CMS_EXIF_TEXT];
    char model[CMS_EXIF_TEXT];
    char lens_make[CMS_EXIF_TEXT];
    char lens_model[CMS_EXIF_TEXT];
} cms_exif_facts;

/* Reads the EXIF TIFF block `tiff` (starting at its "II"/"MM" byte-order mark; the first 64 KiB
   are read). Never prints, exits or aborts on any input; damaged parts are left out. */
int cms_exif_read(const uint8_t *tiff, size_t length, cms_exif_facts *facts);

#endif
