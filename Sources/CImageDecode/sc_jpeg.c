/* JPEG decoding with libjpeg-turbo. libjpeg reports fatal errors through error_exit, which
 * must not return: ours longjmps back to the setjmp of the thread's own decoder (in
 * sc_image_decode_jpeg, or in decode_lower_rows), with only C frames in between. Everything
 * allocated is reachable from `state` so the jump cannot leak. */
#include "sc_image_internal.h"
#include "sc_photo_libraries.h"

#include <stdio.h> /* jpeglib.h needs FILE */
#include <jpeglib.h>
#include <jerror.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* More scans than any real progressive JPEG has (libjpeg-turbo's advice against CPU bombs). */
#define SC_JPEG_MAX_SCANS 500

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    int truncated;
} error_state;

typedef struct {
    struct jpeg_progress_mgr progress;
    int too_many_scans;
} progress_state;

static void on_error_exit(j_common_ptr cinfo) {
    error_state *state = (error_state *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, state->message);
    longjmp(state->jump, 1);
}

/* Warnings libjpeg would print and carry on from. Truncation and corrupt entropy data are
 * errors here: a photo with a grey lower half is not a correct card. That includes a scan
 * cut short by a marker (JWRN_HIT_MARKER: a file truncated and given its EOI again, or one
 * whose frame declares more rows than its data holds) and a restart marker out of its place;
 * bytes padded before a marker (JWRN_EXTRANEOUS_DATA), which some cameras write, are not. */
static void on_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    error_state *state = (error_state *)cinfo->err;
    int code = cinfo->err->msg_code;
    if (code == JWRN_JPEG_EOF || code == JWRN_HUFF_BAD_CODE || code == JWRN_ARITH_BAD_CODE || code == JWRN_HIT_MARKER
        || code == JWRN_MUST_RESYNC || code == JWRN_NOT_SEQUENTIAL || code == JWRN_BOGUS_PROGRESSION) {
        if (code == JWRN_JPEG_EOF) state->truncated = 1;
        (*cinfo->err->format_message)(cinfo, state->message);
        longjmp(state->jump, 1);
    }
}

static void on_progress(j_common_ptr cinfo) {
    progress_state *state = (progress_state *)cinfo->progress;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->input_scan_number > SC_JPEG_MAX_SCANS) {
        state->too_many_scans = 1;
        ERREXIT(cinfo, JERR_NOT_COMPILED); /* any fatal code: our message is set below */
    }
}

/* The first APP1 marker holding EXIF, or NULL. */
static const jpeg_saved_marker_ptr exif_marker(j_decompress_ptr cinfo) {
    for (jpeg_saved_marker_ptr m = cinfo->marker_list; m; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length >= 6 && memcmp(m->data, "Exif\0\0", 6) == 0) return m;
    }
    return NULL;
}

/* A large baseline JPEG is decoded by two decompressors over the same bytes: the calling
 * thread's takes the upper rows, a second thread's skips them (libjpeg-turbo's
 * jpeg_skip_scanlines still reads their entropy-coded data, but neither transforms nor
 * converts it, which is about half of a row's cost) and takes the rest, so the upper part is
 * the larger. The rows are the ones one decompressor gives: libjpeg-turbo resumes with the
 * upsampling context a sequential read would have. */
#define SC_JPEG_SPLIT_MIN_PIXELS (512u * 512u)
#define SC_JPEG_UPPER_SIXTEENTHS 11

/* The lower rows' job: the same decoding settings as the calling thread's, rows from `first`
 * to the end written into `target` (`row_bytes` a row). */
typedef struct {
    struct jpeg_decompress_struct cinfo;
    const uint8_t *data;
    size_t size;
    unsigned int scale_num;
    J_DCT_METHOD dct_method;
    boolean fancy_upsampling;
    J_COLOR_SPACE out_color_space;
    long max_memory;
    uint32_t width, height, first;
    size_t row_bytes;
    uint8_t *target;
    int created;
    int failed;
    error_state errors;
} lower_rows;

