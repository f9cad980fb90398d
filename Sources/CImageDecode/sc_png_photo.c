/* PNG photos: pixels decoded by CPNG (libpng's simplified reader's transforms, which already
 * map a gAMA chunk's transfer curve onto sRGB's), then the colour chunks it leaves alone
 * applied with lcms2, in PNG's order of precedence: an iCCP profile; else an sRGB chunk
 * (nothing to do); else cHRM primaries. A PNG carries at most one of each, all before its
 * first IDAT. A PNG at least twice the size asked for is read row by row and reduced by
 * whole boxes as it is read, so its whole image is never held. */
#include "sc_image_internal.h"
#include "sc_photo_libraries.h"
#include "sc_png.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Larger than any real profile (libpng's own cap on a decompressed chunk is 8 MiB). */
enum { MAX_PROFILE_BYTES = 8u << 20 };

typedef struct {
    uint32_t width, height;
    int grey;            /* colour type 0 or 4: grey, with or without alpha */
    const uint8_t *iccp; /* the iCCP chunk's data: name, NUL, method, zlib stream */
    size_t iccp_size;
    size_t gama_at;      /* offset of the gAMA chunk, 0 when none */
    int has_srgb, has_chrm;
    uint32_t chrm[8];    /* white x, y, red x, y, green x, y, blue x, y; × 100000 */
    const uint8_t *exif; /* the eXIf chunk's data (a TIFF header and IFDs), NULL when none */
    size_t exif_size;
} colour_chunks;

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

static int crc_ok(const uint8_t *type, uint32_t length) {
    return crc32_z(crc32(0, NULL, 0), type, (size_t)length + 4) == be32(type + 4 + length);
}

/* The colour chunks before the first IDAT, and the first eXIf anywhere (the PNG 1.5
 * extensions put it before IDAT; Pillow and browsers also find one after). A chunk whose CRC is
 * wrong is skipped, as libpng skips ancillary chunks with a bad CRC; malformed framing is left
 * for libpng to report. */
static void read_colour_chunks(const uint8_t *data, size_t size, colour_chunks *c) {
    memset(c, 0, sizeof *c);
    int past_idat = 0;
    for (size_t at = 8; at + 12 <= size;) {
        const uint32_t length = be32(data + at);
        if (length > size - at - 12) return;
        const uint8_t *type = data + at + 4, *body = data + at + 8;
        at += 12 + (size_t)length;
        if (memcmp(type, "IEND", 4) == 0) return;
        if (memcmp(type, "eXIf", 4) == 0) {
            if (!c->exif && crc_ok(type, length)) {
                c->exif = body;
                c->exif_size = length;
            }
            continue;
        }
        if (memcmp(type, "IDAT", 4) == 0) past_idat = 1;
        if (past_idat) continue;
        if (memcmp(type, "IHDR", 4) == 0 && length == 13) {
            c->width = be32(body);
            c->height = be32(body + 4);
            c->grey = body[9] == 0 || body[9] == 4;
        } else if (memcmp(type, "iCCP", 4) == 0 && !c->iccp && crc_ok(type, length)) {
            c->iccp = body;
            c->iccp_size = length;
        } else if (memcmp(type, "sRGB", 4) == 0 && length == 1 && crc_ok(type, length)) {
            c->has_srgb = 1;
        } else if (memcmp(type, "gAMA", 4) == 0 && length == 4 && crc_ok(type, length)) {
            c->gama_at = (size_t)(type - 4 - data);
        } else if (memcmp(type, "cHRM", 4) == 0 && length == 32 && crc_ok(type, length)) {
            c->has_chrm = 1;
            for (int i = 0; i < 8; i++) c->chrm[i] = be32(body + 4 * i);
        }
    }
}

