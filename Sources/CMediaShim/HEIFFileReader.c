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

/* libheif asks for the file to reach the end of what it is about to read. Asked at the very end
   of the file, that is its look for a box after the last one, which every complete file meets;
   asked from inside the file, a box or its data reaches past the end: the file is cut short. */
static enum heif_reader_grow_status cms_heif_wait(int64_t target_size, void *userdata) {
    cms_heif_file *file = userdata;
    if (target_size <= file->size) return heif_reader_grow_status_size_reached;
    if (ftello(file->fp) < file->size) file->saw_end_of_file = 1;
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
