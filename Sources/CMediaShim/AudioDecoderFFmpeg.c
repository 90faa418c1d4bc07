/*
 * Recordings through FFmpeg's libavformat and libavcodec: MP4/M4A (AAC, ALAC, AC-3, FLAC,
 * Opus...), and the files libsndfile refuses or misreads (FLAC without a total sample count or
 * with 12-, 15- or 20-bit samples, Ogg FLAC and Speex, MP3 in a WAV...).
 *
 * FFmpeg reports errors by return codes, so no setjmp is needed; this file exists because
 * the demuxer reads through an AVIOContext whose callbacks must be C functions, and so that
 * FFmpeg's log never reaches stderr. The file is read through the caller's FILE (the one
 * MediaKit opened and checked), only the one demuxer the caller names is tried, and it never
 * opens other files (external data references stay off, FFmpeg's default).
 */
#include "CMediaShim.h"
#include "ShimSupport.h"
#include "CDeferredLibraries.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

struct cms_av_audio {
    FILE *fp;
    long long size;
    int saw_end_of_file;   /* a read reached the end of the file (reset once the container is open) */
    AVFormatContext *format;
    AVCodecContext *codec;
    AVPacket *packet;
    AVFrame *frame;
    int stream;
    int channels;           /* the stream's channel count: every frame is delivered with as many */
    int sample_rate;        /* the stream's rate: the unit of `frames_at_stream_rate` */
    double frames_at_stream_rate;   /* what was decoded, as frames at the stream's rate */
    long long declared_packets;
    long long packets_read;
    long long packet_end;   /* where the last packet sent to the decoder ends in the file (-1: unknown) */
    int frame_offset;     /* samples of `frame` already delivered */
    int has_frame;
    int draining;
    int finished;
};

static void cms_av_silent_log(void *context, int level, const char *format, va_list arguments) {
    (void)context; (void)level; (void)format; (void)arguments;
}

static pthread_once_t cms_av_log_once = PTHREAD_ONCE_INIT;
static void cms_av_silence(void) {
    av_log_set_level(AV_LOG_QUIET);
    av_log_set_callback(cms_av_silent_log);
}

static int cms_av_read_packet(void *opaque, uint8_t *buffer, int size) {
    cms_av_audio *audio = opaque;
    size_t got = fread(buffer, 1, (size_t)size, audio->fp);
    if (ferror(audio->fp)) return AVERROR(EIO);
    if (feof(audio->fp)) audio->saw_end_of_file = 1;
    if (got == 0) return AVERROR_EOF;
    return (int)got;
}

static int64_t cms_av_seek(void *opaque, int64_t offset, int whence) {
    cms_av_audio *audio = opaque;

    if (whence == AVSEEK_SIZE) {
        long position = ftell(audio->fp);
        if (position < 0 || fseek(audio->fp, 0, SEEK_END) != 0) return -1;
        long size = ftell(audio->fp);
        if (fseek(audio->fp, position, SEEK_SET) != 0) return -1;
        return size;
    }
    if (fseeko(audio->fp, (off_t)offset, whence & ~AVSEEK_FORCE) != 0) return -1;
    off_t position = ftello(audio->fp);
    /* A box that claims to reach past the end makes the demuxer seek there. */
    if (position > audio->size) audio->saw_end_of_file = 1;
    return position;
}

static int cms_av_fail(int *failure, int kind, char *message, size_t capacity, const char *what, int code) {
    char text[AV_ERROR_MAX_STRING_SIZE] = "";
    if (code != 0) av_strerror(code, text, sizeof text);
    char combined[256];
    snprintf(combined, sizeof combined, code != 0 ? "%s: %s" : "%s", what, text);
    cms_copy_message(message, capacity, combined);
    *failure = kind;
    return CMS_FAILED;
}

/* A failure is truncation when the demuxer had read to the end of the file: opening, it did not
   find all of the container before the end (a complete MP4 has its moov box); after opening, a
   packet lies beyond the end. */
