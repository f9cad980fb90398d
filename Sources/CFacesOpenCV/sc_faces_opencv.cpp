#include "sc_faces_opencv.h"
#include "sc_faces_boundary.hpp"

#include <opencv2/core.hpp>
#include <opencv2/objdetect.hpp>

#include <memory>
#include <vector>

struct sc_faces_opencv_classifier {
    cv::CascadeClassifier opencv;
};

using sc_boundary::guarded;
using sc_boundary::set_error;

extern "C" int32_t sc_faces_opencv_interface(void) { return SC_FACES_OPENCV_INTERFACE; }

extern "C" int sc_faces_opencv_classifier_load(const char *path, sc_faces_opencv_classifier **out, char *err, size_t err_size) {
    if (!path || !out) {
        set_error(err, err_size, "missing argument");
        return -1;
    }
    *out = nullptr;
    return guarded(err, err_size, "in OpenCV", [&] {
        auto classifier = std::make_unique<sc_faces_opencv_classifier>();
        if (!classifier->opencv.load(path) || classifier->opencv.empty()) {
            set_error(err, err_size, "OpenCV cannot load it as a cascade");
            return -1;
        }
        *out = classifier.release();
        return 0;
    });
}

extern "C" void sc_faces_opencv_classifier_destroy(sc_faces_opencv_classifier *classifier) {
    try {
        delete classifier;
    } catch (...) {
    }
}

extern "C" void sc_faces_opencv_classifier_window(const sc_faces_opencv_classifier *classifier, int32_t *width, int32_t *height) {
    cv::Size window;
    try {
        if (classifier) window = classifier->opencv.getOriginalWindowSize();
    } catch (...) {
    }
    if (width) *width = window.width;
    if (height) *height = window.height;
}

extern "C" int sc_faces_opencv_classifier_detect(sc_faces_opencv_classifier *classifier, const uint8_t *grey, int32_t width,
                                                 int32_t height, size_t stride_bytes, double scale_factor, int32_t min_neighbors,
                                                 int32_t min_width, int32_t min_height, int32_t max_width, int32_t max_height,
                                                 sc_faces_opencv_box_sink sink, void *context, char *err, size_t err_size) {
    if (!classifier || !grey || !sink || width <= 0 || height <= 0 || stride_bytes < (size_t)width) {
        set_error(err, err_size, "missing argument");
        return -1;
    }
    return guarded(err, err_size, "in OpenCV", [&] {
        const cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(grey), stride_bytes);
        std::vector<cv::Rect> found;
        classifier->opencv.detectMultiScale(image, found, scale_factor, min_neighbors, 0, cv::Size(min_width, min_height),
                                            cv::Size(max_width, max_height));
        for (const cv::Rect &r : found) sink(context, r.x, r.y, r.width, r.height);
        return 0;
    });
}

extern "C" int sc_faces_opencv_group_rectangles(const int32_t *boxes, size_t count, int32_t group_threshold, double eps,
                                                sc_faces_opencv_box_sink sink, void *context, char *err, size_t err_size) {
    if ((!boxes && count > 0) || !sink) {
        set_error(err, err_size, "missing argument");
        return -1;
    }
    return guarded(err, err_size, "in OpenCV", [&] {
        std::vector<cv::Rect> list;
        list.reserve(count);
        for (size_t i = 0; i < count; i++) list.emplace_back(boxes[4 * i], boxes[4 * i + 1], boxes[4 * i + 2], boxes[4 * i + 3]);
        cv::groupRectangles(list, group_threshold, eps);
        for (const cv::Rect &r : list) sink(context, r.x, r.y, r.width, r.height);
        return 0;
    });
}
