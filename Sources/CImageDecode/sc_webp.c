/* WebP decoding with libwebp: still images, lossy or lossless, with alpha, and an animation's
 * first frame; EXIF and ICCP chunks read through the demuxer. A still image is scaled inside
 * the decoder (use_scaling); an animation's frame comes at full size. */
#include "sc_image_internal.h"
#include "sc_photo_libraries.h"

#include <webp/decode.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A copy of one metadata chunk (the demuxer's view is freed with it). */
static uint8_t *chunk_copy(WebPDemuxer *demux, const char *fourcc, size_t *size) {
    WebPChunkIterator iterator;
    uint8_t *copy = NULL;
    *size = 0;
    if (sc_webpdemux.WebPDemuxGetChunk(demux, fourcc, 1, &iterator)) {
        copy = (uint8_t *)malloc(iterator.chunk.size ? iterator.chunk.size : 1);
        if (copy) {
            memcpy(copy, iterator.chunk.bytes, iterator.chunk.size);
            *size = iterator.chunk.size;
        }
        sc_webpdemux.WebPDemuxReleaseChunkIterator(&iterator);
    }
    return copy;
}

static const char *vp8_status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
    case VP8_STATUS_SUSPENDED: return "suspended";
    case VP8_STATUS_USER_ABORT: return "aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "the data ends before the image does (truncated)";
    default: return "unknown error";
    }
}

/* A still image, decoded by libwebp scaled to the smallest size that meets the request's
 * target (in stored pixels: the orientation applied later may swap it), as straight BGRA. */
static int decode_still(const uint8_t *data, size_t size, uint32_t w, uint32_t h, const sc_image_request *request,
                        int orientation, uint32_t **pixels, uint32_t *ow, uint32_t *oh, char *err, size_t err_size) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return sc_image_fail(err, err_size, SC_IMAGE_UNSUPPORTED, "libwebp version mismatch");
    const int transposes = sc_orientation_transposes(orientation);
    const uint32_t tw = transposes ? request->target_height : request->target_width;
    const uint32_t th = transposes ? request->target_width : request->target_height;
    if (tw > 0 && th > 0 && (tw < w || th < h)) {
        /* The smallest size, aspect kept, with both sides (COVER) or either side (FIT) at
         * least the target's. */
        double k = request->target_mode == SC_IMAGE_TARGET_FIT ? fmin((double)tw / w, (double)th / h)
                                                               : fmax((double)tw / w, (double)th / h);
        if (k < 1) {
            config.options.use_scaling = 1;
            config.options.scaled_width = (int)fmin(w, ceil(w * k));
            config.options.scaled_height = (int)fmin(h, ceil(h * k));
        }
    }
    config.output.colorspace = MODE_BGRA;
    VP8StatusCode status = WebPDecode(data, size, &config);
    if (status != VP8_STATUS_OK) {
        WebPFreeDecBuffer(&config.output);
        return sc_image_fail(err, err_size, status == VP8_STATUS_OUT_OF_MEMORY ? SC_IMAGE_NO_MEMORY : SC_IMAGE_CORRUPT,
                             "corrupt WebP: %s", vp8_status_text(status));
    }
    *ow = (uint32_t)config.output.width;
    *oh = (uint32_t)config.output.height;
    *pixels = (uint32_t *)malloc((size_t)*ow * *oh * sizeof(uint32_t));
    if (!*pixels) {
        WebPFreeDecBuffer(&config.output);
        return sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory for %u×%u pixels", *ow, *oh);
    }
    const WebPRGBABuffer *rgba = &config.output.u.RGBA;
    for (uint32_t y = 0; y < *oh; y++) memcpy(*pixels + (size_t)y * *ow, rgba->rgba + (size_t)y * rgba->stride, (size_t)*ow * 4);
    WebPFreeDecBuffer(&config.output);
    return SC_IMAGE_OK;
}

/* An animation's first frame as a viewer that does not animate shows it: composed on the
 * w × h canvas, which starts transparent (the background colour is only a hint, and libwebp's
 * animation decoder, like browsers, leaves it out), as straight BGRA at full size. */
