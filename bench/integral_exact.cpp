// The plug-in's integral images (Sources/CFaces/integral_image.cpp), eight pixels at a time
// and one at a time, against OpenCV's
// cv::integral(src, sums, squares, noArray(), CV_32S, CV_32S): random grey images of random
// sizes (a third of them small, so that rows shorter than eight pixels and every tail length
// are tried), all white or black and white (the squares' totals wrap), written at a random
// stride into buffers filled with a marker. Then both on the 352 × 235 working copy of a
// 1024 × 683 photo, timed. Exits 1 when any image differs.
#include "../Sources/CFaces/integral_image.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

int main(int argc, char **argv) {
    const int trials = argc > 1 ? std::atoi(argv[1]) : 5000;
    std::mt19937 random(20261206);
    const bool avx2_here = __builtin_cpu_supports("avx2");
    int differing = 0;
    for (int t = 0; t < trials; t++) {
        int width = 1 + (int)(random() % 600), height = 1 + (int)(random() % 400);
        if (t % 3 == 0) {
            width = 1 + (int)(random() % 24);
            height = 1 + (int)(random() % 24);
        }
        cv::Mat src(height, width, CV_8U);
        const int kind = (int)(random() % 3);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                src.at<uint8_t>(y, x) = (uint8_t)(kind == 0 ? 255 : kind == 1 ? random() % 256 : (random() % 2) * 255);
            }
        }
        const size_t stride = (size_t)width + 1 + random() % 40;
        std::vector<int32_t> sums((size_t)(height + 1) * stride, 0x5a5a5a5a), squares = sums;
        std::vector<int32_t> own_sums = sums, own_squares = sums;
        cv::Mat s(height + 1, width + 1, CV_32S, sums.data(), stride * sizeof(int32_t));
        cv::Mat q(height + 1, width + 1, CV_32S, squares.data(), stride * sizeof(int32_t));
        cv::integral(src, s, q, cv::noArray(), CV_32S, CV_32S);
        for (const bool avx2 : {false, avx2_here}) {
            std::fill(own_sums.begin(), own_sums.end(), 0x5a5a5a5a);
            std::fill(own_squares.begin(), own_squares.end(), 0x5a5a5a5a);
            sc_integral::sums_and_squares(src, own_sums.data(), own_squares.data(), stride, avx2);
            if (own_sums != sums || own_squares != squares) {
                if (differing++ < 5) std::printf("differs: %d × %d, stride %zu, %s\n", width, height, stride, avx2 ? "AVX2" : "one at a time");
            }
        }
    }
    std::printf("%d images compared, each one at a time%s: %d different\n", trials, avx2_here ? " and with AVX2" : "", differing);

    cv::Mat working(235, 352, CV_8U);
    for (int y = 0; y < working.rows; y++) {
        for (int x = 0; x < working.cols; x++) working.at<uint8_t>(y, x) = (uint8_t)(random() % 256);
    }
    const size_t stride = 384;
    std::vector<int32_t> sums(236 * stride), squares(236 * stride);
    std::vector<double> opencv, own;
    for (int run = 0; run < 401; run++) {
        const auto t0 = std::chrono::steady_clock::now();
        cv::Mat s(236, 353, CV_32S, sums.data(), stride * sizeof(int32_t)), q(236, 353, CV_32S, squares.data(), stride * sizeof(int32_t));
        cv::integral(working, s, q, cv::noArray(), CV_32S, CV_32S);
        const auto t1 = std::chrono::steady_clock::now();
        sc_integral::sums_and_squares(working, sums.data(), squares.data(), stride, avx2_here);
        const auto t2 = std::chrono::steady_clock::now();
        opencv.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        own.push_back(std::chrono::duration<double, std::micro>(t2 - t1).count());
    }
    std::nth_element(opencv.begin(), opencv.begin() + 200, opencv.end());
    std::nth_element(own.begin(), own.begin() + 200, own.end());
    std::printf("352 × 235, medians of 401: cv::integral %.1f µs, the plug-in's %.1f µs\n", opencv[200], own[200]);
    return differing == 0 ? 0 : 1;
}
