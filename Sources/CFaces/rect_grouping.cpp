#include "rect_grouping.hpp"

#include <opencv2/objdetect.hpp>  // cv::SimilarRects, defined in the header

#include <algorithm>

namespace sc_group {

void group_rectangles(std::vector<cv::Rect> &boxes, int group_threshold, double eps) {
    if (group_threshold <= 0 || boxes.empty()) return;
    std::vector<int> labels;
    const int groups = cv::partition(boxes, labels, cv::SimilarRects(eps));

    // Each group's sums and count; then its mean box.
    std::vector<cv::Rect> mean(groups, cv::Rect(0, 0, 0, 0));
    std::vector<int> members(groups, 0);
    for (size_t i = 0; i < boxes.size(); i++) {
        cv::Rect &sum = mean[labels[i]];
        sum.x += boxes[i].x;
        sum.y += boxes[i].y;
        sum.width += boxes[i].width;
        sum.height += boxes[i].height;
        members[labels[i]]++;
    }
    for (int g = 0; g < groups; g++) {
        const float inverse = 1.f / members[g];
        const cv::Rect sum = mean[g];
        mean[g] = cv::Rect(cv::saturate_cast<int>(sum.x * inverse), cv::saturate_cast<int>(sum.y * inverse),
                           cv::saturate_cast<int>(sum.width * inverse), cv::saturate_cast<int>(sum.height * inverse));
    }

    // A small group inside a better-supported one is a part of that face, not a face.
    auto inside_stronger = [&](int g) {
        const cv::Rect &r = mean[g];
        for (int other = 0; other < groups; other++) {
            if (other == g || members[other] <= group_threshold) continue;
            const cv::Rect &o = mean[other];
            const int dx = cv::saturate_cast<int>(o.width * eps), dy = cv::saturate_cast<int>(o.height * eps);
            const bool within = r.x >= o.x - dx && r.y >= o.y - dy && r.x + r.width <= o.x + o.width + dx &&
                                r.y + r.height <= o.y + o.height + dy;
            if (within && (members[other] > std::max(3, members[g]) || members[g] < 3)) return true;
        }
        return false;
    };
    boxes.clear();
    for (int g = 0; g < groups; g++) {
        if (members[g] > group_threshold && !inside_stronger(g)) boxes.push_back(mean[g]);
    }
}

}  // namespace sc_group