/* The profile an iCCP chunk holds, inflated (free it), or NULL when the chunk is malformed. */
static uint8_t *inflate_profile(const uint8_t *chunk, size_t size, size_t *profile_size) {
    size_t name = 0;
    while (name < size && name < 80 && chunk[name] != 0) name++;
    if (name == 0 || name >= 80 || name + 2 > size || chunk[name + 1] != 0) return NULL; /* method 0: zlib */
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) return NULL;
    size_t capacity = 4096, used = 0;
    uint8_t *profile = (uint8_t *)malloc(capacity);
    z.next_in = (Bytef *)(chunk + name + 2);
    z.avail_in = (uInt)(size - name - 2);
    int status = Z_OK;
    while (profile && status == Z_OK) {
        if (used == capacity) {
            uint8_t *grown = capacity < MAX_PROFILE_BYTES ? (uint8_t *)realloc(profile, capacity * 2) : NULL;
            if (!grown) break;
            profile = grown;
            capacity *= 2;
        }
        z.next_out = profile + used;
        z.avail_out = (uInt)(capacity - used);
        status = inflate(&z, Z_NO_FLUSH);
        used = capacity - z.avail_out; /* input that ends early stops with Z_BUF_ERROR */
    }
    inflateEnd(&z);
    /* The profile's header states its own size. */
    if (!profile || status != Z_STREAM_END || used < 128 || be32(profile) != used) {
        free(profile);
        return NULL;
    }
    *profile_size = used;
    return profile;
}

/* Whether cHRM names sRGB's (Rec. 709's) white and primaries, to within rounding. */
static int chromaticities_are_srgb(const uint32_t chrm[8]) {
    static const uint32_t srgb[8] = {31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000};
    for (int i = 0; i < 8; i++) if (abs((int)chrm[i] - (int)srgb[i]) > 100) return 0;
    return 1;
}

/* The conversion to sRGB the chunks ask for, or NULL for none: sRGB already, or a profile or
 * chromaticities lcms2 cannot use, whose stored values are then read as sRGB (*ignored is
 * then 1, else 0). */
static sc_srgb_conversion *colour_conversion(const colour_chunks *chunks, const uint8_t *profile, size_t profile_size,
                                             int *ignored) {
    *ignored = 0;
    if (profile && chunks->grey) {
        sc_srgb_conversion *grey = sc_srgb_conversion_from_grey_icc(profile, profile_size);
        if (grey) return grey;
    }
    if (profile) {
        const int srgb = sc_icc_is_srgb(profile, profile_size);
        sc_srgb_conversion *conversion = srgb == 0 ? sc_srgb_conversion_from_icc(profile, profile_size) : NULL;
        *ignored = srgb != 1 && !conversion;
        return conversion;
    }
    if (chunks->has_srgb || !chunks->has_chrm || chromaticities_are_srgb(chunks->chrm)) return NULL;
    double white[2], primaries[6];
    for (int i = 0; i < 2; i++) white[i] = chunks->chrm[i] / 100000.0;
    for (int i = 0; i < 6; i++) primaries[i] = chunks->chrm[2 + i] / 100000.0;
    sc_srgb_conversion *conversion = sc_srgb_conversion_from_chromaticities(white, primaries);
    *ignored = !conversion;
    return conversion;
}

/* The side, in source pixels, of the boxes a PNG is reduced by as it is read: the largest
 * whole factor that keeps the reduced image at least twice the target (both sides, or either
 * for SC_IMAGE_TARGET_FIT), as Pillow's resize(reducing_gap=2.0) reduces before it resamples,
 * so the Lanczos-3 resample that follows still sees two or more source pixels to each of its
 * own; 1 (whole) without a target. At most 4096, so a box's sums fit in 32 bits. */
static uint32_t box_factor(uint32_t width, uint32_t height, const sc_image_request *request) {
    if (request->target_width == 0 || request->target_height == 0) return 1;
    const uint64_t kx = width / (2 * (uint64_t)request->target_width), ky = height / (2 * (uint64_t)request->target_height);
    const uint64_t k = request->target_mode == SC_IMAGE_TARGET_FIT ? (kx > ky ? kx : ky) : (kx < ky ? kx : ky);
    return k < 1 ? 1 : k > 4096 ? 4096 : (uint32_t)k;
}

/* Rows of a PNG summed into boxes of factor × factor pixels (premultiplied, after the colour
 * conversion, so each pixel is what the whole decode would give), each box then its rounded
 * mean. Boxes at the right and bottom edges hold what is left. */
typedef struct {
    const sc_image_request *request;
    const sc_srgb_conversion *conversion;
    uint32_t width, height, factor, out_width, out_height;
    int interlaced;
    uint32_t *sums;   /* B, G, R, A per box: one row of boxes; every box when interlaced */
    uint32_t *pixels; /* the reduced image */
} box_reduction;

enum { BOX_NO_MEMORY = 1 }; /* box_begin's failure, which sc_png_read_rows passes on */

