#include "sc_image_internal.h"

#include "sc_photo_libraries.h"
#include <math.h>
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

/* Whether `profile`'s colourants and tone curves are `srgb`'s: each colourant within 0.0005
 * (lcms2 stores them as s15.16; sRGB profiles written by different tools differ in the fourth
 * decimal at most) and each curve within a quarter of an 8-bit level at 33 points, so skipping
 * the conversion changes no pixel by more than rounding. A profile with a lookup table for the
 * perceptual intent is not sRGB whatever its matrix says: lcms2 would use the table. The white
 * point is not compared: ICC v4 fixes it at D50 and v2 writers disagree about it. */
static int same_colorimetry(cmsHPROFILE profile, cmsHPROFILE srgb) {
    if (sc_lcms2.cmsGetColorSpace(profile) != cmsSigRgbData) return 0;
    if (sc_lcms2.cmsIsTag(profile, cmsSigAToB0Tag)) return 0;
    static const cmsTagSignature colourants[3] = {cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag};
    static const cmsTagSignature curves[3] = {cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag};
    for (int c = 0; c < 3; c++) {
        const cmsCIEXYZ *a = (const cmsCIEXYZ *)sc_lcms2.cmsReadTag(profile, colourants[c]);
        const cmsCIEXYZ *b = (const cmsCIEXYZ *)sc_lcms2.cmsReadTag(srgb, colourants[c]);
        if (!a || !b) return 0;
        if (fabs(a->X - b->X) > 0.0005 || fabs(a->Y - b->Y) > 0.0005 || fabs(a->Z - b->Z) > 0.0005) return 0;
        const cmsToneCurve *ta = (const cmsToneCurve *)sc_lcms2.cmsReadTag(profile, curves[c]);
        const cmsToneCurve *tb = (const cmsToneCurve *)sc_lcms2.cmsReadTag(srgb, curves[c]);
        if (!ta || !tb) return 0;
        for (int i = 0; i <= 32; i++) {
            float x = (float)i / 32;
            if (fabsf(sc_lcms2.cmsEvalToneCurveFloat(ta, x) - sc_lcms2.cmsEvalToneCurveFloat(tb, x)) > 0.25f / 255) return 0;
        }
    }
    return 1;
}

int sc_icc_is_srgb(const uint8_t *icc, size_t icc_size) {
    if (!icc || icc_size < 128 || icc_size > 0xFFFFFFF) return -1;
    cmsContext context = quiet_context();
    if (!context) return -1;
    cmsHPROFILE profile = sc_lcms2.cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)icc_size);
    cmsHPROFILE srgb = profile ? sc_lcms2.cmsCreate_sRGBProfileTHR(context) : NULL;
    int result = profile && srgb ? same_colorimetry(profile, srgb) : -1;
    if (srgb) sc_lcms2.cmsCloseProfile(srgb);
    if (profile) sc_lcms2.cmsCloseProfile(profile);
    sc_lcms2.cmsDeleteContext(context);
    return result;
}

struct sc_srgb_conversion {
    cmsContext context;
    cmsHTRANSFORM transform;
};

/* A conversion from `source` (closed here, may be NULL) to sRGB, or NULL when `source` is not
 * a usable profile of `space` (cmsSigRgbData or cmsSigGrayData); `context` is the conversion's
 * from then on, deleted with it or here. RGB is converted with its alpha copied. A grey image
 * is held as BGRA with B = G = R: the grey is read from each word's first byte (the other three
 * passed over), and without cmsFLAGS_COPY_ALPHA the output's alpha byte is not written, so
 * alpha stays where it is. */