static void *decode_lower_rows(void *argument) {
    lower_rows *job = (lower_rows *)argument;
    job->cinfo.err = jpeg_std_error(&job->errors.manager);
    job->errors.manager.error_exit = on_error_exit;
    job->errors.manager.emit_message = on_emit_message;
    if (setjmp(job->errors.jump)) {
        job->failed = 1;
        if (job->created) jpeg_destroy_decompress(&job->cinfo);
        job->created = 0;
        return NULL;
    }
    jpeg_create_decompress(&job->cinfo);
    job->created = 1;
    jpeg_mem_src(&job->cinfo, job->data, (unsigned long)job->size);
    jpeg_read_header(&job->cinfo, TRUE);
    job->cinfo.mem->max_memory_to_use = job->max_memory;
    job->cinfo.scale_num = job->scale_num;
    job->cinfo.scale_denom = 8;
    job->cinfo.dct_method = job->dct_method;
    job->cinfo.do_fancy_upsampling = job->fancy_upsampling;
    job->cinfo.out_color_space = job->out_color_space;
    jpeg_start_decompress(&job->cinfo);
    if (job->cinfo.output_width != job->width || job->cinfo.output_height != job->height) {
        ERREXIT(&job->cinfo, JERR_NOTIMPL); /* the same bytes read the same way: cannot happen */
    }
    jpeg_skip_scanlines(&job->cinfo, job->first);
    while (job->cinfo.output_scanline < job->height) {
        JSAMPROW row = job->target + (size_t)job->cinfo.output_scanline * job->row_bytes;
        jpeg_read_scanlines(&job->cinfo, &row, 1);
    }
    jpeg_finish_decompress(&job->cinfo);
    jpeg_destroy_decompress(&job->cinfo);
    job->created = 0;
    return NULL;
}

typedef struct {
    struct jpeg_decompress_struct cinfo;
    int created;
    lower_rows *lower; /* the second thread's job, while it runs */
    pthread_t lower_thread;
    uint8_t *row_buffer; /* CMYK rows */
    uint8_t *cmyk;       /* whole CMYK image */
    uint32_t *pixels;
    JOCTET *icc;
} decode_state;

/* Waits for the second thread, if one runs: it writes into this decode's memory. Returns
 * whether it failed; if so, and `into` is given, its error (message, code, truncation) is
 * copied there. */
static int join_lower_rows(decode_state *s, error_state *into) {
    if (!s->lower) return 0;
    pthread_join(s->lower_thread, NULL);
    const int failed = s->lower->failed;
    if (failed && into) {
        memcpy(into->message, s->lower->errors.message, sizeof into->message);
        into->manager.msg_code = s->lower->errors.manager.msg_code;
        into->truncated = s->lower->errors.truncated;
    }
    free(s->lower);
    s->lower = NULL;
    return failed;
}

static void release(decode_state *s) {
    join_lower_rows(s, NULL);
    if (s->created) jpeg_destroy_decompress(&s->cinfo);
    free(s->row_buffer);
    free(s->cmyk);
    free(s->pixels);
    free(s->icc);
}

