/* HEIC photos through libheif (HEVC decoded by libde265): the primary image only, its work
 * bounded first from the boxes (sc_heic_structure.c), decoded whole (HEVC has no reduced
 * decode) with the file's irot/imir/clap transforms applied by libheif. EXIF orientation is
 * not applied on top: in HEIF the transform properties are the orientation, and writers that
 * keep an EXIF copy keep it in step with them.
 *
 * libheif is opened with dlopen on the first HEIC, not linked: it brings libx265, libaom,
 * libdav1d, libde265 and libnuma with it, ≈ 6 ms of CPU before main in every process
 * (docs/design.md, "HEIC photos"), and most processes never see a HEIC. The header supplies
 * the types; the calls go through this table. */
#include "sc_image_internal.h"
#include "sc_photo_libraries.h"

#include <libheif/heif.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sc_dynamic_library.h"

typedef struct {
    enum heif_filetype_result (*check_filetype)(const uint8_t *, int);
    struct heif_context *(*context_alloc)(void);
    void (*context_free)(struct heif_context *);
    void (*context_set_maximum_image_size_limit)(struct heif_context *, int);
    void (*context_set_max_decoding_threads)(struct heif_context *, int);
    struct heif_error (*context_read_from_memory_without_copy)(struct heif_context *, const void *, size_t,
                                                               const struct heif_reading_options *);
    struct heif_error (*context_get_primary_image_handle)(struct heif_context *, struct heif_image_handle **);
    void (*handle_release)(const struct heif_image_handle *);
    int (*handle_get_width)(const struct heif_image_handle *);
    int (*handle_get_height)(const struct heif_image_handle *);
    int (*handle_get_ispe_width)(const struct heif_image_handle *);
    int (*handle_get_ispe_height)(const struct heif_image_handle *);
    int (*handle_has_alpha_channel)(const struct heif_image_handle *);
    int (*handle_is_premultiplied_alpha)(const struct heif_image_handle *);
    size_t (*handle_get_raw_color_profile_size)(const struct heif_image_handle *);
    struct heif_error (*handle_get_raw_color_profile)(const struct heif_image_handle *, void *);
    struct heif_error (*handle_get_nclx_color_profile)(const struct heif_image_handle *, struct heif_color_profile_nclx **);
    void (*nclx_color_profile_free)(struct heif_color_profile_nclx *);
    struct heif_decoding_options *(*decoding_options_alloc)(void);
    void (*decoding_options_free)(struct heif_decoding_options *);
    struct heif_error (*decode_image)(const struct heif_image_handle *, struct heif_image **, enum heif_colorspace,
                                      enum heif_chroma, const struct heif_decoding_options *);
    int (*image_get_width)(const struct heif_image *, enum heif_channel);
    int (*image_get_height)(const struct heif_image *, enum heif_channel);
    const uint8_t *(*image_get_plane_readonly)(const struct heif_image *, enum heif_channel, int *);
    struct heif_error (*image_get_nclx_color_profile)(const struct heif_image *, struct heif_color_profile_nclx **);
    void (*image_release)(const struct heif_image *);
} libheif_table;

static libheif_table lib;
static sc_dl_once lib_once = SC_DL_ONCE_INIT;

