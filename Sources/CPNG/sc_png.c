#include "sc_png.h"

#include <png.h>
#include <setjmp.h>
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

int sc_png_encode_bgrx(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride_bytes,
                       int zlib_level, int filters, int strategy,
                       uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    *out = NULL;
    *out_size = 0;
    if (width == 0 || height == 0) {
        set_error(err, err_size, "image has no pixels");
        return -1;
    }
    error_slot slot = {err, err_size};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &slot, on_png_error, on_png_warning);
    if (!png) {
        set_error(err, err_size, "cannot create PNG writer");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    /* volatile: modified between setjmp and a possible longjmp. */
    byte_sink sink = {NULL, 0, 0, 0};
    png_bytep *volatile rows = NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        set_error(err, err_size, "cannot create PNG info");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        free((void *)rows);
        free(sink.data);
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
    if (!rows) png_error(png, "out of memory while encoding PNG");
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(pixels + (size_t)y * stride_bytes);

    png_set_write_fn(png, &sink, sink_write, sink_flush);
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

    free((void *)rows);
    png_destroy_write_struct(&png, &info);
    *out = sink.data;
    *out_size = sink.size;
    return 0;
}

int sc_png_decode_bgra(const uint8_t *data, size_t size,
                       uint32_t max_width, uint32_t max_height, uint64_t max_pixels,
                       uint8_t **out, uint32_t *width, uint32_t *height,
                       char *err, size_t err_size) {
    *out = NULL;
    *width = 0;
    *height = 0;
    if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
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
    size_t bytes = (size_t)PNG_IMAGE_SIZE(image);
    uint8_t *pixels = (uint8_t *)malloc(bytes);
    if (!pixels) {
        set_error(err, err_size, "out of memory while decoding PNG");
        png_image_free(&image);
        return -1;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
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
