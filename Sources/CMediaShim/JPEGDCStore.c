/* A compact coefficient store for 1/8-scaled progressive JPEG decoding.

   libjpeg decodes a progressive file into whole-image coefficient arrays (128 bytes per 8x8
   block: 72 MB for a 12 MP 4:4:4 photo) before it outputs anything. At 1/8 scale a
   component's inverse DCT is 1x1 and reads only the DC coefficient, so the AC values are
   never used; but the entropy decoder still needs to know which AC coefficients are nonzero,
   since refinement scans carry a correction bit exactly for those (losing track misreads
   the rest of the scan, which libjpeg reports as corrupt data). This store keeps, per
   block, the DC value and a 64-bit nonzero mask (10 bytes), and hands libjpeg a strip of
   real blocks for the rows it accesses, expanded from and folded back into the compact form.
   It replaces libjpeg's barray methods through the public jpeg_memory_mgr function
   pointers; every other array goes to libjpeg's own methods. */
#include "JPEGDCStore.h"
#include <stdint.h>
#include <string.h>
#include <jerror.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

struct cms_jpeg_dc_array {
    JDIMENSION blocks_per_row;
    JDIMENSION rows;
    JDIMENSION max_access;
    int16_t *dc;            /* rows * blocks_per_row */
    uint64_t *nonzero;      /* bit k: natural-order coefficient k is nonzero (k >= 1) */
    JBLOCKARRAY strip;      /* max_access rows of blocks_per_row blocks */
    JDIMENSION strip_start; /* first image row in the strip */
    JDIMENSION strip_rows;  /* 0: nothing loaded */
    int strip_dirty;        /* written through: fold back before loading other rows */
    int strip_has_ac;       /* the strip's AC coefficients were expanded (an AC scan) */
};

static uint64_t cms_nonzero_mask(const JCOEF *block) {
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    uint64_t zeros = 0;
    for (int group = 0; group < 4; group++) {
        __m128i low = _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(block + group * 16)), zero);
        __m128i high = _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(block + group * 16 + 8)), zero);
        zeros |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_packs_epi16(low, high)) << (group * 16);
    }
    return ~zeros;
#else
    uint64_t mask = 0;
    for (int k = 0; k < DCTSIZE2; k++) mask |= (uint64_t)(block[k] != 0) << k;
    return mask;
#endif
}

/* Writes 1 where `mask` has a bit and 0 elsewhere. */
static void cms_expand_mask(uint64_t mask, JCOEF *block) {
#if defined(__SSE2__)
    const __m128i bits = _mm_set_epi16(128, 64, 32, 16, 8, 4, 2, 1);
    for (int group = 0; group < 8; group++) {
        __m128i byte = _mm_set1_epi16((short)((mask >> (group * 8)) & 0xFF));
        __m128i set = _mm_cmpeq_epi16(_mm_and_si128(byte, bits), bits);
        _mm_storeu_si128((__m128i *)(block + group * 8), _mm_srli_epi16(set, 15));
    }
#else
    for (int k = 0; k < DCTSIZE2; k++) block[k] = (JCOEF)((mask >> k) & 1);
#endif
}

static struct cms_jpeg_dc_store *cms_store(j_common_ptr cinfo) {
    return (struct cms_jpeg_dc_store *)cinfo->client_data;
}

static struct cms_jpeg_dc_array *cms_find_array(struct cms_jpeg_dc_store *store, jvirt_barray_ptr ptr) {
    for (int i = 0; i < MAX_COMPONENTS; i++)
        if (store->arrays[i] != NULL && (jvirt_barray_ptr)store->arrays[i] == ptr) return store->arrays[i];
    return NULL;
}

