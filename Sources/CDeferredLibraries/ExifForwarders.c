/* libexif's functions CMediaShim's EXIF reader calls, forwarded to the library opened on
   first use, as for the other media libraries (see CDeferredLibraries.h). */
#include "CDeferredLibraries.h"
#include "DeferredLibrary.h"

#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>

static const char *const exif_names[] = {"libexif.so.12", "libexif.so", NULL};
static cdl_library exif = {.names = exif_names, .lock = PTHREAD_MUTEX_INITIALIZER};

const char *cdl_exif_load_error(void) {
    if (cdl_symbol(&exif, "exif_data_new") != NULL) return NULL;
    return cdl_error(&exif) != NULL ? cdl_error(&exif) : "libexif lacks exif_data_new";
}

CDL_FORWARD(exif, ExifData *, exif_data_new, (void), (), NULL)
CDL_FORWARD_VOID(exif, exif_data_unref, (ExifData *data), (data))
CDL_FORWARD_VOID(exif, exif_data_set_option, (ExifData *data, ExifDataOption option), (data, option))
CDL_FORWARD_VOID(exif, exif_data_unset_option, (ExifData *data, ExifDataOption option), (data, option))
CDL_FORWARD_VOID(exif, exif_data_load_data, (ExifData *data, const unsigned char *bytes, unsigned int size),
                 (data, bytes, size))
CDL_FORWARD(exif, ExifByteOrder, exif_data_get_byte_order, (ExifData *data), (data), EXIF_BYTE_ORDER_MOTOROLA)
CDL_FORWARD(exif, ExifEntry *, exif_content_get_entry, (ExifContent *content, ExifTag tag), (content, tag), NULL)
CDL_FORWARD(exif, ExifShort, exif_get_short, (const unsigned char *bytes, ExifByteOrder order), (bytes, order), 0)
CDL_FORWARD(exif, ExifLong, exif_get_long, (const unsigned char *bytes, ExifByteOrder order), (bytes, order), 0)
CDL_FORWARD(exif, ExifSLong, exif_get_slong, (const unsigned char *bytes, ExifByteOrder order), (bytes, order), 0)
