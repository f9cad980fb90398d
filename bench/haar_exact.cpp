// Checks the face plug-in's Haar evaluator (Sources/CFaces/haar_cascade.cpp) against OpenCV's
// CascadeClassifier::detectMultiScale window for window: on every labelled photo, the bench
// photo, noise, flat and gradient images, their mirror images, at a grid of working sides, scale
// factors and minimum and maximum sizes, with each cascade named, and with the split pyramid's
// two calls. Raw windows (minNeighbors 0) and grouped boxes are compared as sorted lists, for the
// eight-window path and the one-window path. Prints every difference; exits 1 if there was one.
// Build and run: bench/haar_exact.sh
#include "../Sources/CFaces/haar_cascade.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace {

bool before(const cv::Rect &a, const cv::Rect &b) {
    if (a.y != b.y) return a.y < b.y;
    if (a.x != b.x) return a.x < b.x;
    return a.width != b.width ? a.width < b.width : a.height < b.height;
}

struct source {
    std::string name;
    cv::Mat grey;  // full size, before the working copy
};

struct cascade_pair {
    std::string name;
    cv::CascadeClassifier opencv;
    std::unique_ptr<sc_haar::cascade> own;
};

long cases = 0, windows = 0, differences = 0;

void compare(cascade_pair &c, const cv::Mat &image, const std::string &what, double factor, int neighbours, cv::Size min_size,
             cv::Size max_size, sc_haar::workspace &space) {
    std::vector<cv::Rect> expected, vector_found, avx2_found, scalar_found;
    c.opencv.detectMultiScale(image, expected, factor, neighbours, 0, min_size, max_size);
    c.own->detect(image, vector_found, factor, neighbours, min_size, max_size, space, sc_haar::lanes::vector);
    c.own->detect(image, avx2_found, factor, neighbours, min_size, max_size, space, sc_haar::lanes::avx2);
    c.own->detect(image, scalar_found, factor, neighbours, min_size, max_size, space, sc_haar::lanes::scalar);
    for (auto *v : {&expected, &vector_found, &avx2_found, &scalar_found}) std::sort(v->begin(), v->end(), before);
    cases++;
    windows += (long)expected.size();
    for (auto [found, path] : {std::pair{&vector_found, "eight at a time, widest build"}, std::pair{&avx2_found, "eight at a time, AVX2 build"},
                               std::pair{&scalar_found, "one at a time"}}) {
        if (*found == expected) continue;
        differences++;
        std::printf("DIFFERENT (%s): %s, %s, %dx%d, factor %.3f, neighbours %d, min %d, max %dx%d: OpenCV %zu, ours %zu\n", path,
                    c.name.c_str(), what.c_str(), image.cols, image.rows, factor, neighbours, min_size.width, max_size.width,
                    max_size.height, expected.size(), found->size());
        std::vector<cv::Rect> only_theirs, only_ours;
        std::set_difference(expected.begin(), expected.end(), found->begin(), found->end(), std::back_inserter(only_theirs), before);
        std::set_difference(found->begin(), found->end(), expected.begin(), expected.end(), std::back_inserter(only_ours), before);
        for (size_t i = 0; i < only_theirs.size() && i < 5; i++) {
            std::printf("  only OpenCV: %d %d %d %d\n", only_theirs[i].x, only_theirs[i].y, only_theirs[i].width, only_theirs[i].height);
        }
        for (size_t i = 0; i < only_ours.size() && i < 5; i++) {
            std::printf("  only ours: %d %d %d %d\n", only_ours[i].x, only_ours[i].y, only_ours[i].width, only_ours[i].height);
        }
    }
}

