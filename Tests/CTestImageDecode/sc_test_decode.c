#include "sc_test_decode.h"

#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <webp/decode.h>
#include <zlib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
} error_manager;

static void on_error(j_common_ptr info) { longjmp(((error_manager *)info->err)->jump, 1); }

int sc_test_decode_jpeg(const uint8_t *data, size_t size, uint8_t **out, uint32_t *width, uint32_t *height) {
    struct jpeg_decompress_struct *info = calloc(1, sizeof *info);
    error_manager *errors = calloc(1, sizeof *errors);
    uint8_t **pixels = calloc(1, sizeof *pixels);
    if (!info || !errors || !pixels) { free(info); free(errors); free(pixels); return -1; }
    info->err = jpeg_std_error(&errors->base);
    errors->base.error_exit = on_error;
    if (setjmp(errors->jump)) {
        jpeg_destroy_decompress(info);
        free(*pixels); free(info); free(errors); free(pixels);
        return -1;
    }
    jpeg_create_decompress(info);
    jpeg_mem_src(info, data, (unsigned long)size);
    jpeg_read_header(info, TRUE);
    info->out_color_space = JCS_EXT_BGRA;
    jpeg_start_decompress(info);
    *pixels = malloc((size_t)info->output_width * info->output_height * 4);
    if (!*pixels) longjmp(errors->jump, 1);
    while (info->output_scanline < info->output_height) {
        JSAMPROW row = *pixels + (size_t)info->output_scanline * info->output_width * 4;
        jpeg_read_scanlines(info, &row, 1);
    }
    jpeg_finish_decompress(info);
    *out = *pixels;
    *width = info->output_width;
    *height = info->output_height;
    jpeg_destroy_decompress(info);
    free(info); free(errors); free(pixels);
    return 0;
}

int sc_test_decode_webp(const uint8_t *data, size_t size, uint8_t **out, uint32_t *width, uint32_t *height) {
    int w = 0, h = 0;
    uint8_t *pixels = WebPDecodeBGRA(data, size, &w, &h);
    if (!pixels) return -1;
    size_t bytes = (size_t)w * h * 4;
    *out = malloc(bytes);
    if (!*out) { WebPFree(pixels); return -1; }
    for (size_t i = 0; i < bytes; i++) (*out)[i] = pixels[i];
    WebPFree(pixels);
    *width = (uint32_t)w;
    *height = (uint32_t)h;
    return 0;
}

void sc_test_decode_free(void *buffer) { free(buffer); }

int sc_test_inflate(const uint8_t *data, size_t size, size_t limit, uint8_t **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (size > UINT_MAX || limit >= UINT_MAX) return -1;
    uint8_t *buffer = (uint8_t *)malloc(limit + 1);
    if (!buffer) return -1;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) {
        free(buffer);
        return -1;
    }
    z.next_in = (Bytef *)(uintptr_t)data;
    z.avail_in = (uInt)size;
    z.next_out = buffer;
    z.avail_out = (uInt)(limit + 1);
    const int status = inflate(&z, Z_FINISH);
    const size_t produced = (size_t)z.total_out;
    const int rest = z.avail_in != 0;
    inflateEnd(&z);
    if (status != Z_STREAM_END || rest || produced > limit) {
        free(buffer);
        return -1;
    }
    *out = buffer;
    *out_size = produced;
    return 0;
}
