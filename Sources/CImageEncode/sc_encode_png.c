/* PNG writer: rows converted to RGB (or palette indices), filtered per row, and compressed in
 * one call by libdeflate, which is faster than zlib at every level and smaller at the same
 * speed — or by this library's scanline compressor (cards; photos in its run-block mode), or,
 * for comparison, by zlib's run-length strategy. PNG's framing (signature, IHDR, PLTE, one
 * IDAT, IEND, CRCs) is written here. */
#include "sc_encode.h"
#include "sc_encode_internal.h"

#include <libdeflate.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* ---- libdeflate compressors, one per level per thread: allocating one costs more than
 * compressing a flat card, and a compressor may not be used by two threads at once. */

enum { LEVELS = 13 };
typedef struct { struct libdeflate_compressor *by_level[LEVELS]; } compressor_set;

static pthread_key_t compressor_key;
static pthread_once_t compressor_once = PTHREAD_ONCE_INIT;
static int compressor_key_ok;

static void free_compressor_set(void *value) {
    compressor_set *set = (compressor_set *)value;
    for (int i = 0; i < LEVELS; i++) {
        if (set->by_level[i]) libdeflate_free_compressor(set->by_level[i]);
    }
    free(set);
}

static void make_compressor_key(void) { compressor_key_ok = pthread_key_create(&compressor_key, free_compressor_set) == 0; }

/* This thread's compressor for `level`, or NULL when memory runs out. */
static struct libdeflate_compressor *compressor(int level) {
    pthread_once(&compressor_once, make_compressor_key);
    if (!compressor_key_ok) return NULL;
    compressor_set *set = (compressor_set *)pthread_getspecific(compressor_key);
    if (!set) {
        set = (compressor_set *)calloc(1, sizeof *set);
        if (!set) return NULL;
        if (pthread_setspecific(compressor_key, set) != 0) {
            free(set);
            return NULL;
        }
    }
    if (!set->by_level[level]) set->by_level[level] = libdeflate_alloc_compressor(level);
    return set->by_level[level];
}

/* ---- Palette: at most 256 colours, found in order of first appearance. */

enum { PALETTE_SLOTS = 1024 };
typedef struct {
    uint32_t keys[PALETTE_SLOTS]; /* RGB | 1 << 24; 0 marks an empty slot */
    uint8_t indices[PALETTE_SLOTS];
    uint32_t colors[256];         /* RGB as 0xRRGGBB */
    int count;
    /* Every row's indices, one byte a pixel, written while the colours are collected so that
     * converting a row looks nothing up again: row y's are at row_indices + row_at[y] * width
     * (a repeated row shares the row above's). NULL when that memory was not to be had; rows
     * then look their colours up. */
    uint8_t *row_indices;
    uint32_t *row_at;
} palette_table;

static void free_palette(palette_table *t) {
    if (!t) return;
    free(t->row_indices);
    free(t->row_at);
    free(t);
}

static uint32_t slot_of(uint32_t key) { return (key * 2654435761u) >> 22; /* top 10 bits */ }

/* The index of `rgb`, adding it if there is room; -1 when a 257th colour appears. */
static int palette_index(palette_table *t, uint32_t rgb) {
    uint32_t key = rgb | 0x1000000u;
    for (uint32_t s = slot_of(key);; s = (s + 1) & (PALETTE_SLOTS - 1)) {
        if (t->keys[s] == key) return t->indices[s];
        if (t->keys[s] == 0) {
            if (t->count == 256) return -1;
            t->keys[s] = key;
            t->indices[s] = (uint8_t)t->count;
            t->colors[t->count] = rgb;
            return t->count++;
        }
    }
}

/* Marks each row whose pixels repeat the row above (most of a flat card's rows): such a row
 * has no new colour and converts to the bytes of the row above. Compared once here, with
 * memcmp (a row at the same address as the row above is the same without it), for the
 * palette, the colour count and the conversion; NULL when memory runs out (then nothing is
 * taken as repeated). */
static uint8_t *find_repeated_rows(const uint8_t *const *pixel_rows, uint32_t width, uint32_t height) {
    uint8_t *repeats = (uint8_t *)malloc(height ? height : 1);
    if (!repeats) return NULL;
    for (uint32_t y = 0; y < height; y++) {
        repeats[y] = y > 0 && (pixel_rows[y] == pixel_rows[y - 1] || memcmp(pixel_rows[y], pixel_rows[y - 1], (size_t)width * 4) == 0);
    }
    return repeats;
}

static int repeated(const uint8_t *repeats, uint32_t y) { return repeats && repeats[y]; }

/* Whether the four pixels have the colour `rgb` (alpha ignored). */
static inline int same_four(const uint32_t *pixels, uint32_t rgb) {
#if defined(__SSE2__)
    const __m128i four = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)pixels), _mm_set1_epi32(0xFFFFFF));
    return _mm_movemask_epi8(_mm_cmpeq_epi32(four, _mm_set1_epi32((int)rgb))) == 0xFFFF;
#else
    return ((pixels[0] & 0xFFFFFFu) == rgb) & ((pixels[1] & 0xFFFFFFu) == rgb) & ((pixels[2] & 0xFFFFFFu) == rgb) &
           ((pixels[3] & 0xFFFFFFu) == rgb);
#endif
}

