/* A JPEG encoded in horizontal strips on two threads. With fixed Huffman tables, a restart
 * marker makes the entropy coder start afresh (its bits padded with ones to a whole byte, the
 * DC predictions back to zero), just as it is at the start of a file: so a file with a restart
 * marker every strip is the strips' separate files, headers and EOI taken off, joined by the
 * markers. The headers come from the first strip (all strips share every table), with the
 * image's height in the SOF and the DRI segment libjpeg writes before the SOS. */
#include "sc_encode.h"
#include "sc_encode_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A restart interval is a 16-bit count of MCUs (ITU T.81, B.2.4.4). */
enum { MAX_RESTART_INTERVAL = 65535, MIN_STRIPPED_PIXELS = 512 * 512 };

sc_jpeg_strip_plan sc_jpeg_strip_plan_for(uint32_t width, uint32_t height, int subsampling, int huffman_tables) {
    sc_jpeg_strip_plan plan = {1, height, 0};
    if (huffman_tables != SC_JPEG_TABLES_STANDARD || (uint64_t)width * height < MIN_STRIPPED_PIXELS) return plan;
    const uint32_t mcu_width = subsampling == SC_JPEG_SUBSAMPLING_444 ? 8 : 16;
    const uint32_t mcu_height = subsampling == SC_JPEG_SUBSAMPLING_420 ? 16 : 8;
    const uint32_t columns = (width + mcu_width - 1) / mcu_width, rows = (height + mcu_height - 1) / mcu_height;
    if (rows < 2) return plan;
    /* Two strips, or more where half the image's MCUs would not fit one interval. */
    uint32_t rows_per_strip = (rows + 1) / 2;
    for (uint32_t strips = 3; (uint64_t)columns * rows_per_strip > MAX_RESTART_INTERVAL; strips++) {
        rows_per_strip = (rows + strips - 1) / strips;
    }
    plan.strips = (rows + rows_per_strip - 1) / rows_per_strip;
    plan.rows_per_strip = rows_per_strip * mcu_height;
    plan.restart_interval = columns * rows_per_strip;
    return plan;
}

/* Strips first…end-1 of a plan, each its own file. */
typedef struct {
    const sc_jpeg_strip_plan *plan;
    const uint8_t *pixels;
    size_t stride_bytes;
    uint32_t width, height;
    int quality, subsampling;
    unsigned first, end;
    uint8_t **files;
    size_t *sizes;
    int status;
    char err[256];
} strip_job;

static void run_strips(strip_job *job) {
    for (unsigned k = job->first; k < job->end && job->status == 0; k++) {
        const uint32_t top = k * job->plan->rows_per_strip;
        const uint32_t rows = job->height - top < job->plan->rows_per_strip ? job->height - top : job->plan->rows_per_strip;
        job->status = sc_jpeg_encode_pass(job->pixels + (size_t)top * job->stride_bytes, job->stride_bytes, job->width, rows,
                                          job->quality, job->subsampling, SC_JPEG_TABLES_STANDARD, 0, &job->files[k], &job->sizes[k],
                                          job->err, sizeof job->err);
    }
}

static void *run_strips_thread(void *job) {
    run_strips((strip_job *)job);
    return NULL;
}

/* Where a strip's file keeps its height (in the SOF0 segment) and its scan (the SOS marker,
 * and the entropy-coded data after the SOS segment, up to the EOI that ends the file). */
typedef struct {
    size_t height_at, sos_at, data_at, data_end;
} strip_layout;

static int read_layout(const uint8_t *file, size_t size, strip_layout *layout) {
    if (size < 6 || file[0] != 0xFF || file[1] != 0xD8 || file[size - 2] != 0xFF || file[size - 1] != 0xD9) return -1;
    layout->height_at = 0;
    for (size_t at = 2; at + 4 <= size;) {
        if (file[at] != 0xFF) return -1;
        const uint8_t marker = file[at + 1];
        const size_t length = (size_t)file[at + 2] << 8 | file[at + 3];
        if (length < 2 || at + 2 + length > size - 2) return -1;
        if (marker == 0xC0) {
            if (length < 8) return -1;
            layout->height_at = at + 5; /* FF C0, length (2), precision (1), then the height */
        } else if (marker == 0xDA) {
            layout->sos_at = at;
            layout->data_at = at + 2 + length;
            layout->data_end = size - 2;
            return layout->height_at ? 0 : -1;
        }
        at += 2 + length;
    }
    return -1;
}

