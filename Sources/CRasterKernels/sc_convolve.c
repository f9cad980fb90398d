// pixman's separable-convolution sampling, for an image drawn without rotation or skew.
//
// pixman fetches such a draw one destination pixel at a time through its general affine
// path: it maps the pixel's centre, rounds it to a sub-pixel phase, and sums a cwidth x
// cheight block of source pixels, each weighted by its x weight times its y weight rounded to
// 16.16, about 1,300 instructions a pixel for a 2x shrink. Here the same sums are made with
// the same integers (so the same bytes), but what does not change along a row or a column is
// worked out once: each column's first tap and phase, each row's, and the rounded products
// of the row's y weights with every x phase's weights, laid out two taps to a vector. What is
// left per pixel is the multiply-adds, two taps (eight channels) at a time: a 2x shrink went
// from about 1,300 to about 115 instructions a pixel.
#include "sc_raster_kernels.h"
#include "sc_target_clones.h"

#include <stdlib.h>
#include <string.h>

typedef int32_t sc_i32x4 __attribute__((vector_size(16)));
typedef int32_t sc_i32x8 __attribute__((vector_size(32)));
typedef uint8_t sc_u8x4 __attribute__((vector_size(4)));
typedef uint8_t sc_u8x8 __attribute__((vector_size(8)));

// Coordinates (16.16) kept within this of zero, so that no step below leaves 32 bits, as
// pixman's own (32-bit) arithmetic does not for the draws this serves.
#define SC_COORDINATE_LIMIT ((int64_t)1 << 30)
// Widest kernel and most phase bits accepted (pixman's filter for a 16x shrink is 35 wide).
#define SC_MAX_KERNEL 4096
#define SC_MAX_PHASE_BITS 8

// pixman_transform_point_3d along one axis with no cross term: the 16.16 image coordinate of
// the centre of device pixel `i`, the integer part times the scale plus the rounded half.
static int64_t sc_mapped_centre(int32_t scale, int32_t offset, int64_t i) {
    return (int64_t)scale * i + offset + (((int64_t)scale * 0x8000 + 0x8000) >> 16);
}

// The phase a coordinate rounds to and the first source pixel its kernel covers, as pixman
// works them out (`bits_image_fetch_separable_convolution_affine`).
static void sc_kernel_start(int64_t v, int phase_bits, int32_t kernel, int32_t *phase, int32_t *first) {
    const int shift = 16 - phase_bits;
    /* v with its low `shift` bits cleared, pixman's `(v >> shift) << shift` without shifting a negative value left. */
    const int64_t centred = (v & -((int64_t)1 << shift)) + ((1 << shift) >> 1);
    const int64_t offset = (((int64_t)kernel << 16) - 0x10000) >> 1;
    *phase = (int32_t)((centred & 0xffff) >> shift);
    *first = (int32_t)((centred - 1 - offset) >> 16);
}

static inline int32_t sc_clamp_index(int64_t i, int64_t size) {
    return (int32_t)(i < 0 ? 0 : (i >= size ? size - 1 : i));
}

static inline uint8_t sc_channel(int32_t sum) {
    int32_t v = (sum + 0x8000) >> 16;
    return (uint8_t)(v < 0 ? 0 : (v > 255 ? 255 : v));
}

// The taps of one column inside the image: each kernel row two pixels (one vector) at a time,
// an odd kernel's last vector reading one pixel more against a zero weight. Inlined with the
// common vector counts as constants, so those loops unroll.
static inline __attribute__((always_inline)) void sc_inside_taps(const uint32_t *const *rows, int32_t first,
                                                                 const sc_i32x8 *w, int32_t cheight,
                                                                 ptrdiff_t vectors_per_row, sc_i32x8 *total) {
    sc_i32x8 sum = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int32_t i = 0; i < cheight; i++, w += vectors_per_row) {
        const uint32_t *p = rows[i] + first;
        for (ptrdiff_t j = 0; j < vectors_per_row; j++) {
            sc_u8x8 two;
            memcpy(&two, p + 2 * j, sizeof two);
            sum += __builtin_convertvector(two, sc_i32x8) * w[j];
        }
    }
    *total = sum;
}

// One output row. `pairs` holds, for every x phase and each of the cheight kernel rows, the
// rounded products of neighbouring taps two at a time, each spread over eight lanes (two
// pixels' four channels; an odd kernel's last vector has zeros in its upper half). A column
// whose taps (rounded up to an even count) all fall inside the image reads them straight from
// the rows; one near an edge clamps each tap.
SC_CLONES
static int sc_convolve_row(const uint32_t *const *rows, ptrdiff_t source_width, ptrdiff_t columns,
                           const int32_t *column_first, const int32_t *column_phase, const sc_i32x8 *pairs,
                           int32_t cwidth, int32_t cheight, uint32_t *target) {
    const ptrdiff_t vectors_per_row = cwidth / 2 + (cwidth & 1);
    int opaque = 1;
    for (ptrdiff_t k = 0; k < columns; k++) {
        const int32_t first = column_first[k];
        const sc_i32x8 *w = pairs + (ptrdiff_t)column_phase[k] * cheight * vectors_per_row;
        sc_i32x8 wide;
        if (first >= 0 && first + 2 * vectors_per_row <= source_width) {
            switch (vectors_per_row) {  // a 2x shrink has 5 taps (3 vectors), 4x 9 (5 vectors)
            case 3: sc_inside_taps(rows, first, w, cheight, 3, &wide); break;
            case 5: sc_inside_taps(rows, first, w, cheight, 5, &wide); break;
            default: sc_inside_taps(rows, first, w, cheight, vectors_per_row, &wide); break;
            }
        } else {
            wide = (sc_i32x8){0, 0, 0, 0, 0, 0, 0, 0};
            for (int32_t i = 0; i < cheight; i++, w += vectors_per_row) {
                for (int32_t j = 0; j < cwidth; j++) {
                    // Padding: a tap past the edge reads the edge pixel.
                    sc_u8x4 one;
                    memcpy(&one, rows[i] + sc_clamp_index((int64_t)first + j, source_width), sizeof one);
                    const int32_t f = w[j / 2][(j & 1) * 4];
                    sc_i32x4 product = __builtin_convertvector(one, sc_i32x4) * (sc_i32x4){f, f, f, f};
                    wide += (sc_i32x8){product[0], product[1], product[2], product[3], 0, 0, 0, 0};
                }
            }
        }
        const sc_i32x4 sum = {wide[0] + wide[4], wide[1] + wide[5], wide[2] + wide[6], wide[3] + wide[7]};
        const uint8_t bytes[4] = {sc_channel(sum[0]), sc_channel(sum[1]), sc_channel(sum[2]), sc_channel(sum[3])};
        opaque &= bytes[3] == 255;
        memcpy(target + k, bytes, sizeof bytes);
    }
    return opaque;
}

