/* libheif's functions MediaKit calls, forwarded to the library opened on first use (linked,
   libheif brings its HEVC and AV1 codecs, x265, libde265, dav1d and libaom, into every start). */
#include "CDeferredLibraries.h"
#include "DeferredLibrary.h"

#include <libheif/heif.h>

static const char *const heif_names[] = {"libheif.so.1", "libheif.so", NULL};
static cdl_library heif = {.names = heif_names, .lock = PTHREAD_MUTEX_INITIALIZER};

const char *cdl_heif_load_error(void) {
    if (cdl_symbol(&heif, "heif_get_version_number") != NULL) return NULL;
    return cdl_error(&heif) != NULL ? cdl_error(&heif) : "libheif lacks heif_get_version_number";
}

/* The error of a call when libheif is missing (a function, not a compound literal, so the
   macro arguments hold no braces). */
static struct heif_error heif_unavailable(void) {
    struct heif_error error = {heif_error_Unsupported_feature, heif_suberror_Unspecified,
                               "libheif could not be loaded (install it with `make deps`)"};
    return error;
}

CDL_FORWARD(heif, struct heif_context *, heif_context_alloc, (void), (), NULL)
CDL_FORWARD_VOID(heif, heif_context_free, (struct heif_context *context), (context))
CDL_FORWARD(heif, struct heif_error, heif_context_read_from_reader,
            (struct heif_context *context, const struct heif_reader *reader, void *userdata,
             const struct heif_reading_options *options),
            (context, reader, userdata, options), heif_unavailable())
CDL_FORWARD_VOID(heif, heif_context_set_maximum_image_size_limit, (struct heif_context *context, int maximum_width),
                 (context, maximum_width))
CDL_FORWARD_VOID(heif, heif_context_set_max_decoding_threads, (struct heif_context *context, int max_threads),
                 (context, max_threads))
CDL_FORWARD(heif, struct heif_error, heif_context_get_primary_image_handle,
            (struct heif_context *context, struct heif_image_handle **handle), (context, handle), heif_unavailable())
CDL_FORWARD_VOID(heif, heif_image_handle_release, (const struct heif_image_handle *handle), (handle))
CDL_FORWARD(heif, int, heif_image_handle_get_width, (const struct heif_image_handle *handle), (handle), 0)
CDL_FORWARD(heif, int, heif_image_handle_get_height, (const struct heif_image_handle *handle), (handle), 0)
CDL_FORWARD(heif, int, heif_image_handle_get_ispe_width, (const struct heif_image_handle *handle), (handle), 0)
CDL_FORWARD(heif, int, heif_image_handle_get_ispe_height, (const struct heif_image_handle *handle), (handle), 0)
CDL_FORWARD(heif, int, heif_image_handle_has_alpha_channel, (const struct heif_image_handle *handle), (handle), 0)
CDL_FORWARD(heif, int, heif_image_handle_get_luma_bits_per_pixel, (const struct heif_image_handle *handle),
            (handle), -1)
CDL_FORWARD(heif, enum heif_color_profile_type, heif_image_handle_get_color_profile_type,
            (const struct heif_image_handle *handle), (handle), heif_color_profile_type_not_present)
CDL_FORWARD(heif, int, heif_image_handle_get_list_of_metadata_block_IDs,
            (const struct heif_image_handle *handle, const char *type_filter, heif_item_id *ids, int count),
            (handle, type_filter, ids, count), 0)
CDL_FORWARD(heif, size_t, heif_image_handle_get_metadata_size,
            (const struct heif_image_handle *handle, heif_item_id metadata_id), (handle, metadata_id), 0)
CDL_FORWARD(heif, struct heif_error, heif_image_handle_get_metadata,
            (const struct heif_image_handle *handle, heif_item_id metadata_id, void *out_data),
            (handle, metadata_id, out_data), heif_unavailable())
CDL_FORWARD(heif, struct heif_decoding_options *, heif_decoding_options_alloc, (void), (), NULL)
CDL_FORWARD_VOID(heif, heif_decoding_options_free, (struct heif_decoding_options *options), (options))
CDL_FORWARD(heif, struct heif_error, heif_decode_image,
            (const struct heif_image_handle *handle, struct heif_image **image, enum heif_colorspace colorspace,
             enum heif_chroma chroma, const struct heif_decoding_options *options),
            (handle, image, colorspace, chroma, options), heif_unavailable())
CDL_FORWARD(heif, int, heif_image_get_width, (const struct heif_image *image, enum heif_channel channel),
            (image, channel), -1)
CDL_FORWARD(heif, int, heif_image_get_height, (const struct heif_image *image, enum heif_channel channel),
            (image, channel), -1)
CDL_FORWARD(heif, const uint8_t *, heif_image_get_plane_readonly,
            (const struct heif_image *image, enum heif_channel channel, int *stride), (image, channel, stride), NULL)
CDL_FORWARD(heif, int, heif_image_get_decoding_warnings,
            (struct heif_image *image, int first, struct heif_error *warnings, int count),
            (image, first, warnings, count), 0)
CDL_FORWARD_VOID(heif, heif_image_release, (const struct heif_image *image), (image))
CDL_FORWARD(heif, int, heif_have_decoder_for_format, (enum heif_compression_format format), (format), 0)
CDL_FORWARD(heif, int, heif_image_get_primary_width, (const struct heif_image *image), (image), 0)
CDL_FORWARD(heif, int, heif_image_get_primary_height, (const struct heif_image *image), (image), 0)
