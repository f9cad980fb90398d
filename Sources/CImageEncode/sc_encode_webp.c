/* WebP writer over libwebp's advanced API (for the method and sharp-YUV settings the simple
 * API hides). Single-threaded encoding, so the same input gives the same bytes. */
#include "sc_encode.h"
#include "sc_encode_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/encode.h>

static const char *webp_error(WebPEncodingError code) {
    switch (code) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY: case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory while encoding WebP";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "image is too large for WebP (16383 pixels a side at most)";
    case VP8_ENC_ERROR_FILE_TOO_BIG: return "encoded WebP is over 4 GiB";
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW:
        /* libwebp keeps every macroblock's modes in a first partition of at most 512 KiB:
         * a sheet of 256 story cards at scale 3 (15912 × 16200) is over it, even with
         * partition_limit 100 (tried: it fails the same way, after as long again). */
        return "the picture is too large and detailed for lossy WebP (its first partition is over libwebp's "
               "512 KiB limit): use PNG, or WebP at quality 100 (lossless)";
    default: return "WebP encoder failed";
    }
}

int sc_encode_webp(const uint8_t *pixels, size_t pixels_size, uint32_t width, uint32_t height, size_t stride_bytes,
                   int lossless, int quality, int method,
                   uint8_t **out, size_t *out_size, char *err, size_t err_size) {
    if (sc_encode_check(pixels, pixels_size, width, height, stride_bytes, WEBP_MAX_DIMENSION, out, out_size, err, err_size) != 0) return -1;
    if (quality < 0 || quality > 100 || method < 0 || method > 6 || stride_bytes > 0x7FFFFFFF) {
        sc_encode_set_error(err, err_size, "invalid WebP quality (0…100) or method (0…6)");
        return -1;
    }
    WebPConfig config;
    if (!WebPConfigInit(&config)) {
        sc_encode_set_error(err, err_size, "libwebp version mismatch");
        return -1;
    }
    config.lossless = lossless ? 1 : 0;
    config.quality = (float)quality;
    config.method = method;
    config.thread_level = 0;
    config.use_sharp_yuv = lossless ? 0 : 1;
    if (!WebPValidateConfig(&config)) {
        sc_encode_set_error(err, err_size, "libwebp refused the settings");
        return -1;
    }
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) {
        sc_encode_set_error(err, err_size, "libwebp version mismatch");
        return -1;
    }
    picture.width = (int)width;
    picture.height = (int)height;
    /* ARGB in, converted by WebPEncode: importing straight to YUV would skip the sharp
     * conversion config.use_sharp_yuv asks for. */
    picture.use_argb = 1;
    if (!WebPPictureImportBGRX(&picture, pixels, (int)stride_bytes)) {
        WebPPictureFree(&picture);
        sc_encode_set_error(err, err_size, "out of memory while encoding WebP");
        return -1;
    }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    WebPEncodingError code = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok || writer.size == 0) {
        WebPMemoryWriterClear(&writer);
        sc_encode_set_error(err, err_size, webp_error(code));
        return -1;
    }
    /* Callers free with sc_encode_free (free), not WebPFree: hand over a copy. */
    uint8_t *copy = (uint8_t *)malloc(writer.size);
    if (!copy) {
        WebPMemoryWriterClear(&writer);
        sc_encode_set_error(err, err_size, "out of memory while encoding WebP");
        return -1;
    }
    memcpy(copy, writer.mem, writer.size);
    *out = copy;
    *out_size = writer.size;
    WebPMemoryWriterClear(&writer);
    return 0;
}
