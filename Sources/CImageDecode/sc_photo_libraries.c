#include "sc_photo_libraries.h"

#include "sc_dynamic_library.h"
#include "sc_image_internal.h"

sc_lcms2_table sc_lcms2;
sc_exif_table sc_exif;
sc_webpdemux_table sc_webpdemux;

#define SC_ENTRY(table, name) {(void **)&table.name, #name}

static const sc_dl_symbol lcms2_symbols[] = {
    SC_ENTRY(sc_lcms2, cmsBuildParametricToneCurve),
    SC_ENTRY(sc_lcms2, cmsCloseProfile),
    SC_ENTRY(sc_lcms2, cmsCreateContext),
    SC_ENTRY(sc_lcms2, cmsCreateRGBProfileTHR),
    SC_ENTRY(sc_lcms2, cmsCreateTransformTHR),
    SC_ENTRY(sc_lcms2, cmsCreate_sRGBProfileTHR),
    SC_ENTRY(sc_lcms2, cmsDeleteContext),
    SC_ENTRY(sc_lcms2, cmsDeleteTransform),
    SC_ENTRY(sc_lcms2, cmsDoTransform),
    SC_ENTRY(sc_lcms2, cmsEvalToneCurveFloat),
    SC_ENTRY(sc_lcms2, cmsFreeToneCurve),
    SC_ENTRY(sc_lcms2, cmsGetColorSpace),
    SC_ENTRY(sc_lcms2, cmsIsTag),
    SC_ENTRY(sc_lcms2, cmsOpenProfileFromMemTHR),
    SC_ENTRY(sc_lcms2, cmsReadTag),
    SC_ENTRY(sc_lcms2, cmsSetLogErrorHandlerTHR),
};

static const sc_dl_symbol exif_symbols[] = {
    SC_ENTRY(sc_exif, exif_content_get_entry),
    SC_ENTRY(sc_exif, exif_data_get_byte_order),
    SC_ENTRY(sc_exif, exif_data_new_from_data),
    SC_ENTRY(sc_exif, exif_data_unref),
    SC_ENTRY(sc_exif, exif_get_short),
};

static const sc_dl_symbol webpdemux_symbols[] = {
    SC_ENTRY(sc_webpdemux, WebPDemuxInternal),
    SC_ENTRY(sc_webpdemux, WebPDemuxDelete),
    SC_ENTRY(sc_webpdemux, WebPDemuxGetChunk),
    SC_ENTRY(sc_webpdemux, WebPDemuxReleaseChunkIterator),
    SC_ENTRY(sc_webpdemux, WebPAnimDecoderOptionsInitInternal),
    SC_ENTRY(sc_webpdemux, WebPAnimDecoderNewInternal),
    SC_ENTRY(sc_webpdemux, WebPAnimDecoderGetNext),
    SC_ENTRY(sc_webpdemux, WebPAnimDecoderDelete),
};

/* One library: the bit a decoder asks for it by, how a failure names it, its file, its table. */
typedef struct {
    unsigned need;
    const char *library;
    const char *package;
    const char *file;
    const sc_dl_symbol *symbols;
    size_t symbol_count;
    sc_dl_once once;
} photo_library;

#define SC_LIBRARY(need, library, package, file, symbols) \
    {need, library, package, file, symbols, sizeof symbols / sizeof symbols[0], SC_DL_ONCE_INIT}

static photo_library libraries[] = {
    SC_LIBRARY(SC_PHOTO_NEEDS_LCMS2, "lcms2", "liblcms2-2", "liblcms2.so.2", lcms2_symbols),
    SC_LIBRARY(SC_PHOTO_NEEDS_EXIF, "libexif", "libexif12", "libexif.so.12", exif_symbols),
    SC_LIBRARY(SC_PHOTO_NEEDS_WEBPDEMUX, "libwebpdemux", "libwebpdemux2", "libwebpdemux.so.2", webpdemux_symbols),
};

int sc_image_decode_open_libraries(char *err, size_t err_size) {
    return sc_photo_libraries_open(SC_PHOTO_NEEDS_LCMS2 | SC_PHOTO_NEEDS_EXIF | SC_PHOTO_NEEDS_WEBPDEMUX, err, err_size);
}

int sc_photo_libraries_open(unsigned needs, char *err, size_t err_size) {
    for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; i++) {
        photo_library *l = &libraries[i];
        char why[1536];
        if ((needs & l->need) && sc_dl_open_explained(l->library, l->package, &l->once, &l->file, 1, l->symbols,
                                                      l->symbol_count, why, sizeof why) != 0) {
            return sc_image_fail(err, err_size, SC_IMAGE_UNSUPPORTED, "%s", why);
        }
    }
    return SC_IMAGE_OK;
}