static int open_libheif(char *err, size_t err_size) {
    static const char *const names[] = {"libheif.so.1"};
    const sc_dl_symbol symbols[] = {
        {(void **)&lib.check_filetype, "heif_check_filetype"},
        {(void **)&lib.context_alloc, "heif_context_alloc"},
        {(void **)&lib.context_free, "heif_context_free"},
        {(void **)&lib.context_set_maximum_image_size_limit, "heif_context_set_maximum_image_size_limit"},
        {(void **)&lib.context_set_max_decoding_threads, "heif_context_set_max_decoding_threads"},
        {(void **)&lib.context_read_from_memory_without_copy, "heif_context_read_from_memory_without_copy"},
        {(void **)&lib.context_get_primary_image_handle, "heif_context_get_primary_image_handle"},
        {(void **)&lib.handle_release, "heif_image_handle_release"},
        {(void **)&lib.handle_get_width, "heif_image_handle_get_width"},
        {(void **)&lib.handle_get_height, "heif_image_handle_get_height"},
        {(void **)&lib.handle_get_ispe_width, "heif_image_handle_get_ispe_width"},
        {(void **)&lib.handle_get_ispe_height, "heif_image_handle_get_ispe_height"},
        {(void **)&lib.handle_has_alpha_channel, "heif_image_handle_has_alpha_channel"},
        {(void **)&lib.handle_is_premultiplied_alpha, "heif_image_handle_is_premultiplied_alpha"},
        {(void **)&lib.handle_get_raw_color_profile_size, "heif_image_handle_get_raw_color_profile_size"},
        {(void **)&lib.handle_get_raw_color_profile, "heif_image_handle_get_raw_color_profile"},
        {(void **)&lib.handle_get_nclx_color_profile, "heif_image_handle_get_nclx_color_profile"},
        {(void **)&lib.nclx_color_profile_free, "heif_nclx_color_profile_free"},
        {(void **)&lib.decoding_options_alloc, "heif_decoding_options_alloc"},
        {(void **)&lib.decoding_options_free, "heif_decoding_options_free"},
        {(void **)&lib.decode_image, "heif_decode_image"},
        {(void **)&lib.image_get_width, "heif_image_get_width"},
        {(void **)&lib.image_get_height, "heif_image_get_height"},
        {(void **)&lib.image_get_plane_readonly, "heif_image_get_plane_readonly"},
        {(void **)&lib.image_get_nclx_color_profile, "heif_image_get_nclx_color_profile"},
        {(void **)&lib.image_release, "heif_image_release"},
    };
    return sc_dl_open_explained("libheif", "libheif1", &lib_once, names, sizeof names / sizeof names[0], symbols,
                                sizeof symbols / sizeof symbols[0], err, err_size);
}

/* The major brand of an ISO-BMFF file (the four bytes after "ftyp"), or 0. */
static int major_brand(const uint8_t *data, size_t size, char brand[5]) {
    if (size < 12 || memcmp(data + 4, "ftyp", 4) != 0) return 0;
    memcpy(brand, data + 8, 4);
    brand[4] = 0;
    return 1;
}

/* Transfer curves an SDR display shows as sRGB's: BT.709, unspecified, BT.601, sRGB, BT.2020. */
static int transfer_is_sdr(enum heif_transfer_characteristics t) {
    return t == heif_transfer_characteristic_ITU_R_BT_709_5 || t == heif_transfer_characteristic_unspecified ||
           t == heif_transfer_characteristic_ITU_R_BT_601_6 || t == heif_transfer_characteristic_IEC_61966_2_1 ||
           t == heif_transfer_characteristic_ITU_R_BT_2020_2_10bit || t == heif_transfer_characteristic_ITU_R_BT_2020_2_12bit;
}

/* Converts straight BGRA pixels to sRGB from the primaries an nclx profile names, when they are
 * not sRGB's and its transfer curve is an SDR one. Returns 1 when converted. HDR curves (PQ,
 * HLG), linear and log transfers are left as stored: showing them needs tone mapping. */
static int convert_nclx(const struct heif_color_profile_nclx *nclx, uint32_t *pixels, size_t count) {
    if (nclx->color_primaries == heif_color_primaries_ITU_R_BT_709_5 || nclx->color_primaries == heif_color_primaries_unspecified)
        return 0;
    if (!transfer_is_sdr(nclx->transfer_characteristics)) return 0;
    const double white[2] = {nclx->color_primary_white_x, nclx->color_primary_white_y};
    const double primaries[6] = {nclx->color_primary_red_x, nclx->color_primary_red_y, nclx->color_primary_green_x,
                                 nclx->color_primary_green_y, nclx->color_primary_blue_x, nclx->color_primary_blue_y};
    return sc_chromaticities_to_srgb(pixels, count, white, primaries) == 0;
}