int sc_image_decode_jpeg(const uint8_t *data, size_t size, const sc_image_request *request,
                         sc_image_result *result, char *err, size_t err_size) {
    memset(result, 0, sizeof *result);
    if (!data || size < 4 || data[0] != 0xFF || data[1] != 0xD8) {
        return sc_image_fail(err, err_size, SC_IMAGE_CORRUPT, "not a JPEG file (no SOI marker)");
    }
    if (size > (size_t)0xFFFFFFFF) return sc_image_fail(err, err_size, SC_IMAGE_TOO_LARGE, "JPEG of %zu bytes is too large", size);
    int opened = sc_photo_libraries_open(SC_PHOTO_NEEDS_EXIF | SC_PHOTO_NEEDS_LCMS2, err, err_size);
    if (opened != SC_IMAGE_OK) return opened;

    /* volatile: read after longjmp. */
    decode_state *volatile s = (decode_state *)calloc(1, sizeof(decode_state));
    if (!s) return sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory");
    error_state errors;
    memset(&errors, 0, sizeof errors);
    progress_state progress;
    memset(&progress, 0, sizeof progress);

    s->cinfo.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = on_error_exit;
    errors.manager.emit_message = on_emit_message;
    if (setjmp(errors.jump)) {
        int status = SC_IMAGE_CORRUPT;
        if (progress.too_many_scans) {
            sc_image_fail(err, err_size, status, "corrupt JPEG: more than %d progressive scans", SC_JPEG_MAX_SCANS);
        } else if (errors.truncated) {
            sc_image_fail(err, err_size, status, "truncated JPEG: the data ends before the image does");
        } else if (errors.manager.msg_code == JERR_BAD_PRECISION) {
            /* A valid JPEG of 12- or 16-bit samples, which this libjpeg is built without. */
            status = SC_IMAGE_UNSUPPORTED;
            sc_image_fail(err, err_size, status, "a JPEG of %d-bit samples (only 8-bit JPEGs are read)",
                          s->cinfo.data_precision);
        } else if (errors.manager.msg_code == JERR_OUT_OF_MEMORY) {
            status = SC_IMAGE_NO_MEMORY;
            sc_image_fail(err, err_size, status, "out of memory decoding JPEG: %s", errors.message);
        } else {
            sc_image_fail(err, err_size, status, "corrupt JPEG: %s", errors.message);
        }
        release(s);
        free(s);
        return status;
    }
    jpeg_create_decompress(&s->cinfo);
    s->created = 1;
    progress.progress.progress_monitor = on_progress;
    s->cinfo.progress = &progress.progress;
    jpeg_mem_src(&s->cinfo, data, (unsigned long)size);
    jpeg_save_markers(&s->cinfo, JPEG_APP0 + 1, 0xFFFF); /* EXIF */
    jpeg_save_markers(&s->cinfo, JPEG_APP0 + 2, 0xFFFF); /* ICC */
    jpeg_read_header(&s->cinfo, TRUE);

    const uint32_t w = s->cinfo.image_width, h = s->cinfo.image_height;
    const int within = sc_image_check_declared_size("JPEG", w, h, request, err, err_size);
    if (within != SC_IMAGE_OK) {
        int status = within;
        release(s);
        free(s);
        return status;
    }
    /* Coefficient buffers of a progressive image are held whole; anything past a generous
     * multiple of the pixel limit is refused by libjpeg rather than allocated. */
    s->cinfo.mem->max_memory_to_use = (long)(request->max_pixels * 8 + (64u << 20));

    jpeg_saved_marker_ptr exif = exif_marker(&s->cinfo);
    const int orientation = exif ? sc_exif_orientation(exif->data, exif->data_length) : 1;
    unsigned int icc_length = 0;
    JOCTET *icc = NULL;
    if (jpeg_read_icc_profile(&s->cinfo, &icc, &icc_length)) s->icc = icc;

    /* The target in stored pixels: orientations 5–8 swap the sides. */
    const int transposes = sc_orientation_transposes(orientation);
    const uint32_t tw = transposes ? request->target_height : request->target_width;
    const uint32_t th = transposes ? request->target_width : request->target_height;
    s->cinfo.scale_num = (unsigned int)sc_dct_scale_numerator(w, h, tw, th, request->target_mode);
    s->cinfo.scale_denom = 8;
    s->cinfo.dct_method = JDCT_ISLOW;
    if (s->cinfo.scale_num < 8) {
        /* A reduced decode is resampled again when drawn: the faster integer IDCT and plain
         * chroma replication cost nothing visible there (Pillow's draft mode does the same). */
        s->cinfo.dct_method = JDCT_IFAST;
        s->cinfo.do_fancy_upsampling = FALSE;
    }

    const int cmyk = s->cinfo.jpeg_color_space == JCS_CMYK || s->cinfo.jpeg_color_space == JCS_YCCK;
    if (cmyk) {
        s->cinfo.out_color_space = JCS_CMYK;
    } else if (s->cinfo.num_components == 1 || s->cinfo.num_components == 3) {
        s->cinfo.out_color_space = JCS_EXT_BGRA; /* grey and YCbCr/RGB alike: little-endian ARGB32 */
    } else {
        int status = sc_image_fail(err, err_size, SC_IMAGE_UNSUPPORTED, "JPEG with %d colour components is not supported",
                                   s->cinfo.num_components);
        release(s);
        free(s);
        return status;
    }
    jpeg_start_decompress(&s->cinfo);
    uint32_t ow = s->cinfo.output_width, oh = s->cinfo.output_height;
    s->pixels = (uint32_t *)malloc((size_t)ow * oh * sizeof(uint32_t));
    if (!s->pixels) {
        release(s);
        free(s);
        return sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory for %u×%u pixels", ow, oh);
    }
    if (cmyk) {
        s->cmyk = (uint8_t *)malloc((size_t)ow * oh * 4);
        if (!s->cmyk) {
            release(s);
            free(s);
            return sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory for %u×%u pixels", ow, oh);
        }
    }
    uint8_t *target = cmyk ? s->cmyk : (uint8_t *)s->pixels;
    uint32_t upper_rows = oh;
    if (request->threads != 1 && !jpeg_has_multiple_scans(&s->cinfo) && (uint64_t)ow * oh >= SC_JPEG_SPLIT_MIN_PIXELS) {
        lower_rows *job = (lower_rows *)calloc(1, sizeof *job);
        if (job) {
            job->data = data;
            job->size = size;
            job->scale_num = s->cinfo.scale_num;
            job->dct_method = s->cinfo.dct_method;
            job->fancy_upsampling = s->cinfo.do_fancy_upsampling;
            job->out_color_space = s->cinfo.out_color_space;
            job->max_memory = s->cinfo.mem->max_memory_to_use;
            job->width = ow;
            job->height = oh;
            job->first = (uint32_t)((uint64_t)oh * SC_JPEG_UPPER_SIXTEENTHS / 16);
            job->row_bytes = (size_t)ow * 4;
            job->target = target;
            if (pthread_create(&s->lower_thread, NULL, decode_lower_rows, job) == 0) {
                s->lower = job;
                upper_rows = job->first;
            } else {
                free(job);
            }
        }
    }
    while (s->cinfo.output_scanline < upper_rows) {
        JSAMPROW row = target + (size_t)s->cinfo.output_scanline * ow * 4;
        jpeg_read_scanlines(&s->cinfo, &row, 1);
    }
    if (upper_rows < oh) {
        /* The rest is the second decompressor's, which reads to the end of the file. */
        jpeg_abort_decompress(&s->cinfo);
        if (join_lower_rows(s, &errors)) longjmp(errors.jump, 1);
    } else {
        jpeg_finish_decompress(&s->cinfo);
    }

    int profile = SC_PROFILE_NONE;
    if (cmyk) {
        /* Photoshop (and every writer of the Adobe marker) stores CMYK inverted, and so do
         * the files that lost the marker on the way: Pillow ("assume adobe conventions") and
         * browsers read every CMYK JPEG as inverted, and read the other way one is black. */
        int converted = 0;
        sc_cmyk_to_bgra(s->cmyk, s->pixels, (size_t)ow * oh, s->icc, icc_length, &converted);
        profile = converted ? SC_PROFILE_CONVERTED : s->icc ? SC_PROFILE_IGNORED : SC_PROFILE_NONE;
    } else if (s->icc && s->cinfo.num_components == 3) {
        profile = sc_rgb_profile_to_srgb(s->pixels, (size_t)ow * oh, s->icc, icc_length);
    } else if (s->icc && s->cinfo.num_components == 1) {
        /* A grey profile converts; sRGB's own on a grey image needs nothing. */
        profile = sc_icc_grey_to_srgb(s->pixels, (size_t)ow * oh, s->icc, icc_length) == 0 ? SC_PROFILE_CONVERTED
                  : sc_icc_is_srgb(s->icc, icc_length) == 1                                 ? SC_PROFILE_NONE
                                                                                            : SC_PROFILE_IGNORED;
    }
    uint32_t *pixels = s->pixels;
    if (sc_apply_orientation(&pixels, &ow, &oh, orientation) != 0) {
        release(s);
        free(s);
        return sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory turning the image upright");
    }
    s->pixels = NULL; /* ownership passes to the result */
    release(s);
    free(s);
    sc_image_set_result(result, pixels, ow, oh, w, h, orientation, profile);
    return SC_IMAGE_OK;
}
