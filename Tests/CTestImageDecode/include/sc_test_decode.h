#ifndef SC_TEST_DECODE_H
#define SC_TEST_DECODE_H
/* Test-only JPEG and WebP decoders (libjpeg-turbo, libwebp), to check what CImageEncode
 * writes. Each returns 0 and a malloc'ed buffer of B, G, R, A bytes (rows packed, alpha 255)
 * with its size, or -1 when the data does not decode. Free with free(). And zlib's inflate,
 * for the streams CImageEncode's own deflate writers make. */
#include <stddef.h>
#include <stdint.h>

int sc_test_decode_jpeg(const uint8_t *data, size_t size, uint8_t **out, uint32_t *width, uint32_t *height);
int sc_test_decode_webp(const uint8_t *data, size_t size, uint8_t **out, uint32_t *width, uint32_t *height);
/* The bytes of a whole zlib stream (header, blocks, Adler-32 checked), at most `limit` of them:
 * 0 and a malloc'ed buffer, or -1 when the stream is invalid, truncated, followed by more
 * data or inflates to more than `limit` bytes. */
int sc_test_inflate(const uint8_t *data, size_t size, size_t limit, uint8_t **out, size_t *out_size);
void sc_test_decode_free(void *buffer);
#endif
