#include "sc_png.h"
#include "sc_image_limits.h"

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

/* ---- Row by row. */

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t at;
} memory_source;

static void source_read(png_structp png, png_bytep out, png_size_t need) {
    memory_source *source = (memory_source *)png_get_io_ptr(png);
    if (need > source->size - source->at) png_error(png, "read beyond end of data"); /* the simplified reader's words */
    memcpy(out, source->data + source->at, need);
    source->at += need;
}

/* The transforms libpng's simplified reader sets for PNG_FORMAT_BGRA with
 * PNG_IMAGE_FLAG_16BIT_sRGB (png_image_read_direct in libpng 1.6, for 8-bit sRGB output with
 * alpha), in its order, so every pixel comes out as that reader gives it. The reader itself is
 * not used: Debian's 1.6.39-2+deb12u4 scales an interlaced 16-bit file's rows through a buffer
 * that loses the earlier passes' pixels (libpng issue #853; PngSuite's basi2c16 read so is
 * wrong in about half its samples). Without gAMA or sRGB, 16-bit samples are read as sRGB,
 * like 8-bit ones: libpng would otherwise take them as linear light, which is how no viewer
 * shows them. A file that states its gamma is converted by that gamma. */
static void set_bgra_transforms(png_structp png, png_infop info) {
    const png_byte color_type = png_get_color_type(png, info);
    const int has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    png_set_expand(png);
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    /* The input's default gamma: sRGB, 16-bit samples included. */
    png_set_alpha_mode_fixed(png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
    if (png_get_bit_depth(png, info) == 16) png_set_scale_16(png);
    if (!has_alpha) png_set_add_alpha(png, 255, PNG_FILLER_AFTER);
    /* The output's gamma. */
    png_set_alpha_mode_fixed(png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
    png_set_bgr(png);
}

/* Every chunk the pixels do not depend on is skipped unread, before the image data as after
 * it: libpng would otherwise inflate each zTXt and iTXt chunk (up to 8 MB apiece), so that a
 * 2 MB photo holding 300 of them before its IDAT took 9 s to decode, and a 10 MiB upload about
 * 40. Kept: the colour chunks the transforms read, and tRNS (the palette's or a colour's
 * transparency); the critical chunks cannot be skipped. Set before `png_read_info`. */
static void skip_unused_chunks(png_structp png) {
    static const png_byte used[] = {'b', 'K', 'G', 'D', 0, 'c', 'H', 'R', 'M', 0, 'g', 'A', 'M', 'A', 0,
                                    'i', 'C', 'C', 'P', 0, 's', 'B', 'I', 'T', 0, 's', 'R', 'G', 'B', 0,
                                    't', 'R', 'N', 'S', 0};
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_AS_DEFAULT, used, (int)(sizeof used / 5));
}

int sc_png_read_rows(const uint8_t *data, size_t size, uint32_t max_width, uint32_t max_height, uint64_t max_pixels,
                     const sc_png_row_reader *reader, char *err, size_t err_size) {
    if (!data || size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        set_error(err, err_size, "not a PNG file (bad signature)");
        return -1;
    }
    error_slot slot = {err, err_size};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &slot, on_png_error, on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        set_error(err, err_size, "out of memory while decoding PNG");
        return -1;
    }
    memory_source source = {data, size, 0};
    uint8_t *volatile row = NULL;
    volatile int status = 0;
    if (setjmp(png_jmpbuf(png))) {
        status = -1;
    } else {
        png_set_read_fn(png, &source, source_read);
        png_set_benign_errors(png, 1);
        skip_unused_chunks(png);
        png_read_info(png, info);
        const uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
        char message[160];
        if (sc_declared_size_excess("PNG", width, height, max_width, max_height, max_pixels, message, sizeof message)) {
            png_error(png, message);
        }
        set_bgra_transforms(png, info);
        png_read_update_info(png, info);
        if (png_get_bit_depth(png, info) != 8 || png_get_channels(png, info) != 4 ||
            png_get_rowbytes(png, info) != (size_t)width * 4) {
            png_error(png, "png_read_image: invalid transformations");
        }
        const int interlaced = png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7;
        status = reader->begin(reader->context, width, height, interlaced);
        if (status == 0) row = (uint8_t *)malloc((size_t)width * 4);
        if (status == 0 && !row) png_error(png, "out of memory while decoding PNG");
        /* Without interlace handling libpng hands over each Adam7 pass's own rows (passes
         * with no pixels skipped); the pass and row number say where they belong. */
        uint64_t rows = height;
        if (interlaced) {
            rows = 0;
            for (int pass = 0; pass < 7; pass++) {
                if (PNG_PASS_COLS(width, pass) > 0) rows += PNG_PASS_ROWS(height, pass);
            }
        }
        for (uint64_t i = 0; i < rows && status == 0; i++) {
            const int pass = interlaced ? png_get_current_pass_number(png) : 0;
            const uint32_t pass_row = png_get_current_row_number(png);
            png_read_row(png, row, NULL);
            if (interlaced) {
                status = reader->row(reader->context, PNG_ROW_FROM_PASS_ROW(pass_row, pass), PNG_PASS_START_COL(pass),
                                     1u << PNG_PASS_COL_SHIFT(pass), row, PNG_PASS_COLS(width, pass));
            } else {
                status = reader->row(reader->context, pass_row, 0, 1, row, width);
            }
        }
    }
    free(row);
    png_destroy_read_struct(&png, &info, NULL);
    return status;
}

/* ---- Whole. */

typedef struct {
    uint8_t *pixels;
    uint32_t width, height;
} whole_image;

enum { WHOLE_NO_MEMORY = 1, WHOLE_TOO_LARGE = 2 };

static int whole_begin(void *context, uint32_t width, uint32_t height, int interlaced) {
    (void)interlaced;
    whole_image *image = (whole_image *)context;
    if (width > 0x7FFFFFFF / 4 || (uint64_t)width * 4 * height > SIZE_MAX) return WHOLE_TOO_LARGE;
    const size_t bytes = (size_t)width * 4 * height;
    image->pixels = (uint8_t *)malloc(bytes ? bytes : 1);
    image->width = width;
    image->height = height;
    return image->pixels ? 0 : WHOLE_NO_MEMORY;
}

static int whole_row(void *context, uint32_t y, uint32_t x0, uint32_t dx, uint8_t *bgra, uint32_t count) {
    whole_image *image = (whole_image *)context;
    uint8_t *row = image->pixels + (size_t)y * image->width * 4;
    if (dx == 1) {
        memcpy(row + (size_t)x0 * 4, bgra, (size_t)count * 4);
    } else {
        for (uint32_t i = 0; i < count; i++) memcpy(row + ((size_t)x0 + (size_t)i * dx) * 4, bgra + (size_t)i * 4, 4);
    }
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
    whole_image image = {NULL, 0, 0};
    const sc_png_row_reader reader = {whole_begin, whole_row, &image};
    const int status = sc_png_read_rows(data, size, max_width, max_height, max_pixels, &reader, err, err_size);
    if (status != 0) {
        if (status == WHOLE_NO_MEMORY) set_error(err, err_size, "out of memory while decoding PNG");
        if (status == WHOLE_TOO_LARGE) set_error(err, err_size, "PNG is too large to decode in memory");
        free(image.pixels);
        return -1;
    }
    *out = image.pixels;
    *width = image.width;
    *height = image.height;
    return 0;
}

void sc_png_free(void *buffer) { free(buffer); }
