#include "sc_image_internal.h"

#include "sc_photo_libraries.h"
#include <stdlib.h>
#include <string.h>

/* lcms2 reports errors through a per-context handler; a silent context keeps them off stderr
 * (every result is checked instead). */
static void quiet(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context;
    (void)code;
    (void)text;
}

static cmsContext quiet_context(void) {
    cmsContext context = sc_lcms2.cmsCreateContext(NULL, NULL);
    if (context) sc_lcms2.cmsSetLogErrorHandlerTHR(context, quiet);
    return context;
}

int sc_icc_is_srgb(const uint8_t *icc, size_t icc_size) {
    if (!icc || icc_size < 128 || icc_size > 0xFFFFFFF) return -1;
    cmsContext context = quiet_context();
    if (!context) return -1;
    cmsHPROFILE profile = sc_lcms2.cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)icc_size);
    int result = -1;
    if (profile) {
        char description[256] = {0};
        sc_lcms2.cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", description, sizeof description);
        result = strstr(description, "sRGB") != NULL;
        sc_lcms2.cmsCloseProfile(profile);
    }
    sc_lcms2.cmsDeleteContext(context);
    return result;
}

struct sc_srgb_conversion {
    cmsContext context;
    cmsHTRANSFORM transform;
};

/* A conversion from `source` (closed here, may be NULL) to sRGB, or NULL when `source` is not
 * a usable RGB profile; `context` is the conversion's from then on, deleted with it or here. */
static sc_srgb_conversion *rgb_profile_conversion(cmsContext context, cmsHPROFILE source) {
    cmsHPROFILE srgb = sc_lcms2.cmsCreate_sRGBProfileTHR(context);
    cmsHTRANSFORM transform = NULL;
    if (source && srgb && sc_lcms2.cmsGetColorSpace(source) == cmsSigRgbData) {
        transform = sc_lcms2.cmsCreateTransformTHR(context, source, TYPE_BGRA_8, srgb, TYPE_BGRA_8, INTENT_PERCEPTUAL,
                                                   cmsFLAGS_COPY_ALPHA);
    }
    if (source) sc_lcms2.cmsCloseProfile(source);
    if (srgb) sc_lcms2.cmsCloseProfile(srgb);
    sc_srgb_conversion *conversion = transform ? (sc_srgb_conversion *)malloc(sizeof *conversion) : NULL;
    if (!conversion) {
        if (transform) sc_lcms2.cmsDeleteTransform(transform);
        sc_lcms2.cmsDeleteContext(context);
        return NULL;
    }
    conversion->context = context;
    conversion->transform = transform;
    return conversion;
}

sc_srgb_conversion *sc_srgb_conversion_from_icc(const uint8_t *icc, size_t icc_size) {
    if (!icc || icc_size < 128 || icc_size > 0xFFFFFFF) return NULL;
    cmsContext context = quiet_context();
    if (!context) return NULL;
    return rgb_profile_conversion(context, sc_lcms2.cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)icc_size));
}

