// The image blur's box passes on interleaved 4-byte pixels. The planar form (one plane per
// channel, then merged) spent as long splitting and merging as blurring, and its Swift loops
// ran on baseline SIMD; here the four channels of a pixel are one vector in the horizontal
// pass and a row is one long vector in the vertical pass. The arithmetic is the planar
// form's, channel by channel, so the results are the same bytes.
#include "sc_raster_kernels.h"
#include "sc_target_clones.h"

#include <string.h>

typedef uint32_t sc_u32x4 __attribute__((vector_size(16)));
typedef uint8_t sc_u8x4 __attribute__((vector_size(4)));

// Rounded division by the window as a multiply and shift: exact for sums below
// 256 * window when 256 * window^2 <= 2^23, so windows up to 181 use 32-bit lanes; wider
// ones use 64-bit arithmetic.
typedef struct {
    uint32_t window, half, multiplier32;
    uint64_t multiplier64;
} sc_box_average;

static sc_box_average sc_make_average(uint32_t window) {
    sc_box_average a;
    a.window = window;
    a.half = window / 2;
    a.multiplier32 = window <= 181 ? (uint32_t)(((1u << 23) + window - 1) / window) : 0;
    a.multiplier64 = ((1ull << 40) + window - 1) / window;
    return a;
}

static inline uint8_t sc_average(const sc_box_average *a, uint32_t sum) {
    if (a->multiplier32) return (uint8_t)(((sum + a->half) * a->multiplier32) >> 23);
    return (uint8_t)(((uint64_t)(sum + a->half) * a->multiplier64) >> 40);
}

static inline __attribute__((always_inline)) sc_u32x4 sc_load4(const uint8_t *p) {
    sc_u8x4 v;
    memcpy(&v, p, 4);
    return __builtin_convertvector(v, sc_u32x4);
}

static inline __attribute__((always_inline)) void sc_store_average4(uint8_t *t, const sc_box_average *a, sc_u32x4 sum) {
    if (a->multiplier32) {
        sc_u32x4 v = ((sum + a->half) * a->multiplier32) >> 23;
        sc_u8x4 b = __builtin_convertvector(v, sc_u8x4);
        memcpy(t, &b, 4);
    } else {
        for (int c = 0; c < 4; c++) t[c] = sc_average(a, sum[c]);
    }
}

// One row, source to target, window [x - r, x + r] with the edges as the caller asked; the
// middle, where the window is inside the row, without tests.
static inline __attribute__((always_inline)) void sc_blur_row(const uint8_t *src, uint8_t *dst, ptrdiff_t w, ptrdiff_t r,
                                                              int extend, const sc_box_average *a) {
    sc_u32x4 zero = {0, 0, 0, 0};
    sc_u32x4 left = extend ? sc_load4(src) : zero, right = extend ? sc_load4(src + (w - 1) * 4) : zero;
    sc_u32x4 sum = zero;
    for (ptrdiff_t i = -r; i <= r; i++) sum += i < 0 ? left : (i >= w ? right : sc_load4(src + i * 4));
    // x where both x - r >= 0 and x + r + 1 < w.
    ptrdiff_t begin = r < w ? r : w, end = w - r - 1 > begin ? w - r - 1 : begin;
    ptrdiff_t x = 0;
    for (; x < begin; x++) {
        sc_store_average4(dst + x * 4, a, sum);
        ptrdiff_t in = x + r + 1;
        sum += in >= w ? right : sc_load4(src + in * 4);
        sum -= left;
    }
    for (; x < end; x++) {
        sc_store_average4(dst + x * 4, a, sum);
        sum += sc_load4(src + (x + r + 1) * 4);
        sum -= sc_load4(src + (x - r) * 4);
    }
    for (; x < w; x++) {
        sc_store_average4(dst + x * 4, a, sum);
        ptrdiff_t in = x + r + 1, out = x - r;
        sum += in >= w ? right : sc_load4(src + in * 4);
        sum -= out < 0 ? left : sc_load4(src + out * 4);
    }
}

