#ifndef SC_PNG_H
#define SC_PNG_H
/* PNG encode/decode behind plain C types. libpng reports errors by longjmp; that stays
 * inside sc_png.c, and callers get a status code plus a message. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Row filters, as libpng's PNG_FILTER_* bit flags. */
enum {
    SC_PNG_FILTER_NONE = 0x08,
    SC_PNG_FILTER_SUB = 0x10,
    SC_PNG_FILTER_UP = 0x20,
    SC_PNG_FILTER_AVG = 0x40,
    SC_PNG_FILTER_PAETH = 0x80,
    SC_PNG_FILTER_ALL = 0xF8
};

/* zlib strategies, as zlib's Z_* values. */
enum {
    SC_PNG_STRATEGY_DEFAULT = 0,
    SC_PNG_STRATEGY_FILTERED = 1,
    SC_PNG_STRATEGY_HUFFMAN_ONLY = 2,
    SC_PNG_STRATEGY_RLE = 3
};

/* Encodes 32-bit pixels laid out as B, G, R, X bytes (a little-endian ARGB32 word whose
 * alpha is ignored) as an 8-bit RGB PNG with no ancillary chunks. `pixels` holds
 * `pixels_size` bytes, rows `stride_bytes` apart; a buffer too small for width, height and
 * stride is an error, as are a zlib level outside 0...9, no or unknown filters and an unknown
 * strategy. On success returns 0 and sets *out to a malloc'ed buffer of *out_size bytes the
 * caller frees with sc_png_free. On failure returns -1, leaves *out NULL and writes a
 * message into err (err_size bytes, always terminated when err_size > 0). Safe to call on
 * several threads at once. */
int sc_png_encode_bgrx(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                       int zlib_level, int filters, int strategy,
                       uint8_t **out, size_t *out_size, char *err, size_t err_size);

/* What sc_png_read_rows hands its pixels to. */
typedef struct {
    /* Once, after the header is read and the limits are checked: the image's size, and
     * whether its rows arrive as Adam7 passes. Non-zero stops the read. */
    int (*begin)(void *context, uint32_t width, uint32_t height, int interlaced);
    /* Each row as it is decoded: `count` straight B, G, R, A pixels, which are pixels x0,
     * x0 + dx, x0 + 2 dx, ... of image row y (x0 = 0 and dx = 1 unless interlaced). The bytes may be changed in place; they are
     * overwritten by the next row. Non-zero stops the read. */
    int (*row)(void *context, uint32_t y, uint32_t x0, uint32_t dx, uint8_t *bgra, uint32_t count);
    void *context;
} sc_png_row_reader;

/* Decodes a PNG held in memory row by row, holding one row at a time, as 8-bit sRGB with
 * alpha: palettes, grey, tRNS and 16-bit samples expanded or scaled, a gAMA chunk's curve
 * mapped onto sRGB's, by the transforms libpng's simplified reader uses (16-bit samples read
 * as sRGB unless a gAMA or sRGB chunk says otherwise). The limits are checked before the
 * first row. Returns 0; -1 with a message in err when libpng fails or the limits refuse the
 * image; or a callback's non-zero result as it is (err untouched). Safe to call on several
 * threads at once. */
int sc_png_read_rows(const uint8_t *data, size_t size, uint32_t max_width, uint32_t max_height, uint64_t max_pixels,
                     const sc_png_row_reader *reader, char *err, size_t err_size);

/* Decodes a PNG held in memory into straight (not premultiplied) B, G, R, A bytes, rows
 * packed (stride = width * 4): sc_png_read_rows's rows, interlaced passes put in place.
 * Rejects images wider than max_width, taller than max_height or with more than max_pixels
 * pixels before allocating them. On success returns 0 and sets *out (free with sc_png_free),
 * *width and *height. */
int sc_png_decode_bgra(const uint8_t *data, size_t size,
                       uint32_t max_width, uint32_t max_height, uint64_t max_pixels,
                       uint8_t **out, uint32_t *width, uint32_t *height,
                       char *err, size_t err_size);

void sc_png_free(void *buffer);

#ifdef __cplusplus
}
#endif
#endif
