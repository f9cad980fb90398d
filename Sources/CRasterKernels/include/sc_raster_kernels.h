#ifndef SC_RASTER_KERNELS_H
#define SC_RASTER_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// The inner loops of Raster's separable Lanczos resampler, on 4-byte premultiplied pixels
/// (any channel order: channels never mix). Weights are fixed point, 1 << 22 = 1.0; each sum
/// starts at one half and is shifted down and clamped to 0...255, so the results are exactly
/// those of the same loops written in integers anywhere. Callers check every index: these
/// functions trust their arguments.

/// `row_count` rows (`row_stride_bytes` apart) through the same weights into rows of `target`
/// (`target_stride_bytes` apart): output pixel x (0 <= x < out_count) of a row is the sum over
/// k < taps of its source pixel first[x] + k times weights[x * taps + k], per channel.
/// `scratch` holds `sc_resample_rows_scratch_bytes(out_count, taps)` bytes (the weights laid
/// out for the vector loop once for all rows).
void sc_resample_rows(const uint8_t *rows, ptrdiff_t row_stride_bytes, ptrdiff_t row_count, uint8_t *target,
                      ptrdiff_t target_stride_bytes, ptrdiff_t out_count, const ptrdiff_t *first, const int32_t *weights,
                      ptrdiff_t taps, void *scratch);

size_t sc_resample_rows_scratch_bytes(ptrdiff_t out_count, ptrdiff_t taps);

/// One output row of the vertical pass: byte i is the sum over k < taps of
/// rows[k * row_bytes + i] times weights[k].
void sc_resample_column(const uint8_t *rows, ptrdiff_t row_bytes, uint8_t *target,
                        const int32_t *weights, ptrdiff_t taps);

/// Clamps each of the first three channels of `count` 4-byte pixels to the fourth (alpha:
/// Raster's ARGB32 words in a little-endian machine's memory), keeping them premultiplied.
/// Returns 1 when every alpha is 255 (the pixels may then replace what is under them), else 0.
int sc_clamp_colour_to_alpha(uint8_t *pixels, ptrdiff_t count);

/// Passes `sc_box_blur_pixels` runs in one sweep down the image; more are run as further sweeps.
#define SC_MAX_BLUR_PASSES 8

/// The index of the first of `count` ARGB32 pixels whose least colour channel is at most
/// `dark_bound` or whose greatest is at least `light_bound`, and which is neither `darkest` nor
/// `lightest`, or `count` when none is: the pixels a search for the darkest and lightest may not
/// put aside (luminance lies between the linear values of the least and greatest channel, and a
/// pixel the same as one found has its luminance).
ptrdiff_t sc_next_extreme_candidate(const uint32_t *pixels, ptrdiff_t count, uint32_t dark_bound, uint32_t light_bound,
                                    uint32_t darkest, uint32_t lightest);

/// `sc_box_blur_pixels`'s `threads` for its two bands one after the other (for tests).
#define SC_BLUR_BANDS_UPPER_FIRST (-1)
#define SC_BLUR_BANDS_LOWER_FIRST (-2)

/// Blurs `height` rows of `width` 4-byte pixels from `source` (rows `source_stride_bytes`
/// apart) into `target` (rows `target_stride_bytes` apart; the same memory as `source` for a
/// blur in place, else memory that does not overlap it) by `count` box passes, radius
/// `radii[i]` each (window 2r + 1, 1 <= r < 32768; r <= 0 is no pass), every pass one
/// horizontal then one vertical running sum, each average rounded to nearest, exactly
/// (sum + window / 2) / window: the four channels are blurred independently, as four planes
/// would be. Outside the rows is the nearest edge pixel when `extend_edges`, else zero. Then
/// each of the first three channels is clamped to the fourth (alpha).
/// `threads` 1 runs on the calling thread; 0 lets a picture of at least 512×512 pixels' worth,
/// and at least eight times as tall as the passes reach, be blurred in two bands at once, the
/// lower one on a second thread: the same bytes either way. `SC_BLUR_BANDS_UPPER_FIRST` or
/// `SC_BLUR_BANDS_LOWER_FIRST` cut such a picture as 0 does but blur the bands one after the
/// other on the calling thread, in that order: the two threads may take either, so tests run both.
/// `scratch` holds `sc_box_blur_scratch_bytes` bytes. Returns 1 when every alpha ends 255.
int sc_box_blur_pixels(const uint8_t *source, ptrdiff_t source_stride_bytes, uint8_t *target, ptrdiff_t target_stride_bytes,
                       ptrdiff_t width, ptrdiff_t height, const int32_t *radii, ptrdiff_t count, int extend_edges, int threads,
                       uint8_t *scratch);

/// The working memory `sc_box_blur_pixels` needs for these arguments: a few rows per pass
/// (each pass keeps the rows its vertical window spans), for each of two bands where it may
/// use two, not a copy of the image.
size_t sc_box_blur_scratch_bytes(ptrdiff_t width, ptrdiff_t height, const int32_t *radii, ptrdiff_t count);

/// How many bands (1 or 2) `sc_box_blur_pixels` with `threads` 0 cuts its first sweep into.
int sc_box_blur_bands(ptrdiff_t width, ptrdiff_t height, const int32_t *radii, ptrdiff_t count);

/// pixman's PIXMAN_FILTER_SEPARABLE_CONVOLUTION with PIXMAN_REPEAT_PAD, byte for byte, for a
/// transform with no rotation or skew: `rows` x `columns` pixels into `target` (packed), pixel
/// (k, r) being what pixman fetches for device pixel (first_column + k, first_row + r) from the
/// `source_width` x `source_height` ARGB32 `source` (packed) through the 16.16 transform
/// x' = scale_x * x + offset_x, y' = scale_y * y + offset_y (pixman_transform_t's [0][0],
/// [0][2], [1][1], [1][2]) and the `param_count` filter parameters that
/// `pixman_filter_create_separable_convolution` made. Returns 1 when every pixel is opaque,
/// 0 when not, and -1 (target untouched) for parameters it does not take, a coordinate past
/// +-16,384 pixels, or no memory: the caller then lets pixman draw.
int sc_convolve_padded(const uint32_t *source, ptrdiff_t source_width, ptrdiff_t source_height,
                       const int32_t *params, ptrdiff_t param_count,
                       int32_t scale_x, int32_t offset_x, int32_t scale_y, int32_t offset_y,
                       ptrdiff_t first_column, ptrdiff_t first_row, ptrdiff_t columns, ptrdiff_t rows,
                       uint32_t *target);

#endif