static int cms_av_damage(const cms_av_audio *audio) {
    return audio->saw_end_of_file ? CMS_AV_TRUNCATED : CMS_AV_CORRUPT;
}

/* A packet that will not decode is truncation when it is the file's last bytes (a FLAC or MP3 cut
   in the middle of a frame), damage anywhere else. */
static int cms_av_decoding_damage(const cms_av_audio *audio) {
    return audio->packet_end >= audio->size && audio->size > 0 ? CMS_AV_TRUNCATED : CMS_AV_CORRUPT;
}

/* The demuxers whose files may be recordings (FFmpeg's names; "mov,mp4,m4a,3gp,3g2,mj2" is MP4). */
static int cms_av_is_audio_container(const char *name) {
    static const char *const names[] = {"mov,mp4,m4a,3gp,3g2,mj2", "flac", "ogg", "wav", "aiff", "mp3", "caf", "au", NULL};
    for (int i = 0; names[i] != NULL; i++) if (strcmp(name, names[i]) == 0) return 1;
    return 0;
}

int cms_av_open(FILE *fp, const char *demuxer, cms_av_audio **out, cms_av_audio_info *info, int *failure,
                char *message, size_t capacity) {
    *out = NULL;
    *failure = 0;
    memset(info, 0, sizeof *info);
    const char *unavailable = cdl_ffmpeg_load_error();
    if (unavailable != NULL) return cms_av_fail(failure, CMS_AV_UNAVAILABLE, message, capacity, unavailable, 0);
    pthread_once(&cms_av_log_once, cms_av_silence);

    cms_av_audio *audio = calloc(1, sizeof *audio);
    if (audio == NULL) return cms_av_fail(failure, CMS_AV_CORRUPT, message, capacity, "out of memory", 0);
    audio->fp = fp;
    if (fseeko(fp, 0, SEEK_END) == 0) audio->size = ftello(fp);
    rewind(fp);
    const int buffer_size = 64 * 1024;
    unsigned char *buffer = av_malloc(buffer_size);
    AVIOContext *io = buffer != NULL
        ? avio_alloc_context(buffer, buffer_size, 0, audio, cms_av_read_packet, NULL, cms_av_seek) : NULL;
    audio->format = avformat_alloc_context();
    const AVInputFormat *container = demuxer != NULL ? av_find_input_format(demuxer) : NULL;
    if (io == NULL || audio->format == NULL || (demuxer != NULL && container == NULL)) {
        if (io == NULL) av_free(buffer);
        if (io != NULL) { av_free(io->buffer); avio_context_free(&io); }
        avformat_free_context(audio->format);
        free(audio);
        return cms_av_fail(failure, CMS_AV_CORRUPT, message, capacity, "FFmpeg could not start", 0);
    }
    audio->format->pb = io;
    audio->format->flags |= AVFMT_FLAG_CUSTOM_IO;
    *out = audio;   /* from here on cms_av_close frees everything */

    int code = 0;
    if (container == NULL) {
        /* Named by content, as ffprobe names it (skipping an ID3v2 tag, requiring several
           consistent MP3 frames...), and kept only when it is a container of recordings. */
        code = av_probe_input_buffer2(io, &container, "", NULL, 0, 0);
        if (code < 0 || container == NULL || !cms_av_is_audio_container(container->name)) {
            av_free(io->buffer);
            avio_context_free(&io);
            avformat_free_context(audio->format);
            audio->format = NULL;
            return cms_av_fail(failure, CMS_AV_UNRECOGNISED, message, capacity, "not a recording FFmpeg knows", 0);
        }
    }
    audio->saw_end_of_file = 0;   /* the probe may read a small file to its end */
    demuxer = container->name;
    cms_copy_message(info->container, sizeof info->container, container->name);
    code = avformat_open_input(&audio->format, NULL, container, NULL);
    if (code < 0) {
        audio->format = NULL;   /* freed by avformat_open_input on failure */
        av_free(io->buffer);
        avio_context_free(&io);
        char what[64], name[16];
        size_t length = 0;
        for (const char *c = demuxer; *c != '\0' && *c != ',' && length + 1 < sizeof name; c++)
            name[length++] = (char)toupper((unsigned char)*c);
        name[length] = '\0';
        snprintf(what, sizeof what, "the %s container cannot be read", strcmp(name, "MOV") == 0 ? "MP4" : name);
        return cms_av_fail(failure, cms_av_damage(audio), message, capacity, what, code);
    }
    code = avformat_find_stream_info(audio->format, NULL);
    if (code < 0) return cms_av_fail(failure, cms_av_damage(audio), message, capacity, "no stream could be read", code);
    for (unsigned index = 0; index < audio->format->nb_streams; index++) {
        AVStream *stream = audio->format->streams[index];
        if (stream->codecpar->codec_type == AVMEDIA_TYPE_VIDEO && !(stream->disposition & AV_DISPOSITION_ATTACHED_PIC)) {
            char what[96];
            snprintf(what, sizeof what, "a video (%s), not a photo or a recording",
                     avcodec_get_name(stream->codecpar->codec_id));
            return cms_av_fail(failure, CMS_AV_VIDEO, message, capacity, what, 0);
        }
    }
    const AVCodec *decoder = NULL;
    audio->stream = av_find_best_stream(audio->format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0);
    if (audio->stream < 0 || decoder == NULL)
        return cms_av_fail(failure, audio->stream == AVERROR_DECODER_NOT_FOUND ? CMS_AV_CORRUPT : CMS_AV_UNRECOGNISED,
                           message, capacity, "no audio stream FFmpeg can decode", 0);
    AVStream *stream = audio->format->streams[audio->stream];
    audio->codec = avcodec_alloc_context3(decoder);
    audio->packet = av_packet_alloc();
    audio->frame = av_frame_alloc();
    if (audio->codec == NULL || audio->packet == NULL || audio->frame == NULL)
        return cms_av_fail(failure, CMS_AV_CORRUPT, message, capacity, "out of memory", 0);
    code = avcodec_parameters_to_context(audio->codec, stream->codecpar);
    if (code < 0) return cms_av_fail(failure, CMS_AV_CORRUPT, message, capacity, "bad codec parameters", code);
    audio->codec->err_recognition |= AV_EF_EXPLODE | AV_EF_CRCCHECK | AV_EF_BITSTREAM;
    audio->codec->thread_count = 1;
    code = avcodec_open2(audio->codec, decoder, NULL);
    if (code < 0) return cms_av_fail(failure, CMS_AV_CORRUPT, message, capacity, "the decoder refused the stream", code);

    audio->channels = audio->codec->ch_layout.nb_channels;
    audio->sample_rate = audio->codec->sample_rate;
    if (audio->channels <= 0 || audio->channels > 64 || audio->sample_rate <= 0)
        return cms_av_fail(failure, CMS_AV_CORRUPT, message, capacity, "the stream declares no channels or rate", 0);
    /* Only MP4 states its packets exactly; elsewhere FFmpeg's count is an estimate. */
    audio->declared_packets = strncmp(demuxer, "mov", 3) == 0 ? stream->nb_frames : 0;
    audio->saw_end_of_file = 0;   /* reading the boxes up to the end of the file is normal */
    info->sample_rate = audio->sample_rate;
    info->channels = audio->channels;
    AVRational per_sample = {1, info->sample_rate};
    /* Stated: the stream's own duration (MP4's edit list, FLAC's total sample count); estimated:
       FFmpeg's guess from the bit rate and size, good enough to lay out a waveform. */
    int64_t duration = stream->duration != AV_NOPTS_VALUE ? stream->duration : 0;
    info->header_frames = duration > 0 && audio->format->duration_estimation_method == AVFMT_DURATION_FROM_STREAM
        ? av_rescale_q(duration, stream->time_base, per_sample) : 0;
    AVRational microseconds = {1, AV_TIME_BASE};
    info->estimated_frames = duration > 0 ? av_rescale_q(duration, stream->time_base, per_sample)
        : audio->format->duration > 0 ? av_rescale_q(audio->format->duration, microseconds, per_sample) : 0;
    cms_copy_message(info->codec, sizeof info->codec, avcodec_get_name(stream->codecpar->codec_id));
    return CMS_OK;
}