SC_CLONES
static void sc_blur_columns(const uint8_t *src, ptrdiff_t src_stride, uint8_t *dst, ptrdiff_t dst_stride,
                            ptrdiff_t row_bytes, ptrdiff_t h, ptrdiff_t r, int extend, const sc_box_average *a,
                            uint32_t *sums) {
    memset(sums, 0, (size_t)row_bytes * sizeof *sums);
    // Rows outside: the first or last row again, or nothing (zero).
    for (ptrdiff_t y = -r; y <= r; y++) {
        ptrdiff_t yy = y < 0 ? 0 : (y >= h ? h - 1 : y);
        if (!extend && (y < 0 || y >= h)) continue;
        const uint8_t *row = src + yy * src_stride;
        for (ptrdiff_t i = 0; i < row_bytes; i++) sums[i] += row[i];
    }
    for (ptrdiff_t y = 0; y < h; y++) {
        uint8_t *t = dst + y * dst_stride;
        ptrdiff_t in = y + r + 1, out = y - r;
        const uint8_t *entering = extend || in < h ? src + (in >= h ? h - 1 : in) * src_stride : NULL;
        const uint8_t *leaving = extend || out >= 0 ? src + (out < 0 ? 0 : out) * src_stride : NULL;
        if (a->multiplier32 && entering && leaving) {
            // The common case in one sweep: average, then slide the window.
            const uint32_t half = a->half, m = a->multiplier32;
            for (ptrdiff_t i = 0; i < row_bytes; i++) {
                t[i] = (uint8_t)(((sums[i] + half) * m) >> 23);
                sums[i] += (uint32_t)entering[i] - (uint32_t)leaving[i];
            }
            continue;
        }
        for (ptrdiff_t i = 0; i < row_bytes; i++) t[i] = sc_average(a, sums[i]);
        if (entering) for (ptrdiff_t i = 0; i < row_bytes; i++) sums[i] += entering[i];
        if (leaving) for (ptrdiff_t i = 0; i < row_bytes; i++) sums[i] -= leaving[i];
    }
}

SC_CLONES
static void sc_blur_rows(const uint8_t *src, ptrdiff_t src_stride, uint8_t *dst, ptrdiff_t dst_stride,
                         ptrdiff_t w, ptrdiff_t h, ptrdiff_t r, int extend, const sc_box_average *a) {
    for (ptrdiff_t y = 0; y < h; y++) sc_blur_row(src + y * src_stride, dst + y * dst_stride, w, r, extend, a);
}

SC_CLONES
int sc_clamp_colour_to_alpha(uint8_t *pixels, ptrdiff_t count) {
    uint8_t all = 255; /* the AND of every alpha: 255 only when each is */
    for (ptrdiff_t i = 0; i < count; i++) {
        uint8_t *p = pixels + i * 4;
        const uint8_t alpha = p[3];
        p[0] = p[0] < alpha ? p[0] : alpha;
        p[1] = p[1] < alpha ? p[1] : alpha;
        p[2] = p[2] < alpha ? p[2] : alpha;
        all &= alpha;
    }
    return all == 255;
}

int sc_box_blur_pixels(uint8_t *pixels, ptrdiff_t width, ptrdiff_t height, ptrdiff_t stride_bytes,
                        const int32_t *radii, ptrdiff_t count, int extend_edges,
                        uint8_t *scratch, uint32_t *sums) {
    const ptrdiff_t row_bytes = width * 4;
    for (ptrdiff_t i = 0; i < count; i++) {
        const ptrdiff_t r = radii[i];
        if (r <= 0) continue;
        const sc_box_average a = sc_make_average((uint32_t)(2 * r + 1));
        sc_blur_rows(pixels, stride_bytes, scratch, row_bytes, width, height, r, extend_edges, &a);
        sc_blur_columns(scratch, row_bytes, pixels, stride_bytes, row_bytes, height, r, extend_edges, &a, sums);
    }
    // Each channel was rounded on its own, so a colour may exceed alpha by a level.
    int opaque = 1;
    for (ptrdiff_t y = 0; y < height; y++) opaque &= sc_clamp_colour_to_alpha(pixels + y * stride_bytes, width);
    return opaque;
}
