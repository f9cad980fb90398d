// OpenCV's cascade classifier (Haar cascades evaluated by haar_cascade.cpp, with OpenCV's
// decisions) behind the C interface of sc_faces.h. No exception leaves this file: each entry
// point runs its body through `guarded`, which turns an exception into a message.
#include "sc_faces.h"
#include "sc_faces_boundary.hpp"

#include "area_downscale.hpp"
#include "haar_cascade.hpp"
#include "opencv_classifier.hpp"
#include "rect_grouping.hpp"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

using sc_boundary::guarded;
using sc_boundary::set_error;

namespace {

// A cascade, evaluated by haar_cascade.cpp when it takes it (OpenCV's decisions, eight windows
// at a time), else by OpenCV's CascadeClassifier (opencv_classifier.hpp), loaded only then. The
// evaluator's cascade is read-only (a search's scratch memory is the pair's workspace), so a
// detector's pairs share the one its first pair read; OpenCV's classifier is each pair's own.
struct classifier {
    std::shared_ptr<const sc_haar::cascade> own;
    std::unique_ptr<sc_opencv::classifier> opencv;

    // False, with the reason in *why_not when one is known, when neither can load the file.
    // `shared`: the cascade another pair read from the same file, taken instead of reading it.
    bool load(const std::string &path, std::string *why_not, std::shared_ptr<const sc_haar::cascade> shared) {
        if (shared) {
            own = std::move(shared);
            return true;
        }
        std::string refusal;
        sc_haar::cascade::source answered;
        own = sc_haar::cascade::load(path, &refusal, sc_haar::cascade::reader::own, &answered);
        if (own) return true;
        // Broken XML is not handed to OpenCV, which crashes on some truncated files.
        if (answered == sc_haar::cascade::source::broken_xml) {
            *why_not = refusal;
            return false;
        }
        // The evaluator's refusal (an LBP cascade, say) is not the file's fault if OpenCV takes it.
        std::string opencv_refusal;
        opencv = sc_opencv::classifier::load(path, &opencv_refusal);
        if (opencv) return true;
        *why_not = refusal.empty() ? opencv_refusal : refusal + "; " + opencv_refusal;
        return false;
    }
    // Whether a load succeeded (by one or the other).
    bool loaded() const { return own || opencv; }
    cv::Size window() const { return own ? own->window() : opencv->window(); }
    void detect(const cv::Mat &grey, std::vector<cv::Rect> &found, double scale_factor, int min_neighbors, cv::Size min_size,
                cv::Size max_size, sc_haar::workspace &space) {
        if (own) {
            own->detect(grey, found, scale_factor, min_neighbors, min_size, max_size, space);
        } else {
            opencv->detect(grey, found, scale_factor, min_neighbors, min_size, max_size);
        }
    }
};

// One search's classifiers and scratch memory (the scaled copies and integral images of the
// image being searched), so a pair serves one search at a time; a search takes a pair from the
// detector's pool. The profile classifier is loaded by the pair's first search that needs it.
struct classifier_pair {
    classifier frontal;
    classifier profile;
    sc_haar::workspace space;
};

}  // namespace

// A bounded pool of classifier pairs, made on demand: up to `capacity` searches run at once,
// and a search beyond that waits for a pair to come back. The first pair's frontal classifier is
// loaded by sc_faces_detector_create, so a bad frontal file is reported there; the profile
// cascade is read by the first search that needs it (most photos have a frontal face, and it is
// 60 % of what the two files take to read), so a bad profile file is reported by that search.
struct sc_faces_detector {
    std::string frontal_path;
    std::string profile_path;
    bool has_profile = false;
    size_t capacity = 1;
    // The first pair's evaluator cascade (null where OpenCV's classifier took the file), set
    // before the detector is handed out and then only read, so pairs loaded later share it.
    std::shared_ptr<const sc_haar::cascade> frontal;
    // Pairs load their profile classifiers one at a time under this lock, the first read setting
    // `profile` (still null where OpenCV's classifier took the file) for the others to share.
    std::mutex profile_lock;
    std::shared_ptr<const sc_haar::cascade> profile;