static int box_begin(void *context, uint32_t width, uint32_t height, int interlaced) {
    box_reduction *b = (box_reduction *)context;
    b->width = width;
    b->height = height;
    b->interlaced = interlaced;
    b->factor = box_factor(width, height, b->request);
    b->out_width = (width + b->factor - 1) / b->factor;
    b->out_height = (height + b->factor - 1) / b->factor;
    const size_t sum_rows = interlaced ? b->out_height : 1;
    b->sums = (uint32_t *)calloc((size_t)b->out_width * sum_rows * 4, sizeof *b->sums);
    b->pixels = (uint32_t *)malloc((size_t)b->out_width * b->out_height * sizeof *b->pixels);
    return b->sums && b->pixels ? 0 : BOX_NO_MEMORY;
}

static void box_finish_row(const box_reduction *b, uint32_t oy, const uint32_t *sums) {
    const uint32_t k = b->factor, rows = b->height - oy * k < k ? b->height - oy * k : k;
    uint32_t *out = b->pixels + (size_t)oy * b->out_width;
    for (uint32_t ox = 0; ox < b->out_width; ox++, sums += 4) {
        const uint32_t columns = b->width - ox * k < k ? b->width - ox * k : k, n = rows * columns;
        const uint32_t blue = (sums[0] + n / 2) / n, green = (sums[1] + n / 2) / n, red = (sums[2] + n / 2) / n,
                       alpha = (sums[3] + n / 2) / n;
        out[ox] = alpha << 24 | red << 16 | green << 8 | blue;
    }
}

static inline void box_add(uint32_t *sum, uint32_t v) {
    sum[0] += v & 0xFF;
    sum[1] += (v >> 8) & 0xFF;
    sum[2] += (v >> 16) & 0xFF;
    sum[3] += v >> 24;
}

static int box_row(void *context, uint32_t y, uint32_t x0, uint32_t dx, uint8_t *bgra, uint32_t count) {
    box_reduction *b = (box_reduction *)context;
    uint32_t *pixels = (uint32_t *)(void *)bgra; /* malloc'ed by CPNG: aligned */
    if (b->conversion) sc_srgb_conversion_apply(b->conversion, pixels, count);
    sc_premultiply(pixels, count);
    const uint32_t k = b->factor;
    uint32_t *sums = b->sums + (b->interlaced ? (size_t)(y / k) * b->out_width * 4 : 0);
    if (dx == 1 && x0 == 0) {
        /* A whole row: each box's run summed apart, with no division per pixel. */
        for (uint32_t x = 0, ox = 0; x < count; ox++) {
            const uint32_t end = count - x < k ? count : x + k;
            uint32_t run[4] = {0, 0, 0, 0};
            for (; x < end; x++) box_add(run, pixels[x]);
            for (int c = 0; c < 4; c++) sums[4 * (size_t)ox + c] += run[c];
        }
    } else {
        for (uint32_t i = 0; i < count; i++) box_add(sums + 4 * (size_t)((x0 + i * dx) / k), pixels[i]);
    }
    if (!b->interlaced && (y % k == k - 1 || y == b->height - 1)) {
        box_finish_row(b, y / k, sums);
        memset(sums, 0, (size_t)b->out_width * 4 * sizeof *sums);
    }
    return 0;
}

/* A failed read of CPNG's, as a status with err written: out of memory when its message
 * says so, else a corrupt file named by that message. */
static int read_failure(const char *message, char *err, size_t err_size) {
    const int status = strstr(message, "out of memory") ? SC_IMAGE_NO_MEMORY : SC_IMAGE_CORRUPT;
    return sc_image_fail(err, err_size, status, "corrupt PNG: %s", message[0] ? message : "unknown error");
}

/* The reduced decode: 0 with *b's pixels filled, or a status with err written. */
static int decode_reduced(const uint8_t *data, size_t size, const sc_image_request *request, box_reduction *b,
                          char *err, size_t err_size) {
    char message[200] = {0};
    const sc_png_row_reader reader = {box_begin, box_row, b};
    const int read = sc_png_read_rows(data, size, request->max_width, request->max_height, request->max_pixels, &reader,
                                      message, sizeof message);
    if (read == BOX_NO_MEMORY) return sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory");
    if (read != 0) return read_failure(message, err, err_size);
    if (b->interlaced) {
        for (uint32_t oy = 0; oy < b->out_height; oy++) box_finish_row(b, oy, b->sums + (size_t)oy * b->out_width * 4);
    }
    return SC_IMAGE_OK;
}

