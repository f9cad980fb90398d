#include "opencv_classifier.hpp"

#include "sc_dynamic_library.h"
#include "sc_faces_opencv.h"

#include <dlfcn.h>

#include <cstdio>
#include <stdexcept>

namespace sc_opencv {
namespace {

constexpr const char *library_file = "libsharecard-faces-opencv.so";

struct entry_points {
    int32_t (*interface)(void);
    int (*load)(const char *, sc_faces_opencv_classifier **, char *, size_t);
    void (*destroy)(sc_faces_opencv_classifier *);
    void (*window)(const sc_faces_opencv_classifier *, int32_t *, int32_t *);
    int (*detect)(sc_faces_opencv_classifier *, const uint8_t *, int32_t, int32_t, size_t, double, int32_t, int32_t, int32_t, int32_t,
                  int32_t, sc_faces_opencv_box_sink, void *, char *, size_t);
    int (*group_rectangles)(const int32_t *, size_t, int32_t, double, sc_faces_opencv_box_sink, void *, char *, size_t);
};
entry_points library;
sc_dl_once library_once = SC_DL_ONCE_INIT;

int same_interface(const char *, char *why, size_t why_size) {
    if (library.interface() == SC_FACES_OPENCV_INTERFACE) return 1;
    std::snprintf(why, why_size, "built from another version of sc_faces_opencv.h");
    return 0;
}

// libsharecard-faces-opencv.so in the folder this plug-in was loaded from (worked out once),
// or empty when the plug-in's own path is unknown.
const std::string &library_path() {
    static const std::string path = [] {
        Dl_info self{};
        if (!dladdr(reinterpret_cast<void *>(&same_interface), &self) || !self.dli_fname) return std::string();
        const std::string plugin = self.dli_fname;
        const size_t slash = plugin.rfind('/');
        return (slash == std::string::npos ? std::string() : plugin.substr(0, slash + 1)) + library_file;
    }();
    return path;
}

// The library's entry points, opened once from the folder this plug-in was loaded from; null
// with the reason in *why_not (a later call tries again).
const entry_points *opened(std::string *why_not) {
    const std::string &path = library_path();
    if (path.empty()) {
        *why_not = std::string(library_file) + " not loaded: the face plug-in's own path is unknown";
        return nullptr;
    }
    const char *const candidates[] = {path.c_str()};
    const sc_dl_symbol symbols[] = {
        {(void **)&library.interface, "sc_faces_opencv_interface"},
        {(void **)&library.load, "sc_faces_opencv_classifier_load"},
        {(void **)&library.destroy, "sc_faces_opencv_classifier_destroy"},
        {(void **)&library.window, "sc_faces_opencv_classifier_window"},
        {(void **)&library.detect, "sc_faces_opencv_classifier_detect"},
        {(void **)&library.group_rectangles, "sc_faces_opencv_group_rectangles"},
    };
    char error[1024];
    if (sc_dl_open_once(&library_once, candidates, 1, symbols, sizeof symbols / sizeof symbols[0], same_interface, error,
                        sizeof error) != 0) {
        *why_not = std::string("OpenCV's cascade classifier is not available: ") + error;
        return nullptr;
    }
    return &library;
}

void add_box(void *context, int32_t x, int32_t y, int32_t width, int32_t height) {
    static_cast<std::vector<cv::Rect> *>(context)->emplace_back(x, y, width, height);
}

}  // namespace

std::unique_ptr<classifier> classifier::load(const std::string &path, std::string *why_not) {
    const entry_points *opencv = opened(why_not);
    if (!opencv) return nullptr;
    sc_faces_opencv_classifier *handle = nullptr;
    char error[512];
    if (opencv->load(path.c_str(), &handle, error, sizeof error) != 0) {
        *why_not = error;
        return nullptr;
    }
    return std::unique_ptr<classifier>(new classifier(handle));
}

// A classifier exists only once the library was opened, so `library` is filled.
classifier::~classifier() { library.destroy(handle_); }

cv::Size classifier::window() const {
    int32_t width = 0, height = 0;
    library.window(handle_, &width, &height);
    return cv::Size(width, height);
}

void classifier::detect(const cv::Mat &grey, std::vector<cv::Rect> &found, double scale_factor, int min_neighbors, cv::Size min_size,
                        cv::Size max_size) {
    CV_Assert(grey.type() == CV_8UC1);
    found.clear();
    char error[512];
    if (library.detect(handle_, grey.data, grey.cols, grey.rows, grey.step, scale_factor, min_neighbors, min_size.width, min_size.height,
                       max_size.width, max_size.height, add_box, &found, error, sizeof error) != 0) {
        throw std::runtime_error(error);
    }
}

bool group_rectangles(std::vector<cv::Rect> &boxes, int group_threshold, double eps, std::string *why_not) {
    const entry_points *opencv = opened(why_not);
    if (!opencv) return false;
    std::vector<int32_t> flat;
    flat.reserve(boxes.size() * 4);
    for (const cv::Rect &r : boxes) flat.insert(flat.end(), {r.x, r.y, r.width, r.height});
    std::vector<cv::Rect> grouped;
    char error[512];
    if (opencv->group_rectangles(flat.data(), boxes.size(), group_threshold, eps, add_box, &grouped, error, sizeof error) != 0) {
        *why_not = error;
        return false;
    }
    boxes = std::move(grouped);
    return true;
}

}  // namespace sc_opencv
