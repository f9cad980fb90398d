/* PNG photos: pixels decoded by CPNG (libpng's simplified reader, which already maps a gAMA
 * chunk's transfer curve onto sRGB's), then the colour chunks it leaves alone applied with
 * lcms2, in PNG's order of precedence: an iCCP profile; else an sRGB chunk (nothing to do);
 * else cHRM primaries. A PNG carries at most one of each, all before its first IDAT. */
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
    const uint8_t *iccp; /* the iCCP chunk's data: name, NUL, method, zlib stream */
    size_t iccp_size;
    size_t gama_at;      /* offset of the gAMA chunk, 0 when none */
    int has_srgb, has_chrm;
    uint32_t chrm[8];    /* white x, y, red x, y, green x, y, blue x, y; × 100000 */
} colour_chunks;

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

/* The chunks before the first IDAT. A chunk whose CRC is wrong is skipped, as libpng skips
 * ancillary chunks with a bad CRC; malformed framing is left for libpng to report. */
static void read_colour_chunks(const uint8_t *data, size_t size, colour_chunks *c) {
    memset(c, 0, sizeof *c);
    for (size_t at = 8; at + 12 <= size;) {
        const uint32_t length = be32(data + at);
        if (length > size - at - 12) return;
        const uint8_t *type = data + at + 4, *body = data + at + 8;
        if (memcmp(type, "IDAT", 4) == 0) return;
        const int crc_ok = crc32_z(crc32(0, NULL, 0), type, (size_t)length + 4) == be32(body + length);
        if (memcmp(type, "IHDR", 4) == 0 && length == 13) {
            c->width = be32(body);
            c->height = be32(body + 4);
        } else if (crc_ok && memcmp(type, "iCCP", 4) == 0 && !c->iccp) {
            c->iccp = body;
            c->iccp_size = length;
        } else if (crc_ok && memcmp(type, "sRGB", 4) == 0 && length == 1) {
            c->has_srgb = 1;
        } else if (crc_ok && memcmp(type, "gAMA", 4) == 0 && length == 4) {
            c->gama_at = at;
        } else if (crc_ok && memcmp(type, "cHRM", 4) == 0 && length == 32) {
            c->has_chrm = 1;
            for (int i = 0; i < 8; i++) c->chrm[i] = be32(body + 4 * i);
        }
        at += 12 + (size_t)length;
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
    const uint32_t w = chunks.width, h = chunks.height;
    if (w > request->max_width || h > request->max_height || (uint64_t)w * h > request->max_pixels) {
        return sc_image_fail(err, err_size, SC_IMAGE_TOO_LARGE, "PNG declares %u×%u pixels, over the limit of %u×%u and %llu pixels",
                             w, h, request->max_width, request->max_height, (unsigned long long)request->max_pixels);
    }
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
    uint8_t *bytes = NULL;
    uint32_t ow = 0, oh = 0;
    char message[200] = {0};
    const int decoded = sc_png_decode_bgra(input, input_size, request->max_width, request->max_height, request->max_pixels,
                                           &bytes, &ow, &oh, message, sizeof message);
    free(without_gama);
    if (decoded != 0 || !bytes) {
        free(profile);
        const int status = strstr(message, "out of memory") ? SC_IMAGE_NO_MEMORY : SC_IMAGE_CORRUPT;
        return sc_image_fail(err, err_size, status, "corrupt PNG: %s", message[0] ? message : "unknown error");
    }
    /* Straight B, G, R, A: little-endian ARGB32 words. CPNG allocates with malloc, so the
     * buffer is the result's as it is (sc_image_free frees it). */
    uint32_t *pixels = (uint32_t *)bytes;
    const size_t count = (size_t)ow * oh;
    int converted = 0;
    if (profile) {
        /* A profile lcms2 cannot use (or a grey one) leaves the pixels as stored, read as sRGB. */
        if (sc_icc_is_srgb(profile, profile_size) == 0) converted = sc_icc_rgb_to_srgb(pixels, count, profile, profile_size) == 0;
    } else if (!chunks.has_srgb && chunks.has_chrm && !chromaticities_are_srgb(chunks.chrm)) {
        double white[2], primaries[6];
        for (int i = 0; i < 2; i++) white[i] = chunks.chrm[i] / 100000.0;
        for (int i = 0; i < 6; i++) primaries[i] = chunks.chrm[2 + i] / 100000.0;
        converted = sc_chromaticities_to_srgb(pixels, count, white, primaries) == 0;
    }
    free(profile);
    sc_premultiply(pixels, count);
    sc_image_set_result(result, pixels, ow, oh, ow, oh, 1, converted);
    return SC_IMAGE_OK;
}