/* Fills `t` with the image's colours, and each row's indices when memory allows; 0 when there
 * are at most 256. */
static int collect_palette(palette_table *t, const uint8_t *const *pixel_rows, uint32_t width, uint32_t height,
                           const uint8_t *repeats) {
    memset(t, 0, sizeof *t);
    size_t own_rows = 0;
    for (uint32_t y = 0; y < height; y++) own_rows += !repeated(repeats, y);
    t->row_at = (uint32_t *)malloc((height ? height : 1) * sizeof *t->row_at);
    t->row_indices = t->row_at ? (uint8_t *)malloc(own_rows * width) : NULL;
    if (!t->row_indices) {
        free(t->row_at);
        t->row_at = NULL;
    }
    uint32_t at = 0;
    for (uint32_t y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)pixel_rows[y];
        if (repeated(repeats, y)) {
            if (t->row_at) t->row_at[y] = t->row_at[y - 1];
            continue;
        }
        uint8_t *indices = t->row_indices ? t->row_indices + (size_t)at * width : NULL;
        if (t->row_at) t->row_at[y] = at++;
        uint32_t last = 0xFFFFFFFFu;
        int index = 0;
        for (uint32_t x = 0; x < width;) {
            /* Most pixels repeat their left neighbour: four at a time when all four do. */
            if (indices && x + 4 <= width && same_four(row + x, last)) {
                memset(indices + x, index, 4);
                x += 4;
                continue;
            }
            for (const uint32_t end = x + 4 < width ? x + 4 : width; x < end; x++) {
                const uint32_t rgb = row[x] & 0xFFFFFFu;
                if (rgb != last) {
                    last = rgb;
                    if ((index = palette_index(t, rgb)) < 0) return -1;
                }
                if (indices) indices[x] = (uint8_t)index;
            }
        }
    }
    return 0;
}

/* The image's number of distinct colours, or `limit` + 1 when it has more (limit ≤
 * MAX_COUNTED_COLORS); -1 when memory runs out. Stops at the first colour over the limit. */
enum { MAX_COUNTED_COLORS = 1 << 16 };
static int64_t count_colors_up_to(uint32_t limit, const uint8_t *const *pixel_rows, uint32_t width, uint32_t height,
                                  const uint8_t *repeats) {
    uint32_t slots = 2;
    while (slots < 2 * limit) slots <<= 1;
    uint32_t *keys = (uint32_t *)calloc(slots, sizeof *keys); /* RGB | 1 << 24; 0 marks an empty slot */
    if (!keys) return -1;
    int shift = 32;
    for (uint32_t s = slots; s > 1; s >>= 1) shift--;
    uint32_t count = 0;
    int more = 0;
    for (uint32_t y = 0; y < height && !more; y++) {
        if (repeated(repeats, y)) continue;
        const uint32_t *row = (const uint32_t *)(const void *)pixel_rows[y];
        uint32_t last = 0xFFFFFFFFu;
        for (uint32_t x = 0; x < width; x++) {
            uint32_t rgb = row[x] & 0xFFFFFFu;
            if (rgb == last) continue;
            last = rgb;
            uint32_t key = rgb | 0x1000000u;
            uint32_t s = shift < 32 ? (key * 2654435761u) >> shift : 0;
            while (keys[s] != 0 && keys[s] != key) s = (s + 1) & (slots - 1);
            if (keys[s] == 0) {
                if (count == limit) { more = 1; break; }
                keys[s] = key;
                count++;
            }
        }
    }
    free(keys);
    return more ? (int64_t)limit + 1 : (int64_t)count;
}

/* ---- Rows and filters. */

/* PNG's Paeth predictor, written without branches on the pixel values (p - a = b - c,
 * p - b = a - c, p - c = a + b - 2c) so that a row's loop vectorises. */
static inline uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    int pa = abs((int)b - c), pb = abs((int)a - c), pc = abs((int)a + b - 2 * c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* Filters `cur` (n bytes, bpp bytes per pixel) against `prev` into dst. One loop per filter,
 * the first pixel (whose left neighbours are zero) apart, so that each loop vectorises. */
static void filter_row(int filter, const uint8_t *cur, const uint8_t *prev, size_t n, size_t bpp, uint8_t *dst) {
    const size_t lead = bpp < n ? bpp : n;
    switch (filter) {
    case SC_PNG_ROWS_SUB:
        memcpy(dst, cur, lead);
        for (size_t i = lead; i < n; i++) dst[i] = (uint8_t)(cur[i] - cur[i - bpp]);
        break;
    case SC_PNG_ROWS_UP:
        for (size_t i = 0; i < n; i++) dst[i] = (uint8_t)(cur[i] - prev[i]);
        break;
    case SC_PNG_ROWS_AVERAGE:
        for (size_t i = 0; i < lead; i++) dst[i] = (uint8_t)(cur[i] - (prev[i] >> 1));
        for (size_t i = lead; i < n; i++) dst[i] = (uint8_t)(cur[i] - (uint8_t)(((unsigned)cur[i - bpp] + prev[i]) >> 1));
        break;
    case SC_PNG_ROWS_PAETH:
        for (size_t i = 0; i < lead; i++) dst[i] = (uint8_t)(cur[i] - prev[i]); /* paeth(0, b, 0) is b */
        for (size_t i = lead; i < n; i++) dst[i] = (uint8_t)(cur[i] - paeth(cur[i - bpp], prev[i], prev[i - bpp]));
        break;
    default:
        memcpy(dst, cur, n);
        break;
    }
}

/* The sum of a filtered row's bytes read as signed magnitudes (the minimum-sum heuristic's
 * measure); only that heuristic pays for it. */
static uint64_t magnitude_sum(const uint8_t *row, size_t n) {
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) sum += row[i] < 128 ? row[i] : 256u - row[i];
    return sum;
}

