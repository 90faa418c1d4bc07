/* The facts PhotoDiary keeps from a photo's EXIF block, read by libexif (opened on first use
   through CDeferredLibraries). libexif reports damage only through its log, which is left
   unset here, so it never prints; it never exits or aborts, bounds every offset by the block's
   length (at most 64 KiB, the most a JPEG APP1 segment holds), and refuses IFDs that point back
   to one already read or nest too deep. What it cannot make sense of is simply absent. */
#include "CMediaShim.h"
#include "ShimSupport.h"

#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* libexif reads at most this much of a block (it caps an APP1 segment's length itself too). */
#define CMS_EXIF_MAX_BLOCK 0xfffe

static ExifEntry *cms_exif_entry(ExifData *data, ExifIfd ifd, ExifTag tag) {
    return data->ifd[ifd] != NULL ? exif_content_get_entry(data->ifd[ifd], tag) : NULL;
}

/* Copies an ASCII entry (or UNDEFINED bytes, as some writers use) into `text`, stopping at
   the first NUL; "" when absent. */
static void cms_exif_copy_text(ExifEntry *entry, char *text, size_t capacity) {
    text[0] = '\0';
    if (entry == NULL || entry->data == NULL || capacity == 0) return;
    if (entry->format != EXIF_FORMAT_ASCII && entry->format != EXIF_FORMAT_UNDEFINED) return;
    size_t length = 0;
    while (length < entry->size && length + 1 < capacity && entry->data[length] != '\0') length++;
    memcpy(text, entry->data, length);
    text[length] = '\0';
}

/* The `index`th rational of `entry` as a double, unsigned or signed (some phones, an HMD Nokia
   8.3 5G, write GPS as SRATIONAL, which exiftool reads alike); 0 (and *ok = 0) when missing or n/0. */
static double cms_exif_rational(ExifEntry *entry, ExifByteOrder order, unsigned index, int *ok) {
    if (entry == NULL || entry->data == NULL ||
        (entry->format != EXIF_FORMAT_RATIONAL && entry->format != EXIF_FORMAT_SRATIONAL) ||
        entry->components <= index || entry->size < (index + 1) * 8) { *ok = 0; return 0; }
    if (entry->format == EXIF_FORMAT_SRATIONAL) {
        ExifSLong numerator = exif_get_slong(entry->data + index * 8, order);
        ExifSLong denominator = exif_get_slong(entry->data + index * 8 + 4, order);
        if (denominator == 0) { *ok = 0; return 0; }
        return (double)numerator / (double)denominator;
    }
    ExifLong numerator = exif_get_long(entry->data + index * 8, order);
    ExifLong denominator = exif_get_long(entry->data + index * 8 + 4, order);
    if (denominator == 0) { *ok = 0; return 0; }
    return (double)numerator / (double)denominator;
}

/* Degrees from a GPS latitude or longitude (three rationals: degrees, minutes, seconds) and its
   reference letter; NAN when absent, damaged or out of range. */
static double cms_exif_coordinate(ExifData *data, ExifTag value_tag, ExifTag ref_tag, char negative, double limit) {
    ExifByteOrder order = exif_data_get_byte_order(data);
    ExifEntry *value = cms_exif_entry(data, EXIF_IFD_GPS, value_tag);
    ExifEntry *ref = cms_exif_entry(data, EXIF_IFD_GPS, ref_tag);
    if (value == NULL || ref == NULL || ref->data == NULL || ref->size < 1) return NAN;
    int ok = 1;
    double degrees = cms_exif_rational(value, order, 0, &ok);
    double minutes = cms_exif_rational(value, order, 1, &ok);
    double seconds = cms_exif_rational(value, order, 2, &ok);
    if (!ok || degrees < 0 || minutes < 0 || seconds < 0 || minutes >= 60 || seconds >= 60) return NAN;
    double coordinate = degrees + minutes / 60 + seconds / 3600;
    if (!(coordinate <= limit)) return NAN;
    char letter = (char)ref->data[0];
    if (letter == negative) return -coordinate;
    if (letter != (negative == 'S' ? 'N' : 'E')) return NAN;
    return coordinate;
}

