// OpenCV's cascade classifier behind the C interface of sc_faces.h. No exception leaves this
// file: each entry point wraps its body in try/catch and turns the exception into a message.
#include "sc_faces.h"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <mutex>
#include <new>
#include <vector>

struct sc_faces_detector {
    cv::CascadeClassifier frontal;
    cv::CascadeClassifier profile;
    bool has_profile = false;
    // detectMultiScale is not const: one search at a time per classifier.
    std::mutex lock;
};

namespace {

void set_error(char *err, size_t err_size, const char *message) {
    if (err && err_size > 0) {
        std::snprintf(err, err_size, "%s", message);
    }
}

double overlap_over_smaller(const cv::Rect &a, const cv::Rect &b) {
    const cv::Rect both = a & b;
    const double smaller = std::min(a.area(), b.area());
    return smaller > 0 ? both.area() / smaller : 0;
}

}  // namespace

extern "C" int sc_faces_detector_create(const char *frontal_path, const char *profile_path,
                                        sc_faces_detector **out, char *err, size_t err_size) {
    if (!out || !frontal_path) {
        set_error(err, err_size, "no cascade path");
        return -1;
    }
    *out = nullptr;
    try {
        auto *detector = new sc_faces_detector();
        if (!detector->frontal.load(frontal_path) || detector->frontal.empty()) {
            char message[512];
            std::snprintf(message, sizeof message, "cannot load face cascade %s", frontal_path);
            set_error(err, err_size, message);
            delete detector;
            return -1;
        }
        if (profile_path) {
            if (!detector->profile.load(profile_path) || detector->profile.empty()) {
                char message[512];
                std::snprintf(message, sizeof message, "cannot load face cascade %s", profile_path);
                set_error(err, err_size, message);
                delete detector;
                return -1;
            }
            detector->has_profile = true;
        }
        *out = detector;
        return 0;
    } catch (const std::exception &e) {
        set_error(err, err_size, e.what());
    } catch (...) {
        set_error(err, err_size, "unknown C++ exception while loading a cascade");
    }
    return -1;
}

extern "C" void sc_faces_detector_destroy(sc_faces_detector *detector) {
    try {
        delete detector;
    } catch (...) {
    }
}

extern "C" int sc_faces_detect(sc_faces_detector *detector, const uint8_t *pixels, size_t pixels_size,
                               int32_t width, int32_t height, size_t stride_bytes, const sc_faces_options *options,
                               sc_face_rect *out, size_t capacity, size_t *count, char *err, size_t err_size) {
    if (count) *count = 0;
    if (!detector || !pixels || !options || !count || (!out && capacity > 0)) {
        set_error(err, err_size, "missing argument");
        return -1;
    }
    if (width <= 0 || height <= 0 || stride_bytes < (size_t)width * 4 ||
        (size_t)(height - 1) * stride_bytes + (size_t)width * 4 > pixels_size) {
        set_error(err, err_size, "pixel buffer too small for its width, height and stride");
        return -1;
    }
    if (!(options->scale_factor > 1.0 && options->scale_factor <= 4.0) || options->min_neighbors < 0 ||
        !(options->profile_scale_factor > 1.0 && options->profile_scale_factor <= 4.0) || options->profile_min_neighbors < 0 ||
        !(options->profile_min_face_fraction > 0.0 && options->profile_min_face_fraction <= 1.0) ||
        !(options->min_face_fraction > 0.0 && options->min_face_fraction <= 1.0) || options->working_side_px < 0 ||
        options->profiles < SC_FACES_PROFILES_NEVER || options->profiles > SC_FACES_PROFILES_FALLBACK) {
        set_error(err, err_size, "invalid detector options");
        return -1;
    }
    try {
        const cv::Mat bgra(height, width, CV_8UC4, const_cast<uint8_t *>(pixels), stride_bytes);
        cv::Mat grey;
        cv::cvtColor(bgra, grey, cv::COLOR_BGRA2GRAY);
        const int longer = std::max(width, height);
        double scale = 1.0;
        if (options->working_side_px > 0 && longer > options->working_side_px) {
            scale = (double)options->working_side_px / longer;
            const cv::Size size(std::max(1, (int)std::lround(width * scale)), std::max(1, (int)std::lround(height * scale)));
            cv::Mat small;
            cv::resize(grey, small, size, 0, 0, cv::INTER_AREA);
            grey = small;
        }
        cv::equalizeHist(grey, grey);
        const int side = std::max(1, (int)std::lround(std::max(grey.cols, grey.rows) * options->min_face_fraction));
        const cv::Size min_size(side, side);
        const int profile_side = std::max(1, (int)std::lround(std::max(grey.cols, grey.rows) * options->profile_min_face_fraction));
        const cv::Size profile_min_size(profile_side, profile_side);

        std::vector<cv::Rect> faces;
        {
            std::lock_guard<std::mutex> guard(detector->lock);
            detector->frontal.detectMultiScale(grey, faces, options->scale_factor, options->min_neighbors, 0, min_size);
            const bool profiles = options->profiles == SC_FACES_PROFILES_ALWAYS ||
                                  (options->profiles == SC_FACES_PROFILES_FALLBACK && faces.empty());
            if (profiles && detector->has_profile) {
                std::vector<cv::Rect> turned, mirrored;
                detector->profile.detectMultiScale(grey, turned, options->profile_scale_factor, options->profile_min_neighbors, 0,
                                                   profile_min_size);
                cv::Mat flipped;
                cv::flip(grey, flipped, 1);
                detector->profile.detectMultiScale(flipped, mirrored, options->profile_scale_factor,
                                                   options->profile_min_neighbors, 0, profile_min_size);
                for (auto &r : mirrored) r.x = grey.cols - r.x - r.width;
                turned.insert(turned.end(), mirrored.begin(), mirrored.end());
                for (const auto &r : turned) {
                    bool overlaps = false;
                    for (size_t i = 0; i < faces.size() && !overlaps; i++) {
                        // A face seen by both cascades (or by the profile cascade both ways) is kept once.
                        overlaps = overlap_over_smaller(faces[i], r) > 0.3;
                    }
                    if (!overlaps) faces.push_back(r);
                }
            }
        }
        std::sort(faces.begin(), faces.end(), [](const cv::Rect &a, const cv::Rect &b) {
            return a.y != b.y ? a.y < b.y : (a.x != b.x ? a.x < b.x : a.width < b.width);
        });
        *count = faces.size();
        const double back_x = (double)width / grey.cols, back_y = (double)height / grey.rows;
        for (size_t i = 0; i < faces.size() && i < capacity; i++) {
            out[i].x = faces[i].x * back_x;
            out[i].y = faces[i].y * back_y;
            out[i].width = faces[i].width * back_x;
            out[i].height = faces[i].height * back_y;
        }
        return 0;
    } catch (const std::exception &e) {
        set_error(err, err_size, e.what());
    } catch (...) {
        set_error(err, err_size, "unknown C++ exception during face detection");
    }
    return -1;
}

extern "C" size_t sc_faces_options_size(void) { return sizeof(sc_faces_options); }