/* Each output channel's `count` samples from its source channel (planar or interleaved), each
   converted to a float in -1...1 by `convert`. */
#define CMS_AV_SAMPLE_LOOP(type, convert)                                                          \
    for (int c = 0; c < channels; c++) {                                                           \
        const int source = c % frame_channels;                                                     \
        const type *base = (const type *)(planar ? frame->extended_data[source] : frame->extended_data[0]); \
        const int step = planar ? 1 : frame_channels;                                              \
        const type *in = base + (size_t)from * step + (planar ? 0 : source);                       \
        float *to = out + c;                                                                       \
        for (int i = 0; i < count; i++, in += step, to += channels) *to = convert(*in);            \
    }

#define CMS_AV_FLOAT(x) (x)
#define CMS_AV_DOUBLE(x) ((float)(x))
#define CMS_AV_S16(x) ((x) / 32768.0f)
#define CMS_AV_S32(x) ((float)((x) / 2147483648.0))
#define CMS_AV_S64(x) ((float)((x) / 9223372036854775808.0))
#define CMS_AV_U8(x) (((x) - 128) / 128.0f)

/* Copies samples [from, from + count) of the decoded frame, interleaved, as floats with `channels`
   channels: a frame with another channel count (FLAC may change it between frames) gives its
   channels in turn, so every sample still shows in the waveform's extremes. The format is looked
   at once per call, each channel copied in a loop of its own.
   bench: media/waveform_3min_flac_vs_plain_decode */