static int decode_first_frame(const uint8_t *data, size_t size, uint32_t w, uint32_t h, uint32_t **pixels, char *err,
                              size_t err_size) {
    WebPAnimDecoderOptions options;
    if (!sc_webpdemux.WebPAnimDecoderOptionsInitInternal(&options, WEBP_DEMUX_ABI_VERSION)) {
        return sc_image_fail(err, err_size, SC_IMAGE_UNSUPPORTED, "libwebpdemux version mismatch");
    }
    options.color_mode = MODE_BGRA;
    options.use_threads = 0;
    const WebPData whole = {data, size};
    WebPAnimDecoder *decoder = sc_webpdemux.WebPAnimDecoderNewInternal(&whole, &options, WEBP_DEMUX_ABI_VERSION);
    if (!decoder) return sc_image_fail(err, err_size, SC_IMAGE_CORRUPT, "corrupt WebP: its animation cannot be read");
    uint8_t *canvas = NULL;
    int timestamp = 0;
    if (!sc_webpdemux.WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) || !canvas) {
        sc_webpdemux.WebPAnimDecoderDelete(decoder);
        return sc_image_fail(err, err_size, SC_IMAGE_CORRUPT, "corrupt WebP: the animation's first frame cannot be decoded");
    }
    *pixels = (uint32_t *)malloc((size_t)w * h * sizeof(uint32_t));
    if (*pixels) memcpy(*pixels, canvas, (size_t)w * h * 4); /* the canvas's rows are packed */
    sc_webpdemux.WebPAnimDecoderDelete(decoder);
    return *pixels ? SC_IMAGE_OK : sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory for %u×%u pixels", w, h);
}

/* The canvas size an extended file (a VP8X chunk first) declares, read from the header as the
 * container specification lays it out (24-bit sides less one, little-endian); 0 when the file
 * has no such chunk. */
static int vp8x_canvas(const uint8_t *data, size_t size, uint32_t *w, uint32_t *h) {
    if (size < 30 || memcmp(data + 12, "VP8X", 4) != 0) return 0;
    *w = 1 + (data[24] | (uint32_t)data[25] << 8 | (uint32_t)data[26] << 16);
    *h = 1 + (data[27] | (uint32_t)data[28] << 8 | (uint32_t)data[29] << 16);
    return 1;
}

int sc_image_decode_webp(const uint8_t *data, size_t size, const sc_image_request *request,
                         sc_image_result *result, char *err, size_t err_size) {
    memset(result, 0, sizeof *result);
    if (!data || size < 12 || memcmp(data, "RIFF", 4) != 0 || memcmp(data + 8, "WEBP", 4) != 0) {
        return sc_image_fail(err, err_size, SC_IMAGE_CORRUPT, "not a WebP file (no RIFF/WEBP header)");
    }
    int opened = sc_photo_libraries_open(SC_PHOTO_NEEDS_WEBPDEMUX | SC_PHOTO_NEEDS_EXIF | SC_PHOTO_NEEDS_LCMS2, err, err_size);
    if (opened != SC_IMAGE_OK) return opened;
    WebPBitstreamFeatures features;
    VP8StatusCode status = WebPGetFeatures(data, size, &features);
    if (status != VP8_STATUS_OK) {
        /* libwebp calls a canvas of 2^32 pixels or more a bitstream error: named here as the
         * declared size over the limit it is, as for any other format. */
        uint32_t cw, ch;
        if (vp8x_canvas(data, size, &cw, &ch)) {
            const int within = sc_image_check_declared_size("WebP", cw, ch, request, err, err_size);
            if (within != SC_IMAGE_OK) return within;
        }
        return sc_image_fail(err, err_size, SC_IMAGE_CORRUPT, "corrupt WebP: %s", vp8_status_text(status));
    }
    /* An animation's size is its canvas's. */
    const uint32_t w = (uint32_t)features.width, h = (uint32_t)features.height;
    const int within = sc_image_check_declared_size("WebP", w, h, request, err, err_size);
    if (within != SC_IMAGE_OK) return within;

    int orientation = 1;
    uint8_t *icc = NULL;
    size_t icc_size = 0;
    WebPData whole = {data, size};
    WebPDemuxer *demux = sc_webpdemux.WebPDemuxInternal(&whole, 0, NULL, WEBP_DEMUX_ABI_VERSION);
    if (demux) {
        size_t exif_size = 0;
        uint8_t *exif = chunk_copy(demux, "EXIF", &exif_size);
        if (exif) orientation = sc_exif_orientation(exif, exif_size);
        free(exif);
        icc = chunk_copy(demux, "ICCP", &icc_size);
        sc_webpdemux.WebPDemuxDelete(demux);
    }

    uint32_t *pixels = NULL, ow = w, oh = h;
    const int decoded = features.has_animation ? decode_first_frame(data, size, w, h, &pixels, err, err_size)
                                               : decode_still(data, size, w, h, request, orientation, &pixels, &ow, &oh, err, err_size);
    if (decoded != SC_IMAGE_OK) {
        free(icc);
        return decoded;
    }
    const int profile = sc_rgb_profile_to_srgb(pixels, (size_t)ow * oh, icc, icc_size);
    free(icc);
    sc_premultiply(pixels, (size_t)ow * oh);
    if (sc_apply_orientation(&pixels, &ow, &oh, orientation) != 0) {
        free(pixels);
        return sc_image_fail(err, err_size, SC_IMAGE_NO_MEMORY, "out of memory turning the image upright");
    }
    sc_image_set_result(result, pixels, ow, oh, w, h, orientation, profile);
    return SC_IMAGE_OK;
}
