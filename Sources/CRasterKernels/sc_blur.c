// The image blur's box passes on interleaved 4-byte pixels, all passes in one sweep down the
// image. Each pass (one horizontal, then one vertical running sum) is a stage holding only the
// few rows its vertical window needs; a row goes through every stage while it is in cache, and
// the last stage writes it back in place. Before, each pass swept the whole image twice (into
// a scratch image and back), twelve sweeps for σ 2, and the horizontal running sum was one
// chain of dependent adds per row; for small radii a horizontal average is now a direct sum of
// neighbours 4 bytes apart, which vectorises across the row. The arithmetic is the same, pass
// by pass and channel by channel, so the results are the same bytes as blurring four planes.
#include "sc_raster_kernels.h"
#include "sc_target_clones.h"

#include <pthread.h>
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

// Whether every one of `count` 4-byte pixels has alpha (the fourth byte) 255.
SC_CLONES
static int sc_all_opaque(const uint8_t *pixels, ptrdiff_t count) {
    uint32_t all = 0xFFFFFFFFu;
    for (ptrdiff_t i = 0; i < count; i++) {
        uint32_t word;
        memcpy(&word, pixels + i * 4, 4);
        all &= word;
    }
    return all >> 24 == 0xFF;
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

// One row with a sliding window [x - r, x + r], edges as the caller asked; the middle, where
// the window is inside the row, without tests.
static void sc_slide_row(const uint8_t *src, uint8_t *dst, ptrdiff_t w, ptrdiff_t r, int extend, const sc_box_average *a) {
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

// Windows up to this radius are summed directly, in 16-bit lanes: 2r adds per byte, and no
// chain of dependent adds along a row. Wider windows slide.
#define SC_DIRECT_RADIUS 7

// (sum + half) / window for windows up to 15 as the high half of a 16-bit product: with
// m = ceil(2^16 / window) = (2^16 + e) / window, e < window, the result is exact while
// n * e < 2^16, which n < 256 * window and window <= 16 guarantee.
typedef struct {
    uint16_t half, multiplier;
} sc_short_average;

static sc_short_average sc_make_short_average(uint32_t window) {
    sc_short_average a = {(uint16_t)(window / 2), (uint16_t)(((1u << 16) + window - 1) / window)};
    return a;
}

// Byte i of `target` is the rounded average of byte i of the `count` rows (3 <= count <= 15).
// The compilers here widen a 16-bit high product to 32-bit lanes, which tripled the work, so
// on x86-64 the loop is written with the instruction itself (pmulhuw): AVX2 where the
// processor has it, else SSE2, which every x86-64 has. Each form gives the same bytes.
static void sc_average_rows_scalar(const uint8_t *const *rows, ptrdiff_t count, uint8_t *target, ptrdiff_t begin,
                                   ptrdiff_t bytes, sc_short_average a) {
    for (ptrdiff_t i = begin; i < bytes; i++) {
        uint32_t n = a.half;
        for (ptrdiff_t k = 0; k < count; k++) n += rows[k][i];
        target[i] = (uint8_t)((n * a.multiplier) >> 16);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

// Return where they stopped: the bytes past the last whole vector are left to the caller.
// Inlined with a constant `count`, the loop over the rows unrolls and their pointers stay in
// registers.
__attribute__((target("avx2"), always_inline))
static inline ptrdiff_t sc_average_rows_avx2_n(const uint8_t *const *rows, ptrdiff_t count, uint8_t *target,
                                               ptrdiff_t begin, ptrdiff_t bytes, sc_short_average a) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi16((short)a.half),
                  m = _mm256_set1_epi16((short)a.multiplier);
    ptrdiff_t i = begin;
    for (; i + 32 <= bytes; i += 32) {
        __m256i lo = half, hi = half;
        for (ptrdiff_t k = 0; k < count; k++) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(rows[k] + i));
            lo = _mm256_add_epi16(lo, _mm256_unpacklo_epi8(v, zero));
            hi = _mm256_add_epi16(hi, _mm256_unpackhi_epi8(v, zero));
        }
        // unpack and pack both work within 128-bit lanes, so the bytes come back in order.
        __m256i q = _mm256_packus_epi16(_mm256_mulhi_epu16(lo, m), _mm256_mulhi_epu16(hi, m));
        _mm256_storeu_si256((__m256i *)(target + i), q);
    }
    return i;
}

__attribute__((target("avx2")))
static ptrdiff_t sc_average_rows_avx2(const uint8_t *const *rows, ptrdiff_t count, uint8_t *target, ptrdiff_t begin,
                                      ptrdiff_t bytes, sc_short_average a) {
    switch (count) {
    case 3: return sc_average_rows_avx2_n(rows, 3, target, begin, bytes, a);
    case 5: return sc_average_rows_avx2_n(rows, 5, target, begin, bytes, a);
    case 7: return sc_average_rows_avx2_n(rows, 7, target, begin, bytes, a);
    default: return sc_average_rows_avx2_n(rows, count, target, begin, bytes, a);
    }
}

static inline __attribute__((always_inline)) ptrdiff_t sc_average_rows_sse2_n(const uint8_t *const *rows, ptrdiff_t count,
                                                                              uint8_t *target, ptrdiff_t begin,
                                                                              ptrdiff_t bytes, sc_short_average a) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16((short)a.half), m = _mm_set1_epi16((short)a.multiplier);
    ptrdiff_t i = begin;
    for (; i + 16 <= bytes; i += 16) {
        __m128i lo = half, hi = half;
        for (ptrdiff_t k = 0; k < count; k++) {
            __m128i v = _mm_loadu_si128((const __m128i *)(rows[k] + i));
            lo = _mm_add_epi16(lo, _mm_unpacklo_epi8(v, zero));
            hi = _mm_add_epi16(hi, _mm_unpackhi_epi8(v, zero));
        }
        _mm_storeu_si128((__m128i *)(target + i), _mm_packus_epi16(_mm_mulhi_epu16(lo, m), _mm_mulhi_epu16(hi, m)));
    }
    return i;
}

