/* JPEG writer over libjpeg-turbo, which reads B, G, R, X pixels directly (JCS_EXT_BGRX).
 * libjpeg reports errors by calling error_exit, which must not return: it longjmps back
 * here, and nothing outside this file sees it. Large images with the standard tables are
 * encoded in strips (sc_encode_jpeg_strips.c). */
#include "sc_encode.h"
#include "sc_encode_internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} error_manager;

static void on_jpeg_error(j_common_ptr info) {
    error_manager *manager = (error_manager *)info->err;
    info->err->format_message(info, manager->message);
    longjmp(manager->jump, 1);
}

static void on_jpeg_message(j_common_ptr info) { (void)info; }

/* One libjpeg pass over `height` rows of already checked arguments; `restart_interval` MCUs
 * between restart markers (0: none). */
int sc_jpeg_encode_pass(const uint8_t *pixels, size_t stride_bytes, uint32_t width, uint32_t height, int quality, int subsampling,
                        int huffman_tables, unsigned restart_interval, uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    *out = NULL;
    *out_size = 0;
    /* Read after a longjmp back to the setjmp below, so on the heap or volatile. */
    struct jpeg_compress_struct *info = (struct jpeg_compress_struct *)calloc(1, sizeof *info);
    error_manager *errors = (error_manager *)calloc(1, sizeof *errors);
    unsigned char **buffer = (unsigned char **)calloc(1, sizeof *buffer);
    unsigned long *size = (unsigned long *)calloc(1, sizeof *size);
    if (!info || !errors || !buffer || !size) {
        free(info); free(errors); free(buffer); free(size);
        sc_encode_set_error(err, err_size, "out of memory while encoding JPEG");
        return -1;
    }
    info->err = jpeg_std_error(&errors->base);
    errors->base.error_exit = on_jpeg_error;
    errors->base.output_message = on_jpeg_message;
    if (setjmp(errors->jump)) {
        jpeg_destroy_compress(info);
        sc_encode_set_error(err, err_size, errors->message);
        free(*buffer);
        free(info); free(errors); free(buffer); free(size);
        return -1;
    }
    jpeg_create_compress(info);
    jpeg_mem_dest(info, buffer, size);
    info->image_width = width;
    info->image_height = height;
    info->input_components = 4;
    info->in_color_space = JCS_EXT_BGRX;
    jpeg_set_defaults(info);
    jpeg_set_quality(info, quality, TRUE);
    /* jpeg_set_defaults chose the standard tables; optimised ones take a statistics pass over
     * the coefficients that libjpeg-turbo does not vectorise (the caller weighs it). */
    info->optimize_coding = huffman_tables == SC_JPEG_TABLES_OPTIMIZED ? TRUE : FALSE;
    info->restart_interval = restart_interval;
    info->comp_info[0].h_samp_factor = subsampling == SC_JPEG_SUBSAMPLING_444 ? 1 : 2;
    info->comp_info[0].v_samp_factor = subsampling == SC_JPEG_SUBSAMPLING_420 ? 2 : 1;
    for (int i = 1; i < 3; i++) info->comp_info[i].h_samp_factor = info->comp_info[i].v_samp_factor = 1;
    jpeg_start_compress(info, TRUE);
    while (info->next_scanline < info->image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info->next_scanline * stride_bytes);
        jpeg_write_scanlines(info, &row, 1);
    }
    jpeg_finish_compress(info);
    jpeg_destroy_compress(info);
    *out = *buffer;
    *out_size = (size_t)*size;
    free(info); free(errors); free(buffer); free(size);
    if (!*out || *out_size == 0) {
        free(*out);
        *out = NULL;
        *out_size = 0;
        sc_encode_set_error(err, err_size, "JPEG encoder wrote nothing");
        return -1;
    }
    return 0;
}

/* The checks sc_encode_jpeg and sc_encode_jpeg_with_restarts share. */
static int check_jpeg_arguments(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                                int quality, int subsampling, int huffman_tables, uint8_t **out, size_t *out_size, char *err,
                                size_t err_size) {
    if (sc_encode_check(pixels, pixels_size, width, height, stride_bytes, JPEG_MAX_DIMENSION, out, out_size, err, err_size) != 0) return -1;
    if (quality < 1 || quality > 100 || subsampling < SC_JPEG_SUBSAMPLING_444 || subsampling > SC_JPEG_SUBSAMPLING_420) {
        sc_encode_set_error(err, err_size, "invalid JPEG quality (1…100) or chroma subsampling");
        return -1;
    }
    if (huffman_tables != SC_JPEG_TABLES_STANDARD && huffman_tables != SC_JPEG_TABLES_OPTIMIZED) {
        sc_encode_set_error(err, err_size, "invalid JPEG Huffman tables (standard or optimized)");
        return -1;
    }
    return 0;
}

int sc_encode_jpeg(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                   int quality, int subsampling, int huffman_tables,
                   uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    if (check_jpeg_arguments(pixels, pixels_size, width, height, stride_bytes, quality, subsampling, huffman_tables, out, out_size, err,
                             err_size) != 0) {
        return -1;
    }
    const sc_jpeg_strip_plan plan = sc_jpeg_strip_plan_for(width, height, subsampling, huffman_tables);
    if (plan.strips > 1) {
        return sc_jpeg_encode_strips(&plan, pixels, stride_bytes, width, height, quality, subsampling, out, out_size, err, err_size);
    }
    return sc_jpeg_encode_pass(pixels, stride_bytes, width, height, quality, subsampling, huffman_tables, 0, out, out_size, err, err_size);
}

unsigned sc_encode_jpeg_restart_interval(uint32_t width, uint32_t height, int subsampling, int huffman_tables) {
    const sc_jpeg_strip_plan plan = sc_jpeg_strip_plan_for(width, height, subsampling, huffman_tables);
    return plan.strips > 1 ? plan.restart_interval : 0;
}

int sc_encode_jpeg_with_restarts(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                                 int quality, int subsampling, int huffman_tables, unsigned restart_interval,
                                 uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    if (check_jpeg_arguments(pixels, pixels_size, width, height, stride_bytes, quality, subsampling, huffman_tables, out, out_size, err,
                             err_size) != 0) {
        return -1;
    }
    if (restart_interval > 65535) {
        sc_encode_set_error(err, err_size, "JPEG restart interval over 65535 MCUs");
        return -1;
    }
    return sc_jpeg_encode_pass(pixels, stride_bytes, width, height, quality, subsampling, huffman_tables, restart_interval, out, out_size,
                               err, err_size);
}
