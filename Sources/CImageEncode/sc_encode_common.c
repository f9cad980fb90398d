#include "sc_encode.h"
#include "sc_encode_internal.h"

#include <stdio.h>
#include <stdlib.h>

void sc_encode_set_error(char *err, size_t err_size, const char *message) {
    if (err && err_size > 0) snprintf(err, err_size, "%s", message);
}

int sc_encode_check_size(uint32_t width, uint32_t height, uint32_t max_side, uint8_t **out, size_t *out_size, char *err,
                         size_t err_size) {
    if (!out || !out_size) {
        sc_encode_set_error(err, err_size, "no place for the encoded image");
        return -1;
    }
    *out = NULL;
    *out_size = 0;
    if (width == 0 || height == 0) {
        sc_encode_set_error(err, err_size, "image has no pixels");
        return -1;
    }
    if (width > max_side || height > max_side) {
        char message[96];
        snprintf(message, sizeof message, "image of %ux%u pixels is over this format's limit of %u a side", width, height, max_side);
        sc_encode_set_error(err, err_size, message);
        return -1;
    }
    return 0;
}

int sc_encode_check(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                    uint32_t max_side, uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    if (sc_encode_check_size(width, height, max_side, out, out_size, err, err_size) != 0) return -1;
    const size_t row_bytes = (size_t)width * 4;
    if (((uintptr_t)pixels & 3) != 0 || (stride_bytes & 3) != 0) {
        sc_encode_set_error(err, err_size, "pixel rows must start on 4-byte boundaries");
        return -1;
    }
    if (!pixels || stride_bytes < row_bytes || (size_t)(height - 1) > (SIZE_MAX - row_bytes) / stride_bytes ||
        (size_t)(height - 1) * stride_bytes + row_bytes > pixels_size) {
        sc_encode_set_error(err, err_size, "pixel buffer is smaller than width, height and stride say");
        return -1;
    }
    return 0;
}

void sc_encode_free(void *buffer) { free(buffer); }