static sc_srgb_conversion *profile_conversion(cmsContext context, cmsHPROFILE source, cmsColorSpaceSignature space) {
    cmsHPROFILE srgb = sc_lcms2.cmsCreate_sRGBProfileTHR(context);
    cmsHTRANSFORM transform = NULL;
    if (source && srgb && sc_lcms2.cmsGetColorSpace(source) == space) {
        const int grey = space == cmsSigGrayData;
        const cmsUInt32Number input = grey ? COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | BYTES_SH(1) | EXTRA_SH(3) : TYPE_BGRA_8;
        transform = sc_lcms2.cmsCreateTransformTHR(context, source, input, srgb, TYPE_BGRA_8, INTENT_PERCEPTUAL,
                                                   grey ? 0 : cmsFLAGS_COPY_ALPHA);
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

/* A conversion from the ICC profile in `icc` of `space`, or NULL. */
static sc_srgb_conversion *icc_conversion(const uint8_t *icc, size_t icc_size, cmsColorSpaceSignature space) {
    if (!icc || icc_size < 128 || icc_size > 0xFFFFFFF) return NULL;
    cmsContext context = quiet_context();
    if (!context) return NULL;
    return profile_conversion(context, sc_lcms2.cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)icc_size), space);
}

sc_srgb_conversion *sc_srgb_conversion_from_icc(const uint8_t *icc, size_t icc_size) {
    return icc_conversion(icc, icc_size, cmsSigRgbData);
}

sc_srgb_conversion *sc_srgb_conversion_from_grey_icc(const uint8_t *icc, size_t icc_size) {
    return icc_conversion(icc, icc_size, cmsSigGrayData);
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
    return profile_conversion(context, source, cmsSigRgbData);
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

int sc_icc_grey_to_srgb(uint32_t *pixels, size_t count, const uint8_t *icc, size_t icc_size) {
    return convert_once(sc_srgb_conversion_from_grey_icc(icc, icc_size), pixels, count);
}

int sc_rgb_profile_to_srgb(uint32_t *pixels, size_t count, const uint8_t *icc, size_t icc_size) {
    if (!icc) return SC_PROFILE_NONE;
    const int srgb = sc_icc_is_srgb(icc, icc_size);
    if (srgb == 1) return SC_PROFILE_NONE;
    if (srgb == 0 && sc_icc_rgb_to_srgb(pixels, count, icc, icc_size) == 0) return SC_PROFILE_CONVERTED;
    return SC_PROFILE_IGNORED;
}

int sc_chromaticities_to_srgb(uint32_t *pixels, size_t count, const double white_xy[2], const double primaries_xy[6]) {
    return convert_once(sc_srgb_conversion_from_chromaticities(white_xy, primaries_xy), pixels, count);
}

static void naive_cmyk(const uint8_t *cmyk, uint32_t *out, size_t count) {
    for (size_t i = 0; i < count; i++) {
        /* Ink amounts as "how much paper shows": 255 = no ink. */
        uint32_t c = cmyk[4 * i], m = cmyk[4 * i + 1], y = cmyk[4 * i + 2], k = cmyk[4 * i + 3];
        uint32_t r = (c * k + 127) / 255, g = (m * k + 127) / 255, b = (y * k + 127) / 255;
        out[i] = 0xFF000000u | r << 16 | g << 8 | b;
    }
}

void sc_cmyk_to_bgra(const uint8_t *cmyk, uint32_t *out, size_t count, const uint8_t *icc, size_t icc_size, int *converted_profile) {
    *converted_profile = 0;
    if (icc && icc_size >= 128 && icc_size <= 0xFFFFFFF) {
        cmsContext context = quiet_context();
        if (context) {
            cmsHPROFILE source = sc_lcms2.cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)icc_size);
            cmsHPROFILE srgb = sc_lcms2.cmsCreate_sRGBProfileTHR(context);
            cmsHTRANSFORM transform = NULL;
            if (source && srgb && sc_lcms2.cmsGetColorSpace(source) == cmsSigCmykData) {
                transform = sc_lcms2.cmsCreateTransformTHR(context, source, TYPE_CMYK_8_REV,
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
    naive_cmyk(cmyk, out, count);
}