static ptrdiff_t sc_average_rows_sse2(const uint8_t *const *rows, ptrdiff_t count, uint8_t *target, ptrdiff_t begin,
                                      ptrdiff_t bytes, sc_short_average a) {
    switch (count) {
    case 3: return sc_average_rows_sse2_n(rows, 3, target, begin, bytes, a);
    case 5: return sc_average_rows_sse2_n(rows, 5, target, begin, bytes, a);
    case 7: return sc_average_rows_sse2_n(rows, 7, target, begin, bytes, a);
    default: return sc_average_rows_sse2_n(rows, count, target, begin, bytes, a);
    }
}

static int sc_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}
#else
static int sc_has_avx2(void) { return 0; }
#endif

static void sc_average_rows(const uint8_t *const *rows, ptrdiff_t count, uint8_t *target, ptrdiff_t bytes,
                            sc_short_average a, int avx2) {
    ptrdiff_t done = 0;
#if defined(__x86_64__)
    if (avx2) done = sc_average_rows_avx2(rows, count, target, 0, bytes, a);
    done = sc_average_rows_sse2(rows, count, target, done, bytes, a);
#else
    (void)avx2;
#endif
    sc_average_rows_scalar(rows, count, target, done, bytes, a);
}

// The vertical window's running sums: sums += entering - leaving (either may be NULL: a
// zero row), then target = the averages of the new sums.
SC_CLONES
static void sc_slide_column_sums(uint32_t *sums, const uint8_t *entering, const uint8_t *leaving, uint8_t *target,
                                 ptrdiff_t row_bytes, const sc_box_average *a) {
    if (a->multiplier32 && entering && leaving) {
        const uint32_t half = a->half, m = a->multiplier32;
        for (ptrdiff_t i = 0; i < row_bytes; i++) {
            uint32_t s = sums[i] + entering[i] - leaving[i];
            sums[i] = s;
            target[i] = (uint8_t)(((s + half) * m) >> 23);
        }
        return;
    }
    if (entering) for (ptrdiff_t i = 0; i < row_bytes; i++) sums[i] += entering[i];
    if (leaving) for (ptrdiff_t i = 0; i < row_bytes; i++) sums[i] -= leaving[i];
    for (ptrdiff_t i = 0; i < row_bytes; i++) target[i] = sc_average(a, sums[i]);
}