/* The Shannon entropy of `bytes` in bits, times n: an estimate of its size after Huffman
 * coding that, unlike the sum of absolute values, rewards any repeated value, not only
 * those near zero. */
static double entropy_bits(const uint8_t *bytes, size_t n) {
    uint32_t counts[256] = {0};
    for (size_t i = 0; i < n; i++) counts[bytes[i]]++;
    double bits = (double)n * log2((double)n);
    for (int v = 0; v < 256; v++) {
        if (counts[v]) bits -= counts[v] * log2((double)counts[v]);
    }
    return bits;
}

/* Whether at least 3/4 of the row's bytes equal those of the row above one pixel (bpp bytes)
 * to the left or to the right, and more of them than equal the bytes straight above (in flat
 * or photo regions both hold, and UP codes them as well without breaking matches). */
static int repeats_shifted(const uint8_t *cur, const uint8_t *prev, size_t n, size_t bpp) {
    if (n <= bpp) return 0;
    size_t right = 0, left = 0, up = 0;
    for (size_t i = 0; i + bpp < n; i++) {
        right += cur[i] == prev[i + bpp];
        left += cur[i + bpp] == prev[i];
        up += cur[i] == prev[i];
    }
    const size_t shifted = right > left ? right : left;
    return 4 * shifted >= 3 * n && shifted > up;
}

/* Writes the filter byte and the filtered row at dst (n + 1 bytes). `scratch` holds n bytes. */
static void write_row(int rows, int first_row, const uint8_t *cur, const uint8_t *prev, size_t n, size_t bpp,
                      uint8_t *dst, uint8_t *scratch) {
    int filter = rows;
    if (rows == SC_PNG_ROWS_REPEAT_OR_SUB || rows == SC_PNG_ROWS_MINIMUM_SUM || rows == SC_PNG_ROWS_MINIMUM_ENTROPY ||
        rows == SC_PNG_ROWS_REPEAT_FLAT_OR_PAETH) {
        if (!first_row && memcmp(cur, prev, n) == 0) {
            dst[0] = SC_PNG_ROWS_UP;
            memset(dst + 1, 0, n);
            return;
        }
        if (rows == SC_PNG_ROWS_REPEAT_OR_SUB) {
            filter = SC_PNG_ROWS_SUB;
        } else if (rows == SC_PNG_ROWS_REPEAT_FLAT_OR_PAETH) {
            /* One colour: the row repeats itself bpp bytes on. */
            filter = first_row || (n > bpp && memcmp(cur, cur + bpp, n - bpp) == 0) ? SC_PNG_ROWS_SUB : SC_PNG_ROWS_PAETH;
        } else if (rows == SC_PNG_ROWS_MINIMUM_ENTROPY) {
            double best = 0;
            for (int f = SC_PNG_ROWS_NONE; f <= SC_PNG_ROWS_PAETH; f++) {
                if (first_row && f != SC_PNG_ROWS_NONE && f != SC_PNG_ROWS_SUB) continue;
                uint8_t *target = f == SC_PNG_ROWS_NONE ? dst + 1 : scratch;
                filter_row(f, cur, prev, n, bpp, target);
                double bits = entropy_bits(target, n);
                if (f == SC_PNG_ROWS_NONE || bits < best) {
                    best = bits;
                    dst[0] = (uint8_t)f;
                    if (target != dst + 1) memcpy(dst + 1, scratch, n);
                }
            }
            return;
        } else {
            /* Try each filter; the best so far stays in dst. */
            filter_row(SC_PNG_ROWS_NONE, cur, prev, n, bpp, dst + 1);
            uint64_t best = magnitude_sum(dst + 1, n);
            dst[0] = SC_PNG_ROWS_NONE;
            for (int f = SC_PNG_ROWS_SUB; f <= SC_PNG_ROWS_PAETH && best > 0; f++) {
                if (first_row && f != SC_PNG_ROWS_SUB) continue; /* against a zero row the others repeat NONE or SUB */
                filter_row(f, cur, prev, n, bpp, scratch);
                const uint64_t sum = magnitude_sum(scratch, n);
                if (sum < best) {
                    best = sum;
                    dst[0] = (uint8_t)f;
                    memcpy(dst + 1, scratch, n);
                }
            }
            return;
        }
    }
    if (rows == SC_PNG_ROWS_SHIFTED_OR_UP) {
        filter = first_row || repeats_shifted(cur, prev, n, bpp) ? SC_PNG_ROWS_NONE : SC_PNG_ROWS_UP;
    }
    dst[0] = (uint8_t)filter;
    if (filter == SC_PNG_ROWS_NONE) {
        memcpy(dst + 1, cur, n); /* the common case for indexed and few-colour cards */
    } else {
        filter_row(filter, cur, prev, n, bpp, dst + 1);
    }
}