    std::mutex lock;
    std::condition_variable returned;
    std::vector<std::unique_ptr<classifier_pair>> idle;
    size_t made = 0;     // pairs loaded (idle or lent), ≤ capacity
    size_t lent = 0;     // searches running now
    size_t most_lent = 0;
};

namespace {

// Top to bottom, then left to right, then smaller first: one order for boxes, whatever
// order a search found them in.
bool by_position(const cv::Rect &a, const cv::Rect &b) {
    if (a.y != b.y) return a.y < b.y;
    if (a.x != b.x) return a.x < b.x;
    return a.width != b.width ? a.width < b.width : a.height < b.height;
}

double overlap_over_smaller(const cv::Rect &a, const cv::Rect &b) {
    const cv::Rect both = a & b;
    const double smaller = std::min(a.area(), b.area());
    return smaller > 0 ? both.area() / smaller : 0;
}

// detectMultiScale's pyramid moves its window 2 pixels of the scaled image at scales up to 2
// and 1 pixel beyond, so faces over twice the window are searched 4 times as densely as the
// ones just under (and cost as much as the smallest). With `split`, the scales from twice the
// window up are searched on a half-size copy instead, keeping the 2-pixel stride throughout;
// the raw windows of both searches are grouped together as detectMultiScale groups its own.
std::vector<cv::Rect> search(classifier &cascade, sc_haar::workspace &space, const cv::Mat &grey, double scale_factor, int min_neighbors,
                             int min_side, bool split) {
    std::vector<cv::Rect> found;
    if (!split) {
        cascade.detect(grey, found, scale_factor, min_neighbors, cv::Size(min_side, min_side), cv::Size(), space);
        return found;
    }
    const cv::Size window = cascade.window();
    const cv::Size twice(window.width * 2, window.height * 2);
    if (min_side < std::min(twice.width, twice.height)) {
        cascade.detect(grey, found, scale_factor, 0, cv::Size(min_side, min_side), cv::Size(twice.width - 1, twice.height - 1), space);
    }
    const cv::Size half_size(std::max(1, (int)std::lround(grey.cols / 2.0)), std::max(1, (int)std::lround(grey.rows / 2.0)));
    if (half_size.width >= window.width && half_size.height >= window.height) {
        cv::Mat half;
        sc_area::downscale(grey, half, half_size);
        const int half_min = std::max({window.width, window.height, (min_side + 1) / 2});
        std::vector<cv::Rect> large;
        cascade.detect(half, large, scale_factor, 0, cv::Size(half_min, half_min), cv::Size(), space);
        const double kx = (double)grey.cols / half.cols, ky = (double)grey.rows / half.rows;
        for (const auto &r : large) {
            found.emplace_back((int)std::lround(r.x * kx), (int)std::lround(r.y * ky), (int)std::lround(r.width * kx),
                               (int)std::lround(r.height * ky));
        }
    }
    // detectMultiScale's own grouping: clusters of windows within 20 % of each other, kept when
    // more than min_neighbors windows agree (0 keeps every window).
    sc_group::group_rectangles(found, min_neighbors, 0.2);
    return found;
}

// The grey copy searched: area-downscaled so its longer side is at most working_side_px (0:
// full size), histogram-equalised. The pixels' size and stride are checked by the caller.
cv::Mat working_copy(const uint8_t *pixels, int32_t width, int32_t height, size_t stride_bytes, int working_side_px) {
    const cv::Mat bgra(height, width, CV_8UC4, const_cast<uint8_t *>(pixels), stride_bytes);
    cv::Mat grey;
    cv::cvtColor(bgra, grey, cv::COLOR_BGRA2GRAY);
    const int longer = std::max(width, height);
    if (working_side_px > 0 && longer > working_side_px) {
        const double scale = (double)working_side_px / longer;
        const cv::Size size(std::max(1, (int)std::lround(width * scale)), std::max(1, (int)std::lround(height * scale)));
        cv::Mat small;
        sc_area::downscale(grey, small, size);
        grey = small;
    }
    cv::equalizeHist(grey, grey);
    return grey;
}

// Whether a buffer of `pixels_size` bytes holds `height` rows of `width` pixels of `pixel_bytes`
// each, `stride_bytes` apart (4 for the detector's BGRA pixels, 1 for grey); when not, the
// message says so.
bool pixels_fit(size_t pixels_size, int32_t width, int32_t height, size_t stride_bytes, size_t pixel_bytes, char *err, size_t err_size) {
    if (width > 0 && height > 0 && stride_bytes >= (size_t)width * pixel_bytes &&
        (size_t)(height - 1) * stride_bytes + (size_t)width * pixel_bytes <= pixels_size) {
        return true;
    }
    set_error(err, err_size, "pixel buffer too small for its width, height and stride");
    return false;
}

// Loads `target` from `path`, taking `shared` when set; false with a message naming the file.
bool load_classifier(classifier &target, const std::string &path, std::shared_ptr<const sc_haar::cascade> shared, char *err,
                     size_t err_size) noexcept {
    char message[512];
    try {
        std::string why_not;
        if (target.load(path, &why_not, std::move(shared))) return true;
        std::snprintf(message, sizeof message, "cannot load face cascade %s%s%s", path.c_str(), why_not.empty() ? "" : ": ",
                      why_not.c_str());
    } catch (const std::exception &e) {
        std::snprintf(message, sizeof message, "cannot load face cascade %s: %s", path.c_str(), e.what());
    } catch (...) {
        std::snprintf(message, sizeof message, "cannot load face cascade %s: unknown C++ exception", path.c_str());
    }
    set_error(err, err_size, message);
    return false;
}

// A pair with its frontal classifier loaded from the detector's path (immutable after
// creation), or null with a message naming the file.
std::unique_ptr<classifier_pair> load_pair(const sc_faces_detector &detector, char *err, size_t err_size) noexcept {
    std::unique_ptr<classifier_pair> pair;
    try {
        pair = std::make_unique<classifier_pair>();
    } catch (...) {
        set_error(err, err_size, "out of memory while loading a cascade");
        return nullptr;
    }
    if (!load_classifier(pair->frontal, detector.frontal_path, detector.frontal, err, err_size)) return nullptr;
    return pair;
}

// Loads the pair's profile classifier unless it has one: the detector's first read of the file
// is shared with the pairs after it. False with a message naming the file (a later search tries
// again).
bool ensure_profile(sc_faces_detector &detector, classifier_pair &pair, char *err, size_t err_size) {
    if (pair.profile.loaded()) return true;
    std::lock_guard<std::mutex> guard(detector.profile_lock);
    if (!load_classifier(pair.profile, detector.profile_path, detector.profile, err, err_size)) return false;
    if (!detector.profile) detector.profile = pair.profile.own;
    return true;
}

// Takes an idle pair, loads a new one while the pool is below capacity (outside the lock: a
// load takes milliseconds), or waits for one to come back. Null (with a message) when a load fails.
std::unique_ptr<classifier_pair> borrow(sc_faces_detector &detector, char *err, size_t err_size) {
    std::unique_lock<std::mutex> guard(detector.lock);
    detector.returned.wait(guard, [&] { return !detector.idle.empty() || detector.made < detector.capacity; });
    std::unique_ptr<classifier_pair> pair;
    if (!detector.idle.empty()) {
        pair = std::move(detector.idle.back());
        detector.idle.pop_back();
    } else {
        detector.made++;
        guard.unlock();
        pair = load_pair(detector, err, err_size);
        guard.lock();
        if (!pair) {
            detector.made--;
            detector.returned.notify_one();
            return nullptr;
        }
    }
    detector.lent++;
    detector.most_lent = std::max(detector.most_lent, detector.lent);
    return pair;
}

void give_back(sc_faces_detector &detector, std::unique_ptr<classifier_pair> pair) {
    {
        std::lock_guard<std::mutex> guard(detector.lock);
        detector.idle.push_back(std::move(pair));
        detector.lent--;
    }
    detector.returned.notify_one();
}

// Returns a borrowed pair to the pool however the search ends (an exception included).
struct loan {
    sc_faces_detector &detector;
    std::unique_ptr<classifier_pair> pair;
    ~loan() {
        if (pair) give_back(detector, std::move(pair));
    }
};

}  // namespace

