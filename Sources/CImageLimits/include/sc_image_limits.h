#ifndef SC_IMAGE_LIMITS_H
#define SC_IMAGE_LIMITS_H
/* The wording of a declared image size that crosses a limit, shared by the PNG reader of
 * templates (CPNG) and the photo decoders (CImageDecode). */
#include <stddef.h>
#include <stdint.h>

/* 0 when a w × h image is within max_w × max_h and max_pixels. Otherwise 1, with a message
 * in `message` naming the one limit crossed: "<format> declares W×H pixels, over the limit of
 * N pixels a side" (or "wide", "high"), or "…, P in all, over the limit of M in all", so that
 * no reader takes the pair of limits for a product. */
int sc_declared_size_excess(const char *format, uint32_t w, uint32_t h, uint32_t max_w, uint32_t max_h, uint64_t max_pixels,
                            char *message, size_t message_size);

#endif