/* Row y of the pixels as RGB bytes, or as packed palette indices of `depth` bits. */
static void convert_row(const uint8_t *const *pixel_rows, uint32_t y, uint32_t width, palette_table *palette,
                        int depth, uint8_t *cur, size_t n) {
    const uint8_t *src = pixel_rows[y];
    if (palette && palette->row_indices) {
        const uint8_t *indices = palette->row_indices + (size_t)palette->row_at[y] * width;
        if (depth == 8) {
            memcpy(cur, indices, width);
            return;
        }
        memset(cur, 0, n);
        for (uint32_t x = 0; x < width; x++) {
            size_t bit = (size_t)x * depth;
            cur[bit >> 3] |= (uint8_t)(indices[x] << (8 - depth - (bit & 7)));
        }
        return;
    }
    if (!palette) {
        for (uint32_t x = 0; x < width; x++, src += 4, cur += 3) {
            cur[0] = src[2];
            cur[1] = src[1];
            cur[2] = src[0];
        }
        return;
    }
    const uint32_t *pixels = (const uint32_t *)(const void *)src;
    uint32_t last = 0xFFFFFFFFu;
    int index = 0;
    if (depth == 8) {
        for (uint32_t x = 0; x < width; x++) {
            uint32_t rgb = pixels[x] & 0xFFFFFFu;
            if (rgb != last) {
                last = rgb;
                index = palette_index(palette, rgb); /* present: collect_palette saw every pixel */
            }
            cur[x] = (uint8_t)index;
        }
        return;
    }
    memset(cur, 0, n);
    for (uint32_t x = 0; x < width; x++) {
        uint32_t rgb = pixels[x] & 0xFFFFFFu;
        if (rgb != last) {
            last = rgb;
            index = palette_index(palette, rgb);
        }
        size_t bit = (size_t)x * depth;
        cur[bit >> 3] |= (uint8_t)(index << (8 - depth - (bit & 7)));
    }
}

/* ---- Chunks. */

static void be32(uint8_t *out, uint32_t v) {
    out[0] = (uint8_t)(v >> 24); out[1] = (uint8_t)(v >> 16); out[2] = (uint8_t)(v >> 8); out[3] = (uint8_t)v;
}

/* Writes a chunk (length, type, data, CRC) at out and returns the bytes written. */
static size_t put_chunk(uint8_t *out, const char type[4], const uint8_t *data, size_t length) {
    be32(out, (uint32_t)length);
    memcpy(out + 4, type, 4);
    if (length && data != out + 8) memmove(out + 8, data, length);
    be32(out + 8 + length, libdeflate_crc32(0, out + 4, length + 4));
    return length + 12;
}

/* Converts row y into `cur`, or copies `prev` when the pixels repeat the row above (the same
 * pixels convert to the same bytes). */
static void next_row(const uint8_t *const *pixel_rows, uint32_t y, uint32_t width, palette_table *palette,
                     int depth, const uint8_t *prev, uint8_t *cur, size_t n, const uint8_t *repeats) {
    if (repeats ? repeats[y] : y > 0 && memcmp(pixel_rows[y], pixel_rows[y - 1], (size_t)width * 4) == 0) {
        memcpy(cur, prev, n);
    } else {
        convert_row(pixel_rows, y, width, palette, depth, cur, n);
    }
}

/* Writes the signature, IHDR and (for an indexed image) PLTE at png; returns the bytes written. */
static size_t write_header(uint8_t *png, uint32_t width, uint32_t height, int depth, const palette_table *palette) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    size_t at = 0;
    memcpy(png, signature, 8);
    at += 8;
    uint8_t ihdr[13];
    be32(ihdr, width);
    be32(ihdr + 4, height);
    ihdr[8] = (uint8_t)depth;
    ihdr[9] = palette ? 3 : 2; /* indexed or RGB */
    ihdr[10] = ihdr[11] = ihdr[12] = 0;
    at += put_chunk(png + at, "IHDR", ihdr, 13);
    if (palette) {
        uint8_t plte[768];
        for (int i = 0; i < palette->count; i++) {
            plte[3 * i] = (uint8_t)(palette->colors[i] >> 16);
            plte[3 * i + 1] = (uint8_t)(palette->colors[i] >> 8);
            plte[3 * i + 2] = (uint8_t)palette->colors[i];
        }
        at += put_chunk(png + at, "PLTE", plte, 3 * (size_t)palette->count);
    }
    return at;
}

int sc_encode_png(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                  int rgb_level, int rgb_rows, int indexed_level, int indexed_rows,
                  uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    sc_png_settings s = {indexed_level, indexed_rows, rgb_level, rgb_rows, MAX_COUNTED_COLORS, rgb_level, rgb_rows, 0, rgb_level, rgb_rows, 0, 0, 0, 0, 0, 0};
    return sc_encode_png_tiered(pixels, pixels_size, width, height, stride_bytes, &s, out, out_size, err, err_size);
}

static int valid_level(int level) {
    return (level >= 0 && level < LEVELS) || level == SC_PNG_LEVEL_SCANLINES || level == SC_PNG_LEVEL_RUNS ||
           level == SC_PNG_LEVEL_RUN_BLOCKS;
}

/* zlib's run-length strategy over `size` bytes into `out` (room for `bound`); the bytes
 * written, 0 on failure. */