static int join_strips(const sc_jpeg_strip_plan *plan, uint32_t height, uint8_t *const *files, const size_t *sizes, uint8_t **out,
                       size_t *out_size) {
    strip_layout first;
    if (read_layout(files[0], sizes[0], &first) != 0) return -1;
    size_t total = first.data_end + 6 /* DRI */ + 2 /* EOI */;
    strip_layout *layouts = (strip_layout *)calloc(plan->strips, sizeof *layouts);
    if (!layouts) return -1;
    layouts[0] = first;
    for (unsigned k = 1; k < plan->strips; k++) {
        if (read_layout(files[k], sizes[k], &layouts[k]) != 0) {
            free(layouts);
            return -1;
        }
        total += 2 /* RSTn */ + layouts[k].data_end - layouts[k].data_at;
    }
    uint8_t *joined = (uint8_t *)malloc(total);
    if (!joined) {
        free(layouts);
        return -1;
    }
    memcpy(joined, files[0], first.sos_at);
    joined[first.height_at] = (uint8_t)(height >> 8);
    joined[first.height_at + 1] = (uint8_t)height;
    size_t at = first.sos_at;
    const uint8_t dri[6] = {0xFF, 0xDD, 0x00, 0x04, (uint8_t)(plan->restart_interval >> 8), (uint8_t)plan->restart_interval};
    memcpy(joined + at, dri, sizeof dri);
    at += sizeof dri;
    memcpy(joined + at, files[0] + first.sos_at, first.data_end - first.sos_at);
    at += first.data_end - first.sos_at;
    for (unsigned k = 1; k < plan->strips; k++) {
        joined[at++] = 0xFF;
        joined[at++] = (uint8_t)(0xD0 + (k - 1) % 8);
        memcpy(joined + at, files[k] + layouts[k].data_at, layouts[k].data_end - layouts[k].data_at);
        at += layouts[k].data_end - layouts[k].data_at;
    }
    joined[at++] = 0xFF;
    joined[at++] = 0xD9;
    free(layouts);
    *out = joined;
    *out_size = at;
    return 0;
}

int sc_jpeg_encode_strips(const sc_jpeg_strip_plan *plan, const uint8_t *pixels, size_t stride_bytes, uint32_t width, uint32_t height,
                          int quality, int subsampling, uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    uint8_t **files = (uint8_t **)calloc(plan->strips, sizeof *files);
    size_t *sizes = (size_t *)calloc(plan->strips, sizeof *sizes);
    if (!files || !sizes) {
        free(files);
        free(sizes);
        sc_encode_set_error(err, err_size, "out of memory while encoding JPEG");
        return -1;
    }
    const unsigned half = (plan->strips + 1) / 2;
    strip_job upper = {plan, pixels, stride_bytes, width, height, quality, subsampling, 0, half, files, sizes, 0, {0}};
    strip_job lower = upper;
    lower.first = half;
    lower.end = plan->strips;
    pthread_t helper;
    const int threaded = pthread_create(&helper, NULL, run_strips_thread, &lower) == 0;
    run_strips(&upper);
    if (threaded) {
        pthread_join(helper, NULL);
    } else {
        run_strips(&lower);
    }
    int status = 0;
    if (upper.status != 0 || lower.status != 0) {
        sc_encode_set_error(err, err_size, upper.status != 0 ? upper.err : lower.err);
        status = -1;
    } else if (join_strips(plan, height, files, sizes, out, out_size) != 0) {
        sc_encode_set_error(err, err_size, "JPEG strips could not be joined");
        status = -1;
    }
    for (unsigned k = 0; k < plan->strips; k++) free(files[k]);
    free(files);
    free(sizes);
    return status;
}
