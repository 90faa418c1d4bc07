#ifndef CMS_JPEG_DC_STORE_H
#define CMS_JPEG_DC_STORE_H
/* A compact whole-image coefficient store for 1/8-scaled progressive decoding (private to
   the shim; see JPEGDCStore.c). */
#include <stdio.h>
#include <jpeglib.h>

struct cms_jpeg_dc_array;

struct cms_jpeg_dc_store {
    /* libjpeg's own virtual-array methods, used for the arrays this store does not keep. */
    jvirt_barray_ptr (*request_virt_barray)(j_common_ptr, int, boolean, JDIMENSION, JDIMENSION, JDIMENSION);
    JBLOCKARRAY (*access_virt_barray)(j_common_ptr, jvirt_barray_ptr, JDIMENSION, JDIMENSION, boolean);
    int requests;                                   /* arrays requested so far: the component index */
    struct cms_jpeg_dc_array *arrays[MAX_COMPONENTS];
};

/* Routes the coefficient arrays of a progressive decode through `store` (which must live
   as long as `cinfo`): a component scaled to 1x1 per block (1/8 scale, no block smoothing)
   keeps only each block's DC value and which AC coefficients are nonzero, 10 bytes a block
   instead of 128; a component scaled otherwise (4:2:0 chroma, which libjpeg-turbo enlarges
   with a 2x2 inverse DCT) keeps libjpeg's full arrays. Call after jpeg_read_header, before jpeg_start_decompress. The output is
   identical, since a 1x1 inverse DCT reads the DC value only. */
void cms_jpeg_dc_store_install(j_decompress_ptr cinfo, struct cms_jpeg_dc_store *store);

#endif
