// The area downscale of area_downscale.hpp. OpenCV's resizeArea_ walks a table of (source
// pixel, destination pixel, weight) triples and adds each product into a row buffer in memory,
// so consecutive additions to one destination pixel wait on each other through a store. Here
// each destination pixel's terms are laid out in columns (term j of every pixel side by side,
// padded with zero weights to the longest cell), so one pass per term adds a whole row at a
// time, in the same order and with the same float roundings: a padded term adds +0, which
// changes no sum. A source row shared by two destination rows is summed across once, not twice
// (within a band of rows: the bands run on OpenCV's threads).
// Compiled without floating-point contraction (Package.swift), as OpenCV's build rounds each
// multiply and add.
#include "area_downscale.hpp"

#include "parallel_loop.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <vector>

namespace sc_area {
namespace {

// One destination pixel's cell along one axis: its source pixels and their weights, as
// OpenCV's computeResizeAreaTab lists them.
struct cell_terms {
    std::vector<int> source;
    std::vector<float> weight;
};

std::vector<cell_terms> cells(int source_size, int size, double scale) {
    std::vector<cell_terms> out((size_t)size);
    for (int d = 0; d < size; d++) {
        cell_terms &c = out[(size_t)d];
        const double from = d * scale, to = from + scale;
        const double width = std::min(scale, source_size - from);
        int first = cvCeil(from), last = cvFloor(to);
        last = std::min(last, source_size - 1);
        first = std::min(first, last);
        if (first - from > 1e-3) {
            c.source.push_back(first - 1);
            c.weight.push_back((float)((first - from) / width));
        }
        for (int s = first; s < last; s++) {
            c.source.push_back(s);
            c.weight.push_back(float(1.0 / width));
        }
        if (to - last > 1e-3) {
            c.source.push_back(last);
            c.weight.push_back((float)(std::min(std::min(to - last, 1.), width) / width));
        }
    }
    return out;
}

// One source row summed across into `out`: out[x] = ((0 + s[first[x]]·w0) + s[first[x] + 1]·w1) + …,
// weight j of pixel x at [j * width + x] (a cell's source pixels are consecutive). Term j of every
// pixel is copied side by side into `terms_row` first, so that the sums run down whole rows.
void sum_across(const uint8_t *s, const int *first, const float *w, size_t terms, size_t width, float *terms_row, float *out) {
    for (size_t j = 0; j < terms; j++) {
        float *t = terms_row + j * width;
        for (size_t x = 0; x < width; x++) t[x] = (float)s[first[x] + j];
    }
    std::fill(out, out + width, 0.f);
    for (size_t j = 0; j < terms; j++) {
        const float *t = terms_row + j * width, *wj = w + j * width;
        for (size_t x = 0; x < width; x++) out[x] = out[x] + t[x] * wj[x];
    }
}

}  // namespace

void downscale(const cv::Mat &src, cv::Mat &dst, cv::Size size) {
    CV_Assert(src.type() == CV_8UC1 && src.cols > 0 && src.rows > 0 && size.width > 0 && size.height > 0);
    // cv::resize's own choice of method, from the same doubles.
    const double scale_x = 1. / ((double)size.width / src.cols), scale_y = 1. / ((double)size.height / src.rows);
    const int whole_x = cv::saturate_cast<int>(scale_x), whole_y = cv::saturate_cast<int>(scale_y);
    const bool whole_ratio = std::abs(scale_x - whole_x) < DBL_EPSILON && std::abs(scale_y - whole_y) < DBL_EPSILON;
    if (size == src.size() || whole_ratio || scale_x < 1 || scale_y < 1) {
        cv::resize(src, dst, size, 0, 0, cv::INTER_AREA);
        return;
    }

    const std::vector<cell_terms> across = cells(src.cols, size.width, scale_x);
    const std::vector<cell_terms> down = cells(src.rows, size.height, scale_y);
    // Every cell covers some source pixel when the scale is 1 or more (OpenCV asserts as much);
    // should one not, OpenCV's own resampler decides what it makes.
    const auto empty = [](const cell_terms &c) { return c.source.empty(); };
    if (std::any_of(across.begin(), across.end(), empty) || std::any_of(down.begin(), down.end(), empty)) {
        cv::resize(src, dst, size, 0, 0, cv::INTER_AREA);
        return;
    }
    size_t terms = 0;
    for (const cell_terms &c : across) terms = std::max(terms, c.source.size());
    // Each pixel's cell as its first source pixel and `terms` weights, zero past the cell's own.
    const size_t width = (size_t)size.width;
    std::vector<int> first(width);
    std::vector<float> weight(terms * width, 0.f);
    for (size_t x = 0; x < width; x++) {
        first[x] = across[x].source.front();
        for (size_t j = 0; j < across[x].weight.size(); j++) weight[j * width + x] = across[x].weight[j];
    }

    cv::Mat out(size, CV_8UC1);
    // Bands of destination rows on OpenCV's threads (a source row on a band's edge is summed
    // across by both bands); a band's rows are each summed in the order above.
    const double bands = std::max(1.0, (double)size.area() / (1 << 15));
    sc_parallel::for_each(cv::Range(0, size.height), [&](const cv::Range &band) {
        // A source row with room for the zero-weighted terms past its end.
        std::vector<uint8_t> row((size_t)src.cols + terms, 0);
        std::vector<float> terms_row(terms * width), across_row(width), sum(width);
        int summed_row = -1;
        for (int y = band.start; y < band.end; y++) {
            const cell_terms &c = down[(size_t)y];
            for (size_t k = 0; k < c.source.size(); k++) {
                if (c.source[k] != summed_row) {
                    summed_row = c.source[k];
                    std::copy_n(src.ptr<uint8_t>(summed_row), src.cols, row.begin());
                    sum_across(row.data(), first.data(), weight.data(), terms, width, terms_row.data(), across_row.data());
                }
                const float beta = c.weight[k];
                if (k == 0) {
                    for (size_t x = 0; x < width; x++) sum[x] = beta * across_row[x];
                } else {
                    for (size_t x = 0; x < width; x++) sum[x] = sum[x] + beta * across_row[x];
                }
            }
            uint8_t *d = out.ptr<uint8_t>(y);
            for (size_t x = 0; x < width; x++) d[x] = cv::saturate_cast<uint8_t>(sum[x]);
        }
    }, bands);
    dst = out;
}

}  // namespace sc_area
