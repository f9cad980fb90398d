#ifndef SC_IMAGE_INTERNAL_H
#define SC_IMAGE_INTERNAL_H
/* Steps shared by the JPEG, WebP and PNG decoders. */
#include "sc_image_decode.h"
#include <stddef.h>
#include <stdint.h>

/* Whether a HEIF file (ftyp first) has a top-level meta box, where its still images are. */
int sc_heic_has_meta(const uint8_t *data, size_t size);

/* snprintf into err when there is room. Returns `status` so callers can `return fail(...)`. */
int sc_image_fail(char *err, size_t err_size, int status, const char *format, ...);

/* SC_IMAGE_OK when a w × h image declared by a `format` ("JPEG") file is within the request's
 * limits; otherwise the status, with a message naming the one limit crossed (a side, or the
 * pixels in all) so that no reader takes the pair of limits for a product. An empty size is
 * corrupt. */
int sc_image_check_declared_size(const char *format, uint32_t w, uint32_t h, const sc_image_request *request, char *err,
                                  size_t err_size);

/* The orientation (1...8) in an EXIF block (with or without the "Exif\0\0" header), 1 when
 * absent or out of range. */
int sc_exif_orientation(const uint8_t *exif, size_t size);

/* True for orientations 5...8, which swap width and height. */
int sc_orientation_transposes(int orientation);

/* Replaces *pixels (w × h words) with the image turned upright; *w and *h become the oriented
 * size. Returns 0, or -1 when out of memory (the old buffer is then left in place). */
int sc_apply_orientation(uint32_t **pixels, uint32_t *w, uint32_t *h, int orientation);

/* The smallest n of 1, 2, 4 and 8 with ceil(w * n / 8) >= tw and ceil(h * n / 8) >= th
 * (`mode` SC_IMAGE_TARGET_COVER), or with either of them (SC_IMAGE_TARGET_FIT); 8 when none
 * smaller serves, or when tw or th is 0. Only halvings, which do not alias. */
int sc_dct_scale_numerator(uint32_t w, uint32_t h, uint32_t tw, uint32_t th, uint32_t mode);

/* Fills *result with oriented pixels (ownership passes to it), their size, the stored size
 * w × h (swapped when the orientation transposes) and the orientation and profile applied. */
void sc_image_set_result(sc_image_result *result, uint32_t *pixels, uint32_t ow, uint32_t oh, uint32_t w, uint32_t h,
                         int orientation, int profile);

/* Straight B, G, R, A bytes (one uint32 per pixel, little-endian ARGB32) → premultiplied. */
void sc_premultiply(uint32_t *pixels, size_t count);

/* Whether an ICC profile is sRGB by its contents (colourants and tone curves, not its name), so
 * conversion can be skipped. Returns 1 for sRGB, 0 for another profile, -1 when lcms2 cannot
 * parse it. */
int sc_icc_is_srgb(const uint8_t *icc, size_t icc_size);

/* Converts straight BGRA pixels in place from an RGB ICC profile to sRGB (alpha kept).
 * Returns 0, or -1 when the profile is not a usable RGB profile. */
int sc_icc_rgb_to_srgb(uint32_t *pixels, size_t count, const uint8_t *icc, size_t icc_size);
/* An RGB image's embedded profile (NULL: none) applied to its pixels: SC_PROFILE_NONE when
 * there is none or it is sRGB's, SC_PROFILE_CONVERTED, or SC_PROFILE_IGNORED when lcms2 cannot
 * use it (the pixels are then left as they are, read as sRGB). */
int sc_rgb_profile_to_srgb(uint32_t *pixels, size_t count, const uint8_t *icc, size_t icc_size);

/* Converts the straight BGRA pixels of a grey image (B = G = R) in place from a grey ICC
 * profile to sRGB grey (alpha kept), as lcms2, Chrome and Firefox read black-and-white photos
 * that carry one. Returns 0, or -1 when the profile is not a usable grey profile. */
int sc_icc_grey_to_srgb(uint32_t *pixels, size_t count, const uint8_t *icc, size_t icc_size);

/* Converts straight BGRA pixels in place to sRGB from RGB stored with the sRGB curve under
 * other primaries: white point and red, green, blue as CIE x, y pairs (PNG's cHRM). Returns
 * 0, or -1 when lcms2 refuses the chromaticities. */
int sc_chromaticities_to_srgb(uint32_t *pixels, size_t count, const double white_xy[2], const double primaries_xy[6]);

/* A conversion of straight BGRA pixels to sRGB, made once and applied to any number of rows
 * (on one thread at a time). Each maker returns NULL when lcms2 cannot use what it is given:
 * an ICC profile that does not parse or is not RGB; chromaticities (PNG's cHRM: white, then
 * red, green, blue, as CIE x, y pairs) it refuses. sc_icc_rgb_to_srgb and
 * sc_chromaticities_to_srgb are one conversion applied to a whole image. */
typedef struct sc_srgb_conversion sc_srgb_conversion;
sc_srgb_conversion *sc_srgb_conversion_from_icc(const uint8_t *icc, size_t icc_size);
/* For a grey image's pixels, as sc_icc_grey_to_srgb; NULL when the profile is not grey. */
sc_srgb_conversion *sc_srgb_conversion_from_grey_icc(const uint8_t *icc, size_t icc_size);
sc_srgb_conversion *sc_srgb_conversion_from_chromaticities(const double white_xy[2], const double primaries_xy[6]);
void sc_srgb_conversion_apply(const sc_srgb_conversion *conversion, uint32_t *pixels, size_t count);
void sc_srgb_conversion_free(sc_srgb_conversion *conversion);

/* Converts CMYK bytes (4 per pixel, stored inverted as Adobe writes them: 255 = no ink) to
 * opaque BGRA words. With a CMYK ICC profile lcms2 does it; without one (or when the profile
 * is unusable), the naive R = (1 − C)(1 − K) mapping. */
void sc_cmyk_to_bgra(const uint8_t *cmyk, uint32_t *out, size_t count, const uint8_t *icc, size_t icc_size,
                     int *converted_profile);

#endif
