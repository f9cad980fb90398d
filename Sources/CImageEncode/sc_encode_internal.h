#ifndef SC_ENCODE_INTERNAL_H
#define SC_ENCODE_INTERNAL_H
/* Shared by the encoders in this target; not part of its interface. */
#include <stddef.h>
#include <stdint.h>

void sc_encode_set_error(char *err, size_t err_size, const char *message);

/* Checks the output and the size every encoder shares: 0 when the image has pixels and is no
 * wider or taller than max_side, -1 (with a message) otherwise. Clears *out and *out_size. */
int sc_encode_check_size(uint32_t width, uint32_t height, uint32_t max_side, uint8_t **out, size_t *out_size, char *err,
                         size_t err_size);

/* Checks the arguments every encoder shares: 0 when they describe a readable image no wider
 * or taller than max_side, -1 (with a message) otherwise. Clears *out and *out_size. */
int sc_encode_check(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                    uint32_t max_side, uint8_t **out, size_t *out_size, char *err, size_t err_size);

/* A zlib stream of PNG scanlines (sc_deflate_scanlines.c): rows of `row_bytes` bytes (filter
 * byte included) of pixels `pixel_bytes` wide (1…8; 1 for indexed images) added in order, then
 * finished into one malloc'ed buffer (free with free()). A card's rows (`photo` 0) get runs,
 * pixel repeats and copies of the row above, coded in one block; a photo's filtered rows
 * (`photo` 1) runs and pixel repeats only, in blocks of about 16,384 symbols each with Huffman
 * codes of its own, as zlib's run-length strategy codes them.
 * add_row and finish return -1 when memory runs out; begin returns NULL then. */
typedef struct sc_scanlines sc_scanlines;
sc_scanlines *sc_scanlines_begin(size_t row_bytes, size_t pixel_bytes, int photo);
int sc_scanlines_add_row(sc_scanlines *s, const uint8_t *row);
/* Adds a row equal to the one added last, which the caller knows without comparing them
 * (the same pixels, filtered with no filter); -1 before the first row. */
int sc_scanlines_add_same_row(sc_scanlines *s);
int sc_scanlines_finish(sc_scanlines *s, uint8_t **out, size_t *out_size);
void sc_scanlines_free(sc_scanlines *s);
/* One libjpeg pass (sc_encode_jpeg.c) over rows whose arguments sc_encode_jpeg has checked;
 * `restart_interval` MCUs between restart markers, 0 for none. */
int sc_jpeg_encode_pass(const uint8_t *pixels, size_t stride_bytes, uint32_t width, uint32_t height, int quality, int subsampling,
                        int huffman_tables, unsigned restart_interval, uint8_t **out, size_t *out_size, char *err, size_t err_size);

/* How a JPEG is cut into horizontal strips (sc_encode_jpeg_strips.c): `strips` of
 * `rows_per_strip` pixel rows (the last may be shorter), each `restart_interval` MCUs, so
 * that the file is the one libjpeg writes with that restart interval. One strip: no cut. */
typedef struct {
    unsigned strips;
    uint32_t rows_per_strip;
    unsigned restart_interval;
} sc_jpeg_strip_plan;

sc_jpeg_strip_plan sc_jpeg_strip_plan_for(uint32_t width, uint32_t height, int subsampling, int huffman_tables);

/* Encodes the strips of `plan` (standard tables), the later half on a second thread, and
 * joins them into one file: the first strip's headers (its height made the image's, a DRI
 * segment before the SOS), each strip's entropy-coded data with a restart marker between
 * them, then EOI. */
int sc_jpeg_encode_strips(const sc_jpeg_strip_plan *plan, const uint8_t *pixels, size_t stride_bytes, uint32_t width, uint32_t height,
                          int quality, int subsampling, uint8_t **out, size_t *out_size, char *err, size_t err_size);
#endif
