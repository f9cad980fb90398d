#include "sc_png.h"

#include <png.h>
#include <zlib.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int failed;
} byte_sink;

typedef struct {
    char *err;
    size_t err_size;
} error_slot;

static void set_error(char *err, size_t err_size, const char *message) {
    if (err && err_size > 0) {
        snprintf(err, err_size, "%s", message);
    }
}

static void on_png_error(png_structp png, png_const_charp message) {
    error_slot *slot = (error_slot *)png_get_error_ptr(png);
    if (slot) set_error(slot->err, slot->err_size, message);
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void sink_write(png_structp png, png_bytep bytes, png_size_t length) {
    byte_sink *sink = (byte_sink *)png_get_io_ptr(png);
    if (sink->failed) return;
    if (length > SIZE_MAX / 2 - sink->size) {
        sink->failed = 1;
        png_error(png, "PNG too large to hold in memory");
        return;
    }
    if (sink->size + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 16384;
        while (capacity < sink->size + length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(sink->data, capacity);
        if (!grown) {
            sink->failed = 1;
            png_error(png, "out of memory while encoding PNG");
            return;
        }
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->size, bytes, length);
    sink->size += length;
}

static void sink_flush(png_structp png) { (void)png; }

/* Checks the arguments every encoder shares; 0 when they describe a readable image. */
static int check_pixels(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height,
                        size_t stride_bytes, uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    if (!out || !out_size) {
        set_error(err, err_size, "no place for the encoded PNG");
        return -1;
    }
    *out = NULL;
    *out_size = 0;
    if (width == 0 || height == 0) {
        set_error(err, err_size, "image has no pixels");
        return -1;
    }
    if (width > 0x7FFFFFFF / 4) {
        set_error(err, err_size, "image is too wide for PNG");
        return -1;
    }
    const size_t row_bytes = (size_t)width * 4;
    if (!pixels || stride_bytes < row_bytes || (size_t)(height - 1) > (SIZE_MAX - row_bytes) / stride_bytes ||
        (size_t)(height - 1) * stride_bytes + row_bytes > pixels_size) {
        set_error(err, err_size, "pixel buffer is smaller than width, height and stride say");
        return -1;
    }
    return 0;
}

int sc_png_encode_bgrx(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                       int zlib_level, int filters, int strategy,
                       uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    if (check_pixels(pixels, pixels_size, width, height, stride_bytes, out, out_size, err, err_size) != 0) return -1;
    if (zlib_level < 0 || zlib_level > 9 || (filters & ~SC_PNG_FILTER_ALL) != 0 || filters == 0 ||
        strategy < SC_PNG_STRATEGY_DEFAULT || strategy > SC_PNG_STRATEGY_RLE) {
        set_error(err, err_size, "invalid zlib level, row filter or strategy");
        return -1;
    }
    /* Everything read after a longjmp back to the setjmp below is either volatile or on the
     * heap: a non-volatile local changed after setjmp has an indeterminate value there. */
    byte_sink *volatile sink = (byte_sink *)calloc(1, sizeof(byte_sink));
    png_bytep *volatile rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
    error_slot *volatile slot = (error_slot *)malloc(sizeof(error_slot));
    if (!sink || !rows || !slot) {
        free(sink);
        free((void *)rows);
        free(slot);
        set_error(err, err_size, "out of memory while encoding PNG");
        return -1;
    }
    slot->err = err;
    slot->err_size = err_size;
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(pixels + (size_t)y * stride_bytes);

    png_structp volatile png = png_create_write_struct(PNG_LIBPNG_VER_STRING, slot, on_png_error, on_png_warning);
    png_infop volatile info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_structp p = png;
        png_infop i = info;
        if (p) png_destroy_write_struct(&p, i ? &i : NULL);
        free(sink);
        free((void *)rows);
        free(slot);
        set_error(err, err_size, "cannot create the PNG writer");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_structp p = png;
        png_infop i = info;
        png_destroy_write_struct(&p, &i);
        free(sink->data);
        free(sink);
        free((void *)rows);
        free(slot);
        return -1;
    }
    png_set_write_fn(png, sink, sink_write, sink_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, zlib_level);
    png_set_compression_strategy(png, strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    png_set_bgr(png);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
    png_write_image(png, rows);
    png_write_end(png, NULL);

    png_structp p = png;
    png_infop i = info;
    png_destroy_write_struct(&p, &i);
    free((void *)rows);
    free(slot);
    if (sink->failed || sink->size == 0) {
        free(sink->data);
        free(sink);
        set_error(err, err_size, "out of memory while encoding PNG");
        return -1;
    }
    *out = sink->data;
    *out_size = sink->size;
    free(sink);
    return 0;
}

int sc_png_decode_bgra(const uint8_t *data, size_t size,
                       uint32_t max_width, uint32_t max_height, uint64_t max_pixels,
                       uint8_t **out, uint32_t *width, uint32_t *height,
                       char *err, size_t err_size) {
    if (!out || !width || !height) {
        set_error(err, err_size, "no place for the decoded image");
        return -1;
    }
    *out = NULL;
    *width = 0;
    *height = 0;
    if (!data || size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        set_error(err, err_size, "not a PNG file (bad signature)");
        return -1;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        set_error(err, err_size, image.message);
        png_image_free(&image);
        return -1;
    }
    if (image.width > max_width || image.height > max_height ||
        (uint64_t)image.width * (uint64_t)image.height > max_pixels) {
        char message[160];
        snprintf(message, sizeof message, "PNG is %ux%u pixels, over the limit of %ux%u and %llu pixels",
                 image.width, image.height, max_width, max_height, (unsigned long long)max_pixels);
        set_error(err, err_size, message);
        png_image_free(&image);
        return -1;
    }
    image.format = PNG_FORMAT_BGRA;
    /* Without gAMA or sRGB, libpng takes 16-bit samples as linear light, which is how no
     * viewer shows them (the PNG specification's default is sRGB-like): read them as sRGB,
     * like 8-bit ones. A file that states its gamma is still converted by that gamma. */
    image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    /* libpng's PNG_IMAGE_SIZE multiplies in 32 bits and wraps above 4 GiB: compute the size
     * here, with the row stride libpng is then told to use. */
    if (image.width > 0x7FFFFFFF / 4 || (uint64_t)image.width * 4 * image.height > SIZE_MAX) {
        set_error(err, err_size, "PNG is too large to decode in memory");
        png_image_free(&image);
        return -1;
    }
    const png_int_32 row_stride = (png_int_32)(image.width * 4);
    size_t bytes = (size_t)image.width * 4 * image.height;
    uint8_t *pixels = (uint8_t *)malloc(bytes ? bytes : 1);
    if (!pixels) {
        set_error(err, err_size, "out of memory while decoding PNG");
        png_image_free(&image);
        return -1;
    }
    if (!png_image_finish_read(&image, NULL, pixels, row_stride, NULL)) {
        set_error(err, err_size, image.message);
        free(pixels);
        png_image_free(&image);
        return -1;
    }
    *out = pixels;
    *width = image.width;
    *height = image.height;
    png_image_free(&image);
    return 0;
}

void sc_png_free(void *buffer) { free(buffer); }