/* Premultiplied B, G, R, A words → straight (for the colour conversion, which wants straight). */
static void unpremultiply(uint32_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t v = pixels[i], a = v >> 24;
        if (a == 255) continue;
        if (a == 0) { pixels[i] = 0; continue; }
        uint32_t r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF;
#define SC_DIV(c) ((c) >= a ? 255u : ((c) * 255 + a / 2) / a)
        pixels[i] = a << 24 | SC_DIV(r) << 16 | SC_DIV(g) << 8 | SC_DIV(b);
#undef SC_DIV
    }
}

typedef struct {
    struct heif_context *context;
    struct heif_image_handle *handle;
    struct heif_decoding_options *options;
    struct heif_image *image;
    uint8_t *icc;
    uint32_t *pixels;
} decode_state;

static void release(decode_state *s) {
    if (s->image) lib.image_release(s->image);
    if (s->options) lib.decoding_options_free(s->options);
    if (s->handle) lib.handle_release(s->handle);
    if (s->context) lib.context_free(s->context);
    free(s->icc);
    free(s->pixels);
}

/* Drops the line break libheif ends some messages with. */
static void trim_end(char *err, size_t err_size) {
    for (size_t n = err && err_size ? strlen(err) : 0; n > 0 && (err[n - 1] == '\n' || err[n - 1] == ' '); n--) err[n - 1] = 0;
}

/* A libheif error as a status: its security limit (each side at most the larger of ours, set
 * below) is a size over the limit, the rest a corrupt or truncated file. The message is the
 * library's own, which names what it found; it lives in the context, so it is copied before
 * the context is released. */
static int heif_fail(decode_state *s, const sc_image_request *request, char *err, size_t err_size, const char *step,
                     struct heif_error error) {
    int status;
    if (error.code == heif_error_Memory_allocation_error && error.subcode == heif_suberror_Security_limit_exceeded) {
        status = sc_image_fail(err, err_size, SC_IMAGE_TOO_LARGE, "HEIC declares a size over the limits (%u pixels wide, %u high, %llu in all): %s",
                               request->max_width, request->max_height, (unsigned long long)request->max_pixels, error.message);
    } else if (error.code == heif_error_Memory_allocation_error) {
        status = sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "HEIC %s: %s", step, error.message);
    } else if (error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype) {
        status = sc_image_fail(err, err_size, SC_IMAGE_UNSUPPORTED, "HEIC %s: %s", step, error.message);
    } else {
        status = sc_image_fail(err, err_size, SC_IMAGE_CORRUPT, "corrupt HEIC (%s): %s", step, error.message);
    }
    trim_end(err, err_size);
    release(s);
    return status;
}