// One box pass in the sweep: rows come in top to bottom; each is blurred horizontally into a
// ring of the last `ring_rows` rows, and vertical output row y leaves as soon as input row
// y + r has come in (or the input has ended). Rows are numbered as in the whole picture: a
// sweep over a band of it starts each stage at the first row that stage needs.
typedef struct {
    ptrdiff_t r, ring_rows;
    ptrdiff_t received;                    // the next input row
    ptrdiff_t first, emitted, emit_end;    // the output rows [first, emit_end); the next one
    sc_box_average average;
    sc_short_average short_average; // when r <= SC_DIRECT_RADIUS
    uint8_t *ring;  // ring_rows rows of row_bytes
    uint32_t *sums; // row_bytes column sums, when sliding
} sc_blur_stage;

typedef struct {
    ptrdiff_t width, height, row_bytes, count;
    int extend;
    const uint8_t *source;
    ptrdiff_t source_stride;
    // Input rows [side_first, side_end), read from these packed copies instead of `source`:
    // the rows two bands blurring one picture in place both read across the cut.
    const uint8_t *side;
    ptrdiff_t side_first, side_end;
    uint8_t *target;
    ptrdiff_t target_stride;
    uint8_t *padded; // one row with the widest horizontal margins
    uint8_t *zeros;  // one row of zeros: what lies past a transparent edge
    uint8_t *out;    // one vertical output row, before it goes on
    int opaque;
    int input_opaque; // every input row so far has alpha 255 throughout
    int avx2;
    sc_blur_stage stages[SC_MAX_BLUR_PASSES];
} sc_blur_sweep;

static const uint8_t *sc_stage_row(const sc_blur_sweep *s, const sc_blur_stage *st, ptrdiff_t y) {
    if (y < 0) {
        if (!s->extend) return NULL;
        y = 0;
    } else if (y >= s->height) {
        if (!s->extend) return NULL;
        y = s->height - 1;
    }
    return st->ring + (y % st->ring_rows) * s->row_bytes;
}

static void sc_stage_push(sc_blur_sweep *s, ptrdiff_t index, const uint8_t *row);

// Vertical output row `emitted` of stage `index`: to the next stage, or to the target.
static void sc_stage_emit(sc_blur_sweep *s, ptrdiff_t index) {
    sc_blur_stage *st = &s->stages[index];
    const ptrdiff_t y = st->emitted++, r = st->r;
    const int last = index == s->count - 1;
    uint8_t *target = last ? s->target + y * s->target_stride : s->out;
    if (r <= SC_DIRECT_RADIUS) {
        const uint8_t *rows[2 * SC_DIRECT_RADIUS + 1];
        for (ptrdiff_t k = 0; k <= 2 * r; k++) {
            const uint8_t *row = sc_stage_row(s, st, y - r + k);
            rows[k] = row ? row : s->zeros;
        }
        sc_average_rows(rows, 2 * r + 1, target, s->row_bytes, st->short_average, s->avx2);
    } else if (y == st->first) {
        memset(st->sums, 0, (size_t)s->row_bytes * sizeof *st->sums);
        for (ptrdiff_t k = y - r; k < y + r; k++) {
            const uint8_t *row = sc_stage_row(s, st, k);
            if (row) for (ptrdiff_t i = 0; i < s->row_bytes; i++) st->sums[i] += row[i];
        }
        sc_slide_column_sums(st->sums, sc_stage_row(s, st, y + r), NULL, target, s->row_bytes, &st->average);
    } else {
        sc_slide_column_sums(st->sums, sc_stage_row(s, st, y + r), sc_stage_row(s, st, y - 1 - r), target, s->row_bytes,
                             &st->average);
    }
    if (last) {
        // Each channel was rounded on its own, so a colour may exceed alpha by a level; but
        // where every input row this row is made from was opaque and the edges extend it, the
        // alpha is an average of 255s, 255 again, and no colour can exceed it.
        if (!(s->extend && s->input_opaque)) s->opaque &= sc_clamp_colour_to_alpha(target, s->width);
    } else {
        sc_stage_push(s, index + 1, target);
    }
}