int cms_exif_read(const uint8_t *tiff, size_t length, cms_exif_facts *facts) {
    memset(facts, 0, sizeof *facts);
    facts->latitude = facts->longitude = facts->altitude = NAN;
    if (tiff == NULL || length < 8) return CMS_EXIF_NONE;
    if (length > CMS_EXIF_MAX_BLOCK - 6) length = CMS_EXIF_MAX_BLOCK - 6;
    /* libexif wants the block as a JPEG APP1 payload holds it: "Exif\0\0" first. */
    unsigned char *block = malloc(length + 6);
    if (block == NULL) return CMS_EXIF_NONE;
    memcpy(block, "Exif\0\0", 6);
    memcpy(block + 6, tiff, length);
    ExifData *data = exif_data_new();
    if (data == NULL) {
        free(block);
        return CMS_EXIF_UNAVAILABLE;
    }
    /* Read only: keep tags libexif does not list, and do not "fix" (add or rewrite) entries. */
    exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS);
    exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    exif_data_load_data(data, block, (unsigned int)(length + 6));
    free(block);

    int found = 0;
    for (int ifd = 0; ifd < EXIF_IFD_COUNT; ifd++) found |= data->ifd[ifd] != NULL && data->ifd[ifd]->count > 0;
    if (!found) {
        exif_data_unref(data);
        return CMS_EXIF_NONE;
    }
    ExifByteOrder order = exif_data_get_byte_order(data);

    ExifEntry *orientation = cms_exif_entry(data, EXIF_IFD_0, EXIF_TAG_ORIENTATION);
    if (orientation != NULL && orientation->data != NULL && orientation->format == EXIF_FORMAT_SHORT &&
        orientation->size >= 2) {
        ExifShort value = exif_get_short(orientation->data, order);
        facts->orientation = value >= 1 && value <= 8 ? value : 0;
    }

    cms_exif_copy_text(cms_exif_entry(data, EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL),
                       facts->date_time_original, sizeof facts->date_time_original);
    cms_exif_copy_text(cms_exif_entry(data, EXIF_IFD_EXIF, EXIF_TAG_SUB_SEC_TIME_ORIGINAL),
                       facts->sub_sec_time_original, sizeof facts->sub_sec_time_original);
    cms_exif_copy_text(cms_exif_entry(data, EXIF_IFD_EXIF, EXIF_TAG_OFFSET_TIME_ORIGINAL),
                       facts->offset_time_original, sizeof facts->offset_time_original);

    double latitude = cms_exif_coordinate(data, EXIF_TAG_GPS_LATITUDE, EXIF_TAG_GPS_LATITUDE_REF, 'S', 90);
    double longitude = cms_exif_coordinate(data, EXIF_TAG_GPS_LONGITUDE, EXIF_TAG_GPS_LONGITUDE_REF, 'W', 180);
    if (!isnan(latitude) && !isnan(longitude)) {
        facts->has_location = 1;
        facts->latitude = latitude;
        facts->longitude = longitude;
        int ok = 1;
        double altitude = cms_exif_rational(cms_exif_entry(data, EXIF_IFD_GPS, EXIF_TAG_GPS_ALTITUDE), order, 0, &ok);
        ExifEntry *ref = cms_exif_entry(data, EXIF_IFD_GPS, EXIF_TAG_GPS_ALTITUDE_REF);
        /* AltitudeRef 1: below sea level. Heights beyond 100 km are not a camera's. */
        if (ok && altitude <= 100000) {
            facts->has_altitude = 1;
            facts->altitude = ref != NULL && ref->data != NULL && ref->size >= 1 && ref->data[0] == 1 ? -altitude : altitude;
        }
    }

    /* GPS time (UTC): where the camera wrote no offset, it tells the offset of its clock. */
    cms_exif_copy_text(cms_exif_entry(data, EXIF_IFD_GPS, EXIF_TAG_GPS_DATE_STAMP),
                       facts->gps_date_stamp, sizeof facts->gps_date_stamp);
    ExifEntry *stamp = cms_exif_entry(data, EXIF_IFD_GPS, EXIF_TAG_GPS_TIME_STAMP);
    int ok = 1;
    double hours = cms_exif_rational(stamp, order, 0, &ok);
    double minutes = cms_exif_rational(stamp, order, 1, &ok);
    double seconds = cms_exif_rational(stamp, order, 2, &ok);
    if (ok && hours >= 0 && hours < 24 && minutes >= 0 && minutes < 60 && seconds >= 0 && seconds < 61) {
        facts->has_gps_time = 1;
        facts->gps_time_seconds = hours * 3600 + minutes * 60 + seconds;
    }

    cms_exif_copy_text(cms_exif_entry(data, EXIF_IFD_0, EXIF_TAG_MAKE), facts->make, sizeof facts->make);
    cms_exif_copy_text(cms_exif_entry(data, EXIF_IFD_0, EXIF_TAG_MODEL), facts->model, sizeof facts->model);
    cms_exif_copy_text(cms_exif_entry(data, EXIF_IFD_EXIF, EXIF_TAG_LENS_MAKE), facts->lens_make, sizeof facts->lens_make);
    cms_exif_copy_text(cms_exif_entry(data, EXIF_IFD_EXIF, EXIF_TAG_LENS_MODEL), facts->lens_model, sizeof facts->lens_model);
    exif_data_unref(data);
    return CMS_EXIF_FOUND;
}
