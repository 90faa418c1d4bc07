/* libheif reads through these callbacks from the FILE MediaKit opened and checked, so the
   file is streamed (libheif seeks to the boxes and tiles it needs) and never read whole. */
#include "CMediaShim.h"

#include <libheif/heif.h>

static int64_t cms_heif_position(void *userdata) {
    return ftello(((cms_heif_file *)userdata)->fp);
}

static int cms_heif_read(void *data, size_t size, void *userdata) {
    cms_heif_file *file = userdata;
    if (fread(data, 1, size, file->fp) == size) return 0;
    if (feof(file->fp)) file->saw_end_of_file = 1;
    return -1;
}

static int cms_heif_seek(int64_t position, void *userdata) {
    return fseeko(((cms_heif_file *)userdata)->fp, (off_t)position, SEEK_SET) == 0 ? 0 : -1;
}

static enum heif_reader_grow_status cms_heif_wait(int64_t target_size, void *userdata) {
    cms_heif_file *file = userdata;
    if (target_size <= file->size) return heif_reader_grow_status_size_reached;
    file->saw_end_of_file = 1;
    return heif_reader_grow_status_size_beyond_eof;
}

static const struct heif_reader cms_heif_reader = {
    .reader_api_version = 1,
    .get_position = cms_heif_position,
    .read = cms_heif_read,
    .seek = cms_heif_seek,
    .wait_for_file_size = cms_heif_wait,
};

const void *cms_heif_file_reader(void) { return &cms_heif_reader; }
