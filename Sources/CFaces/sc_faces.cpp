// OpenCV's cascade classifier behind the C interface of sc_faces.h. No exception leaves this
// file: each entry point wraps its body in try/catch and turns the exception into a message.
#include "sc_faces.h"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <vector>

namespace {

// One search's classifiers: two of each cascade. detectMultiScale keeps the image being
// searched in the classifier (its feature evaluator's scaled copies and integral images), so an
// instance serves one search at a time; a search takes a set from the detector's pool, and a
// parallel search gives each of its two halves a copy of its own.
struct classifier_set {
    cv::CascadeClassifier frontal[2];
    cv::CascadeClassifier profile[2];
};

}  // namespace

// A bounded pool of classifier sets, made on demand: up to `capacity` searches run at once,
// and a search beyond that waits for a set to come back. The first set is loaded by
// sc_faces_detector_create, so a bad path is reported there.
struct sc_faces_detector {
    std::string frontal_path;
    std::string profile_path;
    bool has_profile = false;
    size_t capacity = 1;

    std::mutex lock;
    std::condition_variable returned;
    std::vector<std::unique_ptr<classifier_set>> idle;
    size_t made = 0;          // sets loaded (idle or lent), ≤ capacity
    size_t lent = 0;          // searches running now
    size_t most_lent = 0;
    size_t most_threads = 0;  // the most threads one search ran on
};

