#pragma once
// detectMultiScale's grouping of the windows a cascade accepted, as cv::groupRectangles does it,
// so the plug-in needs OpenCV's core and imgproc only (objdetect, where OpenCV keeps it, brings
// dnn, calib3d, features2d, flann and protobuf with it).
#include <opencv2/core.hpp>

#include <vector>

namespace sc_group {

// Replaces `boxes` by their groups: boxes are in one group when a chain of pairs similar within
// `eps` (cv::SimilarRects: every edge within eps × the mean of the smaller width and height)
// joins them; a group of more than `group_threshold` boxes is kept as their mean (each sum
// times 1/n in float, rounded to nearest), unless it lies within another kept group's box
// grown by eps of its size and that group has more than max(3, n) boxes, or this one fewer than
// 3. Groups come out in the order of their first box. A threshold of 0 or less leaves the boxes
// as they are. Tested against cv::groupRectangles (RectangleGroupingTests).
void group_rectangles(std::vector<cv::Rect> &boxes, int group_threshold, double eps);

}  // namespace sc_group