// Input row `received` of stage `index`, blurred horizontally into the ring; then every
// vertical output row that can now be made.
static void sc_stage_push(sc_blur_sweep *s, ptrdiff_t index, const uint8_t *row) {
    sc_blur_stage *st = &s->stages[index];
    const ptrdiff_t r = st->r, w = s->width;
    uint8_t *slot = st->ring + (st->received % st->ring_rows) * s->row_bytes;
    if (r <= SC_DIRECT_RADIUS) {
        uint8_t *p = s->padded;
        memcpy(p + r * 4, row, (size_t)s->row_bytes);
        for (ptrdiff_t k = 0; k < r; k++) {
            if (s->extend) {
                memcpy(p + k * 4, row, 4);
                memcpy(p + (r + w + k) * 4, row + (w - 1) * 4, 4);
            } else {
                memset(p + k * 4, 0, 4);
                memset(p + (r + w + k) * 4, 0, 4);
            }
        }
        const uint8_t *taps[2 * SC_DIRECT_RADIUS + 1];
        for (ptrdiff_t k = 0; k <= 2 * r; k++) taps[k] = p + k * 4;
        sc_average_rows(taps, 2 * r + 1, slot, s->row_bytes, st->short_average, s->avx2);
    } else {
        sc_slide_row(row, slot, w, r, s->extend, &st->average);
    }
    st->received++;
    while (st->emitted < st->emit_end && st->emitted + r < st->received) sc_stage_emit(s, index);
}

// Emits what the end of the input lets stage `index` make (the rows past the picture's last
// are its edge), then ends the next stage's input. A band that stops above the picture's last
// row was given every input row its output needs, so its stages have nothing left to make.
static void sc_stage_finish(sc_blur_sweep *s, ptrdiff_t index) {
    while (s->stages[index].emitted < s->stages[index].emit_end) sc_stage_emit(s, index);
    if (index + 1 < s->count) sc_stage_finish(s, index + 1);
}

static ptrdiff_t sc_ring_rows(ptrdiff_t r, ptrdiff_t height) {
    return 2 * r + 2 < height ? 2 * r + 2 : height;
}

// The passes one sweep takes: the first radii > 0, up to SC_MAX_BLUR_PASSES of them; sets
// *used to how many entries of `radii` that spans.
static ptrdiff_t sc_sweep_passes(const int32_t *radii, ptrdiff_t count, int32_t *taken, ptrdiff_t *used) {
    ptrdiff_t n = 0, i = 0;
    for (; i < count && n < SC_MAX_BLUR_PASSES; i++) {
        if (radii[i] > 0) taken[n++] = radii[i];
    }
    *used = i;
    return n;
}

// One sweep's working memory for `n` passes: rings, the sliding passes' column sums, and three
// rows (padded, zeros, out), plus alignment.
static size_t sc_sweep_scratch_bytes(ptrdiff_t width, ptrdiff_t height, const int32_t *taken, ptrdiff_t n) {
    const size_t row_bytes = (size_t)width * 4;
    int32_t widest = 0;
    size_t bytes = 0;
    for (ptrdiff_t k = 0; k < n; k++) {
        if (taken[k] > widest) widest = taken[k];
        bytes += (size_t)sc_ring_rows(taken[k], height) * row_bytes;
        if (taken[k] > SC_DIRECT_RADIUS) bytes += row_bytes * sizeof(uint32_t);
    }
    return bytes + row_bytes * 3 + (size_t)widest * 8 + 4;
}

// How far `n` passes reach: the sum of their radii.
static ptrdiff_t sc_reach(const int32_t *taken, ptrdiff_t n) {
    ptrdiff_t reach = 0;
    for (ptrdiff_t k = 0; k < n; k++) reach += taken[k];
    return reach;
}

// Two bands for a sweep of this many pixels and rows, or one: the second thread pays for
// itself from about a quarter of a megapixel (some 0.45 ms of a σ 2 blur here, against
// 0.05–0.15 ms for a thread to start), and each band also reads the rows the passes reach
// across the cut, which should stay a small part of it.
static int sc_sweep_bands(ptrdiff_t width, ptrdiff_t height, ptrdiff_t reach, int threads) {
    if (threads == 1) return 1;  // else 0, or one of the orders of SC_BLUR_BANDS_*_FIRST
    return width * height >= (ptrdiff_t)1 << 18 && height >= 64 && reach * 8 <= height ? 2 : 1;
}