static size_t zlib_runs(const uint8_t *rows, size_t size, uint8_t *out, size_t bound) {
    z_stream z;
    memset(&z, 0, sizeof z);
    /* The level does not change Z_RLE's output (only the header's level field): 1. */
    if (deflateInit2(&z, 1, Z_DEFLATED, 15, 8, Z_RLE) != Z_OK) return 0;
    /* zlib counts in unsigned int: feed and drain at most 1 GiB at a time. */
    const size_t chunk = (size_t)1 << 30;
    size_t fed = 0;
    int status = Z_OK;
    while (status == Z_OK) {
        if (z.avail_in == 0 && fed < size) {
            const size_t take = size - fed < chunk ? size - fed : chunk;
            z.next_in = (Bytef *)(uintptr_t)(rows + fed);
            z.avail_in = (uInt)take;
            fed += take;
        }
        if (z.avail_out == 0) {
            const size_t written = (size_t)z.total_out;
            if (written >= bound) break; /* out of room: not within zlib's bound */
            z.next_out = out + written;
            z.avail_out = (uInt)(bound - written < chunk ? bound - written : chunk);
        }
        status = deflate(&z, fed == size ? Z_FINISH : Z_NO_FLUSH);
        /* No progress for want of input or room: both are refilled above. */
        if (status == Z_BUF_ERROR && (z.avail_in == 0 || z.avail_out == 0)) status = Z_OK;
    }
    const size_t written = (size_t)z.total_out;
    deflateEnd(&z);
    return status == Z_STREAM_END ? written : 0;
}

/* Compresses `size` bytes of filtered rows (`row_bytes` each, filter byte included, of pixels
 * `bpp` bytes wide) into a malloc'ed zlib stream of *out_size bytes: libdeflate at `level`,
 * zlib's run-length strategy for SC_PNG_LEVEL_RUNS, or the scanline compressor, in card mode
 * for SC_PNG_LEVEL_SCANLINES and in photo mode for SC_PNG_LEVEL_RUN_BLOCKS. NULL when memory
 * runs out. */
static uint8_t *deflate_rows(int level, const uint8_t *rows, size_t size, size_t row_bytes, size_t bpp, size_t *out_size) {
    *out_size = 0;
    if (level == SC_PNG_LEVEL_RUN_BLOCKS || level == SC_PNG_LEVEL_SCANLINES) {
        uint8_t *stream = NULL;
        const int photo = level == SC_PNG_LEVEL_RUN_BLOCKS;
        return sc_deflate_scanlines(rows, row_bytes, size / row_bytes, bpp, photo, 0, &stream, out_size) == 0 ? stream : NULL;
    }
    struct libdeflate_compressor *c = level == SC_PNG_LEVEL_RUNS ? NULL : compressor(level);
    /* zlib's compressBound (for its default window and memory level), in size_t. */
    const size_t bound = level == SC_PNG_LEVEL_RUNS ? size + (size >> 12) + (size >> 14) + (size >> 25) + 13
                         : c                        ? libdeflate_zlib_compress_bound(c, size)
                                                    : 0;
    uint8_t *out = bound ? (uint8_t *)malloc(bound) : NULL;
    if (!out) return NULL;
    *out_size = c ? libdeflate_zlib_compress(c, rows, size, out, bound) : zlib_runs(rows, size, out, bound);
    if (*out_size == 0) {
        free(out);
        return NULL;
    }
    return out;
}

/* Filters rows [first, end) into `filtered` ((n + 1) bytes a row, row `first` at its start):
 * converted from the pixels, then written with `rows` (one of SC_PNG_ROWS_*). The bytes are
 * those rows' bytes in a pass over the whole image: the row above `first` is converted for the
 * filters to read. `work` holds 3n bytes. */
static void filter_rows(const uint8_t *const *pixel_rows, uint32_t width, uint32_t first, uint32_t end,
                        palette_table *palette, int depth, size_t n, size_t bpp, int rows, const uint8_t *repeats,
                        uint8_t *work, uint8_t *filtered) {
    uint8_t *prev = work, *cur = work + n, *scratch = work + 2 * n;
    if (first == 0) {
        memset(prev, 0, n); /* the row above the first */
    } else {
        convert_row(pixel_rows, first - 1, width, palette, depth, prev, n);
    }
    for (uint32_t y = first; y < end; y++) {
        next_row(pixel_rows, y, width, palette, depth, prev, cur, n, repeats);
        write_row(rows, y == 0, cur, prev, n, bpp, filtered + (size_t)(y - first) * (n + 1), scratch);
        uint8_t *t = prev; prev = cur; cur = t;
    }
}

/* Every row filtered with `rows` and compressed at `level` (deflate_rows) into a malloc'ed zlib
 * stream of *out_size bytes; NULL when memory runs out. `work` holds 3n bytes. */
static uint8_t *filtered_stream(int level, int rows, const uint8_t *const *pixel_rows, uint32_t width, uint32_t height,
                                palette_table *palette, int depth, size_t n, size_t bpp, const uint8_t *repeats, uint8_t *work,
                                size_t *out_size) {
    *out_size = 0;
    const size_t filtered_size = (size_t)height * (n + 1);
    uint8_t *filtered = (uint8_t *)malloc(filtered_size);
    if (!filtered) return NULL;
    filter_rows(pixel_rows, width, 0, height, palette, depth, n, bpp, rows, repeats, work, filtered);
    uint8_t *stream = deflate_rows(level, filtered, filtered_size, n + 1, bpp, out_size);
    free(filtered);
    return stream;
}

