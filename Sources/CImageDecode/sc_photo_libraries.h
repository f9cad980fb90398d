#ifndef SC_PHOTO_LIBRARIES_H
#define SC_PHOTO_LIBRARIES_H
/* lcms2 (colour profiles), libexif (orientation) and libwebpdemux (a WebP's metadata chunks),
 * opened with dlopen by the decoders that may need them (sc_photo_libraries_open), not linked:
 * together they cost every process about 0.75 million instructions and 1 ms of CPU before
 * main, and `--help` or a card without a photo decodes none. libjpeg and libwebp stay linked:
 * the encoders write JPEG and WebP cards with them. Call sc_lcms2.cmsDoTransform(…) where a
 * linked build would call cmsDoTransform(…), once the library has been opened. */
#include <stddef.h>

#include <lcms2.h>
#include <libexif/exif-data.h>
#include <webp/demux.h>

typedef struct {
    __typeof__(&cmsBuildParametricToneCurve) cmsBuildParametricToneCurve;
    __typeof__(&cmsCloseProfile) cmsCloseProfile;
    __typeof__(&cmsCreateContext) cmsCreateContext;
    __typeof__(&cmsCreateRGBProfileTHR) cmsCreateRGBProfileTHR;
    __typeof__(&cmsCreateTransformTHR) cmsCreateTransformTHR;
    __typeof__(&cmsCreate_sRGBProfileTHR) cmsCreate_sRGBProfileTHR;
    __typeof__(&cmsDeleteContext) cmsDeleteContext;
    __typeof__(&cmsDeleteTransform) cmsDeleteTransform;
    __typeof__(&cmsDoTransform) cmsDoTransform;
    __typeof__(&cmsEvalToneCurveFloat) cmsEvalToneCurveFloat;
    __typeof__(&cmsFreeToneCurve) cmsFreeToneCurve;
    __typeof__(&cmsGetColorSpace) cmsGetColorSpace;
    __typeof__(&cmsIsTag) cmsIsTag;
    __typeof__(&cmsOpenProfileFromMemTHR) cmsOpenProfileFromMemTHR;
    __typeof__(&cmsReadTag) cmsReadTag;
    __typeof__(&cmsSetLogErrorHandlerTHR) cmsSetLogErrorHandlerTHR;
} sc_lcms2_table;

typedef struct {
    __typeof__(&exif_content_get_entry) exif_content_get_entry;
    __typeof__(&exif_data_get_byte_order) exif_data_get_byte_order;
    __typeof__(&exif_data_new_from_data) exif_data_new_from_data;
    __typeof__(&exif_data_unref) exif_data_unref;
    __typeof__(&exif_get_short) exif_get_short;
} sc_exif_table;

typedef struct {
    /* WebPDemux(data) is WebPDemuxInternal(data, 0, NULL, WEBP_DEMUX_ABI_VERSION) (demux.h). */
    __typeof__(&WebPDemuxInternal) WebPDemuxInternal;
    __typeof__(&WebPDemuxDelete) WebPDemuxDelete;
    __typeof__(&WebPDemuxGetChunk) WebPDemuxGetChunk;
    __typeof__(&WebPDemuxReleaseChunkIterator) WebPDemuxReleaseChunkIterator;
    /* An animation's frames composed on its canvas (the Init and New macros of demux.h call these). */
    __typeof__(&WebPAnimDecoderOptionsInitInternal) WebPAnimDecoderOptionsInitInternal;
    __typeof__(&WebPAnimDecoderNewInternal) WebPAnimDecoderNewInternal;
    __typeof__(&WebPAnimDecoderGetNext) WebPAnimDecoderGetNext;
    __typeof__(&WebPAnimDecoderDelete) WebPAnimDecoderDelete;
} sc_webpdemux_table;

extern sc_lcms2_table sc_lcms2;
extern sc_exif_table sc_exif;
extern sc_webpdemux_table sc_webpdemux;

/* Which libraries a decoder needs, for sc_photo_libraries_open. */
enum {
    SC_PHOTO_NEEDS_LCMS2 = 1,
    SC_PHOTO_NEEDS_EXIF = 2,
    SC_PHOTO_NEEDS_WEBPDEMUX = 4
};

/* Opens each library in `needs` (each once per process). Returns SC_IMAGE_OK, or
 * SC_IMAGE_UNSUPPORTED with "<library> could not be loaded (tried <file>): <why>; it comes
 * with the Debian package <package>" in err: the photo cannot be read as it should be
 * (turned upright, in its colours), so it is refused rather than drawn wrong. */
int sc_photo_libraries_open(unsigned needs, char *err, size_t err_size);

#endif