int sc_convolve_padded(const uint32_t *source, ptrdiff_t source_width, ptrdiff_t source_height,
                       const int32_t *params, ptrdiff_t param_count,
                       int32_t scale_x, int32_t offset_x, int32_t scale_y, int32_t offset_y,
                       ptrdiff_t first_column, ptrdiff_t first_row, ptrdiff_t columns, ptrdiff_t rows,
                       uint32_t *target) {
    if (source_width < 1 || source_height < 1 || columns < 1 || rows < 1 || param_count < 4) return -1;
    const int32_t cwidth = params[0] >> 16, cheight = params[1] >> 16;
    const int x_bits = params[2] >> 16, y_bits = params[3] >> 16;
    if (cwidth < 1 || cheight < 1 || cwidth > SC_MAX_KERNEL || cheight > SC_MAX_KERNEL || x_bits < 0 || y_bits < 0
        || x_bits > SC_MAX_PHASE_BITS || y_bits > SC_MAX_PHASE_BITS
        || param_count != 4 + ((ptrdiff_t)cwidth << x_bits) + ((ptrdiff_t)cheight << y_bits)) return -1;
    const int64_t ends[4] = {sc_mapped_centre(scale_x, offset_x, first_column),
                             sc_mapped_centre(scale_x, offset_x, first_column + columns - 1),
                             sc_mapped_centre(scale_y, offset_y, first_row),
                             sc_mapped_centre(scale_y, offset_y, first_row + rows - 1)};
    for (int i = 0; i < 4; i++) {
        if (ends[i] < -SC_COORDINATE_LIMIT || ends[i] > SC_COORDINATE_LIMIT) return -1;
    }
    const ptrdiff_t x_phases = (ptrdiff_t)1 << x_bits;
    const int32_t *x_params = params + 4, *y_params = params + 4 + x_phases * cwidth;

    const ptrdiff_t vectors_per_row = cwidth / 2 + (cwidth & 1);
    int32_t *column_first = malloc((size_t)columns * sizeof(int32_t));
    int32_t *column_phase = malloc((size_t)columns * sizeof(int32_t));
    sc_i32x8 *pairs = aligned_alloc(sizeof(sc_i32x8), (size_t)x_phases * (size_t)cheight * (size_t)vectors_per_row * sizeof(sc_i32x8));
    const uint32_t **row_pointers = malloc((size_t)cheight * sizeof(uint32_t *));
    int result = -1;
    if (!column_first || !column_phase || !pairs || !row_pointers) goto done;

    for (ptrdiff_t k = 0; k < columns; k++) {
        sc_kernel_start(sc_mapped_centre(scale_x, offset_x, first_column + k), x_bits, cwidth, &column_phase[k], &column_first[k]);
    }
    result = 1;
    int32_t weights_phase = -1;
    for (ptrdiff_t r = 0; r < rows; r++) {
        int32_t phase, first;
        sc_kernel_start(sc_mapped_centre(scale_y, offset_y, first_row + r), y_bits, cheight, &phase, &first);
        if (phase != weights_phase) {
            // pixman's product of the two weights, rounded to 16.16, for every x phase.
            const int32_t *fy = y_params + (ptrdiff_t)phase * cheight;
            for (ptrdiff_t p = 0; p < x_phases; p++) {
                for (int32_t i = 0; i < cheight; i++) {
                    sc_i32x8 *row = pairs + (p * cheight + i) * vectors_per_row;
                    for (int32_t j = 0; j < cwidth; j++) {
                        const int32_t f = (int32_t)(((int64_t)x_params[p * cwidth + j] * fy[i] + 0x8000) >> 16);
                        // Tap j fills half of vector j / 2; an odd last tap's other half stays zero.
                        if ((j & 1) == 0) row[j / 2] = (sc_i32x8){f, f, f, f, 0, 0, 0, 0};
                        else for (int c = 4; c < 8; c++) row[j / 2][c] = f;
                    }
                }
            }
            weights_phase = phase;
        }
        for (int32_t i = 0; i < cheight; i++) {
            row_pointers[i] = source + (ptrdiff_t)sc_clamp_index((int64_t)first + i, source_height) * source_width;
        }
        result &= sc_convolve_row(row_pointers, source_width, columns, column_first, column_phase, pairs, cwidth, cheight,
                                  target + r * columns);
    }
done:
    free(column_first);
    free(column_phase);
    free(pairs);
    free(row_pointers);
    return result;
}