// A sweep of the passes `taken` over output rows [first, end) of `s`'s picture, in `scratch`.
static int sc_sweep_band(sc_blur_sweep s, const int32_t *taken, ptrdiff_t n, ptrdiff_t first, ptrdiff_t end, uint8_t *scratch) {
    s.opaque = 1;
    s.input_opaque = 1;
    s.count = n;
    // The word-aligned parts first: column sums, then rows.
    uint8_t *next = scratch + ((uintptr_t)scratch & 3 ? 4 - ((uintptr_t)scratch & 3) : 0);
    int32_t widest = 0;
    for (ptrdiff_t k = 0; k < n; k++) {
        sc_blur_stage *st = &s.stages[k];
        memset(st, 0, sizeof *st);
        st->r = taken[k];
        st->ring_rows = sc_ring_rows(st->r, s.height);
        st->average = sc_make_average((uint32_t)(2 * st->r + 1));
        st->short_average = sc_make_short_average((uint32_t)(2 * st->r + 1));
        if (st->r > SC_DIRECT_RADIUS) {
            st->sums = (uint32_t *)next;
            next += s.row_bytes * sizeof(uint32_t);
        }
        if (taken[k] > widest) widest = taken[k];
    }
    for (ptrdiff_t k = 0; k < n; k++) {
        s.stages[k].ring = next;
        next += s.stages[k].ring_rows * s.row_bytes;
    }
    s.padded = next;
    next += s.row_bytes + (ptrdiff_t)widest * 8;
    s.zeros = next;
    memset(s.zeros, 0, (size_t)s.row_bytes);
    next += s.row_bytes;
    s.out = next;
    // Each stage makes the rows the next one reads: the last stage [first, end), each earlier
    // one as many more on either side as the next one's radius, within the picture.
    ptrdiff_t out_first = first, out_end = end;
    for (ptrdiff_t k = n - 1; k >= 0; k--) {
        sc_blur_stage *st = &s.stages[k];
        st->first = st->emitted = out_first;
        st->emit_end = out_end;
        out_first = out_first - st->r > 0 ? out_first - st->r : 0;
        out_end = out_end + st->r < s.height ? out_end + st->r : s.height;
        st->received = out_first;
    }
    for (ptrdiff_t y = out_first; y < out_end; y++) {
        const uint8_t *row = s.side && y >= s.side_first && y < s.side_end ? s.side + (y - s.side_first) * s.row_bytes
                                                                            : s.source + y * s.source_stride;
        if (s.input_opaque && s.extend) s.input_opaque = sc_all_opaque(row, s.width);
        sc_stage_push(&s, 0, row);
    }
    sc_stage_finish(&s, 0);
    return s.opaque;
}

typedef struct {
    sc_blur_sweep sweep;
    const int32_t *taken;
    ptrdiff_t n, first, end;
    uint8_t *scratch;
    int opaque;
} sc_band_job;

static void *sc_run_band(void *argument) {
    sc_band_job *job = argument;
    job->opaque = sc_sweep_band(job->sweep, job->taken, job->n, job->first, job->end, job->scratch);
    return NULL;
}