sc_srgb_conversion *sc_srgb_conversion_from_chromaticities(const double white_xy[2], const double primaries_xy[6]) {
    for (int i = 0; i < 2; i++) if (!(white_xy[i] > 0 && white_xy[i] < 1)) return NULL;
    for (int i = 0; i < 6; i++) if (!(primaries_xy[i] >= 0 && primaries_xy[i] < 1)) return NULL;
    cmsContext context = quiet_context();
    if (!context) return NULL;
    /* IEC 61966-2-1's curve: Y = ((X + 0.055) / 1.055)^2.4 above 0.04045, X / 12.92 below. */
    const cmsFloat64Number srgb_curve[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
    cmsToneCurve *curve = sc_lcms2.cmsBuildParametricToneCurve(context, 4, srgb_curve);
    cmsHPROFILE source = NULL;
    if (curve) {
        cmsToneCurve *curves[3] = {curve, curve, curve};
        const cmsCIExyY white = {white_xy[0], white_xy[1], 1};
        const cmsCIExyYTRIPLE primaries = {{primaries_xy[0], primaries_xy[1], 1}, {primaries_xy[2], primaries_xy[3], 1},
                                           {primaries_xy[4], primaries_xy[5], 1}};
        source = sc_lcms2.cmsCreateRGBProfileTHR(context, &white, &primaries, curves);
        sc_lcms2.cmsFreeToneCurve(curve);
    }
    return rgb_profile_conversion(context, source);
}

/* `transform` over `count` pixels of 4 bytes in and one word out (in place when `in` is
 * `out`), in slices so the count never overflows lcms2's 32-bit argument. */
static void transform_in_slices(cmsHTRANSFORM transform, const uint8_t *in, uint32_t *out, size_t count) {
    for (size_t done = 0; done < count;) {
        size_t n = count - done > (1u << 20) ? (1u << 20) : count - done;
        sc_lcms2.cmsDoTransform(transform, in + 4 * done, out + done, (cmsUInt32Number)n);
        done += n;
    }
}

void sc_srgb_conversion_apply(const sc_srgb_conversion *conversion, uint32_t *pixels, size_t count) {
    transform_in_slices(conversion->transform, (const uint8_t *)pixels, pixels, count);
}

void sc_srgb_conversion_free(sc_srgb_conversion *conversion) {
    if (!conversion) return;
    sc_lcms2.cmsDeleteTransform(conversion->transform);
    sc_lcms2.cmsDeleteContext(conversion->context);
    free(conversion);
}

/* Applies `conversion` to the whole image and frees it: 0, or -1 when there was none. */
static int convert_once(sc_srgb_conversion *conversion, uint32_t *pixels, size_t count) {
    if (!conversion) return -1;
    sc_srgb_conversion_apply(conversion, pixels, count);
    sc_srgb_conversion_free(conversion);
    return 0;
}

int sc_icc_rgb_to_srgb(uint32_t *pixels, size_t count, const uint8_t *icc, size_t icc_size) {
    return convert_once(sc_srgb_conversion_from_icc(icc, icc_size), pixels, count);
}

int sc_chromaticities_to_srgb(uint32_t *pixels, size_t count, const double white_xy[2], const double primaries_xy[6]) {
    return convert_once(sc_srgb_conversion_from_chromaticities(white_xy, primaries_xy), pixels, count);
}

static void naive_cmyk(const uint8_t *cmyk, uint32_t *out, size_t count, int inverted) {
    for (size_t i = 0; i < count; i++) {
        /* Ink amounts as "how much paper shows": 255 = no ink. */
        uint32_t c = cmyk[4 * i], m = cmyk[4 * i + 1], y = cmyk[4 * i + 2], k = cmyk[4 * i + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        uint32_t r = (c * k + 127) / 255, g = (m * k + 127) / 255, b = (y * k + 127) / 255;
        out[i] = 0xFF000000u | r << 16 | g << 8 | b;
    }
}

void sc_cmyk_to_bgra(const uint8_t *cmyk, uint32_t *out, size_t count, int inverted,
                     const uint8_t *icc, size_t icc_size, int *converted_profile) {
    *converted_profile = 0;
    if (icc && icc_size >= 128 && icc_size <= 0xFFFFFFF) {
        cmsContext context = quiet_context();
        if (context) {
            cmsHPROFILE source = sc_lcms2.cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)icc_size);
            cmsHPROFILE srgb = sc_lcms2.cmsCreate_sRGBProfileTHR(context);
            cmsHTRANSFORM transform = NULL;
            if (source && srgb && sc_lcms2.cmsGetColorSpace(source) == cmsSigCmykData) {
                transform = sc_lcms2.cmsCreateTransformTHR(context, source, inverted ? TYPE_CMYK_8_REV : TYPE_CMYK_8,
                                                           srgb, TYPE_BGRA_8, INTENT_PERCEPTUAL, 0);
            }
            if (transform) {
                for (size_t i = 0; i < count; i++) out[i] = 0xFF000000u; /* lcms2 leaves the extra channel */
                transform_in_slices(transform, cmyk, out, count);
                sc_lcms2.cmsDeleteTransform(transform);
                *converted_profile = 1;
            }
            if (source) sc_lcms2.cmsCloseProfile(source);
            if (srgb) sc_lcms2.cmsCloseProfile(srgb);
            sc_lcms2.cmsDeleteContext(context);
            if (*converted_profile) return;
        }
    }
    naive_cmyk(cmyk, out, count, inverted);
}