/* What a second setting is judged by: the compressed bytes of four bands of rows filtered with
 * `rows`, each 1/64 of the image's height (at least 8 rows, so that a band holds rows that echo
 * those a few above) and compressed alone, centred at 1/8, 3/8, 5/8 and 7/8 of it — a
 * sixteenth of the rows, spread over the image, so that judging both settings costs about an
 * eighth of one more filtering and compression. (Bands of 1/32 chose the same setting on 301 of
 * 304 cards, for 0.0006 % more bytes in all: docs/design.md, "Photo rows in run blocks".) An
 * image under 64 rows is one band of all its rows. 0 when memory runs out. */
static size_t sample_size(int level, int rows, const uint8_t *const *pixel_rows, uint32_t width, uint32_t height,
                          palette_table *palette, int depth, size_t n, size_t bpp, const uint8_t *repeats, uint8_t *work) {
    const int bands = height < 64 ? 1 : 4;
    const uint32_t band = height < 64 ? height : height / 64 > 8 ? height / 64 : 8;
    const size_t band_bytes = (size_t)band * (n + 1);
    uint8_t *filtered = (uint8_t *)malloc(band_bytes);
    size_t total = 0;
    for (int k = 0; filtered && k < bands; k++) {
        const uint32_t y = bands == 1 ? 0 : (uint32_t)((uint64_t)(2 * k + 1) * height / 8) - band / 2;
        filter_rows(pixel_rows, width, y, y + band, palette, depth, n, bpp, rows, repeats, work, filtered);
        size_t bytes = 0;
        free(deflate_rows(level, filtered, band_bytes, n + 1, bpp, &bytes));
        if (bytes == 0) {
            total = 0;
            break;
        }
        total += bytes;
    }
    free(filtered);
    return total;
}

static int valid_rows(int rows) { return rows >= SC_PNG_ROWS_NONE && rows <= SC_PNG_ROWS_SHIFTED_OR_UP; }

/* Whether rows the scanline compressor wrote in `compressed` bytes are checked against libdeflate
 * (sc_png_settings' deflate check). */
static int deflate_check_applies(const sc_png_settings *settings, size_t compressed, uint32_t width, uint32_t height) {
    const uint64_t rgb_rows_bytes = (uint64_t)height * (3 * (uint64_t)width + 1);
    return settings->deflate_check_permille && (uint64_t)compressed * 1000 > rgb_rows_bytes * settings->deflate_check_permille;
}

/* Whether libdeflate's sample of the rows is small enough beside the scanline compressor's for the
 * whole image to be written again by it. A sample that runs out of memory says no. */
static int deflate_sample_wins(const sc_png_settings *settings, int rows, const uint8_t *const *pixel_rows, uint32_t width,
                               uint32_t height, palette_table *palette, int depth, size_t n, size_t bpp, const uint8_t *repeats,
                               uint8_t *work) {
    const size_t scanlines = sample_size(SC_PNG_LEVEL_SCANLINES, rows, pixel_rows, width, height, palette, depth, n, bpp,
                                         repeats, work);
    const size_t deflated = scanlines ? sample_size(settings->deflate_check_level, rows, pixel_rows, width, height, palette,
                                                    depth, n, bpp, repeats, work)
                                      : 0;
    return deflated && (uint64_t)deflated * 100 <= (uint64_t)scanlines * settings->deflate_check_percent;
}