// The detector's working copy: area-downscaled so the longer side is at most `side`, equalised.
cv::Mat working_copy(const cv::Mat &grey, int side) {
    cv::Mat out = grey;
    const int longer = std::max(grey.cols, grey.rows);
    if (side > 0 && longer > side) {
        const double scale = (double)side / longer;
        cv::resize(grey, out, cv::Size(std::max(1, (int)std::lround(grey.cols * scale)), std::max(1, (int)std::lround(grey.rows * scale))), 0,
                   0, cv::INTER_AREA);
    }
    cv::Mat equalised;
    cv::equalizeHist(out, equalised);
    return equalised;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: haar_exact CASCADE_DIR FIXTURE_DIR [CASCADE ...]\n");
        return 2;
    }
    const std::string cascade_dir = argv[1], fixtures = argv[2];
    std::vector<std::string> cascade_names = {"haarcascade_frontalface_alt2.xml", "haarcascade_profileface.xml"};
    if (argc > 3) cascade_names.assign(argv + 3, argv + argc);
    std::vector<cascade_pair> cascades;
    for (const auto &name : cascade_names) {
        cascade_pair c;
        c.name = name;
        std::string why;
        c.own = sc_haar::cascade::load(cascade_dir + "/" + name, &why);
        if (!c.opencv.load(cascade_dir + "/" + name) || !c.own) {
            std::fprintf(stderr, "%s: not taken (%s)\n", name.c_str(), why.c_str());
            return 2;
        }
        cascades.push_back(std::move(c));
    }

    std::vector<source> sources;
    for (const char *name : {"astronaut.png", "biden.png", "camera.png", "chelsea.png", "coffee.png", "obama-exif6.jpg", "obama.png",
                             "obama2.png", "obama3.png", "rocket.png", "three-faces.png"}) {
        cv::Mat colour = cv::imread(fixtures + "/" + name, cv::IMREAD_COLOR);
        if (colour.empty()) {
            std::fprintf(stderr, "cannot read %s/%s\n", fixtures.c_str(), name);
            return 2;
        }
        cv::Mat grey;
        cv::cvtColor(colour, grey, cv::COLOR_BGR2GRAY);
        sources.push_back({name, grey});
    }
    {
        // The bench photo: the three portraits side by side on mid-grey, 1024×683.
        cv::Mat canvas(683, 1024, CV_8UC3, cv::Scalar(128, 128, 128));
        int x = 16;
        for (const char *name : {"obama.png", "obama2.png", "obama3.png"}) {
            cv::Mat image = cv::imread(fixtures + "/" + name, cv::IMREAD_COLOR);
            image.copyTo(canvas(cv::Rect(x, 85, image.cols, image.rows)));
            x += image.cols;
        }
        cv::Mat grey;
        cv::cvtColor(canvas, grey, cv::COLOR_BGR2GRAY);
        sources.push_back({"bench photo", grey});
    }
    {
        cv::Mat noise(480, 640, CV_8U), flat(480, 640, CV_8U, cv::Scalar(128)), gradient(480, 640, CV_8U), blocks(480, 640, CV_8U);
        cv::RNG rng(20261201);
        rng.fill(noise, cv::RNG::UNIFORM, 0, 256);
        for (int y = 0; y < gradient.rows; y++) {
            for (int x = 0; x < gradient.cols; x++) gradient.at<uchar>(y, x) = (uchar)((x + y) * 255 / (gradient.cols + gradient.rows));
        }
        // Flat squares on noise: windows with no variance next to busy ones.
        blocks = noise.clone();
        for (int i = 0; i < 12; i++) blocks(cv::Rect(rng.uniform(0, 560), rng.uniform(0, 400), 80, 80)).setTo(cv::Scalar(rng.uniform(0, 256)));
        sources.push_back({"noise", noise});
        sources.push_back({"flat", flat});
        sources.push_back({"gradient", gradient});
        sources.push_back({"flat squares on noise", blocks});
    }

    const int sides[] = {200, 240, 257, 300, 333, 352, 389, 400};
    const double factors[] = {1.05, 1.1, 1.15, 1.2, 1.25, 1.3};
    const int mins[] = {0, 22, 31, 44};
    const int maxs[] = {0, 39, 61, 100};
    sc_haar::workspace space;
    const auto started = std::chrono::steady_clock::now();
    long k = 0;
    for (const source &s : sources) {
        for (int side : sides) {
            const cv::Mat work = working_copy(s.grey, side);
            cv::Mat mirrored;
            cv::flip(work, mirrored, 1);
            for (auto &c : cascades) {
                const cv::Size window = c.own->window();
                for (int mirror = 0; mirror < 2; mirror++) {
                    const cv::Mat &image = mirror ? mirrored : work;
                    const std::string what = s.name + (mirror ? " mirrored" : "");
                    // A rotating choice from the grid, so every factor meets every size limit.
                    for (int round = 0; round < 2; round++, k += 7) {
                        const double factor = factors[k % 6];
                        const int min_side = mins[(k / 6) % 4], max_side = maxs[(k / 24) % 4];
                        compare(c, image, what, factor, 0, cv::Size(min_side, min_side), cv::Size(max_side, max_side), space);
                    }
                    // The standard searches: the whole pyramid from 1/16 and 1/8 with grouping, and the
                    // split pyramid's two calls (below twice the window; the half-size copy).
                    const int longer = std::max(image.cols, image.rows);
                    const int sixteenth = std::max(1, (int)std::lround(longer / 16.0)), eighth = std::max(1, (int)std::lround(longer / 8.0));
                    compare(c, image, what, 1.1, 0, cv::Size(eighth, eighth), cv::Size(), space);
                    compare(c, image, what, 1.1, 5, cv::Size(eighth, eighth), cv::Size(), space);
                    compare(c, image, what, 1.1, 0, cv::Size(sixteenth, sixteenth), cv::Size(window.width * 2 - 1, window.height * 2 - 1), space);
                    cv::Mat half;
                    cv::resize(image, half, cv::Size(std::max(1, (int)std::lround(image.cols / 2.0)), std::max(1, (int)std::lround(image.rows / 2.0))),
                               0, 0, cv::INTER_AREA);
                    const int half_min = std::max({window.width, window.height, (sixteenth + 1) / 2});
                    compare(c, half, what + " half", 1.1, 0, cv::Size(half_min, half_min), cv::Size(), space);
                }
            }
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("%ld searches compared (%ld OpenCV windows and boxes in all), %ld different, %.1f s\n", cases, windows, differences, seconds);
    return differences == 0 ? 0 : 1;
}