extern "C" int sc_faces_detector_create(const char *frontal_path, const char *profile_path, size_t max_searches,
                                        sc_faces_detector **out, char *err, size_t err_size) {
    if (!out || !frontal_path) {
        set_error(err, err_size, "no cascade path");
        return -1;
    }
    *out = nullptr;
    if (max_searches < 1 || max_searches > SC_FACES_MAX_SEARCHES) {
        char message[128];
        std::snprintf(message, sizeof message, "searches at once %zu is outside 1…%d", max_searches, SC_FACES_MAX_SEARCHES);
        set_error(err, err_size, message);
        return -1;
    }
    return guarded(err, err_size, "while loading a cascade", [&] {
        auto detector = std::make_unique<sc_faces_detector>();
        detector->frontal_path = frontal_path;
        detector->has_profile = profile_path != nullptr;
        if (profile_path) detector->profile_path = profile_path;
        detector->capacity = max_searches;
        // Room for every pair up front: returning one (in a destructor) then never allocates.
        detector->idle.reserve(max_searches);
        std::unique_ptr<classifier_pair> first = load_pair(*detector, err, err_size);
        if (!first) return -1;
        detector->frontal = first->frontal.own;
        detector->idle.push_back(std::move(first));
        detector->made = 1;
        *out = detector.release();
        return 0;
    });
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
    if (!pixels_fit(pixels_size, width, height, stride_bytes, 4, err, err_size)) return -1;
    if (!(options->scale_factor > 1.0 && options->scale_factor <= 4.0) || options->min_neighbors < 0 ||
        !(options->profile_scale_factor > 1.0 && options->profile_scale_factor <= 4.0) || options->profile_min_neighbors < 0 ||
        !(options->profile_min_face_fraction > 0.0 && options->profile_min_face_fraction <= 1.0) ||
        !(options->min_face_fraction > 0.0 && options->min_face_fraction <= 1.0) || options->working_side_px < 0 ||
        options->profiles < SC_FACES_PROFILES_NEVER || options->profiles > SC_FACES_PROFILES_FALLBACK) {
        set_error(err, err_size, "invalid detector options");
        return -1;
    }
    return guarded(err, err_size, "during face detection", [&] {
        const cv::Mat grey = working_copy(pixels, width, height, stride_bytes, options->working_side_px);
        const int side = std::max(1, (int)std::lround(std::max(grey.cols, grey.rows) * options->min_face_fraction));
        const int profile_side = std::max(1, (int)std::lround(std::max(grey.cols, grey.rows) * options->profile_min_face_fraction));

        std::vector<cv::Rect> faces;
        {
            loan borrowed{*detector, borrow(*detector, err, err_size)};
            if (!borrowed.pair) return -1;
            classifier_pair &classifiers = *borrowed.pair;
            faces = search(classifiers.frontal, classifiers.space, grey, options->scale_factor, options->min_neighbors, side, options->split_pyramid != 0);
            const bool profiles = options->profiles == SC_FACES_PROFILES_ALWAYS ||
                                  (options->profiles == SC_FACES_PROFILES_FALLBACK && faces.empty());
            if (profiles && detector->has_profile) {
                if (!ensure_profile(*detector, classifiers, err, err_size)) return SC_FACES_CASCADE_UNREADABLE;
                const bool split = options->profile_split_pyramid != 0;
                std::vector<cv::Rect> turned = search(classifiers.profile, classifiers.space, grey, options->profile_scale_factor,
                                                      options->profile_min_neighbors, profile_side, split);
                cv::Mat flipped;
                cv::flip(grey, flipped, 1);
                std::vector<cv::Rect> mirrored = search(classifiers.profile, classifiers.space, flipped, options->profile_scale_factor,
                                                        options->profile_min_neighbors, profile_side, split);
                for (auto &r : mirrored) r.x = grey.cols - r.x - r.width;
                turned.insert(turned.end(), mirrored.begin(), mirrored.end());
                // detectMultiScale returns its groups in the order OpenCV's threads found their
                // windows, and of two overlapping boxes the first is kept: put them in one order
                // first, so the same photo keeps the same box on every run.
                std::sort(turned.begin(), turned.end(), by_position);
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
        std::sort(faces.begin(), faces.end(), by_position);
        *count = faces.size();
        const double back_x = (double)width / grey.cols, back_y = (double)height / grey.rows;
        for (size_t i = 0; i < faces.size() && i < capacity; i++) {
            out[i].x = faces[i].x * back_x;
            out[i].y = faces[i].y * back_y;
            out[i].width = faces[i].width * back_x;
            out[i].height = faces[i].height * back_y;
        }
        return 0;
    });
}

extern "C" int sc_faces_detector_pool(sc_faces_detector *detector, sc_faces_pool_counts *counts) {
    if (!detector || !counts) return -1;
    std::lock_guard<std::mutex> guard(detector->lock);
    counts->capacity = detector->capacity;
    counts->classifiers = detector->made;
    counts->searching = detector->lent;
    counts->most_searching = detector->most_lent;
    return 0;
}

extern "C" int sc_faces_cascade_search(const char *cascade_path, const uint8_t *pixels, size_t pixels_size, int32_t width,
                                       int32_t height, size_t stride_bytes, const sc_faces_search_options *options, sc_face_rect *out,
                                       size_t capacity, size_t *count, char *err, size_t err_size) {
    if (count) *count = 0;
    if (!cascade_path || !pixels || !options || !count || (!out && capacity > 0)) {
        set_error(err, err_size, "missing argument");
        return -1;
    }
    if (!pixels_fit(pixels_size, width, height, stride_bytes, 4, err, err_size)) return -1;
    if (options->evaluator < SC_FACES_EVALUATOR_EIGHT || options->evaluator > SC_FACES_EVALUATOR_EIGHT_AVX2 ||
        !(options->scale_factor > 1.0 && options->scale_factor <= 4.0) || options->min_neighbors < 0 || options->working_side_px < 0 ||
        options->min_side_px < 0 || options->max_side_px < 0) {
        set_error(err, err_size, "invalid search options");
        return -1;
    }
    return guarded(err, err_size, "during a cascade search", [&] {
        cv::Mat image = working_copy(pixels, width, height, stride_bytes, options->working_side_px);
        if (options->mirrored) cv::flip(image, image, 1);
        if (options->half) {
            cv::Mat half;
            sc_area::downscale(image, half, cv::Size(std::max(1, (int)std::lround(image.cols / 2.0)), std::max(1, (int)std::lround(image.rows / 2.0))));
            image = half;
        }
        const cv::Size min_size(options->min_side_px, options->min_side_px), max_size(options->max_side_px, options->max_side_px);
        std::vector<cv::Rect> found;
        if (options->evaluator == SC_FACES_EVALUATOR_OPENCV) {
            std::string why_not;
            const std::unique_ptr<sc_opencv::classifier> cascade = sc_opencv::classifier::load(cascade_path, &why_not);
            if (!cascade) {
                set_error(err, err_size, ("cannot load the cascade: " + why_not).c_str());
                return -1;
            }
            cascade->detect(image, found, options->scale_factor, options->min_neighbors, min_size, max_size);
        } else {
            std::string why_not;
            const std::unique_ptr<sc_haar::cascade> cascade = sc_haar::cascade::load(cascade_path, &why_not);
            if (!cascade) {
                set_error(err, err_size, ("the evaluator does not take the cascade: " + why_not).c_str());
                return -1;
            }
            sc_haar::workspace space;
            cascade->detect(image, found, options->scale_factor, options->min_neighbors, min_size, max_size, space,
                            options->evaluator == SC_FACES_EVALUATOR_ONE          ? sc_haar::lanes::scalar
                            : options->evaluator == SC_FACES_EVALUATOR_EIGHT_AVX2 ? sc_haar::lanes::avx2
                                                                                  : sc_haar::lanes::vector);
        }
        std::sort(found.begin(), found.end(), by_position);
        *count = found.size();
        for (size_t i = 0; i < found.size() && i < capacity; i++) out[i] = sc_face_rect{(double)found[i].x, (double)found[i].y,
                                                                                        (double)found[i].width, (double)found[i].height};
        return 0;
    });
}

extern "C" int sc_faces_area_downscale(const uint8_t *pixels, size_t pixels_size, int32_t width, int32_t height, size_t stride_bytes,
                                       int32_t out_width, int32_t out_height, int32_t opencv, uint8_t *out, size_t out_size, char *err,
                                       size_t err_size) {
    if (!pixels || !out) {
        set_error(err, err_size, "missing argument");
        return -1;
    }
    if (!pixels_fit(pixels_size, width, height, stride_bytes, 1, err, err_size)) return -1;
    if (out_width <= 0 || out_height <= 0 || (size_t)out_width * (size_t)out_height != out_size) {
        set_error(err, err_size, "the output's size is not out_width × out_height bytes");
        return -1;
    }
    return guarded(err, err_size, "while resampling", [&] {
        const cv::Mat grey(height, width, CV_8UC1, const_cast<uint8_t *>(pixels), stride_bytes);
        cv::Mat result(out_height, out_width, CV_8UC1, out);
        cv::Mat made;
        if (opencv) {
            cv::resize(grey, made, result.size(), 0, 0, cv::INTER_AREA);
        } else {
            sc_area::downscale(grey, made, result.size());
        }
        made.copyTo(result);
        return 0;
    });
}

extern "C" int sc_faces_group_rectangles(const int32_t *boxes, size_t count, int32_t group_threshold, double eps, int32_t opencv,
                                         sc_face_rect *out, size_t capacity, size_t *count_out, char *err, size_t err_size) {
    if (count_out) *count_out = 0;
    if ((!boxes && count > 0) || (!out && capacity > 0) || !count_out) {
        set_error(err, err_size, "missing argument");
        return -1;
    }
    return guarded(err, err_size, "while grouping boxes", [&] {
        std::vector<cv::Rect> list;
        list.reserve(count);
        for (size_t i = 0; i < count; i++) list.emplace_back(boxes[4 * i], boxes[4 * i + 1], boxes[4 * i + 2], boxes[4 * i + 3]);
        if (opencv) {
            std::string why_not;
            if (!sc_opencv::group_rectangles(list, group_threshold, eps, &why_not)) {
                set_error(err, err_size, why_not.c_str());
                return -1;
            }
        } else {
            sc_group::group_rectangles(list, group_threshold, eps);
        }
        *count_out = list.size();
        for (size_t i = 0; i < list.size() && i < capacity; i++) {
            out[i] = sc_face_rect{(double)list[i].x, (double)list[i].y, (double)list[i].width, (double)list[i].height};
        }
        return 0;
    });
}

extern "C" int sc_faces_cascade_readers_agree(const char *cascade_path, char *err, size_t err_size) {
    if (!cascade_path) {
        set_error(err, err_size, "no cascade path");
        return -1;
    }
    return guarded(err, err_size, "while reading a cascade", [&] {
        std::string own_refusal, opencv_refusal, difference;
        sc_haar::cascade::source answered = sc_haar::cascade::source::file_storage;
        // FileStorage throws on a file it cannot parse: that is each reader's refusal.
        auto load = [&](sc_haar::cascade::reader how, std::string &refusal, sc_haar::cascade::source *who) {
            try {
                return sc_haar::cascade::load(cascade_path, &refusal, how, who);
            } catch (const std::exception &e) {
                refusal = std::string("exception: ") + e.what();
                return std::unique_ptr<sc_haar::cascade>();
            }
        };
        const auto own = load(sc_haar::cascade::reader::own, own_refusal, &answered);
        if (answered == sc_haar::cascade::source::broken_xml) {
            set_error(err, err_size, own_refusal.c_str());
            return 3;  // FileStorage is not asked: it crashes on some broken files
        }
        const auto opencv = load(sc_haar::cascade::reader::opencv, opencv_refusal, nullptr);
        const int agree = answered == sc_haar::cascade::source::own_reader ? 0 : 2;
        if (!own && !opencv && own_refusal == opencv_refusal) return agree;
        if (own && opencv && own->same_as(*opencv, &difference)) return agree;
        if (!own && !opencv) {
            difference = "refused for different reasons: " + own_refusal + " / " + opencv_refusal;
        } else if (!own || !opencv) {
            difference = "one reader refuses the cascade (" + (own ? opencv_refusal : own_refusal) + "), the other does not";
        }  // else same_as named the part that differs
        set_error(err, err_size, ("the readers differ: " + difference).c_str());
        return 1;
    });
}

extern "C" size_t sc_faces_options_size(void) { return sizeof(sc_faces_options); }
