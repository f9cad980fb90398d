#pragma once
// OpenCV's own CascadeClassifier and groupRectangles, from libsharecard-faces-opencv.so
// (sc_faces_opencv.h), which is opened beside this plug-in on first need: for a cascade the
// plug-in's evaluator does not take, and for tests that compare with OpenCV. The plug-in itself
// links only OpenCV's core and imgproc.
#include <opencv2/core.hpp>

#include <memory>
#include <string>
#include <vector>

struct sc_faces_opencv_classifier;

namespace sc_opencv {

class classifier {
public:
    // OpenCV's classifier of the cascade at `path`, or null with the reason in *why_not (the
    // library cannot be opened, or OpenCV cannot load the file).
    static std::unique_ptr<classifier> load(const std::string &path, std::string *why_not);
    ~classifier();
    classifier(const classifier &) = delete;
    classifier &operator=(const classifier &) = delete;

    cv::Size window() const;
    // detectMultiScale(grey, found, scale_factor, min_neighbors, 0, min_size, max_size); throws
    // std::runtime_error with OpenCV's message when it fails.
    void detect(const cv::Mat &grey, std::vector<cv::Rect> &found, double scale_factor, int min_neighbors, cv::Size min_size,
                cv::Size max_size);

private:
    explicit classifier(sc_faces_opencv_classifier *handle) : handle_(handle) {}
    sc_faces_opencv_classifier *handle_;
};

// cv::groupRectangles(boxes, group_threshold, eps) itself; false with the reason in *why_not
// when the library cannot be opened or OpenCV fails.
bool group_rectangles(std::vector<cv::Rect> &boxes, int group_threshold, double eps, std::string *why_not);

}  // namespace sc_opencv
