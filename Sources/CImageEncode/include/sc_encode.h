#ifndef SC_ENCODE_H
#define SC_ENCODE_H
/* Image encoders (PNG through libdeflate, JPEG through libjpeg-turbo, WebP through libwebp)
 * behind plain C types. Every encoder takes 32-bit pixels laid out as B, G, R, X bytes (a
 * little-endian ARGB32 word whose alpha byte is ignored), `pixels_size` bytes with rows
 * `stride_bytes` apart, and writes an opaque image. On success it returns 0 and sets *out to
 * a malloc'ed buffer of *out_size bytes (free with sc_encode_free). On failure it returns -1,
 * leaves *out NULL and writes a message into err (err_size bytes, always terminated when
 * err_size > 0). All are safe to call on several threads at once, and the same pixels and
 * settings always give the same bytes. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How each PNG row is filtered before deflating. */
enum {
    SC_PNG_ROWS_NONE = 0,
    SC_PNG_ROWS_SUB = 1,
    SC_PNG_ROWS_UP = 2,
    SC_PNG_ROWS_AVERAGE = 3,
    SC_PNG_ROWS_PAETH = 4,
    /* Per row, the filter whose output has the smallest sum of absolute values (bytes read
     * as signed), the heuristic libpng and Pillow use; a row equal to the one above is UP. */
    SC_PNG_ROWS_MINIMUM_SUM = 5,
    /* Per row, UP when the row repeats the one above (all zeros), SUB otherwise. */
    SC_PNG_ROWS_REPEAT_OR_SUB = 6,
    /* Per row, the filter whose output has the lowest Shannon entropy (byte histogram). */
    SC_PNG_ROWS_MINIMUM_ENTROPY = 7,
    /* Per row, UP when the row repeats the one above, SUB when it is one colour, PAETH
     * otherwise: one filter pass per row instead of five. */
    SC_PNG_ROWS_REPEAT_FLAT_OR_PAETH = 8,
    /* Per row, NONE when at least 3/4 of its bytes repeat the row above shifted one pixel
     * either way, and more than repeat it unshifted (a diagonal gradient: deflate then
     * matches the whole row, which no PNG filter predicts), UP otherwise. */
    SC_PNG_ROWS_SHIFTED_OR_UP = 9
};

/* In place of a libdeflate level: rows compressed by this library's scanline compressor, which
 * looks for matches only in the row above and in runs of one value. Several times faster
 * than libdeflate on cards of a flat ground (mostly repeated rows), and larger on busy
 * images, where libdeflate finds matches anywhere in its window. */
enum { SC_PNG_LEVEL_SCANLINES = 13 };

/* In place of a libdeflate level: rows compressed by zlib with its run-length strategy
 * (Z_RLE), which looks for matches only at distance 1 and codes the rest in blocks of about
 * 16,000 symbols, each with its own Huffman codes. On the filtered rows of a photo that is
 * about as small as zlib's or libdeflate's full match search (whose short matches buy little
 * in noise) in about a quarter of libdeflate 7's time; a photo whose rows echo each other
 * (one drawn enlarged) loses its long matches. */
enum { SC_PNG_LEVEL_RUNS = 14 };

/* In place of a libdeflate level: rows compressed by this library's scanline compressor for a
 * photo's filtered rows: matches only in runs of one byte and of one pixel, the rest coded in
 * blocks of about 16,384 symbols each with its own Huffman codes, as SC_PNG_LEVEL_RUNS does.
 * On photo cards 0.8–2.1 % smaller than it (the pixel repeats), in half its time. */
enum { SC_PNG_LEVEL_RUN_BLOCKS = 15 };

/* Writes an 8-bit PNG with no ancillary chunks: indexed when `indexed_level` is not negative
 * and the image has at most 256 distinct colours (PLTE in order of first appearance, 1, 2, 4
 * or 8 bits per pixel, the fewest that hold every colour), RGB otherwise — lossless either
 * way. Each kind has its own libdeflate compression level, 0 (store) … 12, and row filter
 * (one of SC_PNG_ROWS_*): indexed images compress best unfiltered, RGB ones filtered. */
int sc_encode_png(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                  int rgb_level, int rgb_rows, int indexed_level, int indexed_rows,
                  uint8_t **out, size_t *out_size, char *err, size_t err_size);

/* A PNG setting chosen per image by its number of distinct colours: indexed (with
 * `indexed_level`/`indexed_rows`) when there are at most 256 and `indexed_level` is not
 * negative; RGB with `rgb_level`/`rgb_rows` when there are at most `many_colors`; RGB with
 * `many_level`/`many_rows` when there are more, up to `photo_colors` when that tier is on. Cards with a few hundred colours (text and an
 * emoji on a flat ground) are mostly long runs, which deep match searches only slow down;
 * gradients and photos need them to stay small. */
