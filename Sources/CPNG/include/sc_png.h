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

/* Decodes a PNG held in memory into straight (not premultiplied) B, G, R, A bytes,
 * rows packed (stride = width * 4). Rejects images wider than max_width, taller than
 * max_height or with more than max_pixels pixels before allocating them. On success
 * returns 0 and sets *out (free with sc_png_free), *width and *height. */
int sc_png_decode_bgra(const uint8_t *data, size_t size,
                       uint32_t max_width, uint32_t max_height, uint64_t max_pixels,
                       uint8_t **out, uint32_t *width, uint32_t *height,
                       char *err, size_t err_size);

void sc_png_free(void *buffer);

#ifdef __cplusplus
}
#endif
#endif
