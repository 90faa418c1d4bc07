/* FFmpeg's functions CMediaShim's audio reader calls, forwarded to libavformat, libavcodec and
   libavutil opened on first use (linked, they and their codecs' own libraries would be mapped
   and relocated at the start of every `diary` process). */
#include "CDeferredLibraries.h"
#include "DeferredLibrary.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>

static const char *const avutil_names[] = {"libavutil.so.57", "libavutil.so", NULL};
static const char *const avcodec_names[] = {"libavcodec.so.59", "libavcodec.so", NULL};
static const char *const avformat_names[] = {"libavformat.so.59", "libavformat.so", NULL};
static cdl_library avutil = {.names = avutil_names, .lock = PTHREAD_MUTEX_INITIALIZER};
static cdl_library avcodec = {.names = avcodec_names, .lock = PTHREAD_MUTEX_INITIALIZER};
static cdl_library avformat = {.names = avformat_names, .lock = PTHREAD_MUTEX_INITIALIZER};

const char *cdl_ffmpeg_load_error(void) {
    /* The versions the headers were built for: another major version has another ABI. */
    if (cdl_symbol(&avutil, "avutil_version") == NULL) return cdl_error(&avutil) ? cdl_error(&avutil) : "libavutil lacks avutil_version";
    if (cdl_symbol(&avcodec, "avcodec_version") == NULL) return cdl_error(&avcodec) ? cdl_error(&avcodec) : "libavcodec lacks avcodec_version";
    if (cdl_symbol(&avformat, "avformat_version") == NULL) return cdl_error(&avformat) ? cdl_error(&avformat) : "libavformat lacks avformat_version";
    return NULL;
}

/* libavutil */
CDL_FORWARD_VOID(avutil, av_log_set_level, (int level), (level))
CDL_FORWARD_VOID(avutil, av_log_set_callback, (void (*callback)(void *, int, const char *, va_list)), (callback))
CDL_FORWARD(avutil, void *, av_malloc, (size_t size), (size), NULL)
CDL_FORWARD_VOID(avutil, av_free, (void *pointer), (pointer))
CDL_FORWARD(avutil, int, av_strerror, (int errnum, char *errbuf, size_t errbuf_size), (errnum, errbuf, errbuf_size), -1)
CDL_FORWARD(avutil, int64_t, av_rescale_q, (int64_t a, AVRational bq, AVRational cq), (a, bq, cq), 0)
CDL_FORWARD(avutil, AVFrame *, av_frame_alloc, (void), (), NULL)
CDL_FORWARD_VOID(avutil, av_frame_free, (AVFrame **frame), (frame))
CDL_FORWARD_VOID(avutil, av_frame_unref, (AVFrame *frame), (frame))
CDL_FORWARD(avutil, int, av_sample_fmt_is_planar, (enum AVSampleFormat format), (format), 0)
CDL_FORWARD(avutil, enum AVSampleFormat, av_get_packed_sample_fmt, (enum AVSampleFormat format), (format),
            AV_SAMPLE_FMT_NONE)

/* libavcodec */
CDL_FORWARD(avcodec, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec), NULL)
CDL_FORWARD_VOID(avcodec, avcodec_free_context, (AVCodecContext **context), (context))
CDL_FORWARD(avcodec, int, avcodec_parameters_to_context, (AVCodecContext *codec, const AVCodecParameters *par),
            (codec, par), AVERROR(ENOSYS))
CDL_FORWARD(avcodec, int, avcodec_open2, (AVCodecContext *context, const AVCodec *codec, AVDictionary **options),
            (context, codec, options), AVERROR(ENOSYS))
CDL_FORWARD(avcodec, int, avcodec_send_packet, (AVCodecContext *context, const AVPacket *packet), (context, packet),
            AVERROR(ENOSYS))
CDL_FORWARD(avcodec, int, avcodec_receive_frame, (AVCodecContext *context, AVFrame *frame), (context, frame),
            AVERROR(ENOSYS))
CDL_FORWARD(avcodec, const char *, avcodec_get_name, (enum AVCodecID id), (id), "unknown")
CDL_FORWARD(avcodec, AVPacket *, av_packet_alloc, (void), (), NULL)
CDL_FORWARD_VOID(avcodec, av_packet_free, (AVPacket **packet), (packet))
CDL_FORWARD_VOID(avcodec, av_packet_unref, (AVPacket *packet), (packet))

/* libavformat */
CDL_FORWARD(avformat, AVIOContext *, avio_alloc_context,
            (unsigned char *buffer, int buffer_size, int write_flag, void *opaque,
             int (*read_packet)(void *opaque, uint8_t *buf, int buf_size),
             int (*write_packet)(void *opaque, uint8_t *buf, int buf_size),
             int64_t (*seek)(void *opaque, int64_t offset, int whence)),
            (buffer, buffer_size, write_flag, opaque, read_packet, write_packet, seek), NULL)
CDL_FORWARD_VOID(avformat, avio_context_free, (AVIOContext **context), (context))
CDL_FORWARD(avformat, AVFormatContext *, avformat_alloc_context, (void), (), NULL)
CDL_FORWARD_VOID(avformat, avformat_free_context, (AVFormatContext *context), (context))
CDL_FORWARD(avformat, const AVInputFormat *, av_find_input_format, (const char *short_name), (short_name), NULL)
CDL_FORWARD(avformat, int, av_probe_input_buffer2,
            (AVIOContext *pb, const AVInputFormat **format, const char *url, void *logctx, unsigned offset,
             unsigned max_probe_size),
            (pb, format, url, logctx, offset, max_probe_size), AVERROR(ENOSYS))
CDL_FORWARD(avformat, int, avformat_open_input,
            (AVFormatContext **context, const char *url, const AVInputFormat *format, AVDictionary **options),
            (context, url, format, options), AVERROR(ENOSYS))
CDL_FORWARD(avformat, int, avformat_find_stream_info, (AVFormatContext *context, AVDictionary **options),
            (context, options), AVERROR(ENOSYS))
CDL_FORWARD(avformat, int, av_find_best_stream,
            (AVFormatContext *context, enum AVMediaType type, int wanted, int related, const AVCodec **decoder, int flags),
            (context, type, wanted, related, decoder, flags), AVERROR_STREAM_NOT_FOUND)
CDL_FORWARD(avformat, int, av_read_frame, (AVFormatContext *context, AVPacket *packet), (context, packet),
            AVERROR(ENOSYS))
CDL_FORWARD_VOID(avformat, avformat_close_input, (AVFormatContext **context), (context))