typedef struct {
    int indexed_level, indexed_rows;
    int rgb_level, rgb_rows;
    uint32_t many_colors;
    int many_level, many_rows;
    /* RGB with `photo_level`/`photo_rows` above `photo_colors` (more than `many_colors`, at
     * most 65536) distinct colours; 0 turns this tier off. Photos have tens of thousands of
     * colours and gain little from the deeper search a smooth gradient needs. */
    uint32_t photo_colors;
    int photo_level, photo_rows;
    /* With the photo tier: the rows are also filtered with `photo_also_rows`, and written with
     * `photo_also_level` when a sample of them (a sixteenth of the rows, in four bands spread
     * over the image) compresses smaller that way than with the tier's own setting. Not the
     * scanline compressor, nor with it. 0 turns this off (level 0 stores, never smaller). */
    int photo_also_level, photo_also_rows;
    /* When the scanline compressor's stream for an RGB image comes out larger than this many
     * thousandths of the filtered rows it was given, the image is written again with the
     * photo tier's rows (and its second setting): an image with a few hundred colours that
     * is no card of flat ground and text (a grey photo with a title) is what the scanline
     * compressor codes badly.
     * Indexed images are kept as they are. 0 never does; needs the photo tier. */
    uint32_t scanlines_fallback_permille;
    /* When the scanline compressor's stream (indexed or RGB, and not sent to the photo tier)
     * comes out larger than `deflate_check_permille` thousandths of the image's RGB rows
     * (height × (3 × width + 1) bytes, however the rows are written), a sample of the rows (as
     * `photo_also_level` is judged) is compressed by the scanline compressor and by libdeflate
     * at `deflate_check_level` (1…12), the rows as they are, and the image is written with
     * libdeflate when its sample is at most `deflate_check_percent` % of the other and the whole
     * stream comes out smaller (the scanline stream is kept otherwise): rows that
     * echo nothing directly above them (a diagonal gradient shifts each row by a pixel; a grid
     * of dots repeats along the row and every few rows) but that a match anywhere in a 32 KiB
     * window finds. 0 never checks. */
    uint32_t deflate_check_permille;
    int deflate_check_level;
    uint32_t deflate_check_percent;
} sc_png_settings;

/* sc_encode_png with the level and filter chosen per image as `settings` says. */
int sc_encode_png_tiered(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                         const sc_png_settings *settings, uint8_t **out, size_t *out_size, char *err, size_t err_size);

/* sc_encode_png_tiered over rows that need not lie one stride apart: row y is `width` pixels
 * at pixel_rows[y] (4-byte aligned). Rows may share memory: a row whose pointer is the row
 * above's is known to repeat it without comparing them (a canvas's rows not yet drawn on,
 * which all show its one background colour). The same pixels give the same bytes as
 * sc_encode_png_tiered. */
int sc_encode_png_rows(const uint8_t *const *pixel_rows, uint32_t width, uint32_t height, const sc_png_settings *settings,
                       uint8_t **out, size_t *out_size, char *err, size_t err_size);

/* Chroma subsampling of a JPEG: 4:4:4 keeps colour at full resolution (sharp coloured edges),
 * 4:2:0 halves it both ways (smaller, smears the colour of thin strokes). */
enum {
    SC_JPEG_SUBSAMPLING_444 = 0,
    SC_JPEG_SUBSAMPLING_422 = 1,
    SC_JPEG_SUBSAMPLING_420 = 2
};

/* The Huffman tables a JPEG's entropy coding uses. The decoded pixels are the same either way
 * (Huffman coding is lossless); only the file's size and the encode's time differ. */
enum {
    /* The tables of the JPEG specification's Annex K (libjpeg's and Pillow's default): one
     * pass over the image. */
    SC_JPEG_TABLES_STANDARD = 0,
    /* Tables built from this image's own symbol statistics: a second, scalar pass over the
     * coefficients that costs about 0.7-0.9 times the rest of the encode, for a smaller file. */
    SC_JPEG_TABLES_OPTIMIZED = 1
};

/* Writes a baseline JFIF JPEG (YCbCr) at `quality` 1…100 with `huffman_tables` (one of
 * SC_JPEG_TABLES_*). */
int sc_encode_jpeg(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                   int quality, int subsampling, int huffman_tables,
                   uint8_t **out, size_t *out_size, char *err, size_t err_size);

/* An image of at least 512 × 512 pixels with the standard tables is encoded in horizontal
 * strips, two threads at a time, and written as the one file libjpeg writes with a restart
 * marker between strips: the restart interval (MCUs) sc_encode_jpeg uses for such an image, 0
 * when it uses none. The bytes do not depend on how many threads ran. */
unsigned sc_encode_jpeg_restart_interval(uint32_t width, uint32_t height, int subsampling, int huffman_tables);

/* For tests of the strips: sc_encode_jpeg's encoding in one libjpeg pass, with
 * `restart_interval` (0…65535) MCUs between restart markers. */
int sc_encode_jpeg_with_restarts(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                                 int quality, int subsampling, int huffman_tables, unsigned restart_interval,
                                 uint8_t **out, size_t *out_size, char *err, size_t err_size);

/* Writes a WebP: lossless when `lossless` is non-zero (then `quality` 0…100 is the effort),
 * lossy at `quality` 0…100 otherwise (with libwebp's sharp RGB→YUV conversion, which keeps
 * coloured edges crisper). `method` 0 (fastest) … 6 (smallest). Images are at most
 * 16383 pixels a side. */
int sc_encode_webp(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                   int lossless, int quality, int method,
                   uint8_t **out, size_t *out_size, char *err, size_t err_size);

/* The scanline compressor alone, for tests: `count` rows of `row_bytes` bytes (filter byte
 * included) of pixels `pixel_bytes` wide (1…8) into a zlib stream, as a card's rows (`photo` 0)
 * or a photo's (1; SC_PNG_LEVEL_RUN_BLOCKS). It skips bytes where it can show that no match
 * starts; `byte_by_byte` 1 looks at every byte, for the same stream. 0 and the stream (free with
 * sc_encode_free), or -1 for bad arguments or when memory runs out. */
int sc_deflate_scanlines(const uint8_t *rows, size_t row_bytes, size_t count, size_t pixel_bytes, int photo, int byte_by_byte,
                         uint8_t **out, size_t *out_size);

void sc_encode_free(void *buffer);

#ifdef __cplusplus
}
#endif
#endif
