// Integral images of an 8-bit grey image: the sums and the sums of squares the Haar evaluator
// reads, as cv::integral(src, sums, squares, noArray(), CV_32S, CV_32S) makes them (OpenCV
// 4.6), whose loop for that pair of depths runs one pixel at a time. Internal to CFaces.
#ifndef SC_INTEGRAL_IMAGE_HPP
#define SC_INTEGRAL_IMAGE_HPP

#include <opencv2/core.hpp>

#include <cstddef>
#include <cstdint>

namespace sc_integral {

// The (rows + 1) × (cols + 1) integral images of `src` (CV_8UC1) into `sums` and `squares`,
// rows `stride` ints apart, the first row and column zero. A square's running total wraps
// modulo 2^32 as OpenCV's int arithmetic does (255² × 82,000 pixels passes 2^31); a window's
// difference of corners is exact all the same. `avx2`: eight pixels at a time, for a CPU that
// has AVX2 (the caller asks once, outside its threads); otherwise one at a time.
void sums_and_squares(const cv::Mat &src, int32_t *sums, int32_t *squares, size_t stride, bool avx2);

}  // namespace sc_integral

#endif
