// Area-averaging downscale of 8-bit grey images: the bytes cv::resize(src, dst, size, 0, 0,
// INTER_AREA) makes (OpenCV 4.6), computed without its per-pixel scatter. Internal to CFaces:
// the detector's working copy and the split pyramid's half-size copy are made with it.
#ifndef SC_AREA_DOWNSCALE_HPP
#define SC_AREA_DOWNSCALE_HPP

#include <opencv2/core.hpp>

namespace sc_area {

// `src` (CV_8UC1) shrunk or copied to `size` into `dst` (reallocated as cv::resize would).
// Sizes OpenCV resamples another way (an integer ratio on both axes, or a larger size) go to
// cv::resize itself.
void downscale(const cv::Mat &src, cv::Mat &dst, cv::Size size);

}  // namespace sc_area

#endif
