/* libwebp's and libwebpdemux's functions MediaKit calls, forwarded to the libraries opened on
   first use, as for the other media libraries (see CDeferredLibraries.h). */
#include "CDeferredLibraries.h"
#include "DeferredLibrary.h"

#include <webp/decode.h>
#include <webp/demux.h>

static const char *const webp_names[] = {"libwebp.so.7", "libwebp.so", NULL};
static const char *const webpdemux_names[] = {"libwebpdemux.so.2", "libwebpdemux.so", NULL};
static cdl_library webp = {.names = webp_names, .lock = PTHREAD_MUTEX_INITIALIZER};
static cdl_library webpdemux = {.names = webpdemux_names, .lock = PTHREAD_MUTEX_INITIALIZER};

const char *cdl_webp_load_error(void) {
    if (cdl_symbol(&webp, "WebPGetDecoderVersion") == NULL)
        return cdl_error(&webp) != NULL ? cdl_error(&webp) : "libwebp lacks WebPGetDecoderVersion";
    if (cdl_symbol(&webpdemux, "WebPGetDemuxVersion") == NULL)
        return cdl_error(&webpdemux) != NULL ? cdl_error(&webpdemux) : "libwebpdemux lacks WebPGetDemuxVersion";
    return NULL;
}

CDL_FORWARD(webp, VP8StatusCode, WebPGetFeaturesInternal,
            (const uint8_t *data, size_t data_size, WebPBitstreamFeatures *features, int version),
            (data, data_size, features, version), VP8_STATUS_UNSUPPORTED_FEATURE)
CDL_FORWARD(webp, int, WebPInitDecoderConfigInternal, (WebPDecoderConfig *config, int version), (config, version), 0)
CDL_FORWARD(webp, VP8StatusCode, WebPDecode, (const uint8_t *data, size_t data_size, WebPDecoderConfig *config),
            (data, data_size, config), VP8_STATUS_UNSUPPORTED_FEATURE)
CDL_FORWARD_VOID(webp, WebPFreeDecBuffer, (WebPDecBuffer *buffer), (buffer))

CDL_FORWARD(webpdemux, WebPDemuxer *, WebPDemuxInternal,
            (const WebPData *data, int allow_partial, WebPDemuxState *state, int version),
            (data, allow_partial, state, version), NULL)
CDL_FORWARD_VOID(webpdemux, WebPDemuxDelete, (WebPDemuxer *demuxer), (demuxer))
CDL_FORWARD(webpdemux, uint32_t, WebPDemuxGetI, (const WebPDemuxer *demuxer, WebPFormatFeature feature),
            (demuxer, feature), 0)
CDL_FORWARD(webpdemux, int, WebPDemuxGetChunk,
            (const WebPDemuxer *demuxer, const char fourcc[4], int chunk_number, WebPChunkIterator *iterator),
            (demuxer, fourcc, chunk_number, iterator), 0)
CDL_FORWARD_VOID(webpdemux, WebPDemuxReleaseChunkIterator, (WebPChunkIterator *iterator), (iterator))
