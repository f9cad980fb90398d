#include "sc_photo_libraries.h"

#include "sc_dynamic_library.h"
#include "sc_image_internal.h"

sc_lcms2_table sc_lcms2;
sc_exif_table sc_exif;
sc_webpdemux_table sc_webpdemux;

#define SC_ENTRY(table, name) {(void **)&table.name, #name}

static int open_lcms2(char *err, size_t err_size) {
    static sc_dl_once once = SC_DL_ONCE_INIT;
    static const char *const names[] = {"liblcms2.so.2"};
    const sc_dl_symbol symbols[] = {
        SC_ENTRY(sc_lcms2, cmsBuildParametricToneCurve),
        SC_ENTRY(sc_lcms2, cmsCloseProfile),
        SC_ENTRY(sc_lcms2, cmsCreateContext),
        SC_ENTRY(sc_lcms2, cmsCreateRGBProfileTHR),
        SC_ENTRY(sc_lcms2, cmsCreateTransformTHR),
        SC_ENTRY(sc_lcms2, cmsCreate_sRGBProfileTHR),
        SC_ENTRY(sc_lcms2, cmsDeleteContext),
        SC_ENTRY(sc_lcms2, cmsDeleteTransform),
        SC_ENTRY(sc_lcms2, cmsDoTransform),
        SC_ENTRY(sc_lcms2, cmsFreeToneCurve),
        SC_ENTRY(sc_lcms2, cmsGetColorSpace),
        SC_ENTRY(sc_lcms2, cmsGetProfileInfoASCII),
        SC_ENTRY(sc_lcms2, cmsOpenProfileFromMemTHR),
        SC_ENTRY(sc_lcms2, cmsSetLogErrorHandlerTHR),
    };
    return sc_dl_open_explained("lcms2", "liblcms2-2", &once, names, 1, symbols, sizeof symbols / sizeof symbols[0], err,
                                err_size);
}

static int open_exif(char *err, size_t err_size) {
    static sc_dl_once once = SC_DL_ONCE_INIT;
    static const char *const names[] = {"libexif.so.12"};
    const sc_dl_symbol symbols[] = {
        SC_ENTRY(sc_exif, exif_content_get_entry),
        SC_ENTRY(sc_exif, exif_data_get_byte_order),
        SC_ENTRY(sc_exif, exif_data_new_from_data),
        SC_ENTRY(sc_exif, exif_data_unref),
        SC_ENTRY(sc_exif, exif_get_short),
    };
    return sc_dl_open_explained("libexif", "libexif12", &once, names, 1, symbols, sizeof symbols / sizeof symbols[0], err,
                                err_size);
}

static int open_webpdemux(char *err, size_t err_size) {
    static sc_dl_once once = SC_DL_ONCE_INIT;
    static const char *const names[] = {"libwebpdemux.so.2"};
    const sc_dl_symbol symbols[] = {
        SC_ENTRY(sc_webpdemux, WebPDemuxInternal),
        SC_ENTRY(sc_webpdemux, WebPDemuxDelete),
        SC_ENTRY(sc_webpdemux, WebPDemuxGetChunk),
        SC_ENTRY(sc_webpdemux, WebPDemuxReleaseChunkIterator),
    };
    return sc_dl_open_explained("libwebpdemux", "libwebpdemux2", &once, names, 1, symbols,
                                sizeof symbols / sizeof symbols[0], err, err_size);
}

int sc_image_decode_open_libraries(char *err, size_t err_size) {
    return sc_photo_libraries_open(SC_PHOTO_NEEDS_LCMS2 | SC_PHOTO_NEEDS_EXIF | SC_PHOTO_NEEDS_WEBPDEMUX, err, err_size);
}

int sc_photo_libraries_open(unsigned needs, char *err, size_t err_size) {
    char why[1536];
    if (((needs & SC_PHOTO_NEEDS_LCMS2) && open_lcms2(why, sizeof why) != 0) ||
        ((needs & SC_PHOTO_NEEDS_EXIF) && open_exif(why, sizeof why) != 0) ||
        ((needs & SC_PHOTO_NEEDS_WEBPDEMUX) && open_webpdemux(why, sizeof why) != 0)) {
        return sc_image_fail(err, err_size, SC_IMAGE_UNSUPPORTED, "%s", why);
    }
    return SC_IMAGE_OK;
}
