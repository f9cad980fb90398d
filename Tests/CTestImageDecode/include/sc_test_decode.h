#ifndef SC_TEST_DECODE_H
#define SC_TEST_DECODE_H
/* Test-only JPEG and WebP decoders (libjpeg-turbo, libwebp), to check what CImageEncode
 * writes. Each returns 0 and a malloc'ed buffer of B, G, R, A bytes (rows packed, alpha 255)
 * with its size, or -1 when the data does not decode. Free with free(). */
#include <stddef.h>
#include <stdint.h>

int sc_test_decode_jpeg(const uint8_t *data, size_t size, uint8_t **out, uint32_t *width, uint32_t *height);
int sc_test_decode_webp(const uint8_t *data, size_t size, uint8_t **out, uint32_t *width, uint32_t *height);
void sc_test_decode_free(void *buffer);
#endif
