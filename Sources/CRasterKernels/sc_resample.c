// Raster's resampling loops in C: Swift's SIMD types compile to baseline x86-64 (SSE2),
// which has no 32-bit lane multiply, and the emulation made the Swift loops 4-5x slower
// than these. Each function is built twice on x86-64 (AVX2 and the baseline) and the
// loader picks one for the machine (target_clones); the arithmetic, and so every result,
// is the same in both.
#include "sc_raster_kernels.h"
#include "sc_target_clones.h"

#include <string.h>

#define SC_PRECISION_BITS 22

typedef int32_t sc_i32x4 __attribute__((vector_size(16)));
typedef int32_t sc_i32x8 __attribute__((vector_size(32)));
typedef uint8_t sc_u8x4 __attribute__((vector_size(4)));
typedef uint8_t sc_u8x8 __attribute__((vector_size(8)));

static inline uint8_t sc_clamped_byte(int32_t sum) {
    int32_t v = sum >> SC_PRECISION_BITS;
    return (uint8_t)(v < 0 ? 0 : (v > 255 ? 255 : v));
}

SC_CLONES
void sc_resample_row(const uint8_t *row, uint8_t *target, ptrdiff_t out_count,
                     const ptrdiff_t *first, const int32_t *weights, ptrdiff_t taps) {
    const int32_t half = 1 << (SC_PRECISION_BITS - 1);
    for (ptrdiff_t x = 0; x < out_count; x++) {
        const uint8_t *p = row + first[x] * 4;
        const int32_t *w = weights + x * taps;
        // Two taps (two pixels, eight channels) per step, then the halves added.
        sc_i32x8 pairs = {half, half, half, half, 0, 0, 0, 0};
        ptrdiff_t k = 0;
        for (; k + 2 <= taps; k += 2) {
            sc_u8x8 pixels;
            memcpy(&pixels, p + 4 * k, sizeof pixels);
            sc_i32x8 wk = {w[k], w[k], w[k], w[k], w[k + 1], w[k + 1], w[k + 1], w[k + 1]};
            pairs += __builtin_convertvector(pixels, sc_i32x8) * wk;
        }
        sc_i32x4 sum = {pairs[0] + pairs[4], pairs[1] + pairs[5], pairs[2] + pairs[6], pairs[3] + pairs[7]};
        for (; k < taps; k++) {
            sc_u8x4 pixel;
            memcpy(&pixel, p + 4 * k, sizeof pixel);
            sum += __builtin_convertvector(pixel, sc_i32x4) * w[k];
        }
        uint8_t *t = target + x * 4;
        t[0] = sc_clamped_byte(sum[0]);
        t[1] = sc_clamped_byte(sum[1]);
        t[2] = sc_clamped_byte(sum[2]);
        t[3] = sc_clamped_byte(sum[3]);
    }
}

// Bytes summed per block: the block's sums stay in registers across every tap.
#define SC_COLUMN_BLOCK 64

SC_CLONES
void sc_resample_column(const uint8_t *rows, ptrdiff_t row_bytes, uint8_t *target,
                        const int32_t *weights, ptrdiff_t taps) {
    const int32_t half = 1 << (SC_PRECISION_BITS - 1);
    ptrdiff_t i = 0;
    for (; i + SC_COLUMN_BLOCK <= row_bytes; i += SC_COLUMN_BLOCK) {
        int32_t sums[SC_COLUMN_BLOCK];
        for (int j = 0; j < SC_COLUMN_BLOCK; j++) sums[j] = half;
        for (ptrdiff_t k = 0; k < taps; k++) {
            const uint8_t *r = rows + k * row_bytes + i;
            const int32_t wk = weights[k];
            for (int j = 0; j < SC_COLUMN_BLOCK; j++) sums[j] += r[j] * wk;
        }
        for (int j = 0; j < SC_COLUMN_BLOCK; j++) target[i + j] = sc_clamped_byte(sums[j]);
    }
    for (; i < row_bytes; i++) {
        int32_t sum = half;
        for (ptrdiff_t k = 0; k < taps; k++) sum += rows[k * row_bytes + i] * weights[k];
        target[i] = sc_clamped_byte(sum);
    }
}
