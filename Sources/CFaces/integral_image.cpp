// The integral images of integral_image.hpp. Each output row is the row above plus the running
// total along the source row; with AVX2 the running total is taken eight pixels at a time (a
// prefix sum within each 128-bit half by two shifts, the low half's total added to the high
// half, the previous block's total to all eight), so the one chain of dependent adds per pixel
// becomes one per eight. Totals are computed in unsigned arithmetic: the same bits as OpenCV's
// wrapping int sums, without signed overflow.
#include "integral_image.hpp"

#include <immintrin.h>

#include <cstring>

namespace sc_integral {
namespace {

// One row's running totals from column `from` on, added to the row above (`above`, `out` and
// `out_squares` point at column 1 of their rows, so index x is the total through pixel x).
void row_tail(const uint8_t *pixels, int from, int width, uint32_t total, uint32_t total_squares, const uint32_t *above,
              const uint32_t *above_squares, uint32_t *out, uint32_t *out_squares) {
    for (int x = from; x < width; x++) {
        const uint32_t v = pixels[x];
        total += v;
        total_squares += v * v;
        out[x] = above[x] + total;
        out_squares[x] = above_squares[x] + total_squares;
    }
}

// The eight lanes' inclusive prefix sum (lane i holds lanes 0…i of `v`).
__attribute__((target("avx2"))) inline __m256i prefix8(__m256i v) {
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 4));
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 8));
    const __m256i low_total = _mm256_shuffle_epi32(v, 0xFF);  // lane 3 of each half, in all four of its lanes
    return _mm256_add_epi32(v, _mm256_permute2x128_si256(low_total, low_total, 0x08));  // low half's total into the high half
}

__attribute__((target("avx2"))) void rows_avx2(const cv::Mat &src, uint32_t *sums, uint32_t *squares, size_t stride) {
    const int width = src.cols;
    const __m256i last = _mm256_set1_epi32(7);
    for (int y = 0; y < src.rows; y++) {
        const uint8_t *pixels = src.ptr<uint8_t>(y);
        const uint32_t *above = sums + (size_t)y * stride + 1, *above_squares = squares + (size_t)y * stride + 1;
        uint32_t *out = sums + (size_t)(y + 1) * stride, *out_squares = squares + (size_t)(y + 1) * stride;
        out[0] = 0;
        out_squares[0] = 0;
        out++;
        out_squares++;
        __m256i total = _mm256_setzero_si256(), total_squares = _mm256_setzero_si256();
        int x = 0;
        for (; x + 8 <= width; x += 8) {
            uint64_t eight;
            std::memcpy(&eight, pixels + x, sizeof eight);
            const __m256i v = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)eight));
            const __m256i v_squared = _mm256_madd_epi16(v, v);  // each lane's high 16 bits are zero: v·v + 0·0
            total = _mm256_add_epi32(prefix8(v), total);
            total_squares = _mm256_add_epi32(prefix8(v_squared), total_squares);
            _mm256_storeu_si256((__m256i *)(out + x),
                                _mm256_add_epi32(total, _mm256_loadu_si256((const __m256i *)(above + x))));
            _mm256_storeu_si256((__m256i *)(out_squares + x),
                                _mm256_add_epi32(total_squares, _mm256_loadu_si256((const __m256i *)(above_squares + x))));
            total = _mm256_permutevar8x32_epi32(total, last);
            total_squares = _mm256_permutevar8x32_epi32(total_squares, last);
        }
        row_tail(pixels, x, width, (uint32_t)_mm256_cvtsi256_si32(total), (uint32_t)_mm256_cvtsi256_si32(total_squares), above,
                 above_squares, out, out_squares);
    }
}

void rows_scalar(const cv::Mat &src, uint32_t *sums, uint32_t *squares, size_t stride) {
    for (int y = 0; y < src.rows; y++) {
        uint32_t *out = sums + (size_t)(y + 1) * stride, *out_squares = squares + (size_t)(y + 1) * stride;
        out[0] = 0;
        out_squares[0] = 0;
        row_tail(src.ptr<uint8_t>(y), 0, src.cols, 0, 0, sums + (size_t)y * stride + 1, squares + (size_t)y * stride + 1, out + 1,
                 out_squares + 1);
    }
}

}  // namespace

void sums_and_squares(const cv::Mat &src, int32_t *sums, int32_t *squares, size_t stride, bool avx2) {
    CV_Assert(src.type() == CV_8UC1 && stride >= (size_t)src.cols + 1);
    std::memset(sums, 0, sizeof(int32_t) * ((size_t)src.cols + 1));
    std::memset(squares, 0, sizeof(int32_t) * ((size_t)src.cols + 1));
    uint32_t *const s = reinterpret_cast<uint32_t *>(sums), *const q = reinterpret_cast<uint32_t *>(squares);
    if (avx2) {
        rows_avx2(src, s, q, stride);
    } else {
        rows_scalar(src, s, q, stride);
    }
}

}  // namespace sc_integral