int sc_image_decode_png(const uint8_t *data, size_t size, const sc_image_request *request,
                        sc_image_result *result, char *err, size_t err_size) {
    memset(result, 0, sizeof *result);
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (!data || size < 8 || memcmp(data, signature, 8) != 0) {
        return sc_image_fail(err, err_size, SC_IMAGE_CORRUPT, "not a PNG file (bad signature)");
    }
    int opened = sc_photo_libraries_open(SC_PHOTO_NEEDS_LCMS2, err, err_size);
    if (opened != SC_IMAGE_OK) return opened;
    colour_chunks chunks;
    read_colour_chunks(data, size, &chunks);
    if (chunks.exif) {
        opened = sc_photo_libraries_open(SC_PHOTO_NEEDS_EXIF, err, err_size);
        if (opened != SC_IMAGE_OK) return opened;
    }
    const int orientation = chunks.exif ? sc_exif_orientation(chunks.exif, chunks.exif_size) : 1;
    const uint32_t w = chunks.width, h = chunks.height;
    const int within = sc_image_check_declared_size("PNG", w, h, request, err, err_size);
    if (within != SC_IMAGE_OK) return within;
    size_t profile_size = 0;
    uint8_t *profile = chunks.iccp ? inflate_profile(chunks.iccp, chunks.iccp_size, &profile_size) : NULL;

    /* With a profile, gAMA is to be ignored (the profile has its own curves): libpng would
     * apply it, so it reads a copy without that chunk. */
    uint8_t *without_gama = NULL;
    const uint8_t *input = data;
    size_t input_size = size;
    if (profile && chunks.gama_at) {
        without_gama = (uint8_t *)malloc(size);
        if (!without_gama) {
            free(profile);
            return sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory");
        }
        memcpy(without_gama, data, chunks.gama_at);
        memcpy(without_gama + chunks.gama_at, data + chunks.gama_at + 16, size - chunks.gama_at - 16);
        input = without_gama;
        input_size = size - 16;
    }
    int ignored = 0;
    sc_srgb_conversion *conversion = colour_conversion(&chunks, profile, profile_size, &ignored);
    free(profile);
    const int profile_outcome = conversion ? SC_PROFILE_CONVERTED : ignored ? SC_PROFILE_IGNORED : SC_PROFILE_NONE;
    /* The drawn size is upright; the box reduction works on the stored rows. */
    sc_image_request stored = *request;
    if (sc_orientation_transposes(orientation)) {
        stored.target_width = request->target_height;
        stored.target_height = request->target_width;
    }
    uint32_t *pixels = NULL;
    uint32_t ow = 0, oh = 0;
    if (box_factor(w, h, &stored) > 1) {
        box_reduction b = {.request = &stored, .conversion = conversion};
        const int status = decode_reduced(input, input_size, &stored, &b, err, err_size);
        free(without_gama);
        sc_srgb_conversion_free(conversion);
        free(b.sums);
        if (status != SC_IMAGE_OK) {
            free(b.pixels);
            return status;
        }
        pixels = b.pixels;
        ow = b.out_width;
        oh = b.out_height;
    } else {
        uint8_t *bytes = NULL;
        char message[200] = {0};
        const int decoded = sc_png_decode_bgra(input, input_size, request->max_width, request->max_height, request->max_pixels,
                                               &bytes, &ow, &oh, message, sizeof message);
        free(without_gama);
        if (decoded != 0 || !bytes) {
            sc_srgb_conversion_free(conversion);
            return read_failure(message, err, err_size);
        }
        /* Straight B, G, R, A: little-endian ARGB32 words. CPNG allocates with malloc, so the
         * buffer is the result's as it is (sc_image_free frees it). */
        pixels = (uint32_t *)bytes;
        const size_t count = (size_t)ow * oh;
        if (conversion) sc_srgb_conversion_apply(conversion, pixels, count);
        sc_srgb_conversion_free(conversion);
        sc_premultiply(pixels, count);
    }
    if (sc_apply_orientation(&pixels, &ow, &oh, orientation) != 0) {
        free(pixels);
        return sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory turning the image upright");
    }
    sc_image_set_result(result, pixels, ow, oh, w, h, orientation, profile_outcome);
    return SC_IMAGE_OK;
}