namespace {

void set_error(char *err, size_t err_size, const char *message) {
    if (err && err_size > 0) {
        std::snprintf(err, err_size, "%s", message);
    }
}

// Top to bottom, then left to right, then smaller first: a total order, as detectMultiScale
// returns its groups in an order that depends on how its threads interleaved.
bool reading_order(const cv::Rect &a, const cv::Rect &b) {
    return a.y != b.y ? a.y < b.y : a.x != b.x ? a.x < b.x : a.width != b.width ? a.width < b.width : a.height < b.height;
}

double overlap_over_smaller(const cv::Rect &a, const cv::Rect &b) {
    const cv::Rect both = a & b;
    const double smaller = std::min(a.area(), b.area());
    return smaller > 0 ? both.area() / smaller : 0;
}

// Runs `first` and `second` as the two stripes of one cv::parallel_for_, so OpenCV's thread
// pool and its thread count (cv::setNumThreads, OPENCV_FOR_THREADS_NUM) decide whether they run
// at once; inside them OpenCV's own parallel loops run on the thread they are called from
// (OpenCV does not nest parallel regions). Returns how many threads ran them; an exception
// of either is rethrown here, after both have ended.
size_t run_both(const std::function<void()> &first, const std::function<void()> &second) {
    std::thread::id ran_on[2];
    std::exception_ptr failed[2];
    cv::parallel_for_(cv::Range(0, 2), [&](const cv::Range &range) {
        for (int i = range.start; i < range.end; i++) {
            ran_on[i] = std::this_thread::get_id();
            try {
                (i == 0 ? first : second)();
            } catch (...) {
                failed[i] = std::current_exception();
            }
        }
    });
    for (const auto &e : failed) {
        if (e) std::rethrow_exception(e);
    }
    return ran_on[0] == ran_on[1] ? 1 : 2;
}

// One detectMultiScale call: the levels of the fixed sequence 1, f, f², … whose window lies
// within [min_size, max_size] (max_size empty: up to the image), searched on `image`; the raw
// windows found are scaled to the working copy by `back_x`, `back_y`.
struct level_call {
    cv::Mat image;
    cv::Size min_size, max_size;
    double back_x = 1, back_y = 1;
};

// detectMultiScale's pyramid moves its window 2 pixels of the scaled image at scales up to 2
// and 1 pixel beyond, so faces over twice the window are searched 4 times as densely as the
// ones just under (and cost as much as the smallest). With `split`, the scales from twice the
// window up are searched on a half-size copy instead, keeping the 2-pixel stride throughout.
std::vector<level_call> plan_calls(const cv::Mat &grey, cv::Size window, int min_side, bool split) {
    std::vector<level_call> calls;
    if (!split) {
        calls.push_back({grey, cv::Size(min_side, min_side), cv::Size()});
        return calls;
    }
    const cv::Size twice(window.width * 2, window.height * 2);
    if (min_side < std::min(twice.width, twice.height)) {
        calls.push_back({grey, cv::Size(min_side, min_side), cv::Size(twice.width - 1, twice.height - 1)});
    }
    const cv::Size half_size(std::max(1, (int)std::lround(grey.cols / 2.0)), std::max(1, (int)std::lround(grey.rows / 2.0)));
    if (half_size.width >= window.width && half_size.height >= window.height) {
        cv::Mat half;
        cv::resize(grey, half, half_size, 0, 0, cv::INTER_AREA);
        const int half_min = std::max({window.width, window.height, (min_side + 1) / 2});
        calls.push_back({half, cv::Size(half_min, half_min), cv::Size(), (double)grey.cols / half.cols,
                         (double)grey.rows / half.rows});
    }
    return calls;
}

// Runs `call` with minNeighbors 0 (every raw window) and appends its windows in the working
// copy's pixels.
void run_call(cv::CascadeClassifier &cascade, const level_call &call, double scale_factor, std::vector<cv::Rect> &found) {
    std::vector<cv::Rect> raw;
    cascade.detectMultiScale(call.image, raw, scale_factor, 0, 0, call.min_size, call.max_size);
    if (call.back_x == 1 && call.back_y == 1) {
        found.insert(found.end(), raw.begin(), raw.end());
        return;
    }
    for (const auto &r : raw) {
        found.emplace_back((int)std::lround(r.x * call.back_x), (int)std::lround(r.y * call.back_y),
                           (int)std::lround(r.width * call.back_x), (int)std::lround(r.height * call.back_y));
    }
}

// A level of a call as OpenCV 4.6's detectMultiScaleNoGrouping sees it (cascadedetect.cpp): the
// scale (a float, as OpenCV keeps it), its window, and the rows and columns of window positions
// it tries (working size: the scaled image less the window; stride 2 below scale 2, else 1).
struct level {
    float scale;
    cv::Size window;
    cv::Size working;
    int stride;
    // Window positions tried, the level's cost estimate.
    double positions() const {
        return (double)((working.width + stride - 1) / stride) * ((working.height + stride - 1) / stride);
    }
};

// The levels `call` searches: the sequence's windows up to the image, those within the
// call's sizes. Empty when OpenCV would search none, or would fall back to the one nearest
// min_size (a call outside every window), which is then never divided.
std::vector<level> levels_of(const level_call &call, cv::Size window, double scale_factor) {
    std::vector<level> out;
    const cv::Size image = call.image.size();
    if (image.width < window.width || image.height < window.height) return out;
    const cv::Size max_size = call.max_size.width == 0 || call.max_size.height == 0 ? image : call.max_size;
    for (double factor = 1;; factor *= scale_factor) {
        const float scale = (float)factor;
        const cv::Size w(cvRound(window.width * factor), cvRound(window.height * factor));
        if (w.width > image.width || w.height > image.height) break;
        const cv::Size chosen(cvRound(window.width * scale), cvRound(window.height * scale));
        if (chosen.width > max_size.width || chosen.height > max_size.height) break;
        if (chosen.width < call.min_size.width || chosen.height < call.min_size.height) continue;
        const cv::Size scaled(cvRound(image.width / scale), cvRound(image.height / scale));
        out.push_back({scale, chosen,
                       cv::Size(std::max(scaled.width + 1 - window.width, 0), std::max(scaled.height + 1 - window.height, 0)),
                       scale >= 2 ? 1 : 2});
    }
    return out;
}

// The rows of window positions `l` tries when its call's first level is `first`: OpenCV cuts
// each level's rows into as many stripes as the first level's working width holds 32-px
// columns, each stripe a whole number of strides, and stops at the stripes' end, so with an odd
// number of rows the last row is tried or not depending on that count.
int rows_tried(const level &l, const level &first) {
    const int stripes = (first.working.width + 31) / 32;
    const int stripe = std::max((l.working.height / l.stride + stripes - 1) / stripes, 1) * l.stride;
    const int end = std::min(stripes * stripe, l.working.height);
    return (end + l.stride - 1) / l.stride;
}

// The calls of a search shared between two classifiers: `halves[0]` and `halves[1]` search
// disjoint sets of levels whose union is the original calls' levels, each window position
// tried exactly as the original calls try it. Empty when no division keeps that.
struct division {
    std::vector<level_call> halves[2];
};

// Divides `calls` (run one after another, they hold the pyramid in order) into two halves of
// about equal cost: the first half takes the calls before some call and the first levels of
// that call, the second the rest. A call is cut only between levels of different windows (so
// detectMultiScale's min_size and max_size pick exactly each part's levels) and only where the
// cut-off part's levels try the same rows as before (its first level sets its stripes).
division divide(const std::vector<level_call> &calls, cv::Size window, double scale_factor) {
    std::vector<std::vector<level>> levels;
    std::vector<double> cost;
    double total = 0;
    for (const auto &call : calls) {
        levels.push_back(levels_of(call, window, scale_factor));
        double c = 0;
        for (const auto &l : levels.back()) c += l.positions();
        cost.push_back(c);
        total += c;
    }
    double best_gap = total + 1, before = 0;
    size_t best_call = 0, best_cut = 0;
    bool found = false;
    for (size_t i = 0; i < calls.size(); before += cost[i], i++) {
        const auto &ls = levels[i];
        double prefix = 0;
        // cut 0: the first half ends before call i (it must hold something, and so must the second).
        for (size_t cut = 0; cut < std::max<size_t>(ls.size(), 1); prefix += cut < ls.size() ? ls[cut].positions() : 0, cut++) {
            if (cut == 0 && i == 0) continue;
            if (cut > 0) {
                if (ls[cut].window == ls[cut - 1].window) continue;
                bool same_rows = true;
                for (size_t j = cut; j < ls.size() && same_rows; j++) same_rows = rows_tried(ls[j], ls[cut]) == rows_tried(ls[j], ls[0]);
                if (!same_rows) continue;
            }
            const double gap = std::fabs(before + prefix - (total - before - prefix));
            if (gap < best_gap) {
                best_gap = gap;
                best_call = i;
                best_cut = cut;
                found = true;
            }
        }
    }
    division d;
    if (!found) return d;
    for (size_t i = 0; i < calls.size(); i++) {
        if (i < best_call) {
            d.halves[0].push_back(calls[i]);
        } else if (i > best_call || best_cut == 0) {
            d.halves[1].push_back(calls[i]);
        } else {
            level_call head = calls[i], tail = calls[i];
            head.max_size = levels[i][best_cut - 1].window;
            tail.min_size = levels[i][best_cut].window;
            d.halves[0].push_back(head);
            d.halves[1].push_back(tail);
        }
    }
    return d;
}

// A search with one cascade: its calls' raw windows (minNeighbors 0) grouped together with
// detectMultiScale's own grouping (clusters of windows within 20 % of each other, kept when more
// than min_neighbors agree), which is what detectMultiScale does with one call. With a second
// classifier (`helper`), the levels are divided between the two and searched at the same time:
// the same windows, so the same groups and the same boxes. `threads` gets how many threads ran.
std::vector<cv::Rect> search(cv::CascadeClassifier &cascade, cv::CascadeClassifier *helper, const cv::Mat &grey,
                             double scale_factor, int min_neighbors, int min_side, bool split, size_t &threads) {
    const std::vector<level_call> calls = plan_calls(grey, cascade.getOriginalWindowSize(), min_side, split);
    std::vector<cv::Rect> found;
    threads = 1;
    const division d = helper ? divide(calls, cascade.getOriginalWindowSize(), scale_factor) : division();
    if (d.halves[0].empty() || d.halves[1].empty()) {
        for (const auto &call : calls) run_call(cascade, call, scale_factor, found);
    } else {
        std::vector<cv::Rect> other;
        threads = run_both([&] { for (const auto &call : d.halves[0]) run_call(cascade, call, scale_factor, found); },
                           [&] { for (const auto &call : d.halves[1]) run_call(*helper, call, scale_factor, other); });
        found.insert(found.end(), other.begin(), other.end());
    }
    cv::groupRectangles(found, min_neighbors, 0.2);
    return found;
}

// Loads a set from the detector's paths (immutable after creation), the cascades at once on
// OpenCV's threads, or returns null with a message naming the file that failed.
std::unique_ptr<classifier_set> load_set(const sc_faces_detector &detector, char *err, size_t err_size) noexcept {
    try {
        auto set = std::make_unique<classifier_set>();
        struct job {
            cv::CascadeClassifier *cascade;
            const std::string *path;
            std::string failure;
        };
        std::vector<job> jobs;
        for (auto &c : set->frontal) jobs.push_back({&c, &detector.frontal_path, {}});
        if (detector.has_profile) {
            for (auto &c : set->profile) jobs.push_back({&c, &detector.profile_path, {}});
        }
        cv::parallel_for_(cv::Range(0, (int)jobs.size()), [&](const cv::Range &range) {
            for (int i = range.start; i < range.end; i++) {
                try {
                    if (!jobs[i].cascade->load(*jobs[i].path) || jobs[i].cascade->empty()) jobs[i].failure = " ";
                } catch (const std::exception &e) {
                    jobs[i].failure = std::string(": ") + e.what();
                } catch (...) {
                    jobs[i].failure = ": unknown C++ exception";
                }
            }
        });
        for (const auto &j : jobs) {
            if (j.failure.empty()) continue;
            char message[512];
            std::snprintf(message, sizeof message, "cannot load face cascade %s%s", j.path->c_str(),
                          j.failure == " " ? "" : j.failure.c_str());
            set_error(err, err_size, message);
            return nullptr;
        }
        return set;
    } catch (const std::exception &e) {
        char message[512];
        std::snprintf(message, sizeof message, "cannot load face cascades: %s", e.what());
        set_error(err, err_size, message);
    } catch (...) {
        set_error(err, err_size, "unknown C++ exception while loading a cascade");
    }
    return nullptr;
}

// Takes an idle set, loads a new one while the pool is below capacity (outside the lock: a
// load takes milliseconds), or waits for one to come back. Null (with a message) when a load fails.
std::unique_ptr<classifier_set> borrow(sc_faces_detector &detector, char *err, size_t err_size) {
    std::unique_lock<std::mutex> guard(detector.lock);
    detector.returned.wait(guard, [&] { return !detector.idle.empty() || detector.made < detector.capacity; });
    std::unique_ptr<classifier_set> set;
    if (!detector.idle.empty()) {
        set = std::move(detector.idle.back());
        detector.idle.pop_back();
    } else {
        detector.made++;
        guard.unlock();
        set = load_set(detector, err, err_size);
        guard.lock();
        if (!set) {
            detector.made--;
            detector.returned.notify_one();
            return nullptr;
        }
    }
    detector.lent++;
    detector.most_lent = std::max(detector.most_lent, detector.lent);
    return set;
}

void give_back(sc_faces_detector &detector, std::unique_ptr<classifier_set> set) {
    {
        std::lock_guard<std::mutex> guard(detector.lock);
        detector.idle.push_back(std::move(set));
        detector.lent--;
    }
    detector.returned.notify_one();
}

// Returns a borrowed set to the pool however the search ends (an exception included).
struct loan {
    sc_faces_detector &detector;
    std::unique_ptr<classifier_set> set;
    ~loan() {
        if (set) give_back(detector, std::move(set));
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
    try {
        auto detector = std::make_unique<sc_faces_detector>();
        detector->frontal_path = frontal_path;
        detector->has_profile = profile_path != nullptr;
        if (profile_path) detector->profile_path = profile_path;
        detector->capacity = max_searches;
        // Room for every set up front: returning one (in a destructor) then never allocates.
        detector->idle.reserve(max_searches);
        std::unique_ptr<classifier_set> first = load_set(*detector, err, err_size);
        if (!first) return -1;
        detector->idle.push_back(std::move(first));
        detector->made = 1;
        *out = detector.release();
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
        options->profiles < SC_FACES_PROFILES_NEVER || options->profiles > SC_FACES_PROFILES_FALLBACK ||
        (options->parallel_search != 0 && options->parallel_search != 1)) {
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
        const int profile_side = std::max(1, (int)std::lround(std::max(grey.cols, grey.rows) * options->profile_min_face_fraction));
        const bool parallel = options->parallel_search != 0;

        std::vector<cv::Rect> faces;
        size_t threads = 1;
        {
            loan borrowed{*detector, borrow(*detector, err, err_size)};
            if (!borrowed.set) return -1;
            classifier_set &classifiers = *borrowed.set;
            faces = search(classifiers.frontal[0], parallel ? &classifiers.frontal[1] : nullptr, grey, options->scale_factor,
                           options->min_neighbors, side, options->split_pyramid != 0, threads);
            const bool profiles = options->profiles == SC_FACES_PROFILES_ALWAYS ||
                                  (options->profiles == SC_FACES_PROFILES_FALLBACK && faces.empty());
            if (profiles && detector->has_profile) {
                // The picture and its mirror image (faces turned the other way): two searches,
                // at the same time when parallel, each on a profile classifier of its own.
                const bool split = options->profile_split_pyramid != 0;
                std::vector<cv::Rect> turned, mirrored;
                size_t unused = 1;
                auto straight = [&] {
                    turned = search(classifiers.profile[0], nullptr, grey, options->profile_scale_factor,
                                    options->profile_min_neighbors, profile_side, split, unused);
                };
                auto flipped = [&](cv::CascadeClassifier &cascade) {
                    cv::Mat mirror;
                    cv::flip(grey, mirror, 1);
                    size_t ignored = 1;
                    mirrored = search(cascade, nullptr, mirror, options->profile_scale_factor, options->profile_min_neighbors,
                                      profile_side, split, ignored);
                };
                if (parallel) {
                    threads = std::max(threads, run_both(straight, [&] { flipped(classifiers.profile[1]); }));
                } else {
                    straight();
                    flipped(classifiers.profile[0]);
                }
                for (auto &r : mirrored) r.x = grey.cols - r.x - r.width;
                // In a fixed order, whatever order the groups came out in: of two overlapping
                // profile boxes the first is kept.
                std::sort(turned.begin(), turned.end(), reading_order);
                std::sort(mirrored.begin(), mirrored.end(), reading_order);
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
        {
            std::lock_guard<std::mutex> guard(detector->lock);
            detector->most_threads = std::max(detector->most_threads, threads);
        }
        std::sort(faces.begin(), faces.end(), reading_order);
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

extern "C" int sc_faces_detector_pool(sc_faces_detector *detector, sc_faces_pool_counts *counts) {
    if (!detector || !counts) return -1;
    std::lock_guard<std::mutex> guard(detector->lock);
    counts->capacity = detector->capacity;
    counts->classifiers = detector->made;
    counts->searching = detector->lent;
    counts->most_searching = detector->most_lent;
    counts->most_search_threads = detector->most_threads;
    counts->opencv_threads = (size_t)std::max(1, cv::getNumThreads());
    return 0;
}

extern "C" size_t sc_faces_options_size(void) { return sizeof(sc_faces_options); }