int sc_image_decode_heic(const uint8_t *data, size_t size, const sc_image_request *request,
                         sc_image_result *result, char *err, size_t err_size) {
    memset(result, 0, sizeof *result);
    char brand[5];
    if (!data || !major_brand(data, size, brand)) {
        return sc_image_fail(err, err_size, SC_IMAGE_CORRUPT, "not a HEIC file (no ftyp box)");
    }
    if (strcmp(brand, "avif") == 0 || strcmp(brand, "avis") == 0) {
        return sc_image_fail(err, err_size, SC_IMAGE_UNSUPPORTED, "AVIF photos are not supported (HEIC is)");
    }
    if (size > INT_MAX) return sc_image_fail(err, err_size, SC_IMAGE_TOO_LARGE, "HEIC file of %zu bytes", size);
    if (open_libheif(err, err_size) != 0) return SC_IMAGE_UNSUPPORTED;
    int opened = sc_photo_libraries_open(SC_PHOTO_NEEDS_LCMS2, err, err_size);
    if (opened != SC_IMAGE_OK) return opened;
    const enum heif_filetype_result filetype = lib.check_filetype(data, (int)size);
    if (filetype == heif_filetype_no) {
        return sc_image_fail(err, err_size, SC_IMAGE_CORRUPT, "not a HEIC file (brand '%s')", brand);
    }
    /* The work libheif would do, from the boxes, before it reads them: the HEVC pixels the
     * primary image is coded at, summed over its cells and alpha planes. A grid's cells cover
     * its declared size with at most one column and one row over, each padded to its coding
     * block (a 4032 × 3024 photo in 512 × 512 cells codes 4096 × 3072, 1.03×), so twice the
     * pixel limit takes any photo within the limits, an alpha plane too, and bounds the work
     * at twice the largest one's. 1024 cells is a 50 MP photo in 256 × 192 cells (phones use
     * 512 × 512: 192 cells); a cell costs a decoder's setup however small. */
    const sc_heic_bounds bounds = {
        .max_coded_pixels = request->max_pixels > UINT64_MAX / 2 ? UINT64_MAX : request->max_pixels * 2,
        .max_cells = 1024,
    };
    sc_heic_structure structure;
    const int structure_status = sc_heic_read_structure(data, size, &bounds, &structure, err, err_size);
    if (structure_status != SC_IMAGE_OK) {
        /* As below: a sequence brand without a still image (no meta box) is named by its brand. */
        if (filetype == heif_filetype_yes_unsupported && !sc_heic_has_meta(data, size)) {
            char reason[256];
            snprintf(reason, sizeof reason, "%s", err && err_size ? err : "");
            return sc_image_fail(err, err_size, SC_IMAGE_UNSUPPORTED, "HEIF with brand '%s' and no still image libheif can read (%s)",
                                 brand, reason);
        }
        return structure_status;
    }

    decode_state s = {0};
    s.context = lib.context_alloc();
    if (!s.context) return sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory");
    /* libheif's own check, made while reading the boxes and on every tile, refuses a side over
     * our larger one; ours below then checks each side and the pixel count. */
    const uint32_t side = request->max_width > request->max_height ? request->max_width : request->max_height;
    lib.context_set_maximum_image_size_limit(s.context, side > INT_MAX / 2 ? INT_MAX / 2 : (int)side);
    /* Tiles on the calling thread: callers decode several photos at once on their own workers. */
    lib.context_set_max_decoding_threads(s.context, 0);
    struct heif_error error = lib.context_read_from_memory_without_copy(s.context, data, size, NULL);
    /* libheif 1.15 calls the sequence, multiview and scalable brands (hevc, hevx, msf1, heim,
     * heis…) unsupported, yet reads the still primary image such files usually carry: only
     * when there is none is the brand the reason. */
    if (error.code != heif_error_Ok && filetype == heif_filetype_yes_unsupported && error.code != heif_error_Memory_allocation_error) {
        sc_image_fail(err, err_size, SC_IMAGE_UNSUPPORTED, "HEIF with brand '%s' and no still image libheif can read (%s)", brand,
                      error.message);
        trim_end(err, err_size);
        release(&s);
        return SC_IMAGE_UNSUPPORTED;
    }
    if (error.code != heif_error_Ok) return heif_fail(&s, request, err, err_size, "reading the boxes", error);
    error = lib.context_get_primary_image_handle(s.context, &s.handle);
    if (error.code != heif_error_Ok) return heif_fail(&s, request, err, err_size, "finding the primary image", error);

    /* The declared sizes, before any pixel: the stored one (ispe) and the one shown (after
     * rotation and cropping). */
    const int iw = lib.handle_get_ispe_width(s.handle), ih = lib.handle_get_ispe_height(s.handle);
    const int sw = lib.handle_get_width(s.handle), sh = lib.handle_get_height(s.handle);
    if (sw <= 0 || sh <= 0 || iw < 0 || ih < 0) {
        release(&s);
        return sc_image_fail(err, err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: the primary image declares no size");
    }
    int within = sc_image_check_declared_size("HEIC", (uint32_t)sw, (uint32_t)sh, request, err, err_size);
    if (within == SC_IMAGE_OK && iw > 0 && ih > 0) {
        within = sc_image_check_declared_size("HEIC (as stored)", (uint32_t)iw, (uint32_t)ih, request, err, err_size);
    }
    if (within != SC_IMAGE_OK) {
        release(&s);
        return within;
    }

    const size_t icc_size = lib.handle_get_raw_color_profile_size(s.handle);
    if (icc_size > 0) {
        s.icc = (uint8_t *)malloc(icc_size);
        if (s.icc && lib.handle_get_raw_color_profile(s.handle, s.icc).code != heif_error_Ok) {
            free(s.icc);
            s.icc = NULL;
        }
    }

    s.options = lib.decoding_options_alloc();
    if (!s.options) {
        release(&s);
        return sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory");
    }
    if (s.options->version >= 2) s.options->convert_hdr_to_8bit = 1;
    if (s.options->version >= 3) s.options->strict_decoding = 1; /* damaged data is an error, not a grey patch */
    error = lib.decode_image(s.handle, &s.image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, s.options);
    if (error.code != heif_error_Ok) return heif_fail(&s, request, err, err_size, "decoding the image", error);
    int stride = 0;
    const uint8_t *plane = lib.image_get_plane_readonly(s.image, heif_channel_interleaved, &stride);
    const int w = lib.image_get_width(s.image, heif_channel_interleaved), h = lib.image_get_height(s.image, heif_channel_interleaved);
    /* A whole decode with its transforms applied is the size the file shows; a coded image
     * smaller than its declared size (an HEVC frame under its ispe) is a broken file, not a
     * photo to draw as if it were whole. */
    if (!plane || w != sw || h != sh || stride < w * 4) {
        release(&s);
        return sc_image_fail(err, err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: decoded %d×%d pixels for a %d×%d image", w, h, sw, sh);
    }
    const size_t count = (size_t)w * h;
    s.pixels = (uint32_t *)malloc(count * sizeof(uint32_t));
    if (!s.pixels) {
        release(&s);
        return sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory for %d×%d pixels", w, h);
    }
    for (int y = 0; y < h; y++) {
        const uint8_t *in = plane + (size_t)y * stride;
        uint32_t *out = s.pixels + (size_t)y * w;
        for (int x = 0; x < w; x++, in += 4) out[x] = (uint32_t)in[3] << 24 | (uint32_t)in[0] << 16 | (uint32_t)in[1] << 8 | in[2];
    }
    const int premultiplied = lib.handle_has_alpha_channel(s.handle) && lib.handle_is_premultiplied_alpha(s.handle);
    if (premultiplied) unpremultiply(s.pixels, count);

    /* An ICC profile first (libheif reports it before nclx when both are there), else nclx
     * primaries from the colr box, else those the decoder found in the bitstream. */
    int profile = SC_PROFILE_NONE;
    if (s.icc) {
        profile = sc_rgb_profile_to_srgb(s.pixels, count, s.icc, icc_size);
    } else {
        struct heif_color_profile_nclx *nclx = NULL;
        if (lib.handle_get_nclx_color_profile(s.handle, &nclx).code != heif_error_Ok || !nclx) {
            nclx = NULL;
            if (lib.image_get_nclx_color_profile(s.image, &nclx).code != heif_error_Ok) nclx = NULL;
        }
        if (nclx) {
            if (convert_nclx(nclx, s.pixels, count)) profile = SC_PROFILE_CONVERTED;
            lib.nclx_color_profile_free(nclx);
        }
    }
    sc_premultiply(s.pixels, count);
    uint32_t *pixels = s.pixels;
    s.pixels = NULL;
    release(&s);
    sc_image_set_result(result, pixels, (uint32_t)w, (uint32_t)h, (uint32_t)sw, (uint32_t)sh, 1, profile);
    return SC_IMAGE_OK;
}