/* `as_photo`: RGB with the photo tier's rows, whatever the colour count (the scanline fall-back). */
static int encode_tiered(const uint8_t *const *pixel_rows, uint32_t width, uint32_t height,
                         const sc_png_settings *settings, uint8_t **out, size_t *out_size, char *err, size_t err_size,
                         const uint8_t *repeats, int as_photo) {
    if (!settings) {
        sc_encode_set_error(err, err_size, "no PNG settings given");
        return -1;
    }
    const int indexed_level = settings->indexed_level;
    const int photo_tier = settings->photo_colors != 0;
    if (!valid_level(settings->rgb_level) || !valid_level(settings->many_level) ||
        (photo_tier && (!valid_level(settings->photo_level) || !valid_rows(settings->photo_rows))) ||
        (photo_tier && settings->photo_also_level != 0 &&
         (!valid_level(settings->photo_also_level) || settings->photo_also_level == SC_PNG_LEVEL_SCANLINES ||
          settings->photo_level == SC_PNG_LEVEL_SCANLINES || !valid_rows(settings->photo_also_rows))) ||
        (indexed_level >= 0 && !valid_level(indexed_level)) || !valid_rows(settings->rgb_rows) || !valid_rows(settings->many_rows) ||
        !valid_rows(settings->indexed_rows)) {
        sc_encode_set_error(err, err_size, "invalid deflate level (0…12, scanlines or run-length; a second photo setting "
                                           "beside scanlines neither) or row filter");
        return -1;
    }
    if (settings->many_colors < 256 || settings->many_colors > MAX_COUNTED_COLORS) {
        sc_encode_set_error(err, err_size, "the many-colours bound must be 256…65536");
        return -1;
    }
    if (photo_tier && (settings->photo_colors <= settings->many_colors || settings->photo_colors > MAX_COUNTED_COLORS)) {
        sc_encode_set_error(err, err_size, "the photo-colours bound must be above the many-colours bound and at most 65536");
        return -1;
    }
    if (settings->scanlines_fallback_permille > 1000 || (settings->scanlines_fallback_permille && !photo_tier)) {
        sc_encode_set_error(err, err_size, "the scanline fall-back bound must be 0…1000 thousandths, and needs the photo tier");
        return -1;
    }
    if (settings->deflate_check_permille > 1000 ||
        (settings->deflate_check_permille && (settings->deflate_check_level < 1 || settings->deflate_check_level >= LEVELS ||
                                              settings->deflate_check_percent < 1 || settings->deflate_check_percent > 100))) {
        sc_encode_set_error(err, err_size, "the deflate check's bound must be 0…1000 thousandths, its level 1…12 and its share 1…100 %");
        return -1;
    }
    palette_table *palette = NULL;
    if (indexed_level >= 0 && !as_photo) {
        palette = (palette_table *)malloc(sizeof *palette);
        if (!palette) {
            sc_encode_set_error(err, err_size, "out of memory while encoding PNG");
            return -1;
        }
        if (collect_palette(palette, pixel_rows, width, height, repeats) != 0) {
            free_palette(palette);
            palette = NULL;
        }
    }
    /* 0: rgb, 1: many, 2: photo. Colours are counted only as far as a bound that changes the setting. */
    int tier = 0;
    const int many_differs = settings->many_level != settings->rgb_level || settings->many_rows != settings->rgb_rows;
    const int photo_differs = photo_tier && settings->photo_colors < MAX_COUNTED_COLORS &&
                              (settings->photo_level != settings->many_level || settings->photo_rows != settings->many_rows ||
                               settings->photo_also_level != 0);
    const uint32_t count_limit = photo_differs ? settings->photo_colors : settings->many_colors;
    if (as_photo) {
        tier = 2;
    } else if (!palette && count_limit < MAX_COUNTED_COLORS && (many_differs || photo_differs)) {
        int64_t colors = count_colors_up_to(count_limit, pixel_rows, width, height, repeats);
        if (colors < 0) {
            sc_encode_set_error(err, err_size, "out of memory while encoding PNG");
            return -1;
        }
        tier = photo_tier && colors > settings->photo_colors ? 2 : colors > settings->many_colors ? 1 : 0;
    }
    const int level = palette ? indexed_level : tier == 2 ? settings->photo_level : tier == 1 ? settings->many_level : settings->rgb_level;
    const int rows = palette ? settings->indexed_rows : tier == 2 ? settings->photo_rows : tier == 1 ? settings->many_rows : settings->rgb_rows;
    const int also_level = !palette && tier == 2 ? settings->photo_also_level : 0, also_rows = settings->photo_also_rows;
    const int depth = !palette ? 8 : palette->count <= 2 ? 1 : palette->count <= 4 ? 2 : palette->count <= 16 ? 4 : 8;
    const size_t bpp = palette ? 1 : 3;
    const size_t n = palette ? ((size_t)width * depth + 7) / 8 : (size_t)width * 3;
    if ((size_t)height > SIZE_MAX / 2 / (n + 1)) {
        free_palette(palette);
        sc_encode_set_error(err, err_size, "image is too large to encode in memory");
        return -1;
    }
    /* signature + IHDR + PLTE + IDAT framing + IEND */
    const size_t header = 8 + 25 + (palette ? 12 + 3 * (size_t)palette->count : 0);
    uint8_t *work = (uint8_t *)calloc(3, n);
    if (!work) {
        free_palette(palette);
        sc_encode_set_error(err, err_size, "out of memory while encoding PNG");
        return -1;
    }
    /* The zlib stream of the rows (NULL when memory runs out), framed below. */
    uint8_t *stream = NULL;
    size_t compressed = 0;
    if (level == SC_PNG_LEVEL_SCANLINES) {
        /* Row by row into the scanline compressor; no buffer of the whole filtered image. */
        uint8_t *row = (uint8_t *)malloc(n + 1);
        sc_scanlines *lines = row ? sc_scanlines_begin(n + 1, bpp, 0) : NULL;
        int failed = !lines;
        uint8_t *prev = work, *cur = work + n, *scratch = work + 2 * n;
        for (uint32_t y = 0; y < height && !failed; y++) {
            if (y > 0 && rows == SC_PNG_ROWS_NONE && repeated(repeats, y)) {
                /* Unfiltered, the same pixels are the same row: nothing to convert or compare. */
                failed = sc_scanlines_add_same_row(lines) != 0;
                continue;
            }
            next_row(pixel_rows, y, width, palette, depth, prev, cur, n, repeats);
            write_row(rows, y == 0, cur, prev, n, bpp, row, scratch);
            failed = sc_scanlines_add_row(lines, row) != 0;
            uint8_t *t = prev; prev = cur; cur = t;
        }
        if (!failed) failed = sc_scanlines_finish(lines, &stream, &compressed) != 0;
        sc_scanlines_free(lines);
        free(row);
        const uint64_t rows_bytes = (uint64_t)height * (n + 1);
        if (!failed && !palette && !as_photo && settings->scanlines_fallback_permille &&
            (uint64_t)compressed * 1000 > rows_bytes * settings->scanlines_fallback_permille) {
            free(stream);
            free(work);
            return encode_tiered(pixel_rows, width, height, settings, out, out_size, err, err_size, repeats, 1);
        }
        if (!failed && deflate_check_applies(settings, compressed, width, height) &&
            deflate_sample_wins(settings, rows, pixel_rows, width, height, palette, depth, n, bpp, repeats, work)) {
            /* The sample can mislead (rows outside its bands unlike those in them): the
             * smaller whole stream is kept, and the scanline stream when memory runs out. */
            size_t deflated_size = 0;
            uint8_t *deflated = filtered_stream(settings->deflate_check_level, rows, pixel_rows, width, height, palette,
                                                depth, n, bpp, repeats, work, &deflated_size);
            if (deflated && deflated_size < compressed) {
                free(stream);
                stream = deflated;
                compressed = deflated_size;
            } else {
                free(deflated);
            }
        }
        free(work);
    } else {
        /* Filtered rows, compressed. With a second setting (photos) a sample of the rows is
         * filtered and compressed each way first, and the setting whose sample compresses
         * smallest filters and writes them all. An image the scanline fall-back sent here is
         * also sampled as the deflate check writes it (its rows as the scanline tier had them,
         * at the check's level): a steep gradient of a few thousand colours is no photo. */
        int chosen = level, chosen_rows = rows;
        int failed = 0;
        const int as_checked = as_photo && settings->deflate_check_permille;
        if (also_level || as_checked) {
            size_t best = sample_size(level, rows, pixel_rows, width, height, palette, depth, n, bpp, repeats, work);
            failed = best == 0;
            if (!failed && also_level) {
                const size_t second = sample_size(also_level, also_rows, pixel_rows, width, height, palette, depth, n, bpp, repeats, work);
                failed = second == 0;
                if (second < best) {
                    chosen = also_level;
                    chosen_rows = also_rows;
                    best = second;
                }
            }
            if (!failed && as_checked) {
                const int check_rows = settings->rgb_rows;
                const size_t third = sample_size(settings->deflate_check_level, check_rows, pixel_rows, width, height, palette,
                                                 depth, n, bpp, repeats, work);
                failed = third == 0;
                if (third < best) {
                    chosen = settings->deflate_check_level;
                    chosen_rows = check_rows;
                }
            }
        }
        if (!failed) stream = filtered_stream(chosen, chosen_rows, pixel_rows, width, height, palette, depth, n, bpp, repeats,
                                              work, &compressed);
        free(work);
    }
    uint8_t *png = stream && compressed <= 0x7FFFFFFF ? (uint8_t *)malloc(header + 12 + compressed + 12) : NULL;
    if (!png) {
        free(stream); free_palette(palette);
        sc_encode_set_error(err, err_size, stream && compressed > 0x7FFFFFFF ? "compressed image is too large for one PNG chunk"
                                                                            : "out of memory while encoding PNG");
        return -1;
    }
    size_t at = write_header(png, width, height, depth, palette);
    free_palette(palette);
    memcpy(png + at + 8, stream, compressed);
    free(stream);
    at += put_chunk(png + at, "IDAT", png + at + 8, compressed);
    at += put_chunk(png + at, "IEND", NULL, 0);
    *out = png;
    *out_size = at;
    return 0;
}