static jvirt_barray_ptr cms_request_virt_barray(j_common_ptr cinfo, int pool_id, boolean pre_zero,
                                                JDIMENSION blocks_per_row, JDIMENSION rows,
                                                JDIMENSION max_access) {
    struct cms_jpeg_dc_store *store = cms_store(cinfo);
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    /* libjpeg's coefficient controller asks for one array per component, in order. */
    int component = store->requests++;
    if (!cinfo->is_decompressor || component >= dinfo->num_components || !pre_zero ||
        dinfo->do_block_smoothing || dinfo->buffered_image ||
        dinfo->comp_info[component].DCT_scaled_size != 1)
        return store->request_virt_barray(cinfo, pool_id, pre_zero, blocks_per_row, rows, max_access);

    struct jpeg_memory_mgr *mem = cinfo->mem;
    struct cms_jpeg_dc_array *array = mem->alloc_small(cinfo, pool_id, sizeof *array);
    size_t blocks = (size_t)blocks_per_row * rows;
    array->blocks_per_row = blocks_per_row;
    array->rows = rows;
    array->max_access = max_access;
    array->dc = mem->alloc_large(cinfo, pool_id, blocks * sizeof *array->dc);
    array->nonzero = mem->alloc_large(cinfo, pool_id, blocks * sizeof *array->nonzero);
    memset(array->dc, 0, blocks * sizeof *array->dc);
    memset(array->nonzero, 0, blocks * sizeof *array->nonzero);
    array->strip = mem->alloc_barray(cinfo, pool_id, blocks_per_row, max_access);
    array->strip_start = 0;
    array->strip_rows = 0;
    array->strip_dirty = 0;
    array->strip_has_ac = 0;
    store->arrays[component] = array;
    return (jvirt_barray_ptr)array;
}

/* Folds the strip's blocks back into the compact arrays. */
static void cms_store_strip(struct cms_jpeg_dc_array *array) {
    for (JDIMENSION row = 0; row < array->strip_rows; row++) {
        size_t base = (size_t)(array->strip_start + row) * array->blocks_per_row;
        JBLOCKROW blocks = array->strip[row];
        for (JDIMENSION column = 0; column < array->blocks_per_row; column++) {
            array->dc[base + column] = blocks[column][0];
            if (array->strip_has_ac) array->nonzero[base + column] = cms_nonzero_mask(blocks[column]);
        }
    }
}

/* Expands rows [start, start + count) into the strip: the DC values, and the nonzero AC
   coefficients as 1 when `with_ac` (an AC scan reads and extends that pattern). */
static void cms_load_strip(struct cms_jpeg_dc_array *array, JDIMENSION start, JDIMENSION count, int with_ac) {
    for (JDIMENSION row = 0; row < count; row++) {
        size_t base = (size_t)(start + row) * array->blocks_per_row;
        JBLOCKROW blocks = array->strip[row];
        for (JDIMENSION column = 0; column < array->blocks_per_row; column++) {
            if (with_ac) cms_expand_mask(array->nonzero[base + column], blocks[column]);
            blocks[column][0] = array->dc[base + column];
        }
    }
    array->strip_start = start;
    array->strip_rows = count;
    array->strip_has_ac = with_ac;
}

static JBLOCKARRAY cms_access_virt_barray(j_common_ptr cinfo, jvirt_barray_ptr ptr, JDIMENSION start,
                                          JDIMENSION count, boolean writable) {
    struct cms_jpeg_dc_store *store = cms_store(cinfo);
    struct cms_jpeg_dc_array *array = cms_find_array(store, ptr);
    if (array == NULL) return store->access_virt_barray(cinfo, ptr, start, count, writable);
    if (count > array->max_access || start > array->rows || count > array->rows - start)
        ERREXIT(cinfo, JERR_BAD_VIRTUAL_ACCESS);
    /* Writes come from the entropy decoder, scan by scan; reads from the 1x1 inverse DCT. */
    int with_ac = writable && ((j_decompress_ptr)cinfo)->Ss > 0;
    if (array->strip_rows != count || array->strip_start != start || array->strip_has_ac != with_ac) {
        if (array->strip_dirty) cms_store_strip(array);
        array->strip_dirty = 0;
        cms_load_strip(array, start, count, with_ac);
    }
    if (writable) array->strip_dirty = 1;
    return array->strip;
}

void cms_jpeg_dc_store_install(j_decompress_ptr cinfo, struct cms_jpeg_dc_store *store) {
    memset(store, 0, sizeof *store);
    store->request_virt_barray = cinfo->mem->request_virt_barray;
    store->access_virt_barray = cinfo->mem->access_virt_barray;
    cinfo->client_data = store;
    cinfo->mem->request_virt_barray = cms_request_virt_barray;
    cinfo->mem->access_virt_barray = cms_access_virt_barray;
}
