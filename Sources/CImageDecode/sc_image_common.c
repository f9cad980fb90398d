#include "sc_image_internal.h"
#include "sc_image_limits.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sc_image_fail(char *err, size_t err_size, int status, const char *format, ...) {
    if (err && err_size > 0) {
        va_list args;
        va_start(args, format);
        vsnprintf(err, err_size, format, args);
        va_end(args);
    }
    return status;
}

int sc_image_check_declared_size(const char *format, uint32_t w, uint32_t h, const sc_image_request *request, char *err,
                                  size_t err_size) {
    if (w == 0 || h == 0) return sc_image_fail(err, err_size, SC_IMAGE_CORRUPT, "corrupt %s: it declares %u×%u pixels", format, w, h);
    const int over = sc_declared_size_excess(format, w, h, request->max_width, request->max_height, request->max_pixels, err, err_size);
    return over ? SC_IMAGE_TOO_LARGE : SC_IMAGE_OK;
}

int sc_orientation_transposes(int orientation) { return orientation >= 5 && orientation <= 8; }

int sc_apply_orientation(uint32_t **pixels, uint32_t *w, uint32_t *h, int orientation) {
    if (orientation <= 1 || orientation > 8) return 0;
    const uint32_t sw = *w, sh = *h;
    const int transposes = sc_orientation_transposes(orientation);
    const uint32_t ow = transposes ? sh : sw, oh = transposes ? sw : sh;
    uint32_t *out = (uint32_t *)malloc((size_t)ow * oh * sizeof(uint32_t));
    if (!out) return -1;
    const uint32_t *in = *pixels;
    /* For each output pixel (x, y), the stored pixel (sx, sy) that lands there. */
    for (uint32_t y = 0; y < oh; y++) {
        uint32_t *row = out + (size_t)y * ow;
        for (uint32_t x = 0; x < ow; x++) {
            uint32_t sx, sy;
            switch (orientation) {
            case 2: sx = sw - 1 - x; sy = y; break;            /* mirrored left-right */
            case 3: sx = sw - 1 - x; sy = sh - 1 - y; break;   /* turned 180° */
            case 4: sx = x; sy = sh - 1 - y; break;            /* mirrored top-bottom */
            case 5: sx = y; sy = x; break;                     /* transposed */
            case 6: sx = y; sy = sh - 1 - x; break;            /* needs 90° clockwise */
            case 7: sx = sw - 1 - y; sy = sh - 1 - x; break;   /* transversed */
            default: sx = sw - 1 - y; sy = x; break;           /* 8: needs 90° anticlockwise */
            }
            row[x] = in[(size_t)sy * sw + sx];
        }
    }
    free(*pixels);
    *pixels = out;
    *w = ow;
    *h = oh;
    return 0;
}

void sc_image_set_result(sc_image_result *result, uint32_t *pixels, uint32_t ow, uint32_t oh, uint32_t w, uint32_t h,
                         int orientation, int profile) {
    const int transposes = sc_orientation_transposes(orientation);
    result->pixels = pixels;
    result->width = ow;
    result->height = oh;
    result->source_width = transposes ? h : w;
    result->source_height = transposes ? w : h;
    result->orientation = orientation;
    result->profile = profile;
}

int sc_dct_scale_numerator(uint32_t w, uint32_t h, uint32_t tw, uint32_t th, uint32_t mode) {
    if (tw == 0 || th == 0) return 8;
    /* Halvings only: libjpeg's 3/8, 5/8, 6/8 and 7/8 IDCTs fold fine detail (fabric, hair,
     * brickwork) back as moiré that no later filter removes, where 1/2, 1/4 and 1/8 average
     * whole blocks down (the reductions Pillow's draft takes). */
    for (int n = 1; n < 8; n *= 2) {
        uint64_t dw = ((uint64_t)w * n + 7) / 8, dh = ((uint64_t)h * n + 7) / 8;
        if (mode == SC_IMAGE_TARGET_FIT ? (dw >= tw || dh >= th) : (dw >= tw && dh >= th)) return n;
    }
    return 8;
}

void sc_premultiply(uint32_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t v = pixels[i], a = v >> 24;
        if (a == 255) continue;
        uint32_t r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF;
#define SC_MUL(c) ((((c) * a + 128) + ((((c) * a + 128)) >> 8)) >> 8)
        pixels[i] = a << 24 | SC_MUL(r) << 16 | SC_MUL(g) << 8 | SC_MUL(b);
#undef SC_MUL
    }
}

void sc_image_free(void *pixels) { free(pixels); }
