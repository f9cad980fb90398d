// The plug-in's area resampler (Sources/CFaces/area_downscale.cpp) against OpenCV's
// cv::resize(INTER_AREA): random grey images of random sizes, shrunk to random smaller sizes
// (a third of them by whole ratios on one axis), some as views into larger images; also all
// white. Prints how many were compared and how many differed, and exits 1 when any did.
#include "../Sources/CFaces/area_downscale.hpp"

#include <opencv2/imgproc.hpp>

#include <cstdio>
#include <cstdlib>
#include <random>

int main(int argc, char **argv) {
    const int trials = argc > 1 ? std::atoi(argv[1]) : 20000;
    std::mt19937 random(20261201);
    int differing = 0;
    for (int t = 0; t < trials; t++) {
        const int width = 1 + (int)(random() % 2000), height = 1 + (int)(random() % 1500);
        int out_width = 1 + (int)(random() % width);
        const int out_height = 1 + (int)(random() % height);
        if (t % 3 == 0) out_width = std::max(1, width / (1 + (int)(random() % 6)));
        cv::Mat whole(height + 2, width + 3, CV_8UC1);
        cv::randu(whole, 0, 256);
        cv::Mat image = t % 5 == 0 ? whole(cv::Rect(1, 1, width, height)) : whole(cv::Rect(0, 0, width, height)).clone();
        if (t % 11 == 0) image.setTo(255);
        cv::Mat expected, found;
        cv::resize(image, expected, cv::Size(out_width, out_height), 0, 0, cv::INTER_AREA);
        sc_area::downscale(image, found, cv::Size(out_width, out_height));
        if (found.size() != expected.size() || cv::norm(found, expected, cv::NORM_INF) != 0) {
            if (++differing <= 10) std::printf("differs: %dx%d -> %dx%d\n", width, height, out_width, out_height);
        }
    }
    std::printf("%d sizes compared, %d differing\n", trials, differing);
    return differing == 0 ? 0 : 1;
}