/* Encodes rows whose arguments the caller has checked. */
static int encode_rows(const uint8_t *const *pixel_rows, uint32_t width, uint32_t height, const sc_png_settings *settings,
                       uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    uint8_t *repeats = find_repeated_rows(pixel_rows, width, height);
    const int status = encode_tiered(pixel_rows, width, height, settings, out, out_size, err, err_size, repeats, 0);
    free(repeats);
    return status;
}

int sc_encode_png_tiered(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                         const sc_png_settings *settings, uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    if (sc_encode_check(pixels, pixels_size, width, height, stride_bytes, 0x7FFFFFFF / 4, out, out_size, err, err_size) != 0) return -1;
    const uint8_t **pixel_rows = (const uint8_t **)malloc((size_t)height * sizeof *pixel_rows);
    if (!pixel_rows) {
        sc_encode_set_error(err, err_size, "out of memory while encoding PNG");
        return -1;
    }
    for (uint32_t y = 0; y < height; y++) pixel_rows[y] = pixels + (size_t)y * stride_bytes;
    const int status = encode_rows(pixel_rows, width, height, settings, out, out_size, err, err_size);
    free(pixel_rows);
    return status;
}

int sc_encode_png_rows(const uint8_t *const *pixel_rows, uint32_t width, uint32_t height, const sc_png_settings *settings,
                       uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    if (sc_encode_check_size(width, height, 0x7FFFFFFF / 4, out, out_size, err, err_size) != 0) return -1;
    if (!pixel_rows) {
        sc_encode_set_error(err, err_size, "no pixel rows given");
        return -1;
    }
    for (uint32_t y = 0; y < height; y++) {
        if (!pixel_rows[y] || ((uintptr_t)pixel_rows[y] & 3) != 0) {
            sc_encode_set_error(err, err_size, "pixel rows must start on 4-byte boundaries");
            return -1;
        }
    }
    return encode_rows(pixel_rows, width, height, settings, out, out_size, err, err_size);
}
