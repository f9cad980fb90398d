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

// One row: the taps two at a time (two pixels, eight channels, one multiply against that pair's
// weights as laid out by sc_resample_rows), an odd last tap alone, then the halves added.
SC_CLONES
static void sc_resample_one_row(const uint8_t *row, uint8_t *target, ptrdiff_t out_count, const ptrdiff_t *first,
                                const int32_t *weights, const sc_i32x8 *pairs, ptrdiff_t taps) {
    const int32_t half = 1 << (SC_PRECISION_BITS - 1);
    const ptrdiff_t pair_count = taps / 2;
    for (ptrdiff_t x = 0; x < out_count; x++) {
        const uint8_t *p = row + first[x] * 4;
        const sc_i32x8 *w = pairs + x * pair_count;
        sc_i32x8 acc = {half, half, half, half, 0, 0, 0, 0};
        for (ptrdiff_t k = 0; k < pair_count; k++) {
            sc_u8x8 pixels;
            memcpy(&pixels, p + 8 * k, sizeof pixels);
            acc += __builtin_convertvector(pixels, sc_i32x8) * w[k];
        }
        sc_i32x4 sum = {acc[0] + acc[4], acc[1] + acc[5], acc[2] + acc[6], acc[3] + acc[7]};
        if (taps & 1) {
            sc_u8x4 pixel;
            memcpy(&pixel, p + 4 * (taps - 1), sizeof pixel);
            sum += __builtin_convertvector(pixel, sc_i32x4) * weights[x * taps + taps - 1];
        }
        uint8_t *t = target + x * 4;
        t[0] = sc_clamped_byte(sum[0]);
        t[1] = sc_clamped_byte(sum[1]);
        t[2] = sc_clamped_byte(sum[2]);
        t[3] = sc_clamped_byte(sum[3]);
    }
}

size_t sc_resample_rows_scratch_bytes(ptrdiff_t out_count, ptrdiff_t taps) {
    return (size_t)out_count * (size_t)(taps / 2) * sizeof(sc_i32x8) + sizeof(sc_i32x8);
}

void sc_resample_rows(const uint8_t *rows, ptrdiff_t row_stride_bytes, ptrdiff_t row_count, uint8_t *target,
                      ptrdiff_t target_stride_bytes, ptrdiff_t out_count, const ptrdiff_t *first, const int32_t *weights,
                      ptrdiff_t taps, void *scratch) {
    // Each pair of weights spread over eight lanes once, not for every row: building them per
    // pixel was a third of the pass.
    sc_i32x8 *pairs = (sc_i32x8 *)((uintptr_t)scratch + (sizeof(sc_i32x8) - (uintptr_t)scratch % sizeof(sc_i32x8)) % sizeof(sc_i32x8));
    const ptrdiff_t pair_count = taps / 2;
    for (ptrdiff_t x = 0; x < out_count; x++) {
        for (ptrdiff_t k = 0; k < pair_count; k++) {
            const int32_t a = weights[x * taps + 2 * k], b = weights[x * taps + 2 * k + 1];
            sc_i32x8 v = {a, a, a, a, b, b, b, b};
            pairs[x * pair_count + k] = v;
        }
    }
    for (ptrdiff_t y = 0; y < row_count; y++) {
        sc_resample_one_row(rows + y * row_stride_bytes, target + y * target_stride_bytes, out_count, first, weights, pairs, taps);
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