// One sweep of the passes `taken` from `source` into `target` (the same rows, or rows that do
// not overlap), in one band or two.
static int sc_sweep(const uint8_t *source, ptrdiff_t source_stride, uint8_t *target, ptrdiff_t target_stride, ptrdiff_t width,
                    ptrdiff_t height, const int32_t *taken, ptrdiff_t n, int extend_edges, int threads, int avx2, uint8_t *scratch) {
    sc_blur_sweep s;
    memset(&s, 0, sizeof s);
    s.width = width;
    s.height = height;
    s.row_bytes = width * 4;
    s.extend = extend_edges;
    s.source = source;
    s.source_stride = source_stride;
    s.target = target;
    s.target_stride = target_stride;
    s.avx2 = avx2;
    if (n == 0) {
        int opaque = 1;
        for (ptrdiff_t y = 0; y < height; y++) {
            if (target != source) memmove(target + y * target_stride, source + y * source_stride, (size_t)s.row_bytes);
            opaque &= sc_clamp_colour_to_alpha(target + y * target_stride, width);
        }
        return opaque;
    }
    const ptrdiff_t reach = sc_reach(taken, n);
    if (sc_sweep_bands(width, height, reach, threads) == 1) return sc_sweep_band(s, taken, n, 0, height, scratch);
    const size_t band_bytes = sc_sweep_scratch_bytes(width, height, taken, n);
    const ptrdiff_t cut = height / 2;
    if (target == source) {
        // In place, the upper band overwrites rows the lower one reads and the reverse: both
        // read the rows around the cut from a copy made before either starts.
        uint8_t *side = scratch + 2 * band_bytes;
        s.side_first = cut - reach;
        s.side_end = cut + reach;
        for (ptrdiff_t y = s.side_first; y < s.side_end; y++) {
            memcpy(side + (y - s.side_first) * s.row_bytes, source + y * source_stride, (size_t)s.row_bytes);
        }
        s.side = side;
    }
    sc_band_job upper = {s, taken, n, 0, cut, scratch, 0}, lower = {s, taken, n, cut, height, scratch + band_bytes, 0};
    if (threads == SC_BLUR_BANDS_LOWER_FIRST) {
        sc_run_band(&lower);
        sc_run_band(&upper);
    } else if (threads == SC_BLUR_BANDS_UPPER_FIRST) {
        sc_run_band(&upper);
        sc_run_band(&lower);
    } else {
        pthread_t helper;
        const int threaded = pthread_create(&helper, NULL, sc_run_band, &lower) == 0;
        sc_run_band(&upper);
        if (threaded) {
            pthread_join(helper, NULL);
        } else {
            sc_run_band(&lower);
        }
    }
    return upper.opaque & lower.opaque;
}

size_t sc_box_blur_scratch_bytes(ptrdiff_t width, ptrdiff_t height, const int32_t *radii, ptrdiff_t count) {
    size_t most = 0;
    for (ptrdiff_t done = 0; done < count;) {
        int32_t taken[SC_MAX_BLUR_PASSES];
        ptrdiff_t used = 0;
        const ptrdiff_t n = sc_sweep_passes(radii + done, count - done, taken, &used);
        done += used;
        const ptrdiff_t reach = sc_reach(taken, n);
        size_t bytes = sc_sweep_scratch_bytes(width, height, taken, n);
        // Two bands: a sweep's memory each, and the rows around the cut.
        if (sc_sweep_bands(width, height, reach, 0) == 2) bytes = 2 * bytes + (size_t)(2 * reach) * (size_t)width * 4;
        if (bytes > most) most = bytes;
    }
    return most;
}

int sc_box_blur_bands(ptrdiff_t width, ptrdiff_t height, const int32_t *radii, ptrdiff_t count) {
    int32_t taken[SC_MAX_BLUR_PASSES];
    ptrdiff_t used = 0;
    const ptrdiff_t n = sc_sweep_passes(radii, count, taken, &used);
    return n == 0 ? 1 : sc_sweep_bands(width, height, sc_reach(taken, n), 0);
}

int sc_box_blur_pixels(const uint8_t *source, ptrdiff_t source_stride_bytes, uint8_t *target, ptrdiff_t target_stride_bytes,
                       ptrdiff_t width, ptrdiff_t height, const int32_t *radii, ptrdiff_t count, int extend_edges, int threads,
                       uint8_t *scratch) {
    const int avx2 = sc_has_avx2(); // asked before a second thread starts
    ptrdiff_t done = 0;
    int opaque = 1;
    do {
        int32_t taken[SC_MAX_BLUR_PASSES];
        ptrdiff_t used = 0;
        const ptrdiff_t n = sc_sweep_passes(radii + done, count - done, taken, &used);
        done += used;
        opaque = sc_sweep(source, source_stride_bytes, target, target_stride_bytes, width, height, taken, n, extend_edges, threads,
                          avx2, scratch);
        // Further sweeps blur the target where it is.
        source = target;
        source_stride_bytes = target_stride_bytes;
    } while (done < count);
    return opaque;
}