static int cms_av_copy(const AVFrame *frame, int channels, int from, int count, float *out) {
    const int planar = av_sample_fmt_is_planar(frame->format);
    const int frame_channels = frame->ch_layout.nb_channels;
    if (frame_channels <= 0) return CMS_FAILED;
    switch (av_get_packed_sample_fmt(frame->format)) {
    case AV_SAMPLE_FMT_FLT: CMS_AV_SAMPLE_LOOP(float, CMS_AV_FLOAT) break;
    case AV_SAMPLE_FMT_DBL: CMS_AV_SAMPLE_LOOP(double, CMS_AV_DOUBLE) break;
    case AV_SAMPLE_FMT_S16: CMS_AV_SAMPLE_LOOP(int16_t, CMS_AV_S16) break;
    case AV_SAMPLE_FMT_S32: CMS_AV_SAMPLE_LOOP(int32_t, CMS_AV_S32) break;
    case AV_SAMPLE_FMT_S64: CMS_AV_SAMPLE_LOOP(int64_t, CMS_AV_S64) break;
    case AV_SAMPLE_FMT_U8: CMS_AV_SAMPLE_LOOP(uint8_t, CMS_AV_U8) break;
    default: return CMS_FAILED;
    }
    return CMS_OK;
}

int cms_av_read(cms_av_audio *audio, float *buffer, int capacity_frames, int *frames_read, int *failure,
                char *message, size_t capacity) {
    *frames_read = 0;
    *failure = 0;
    while (!audio->finished) {
        if (audio->has_frame) {
            int count = audio->frame->nb_samples - audio->frame_offset;
            if (count > capacity_frames) count = capacity_frames;
            if (cms_av_copy(audio->frame, audio->channels, audio->frame_offset, count, buffer) != CMS_OK)
                return cms_av_fail(failure, CMS_AV_CORRUPT, message, capacity, "an unexpected sample format", 0);
            audio->frame_offset += count;
            if (audio->frame_offset >= audio->frame->nb_samples) {
                audio->has_frame = 0;
                av_frame_unref(audio->frame);
            }
            *frames_read = count;
            return CMS_OK;
        }
        int code = avcodec_receive_frame(audio->codec, audio->frame);
        if (code == 0) {
            if (audio->frame->decode_error_flags != 0 || (audio->frame->flags & AV_FRAME_FLAG_CORRUPT))
                return cms_av_fail(failure, cms_av_decoding_damage(audio), message, capacity, "a damaged audio frame", 0);
            const int rate = audio->frame->sample_rate > 0 ? audio->frame->sample_rate : audio->sample_rate;
            if (audio->frame->ch_layout.nb_channels <= 0 || audio->frame->ch_layout.nb_channels > 64)
                return cms_av_fail(failure, CMS_AV_CORRUPT, message, capacity, "a frame without channels", 0);
            audio->frames_at_stream_rate += (double)audio->frame->nb_samples * audio->sample_rate / rate;
            audio->frame_offset = 0;
            audio->has_frame = audio->frame->nb_samples > 0;
            continue;
        }
        if (code == AVERROR_EOF) { audio->finished = 1; break; }
        if (code != AVERROR(EAGAIN))
            return cms_av_fail(failure, cms_av_decoding_damage(audio), message, capacity, "undecodable audio", code);
        if (audio->draining) { audio->finished = 1; break; }

        /* The decoder wants input: the next packet of our stream, or the end. */
        for (;;) {
            code = av_read_frame(audio->format, audio->packet);
            if (code < 0) break;
            if (audio->packet->stream_index == audio->stream) break;
            av_packet_unref(audio->packet);
        }
        if (code == AVERROR_EOF) {
            if (audio->declared_packets > 0 && audio->packets_read < audio->declared_packets) {
                char text[96];
                snprintf(text, sizeof text, "read %lld of %lld packets", audio->packets_read, audio->declared_packets);
                return cms_av_fail(failure, CMS_AV_TRUNCATED, message, capacity, text, 0);
            }
            audio->draining = 1;
            code = avcodec_send_packet(audio->codec, NULL);
            if (code < 0 && code != AVERROR_EOF)
                return cms_av_fail(failure, cms_av_decoding_damage(audio), message, capacity, "undecodable audio", code);
            continue;
        }
        if (code < 0) return cms_av_fail(failure, cms_av_damage(audio), message, capacity, "a packet cannot be read", code);
        audio->packets_read++;
        if (audio->packet->flags & AV_PKT_FLAG_CORRUPT) {
            av_packet_unref(audio->packet);
            return cms_av_fail(failure, cms_av_damage(audio), message, capacity, "a packet is cut short", 0);
        }
        audio->packet_end = audio->packet->pos >= 0 ? audio->packet->pos + audio->packet->size : -1;
        code = avcodec_send_packet(audio->codec, audio->packet);
        av_packet_unref(audio->packet);
        if (code < 0)
            return cms_av_fail(failure, cms_av_decoding_damage(audio), message, capacity, "undecodable audio", code);
    }
    return CMS_OK;
}

long long cms_av_frames_at_stream_rate(const cms_av_audio *audio) {
    return (long long)(audio->frames_at_stream_rate + 0.5);
}

void cms_av_close(cms_av_audio *audio) {
    if (audio == NULL) return;
    av_frame_free(&audio->frame);
    av_packet_free(&audio->packet);
    avcodec_free_context(&audio->codec);
    if (audio->format != NULL) {
        AVIOContext *io = audio->format->pb;
        avformat_close_input(&audio->format);
        if (io != NULL) { av_free(io->buffer); avio_context_free(&io); }
    }
    free(audio);
}
