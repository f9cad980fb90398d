// The Haar cascade evaluator of haar_cascade.hpp. It makes every decision OpenCV 4.6's
// CascadeClassifier makes (the levels, their scaled copies and integral images, the windows
// tried and the arithmetic of each), and differs only in evaluating a row's windows eight at a
// time: a window's features, normalisation and stage sums are computed as OpenCV computes them
// (int box sums, float feature values, double stage sums, in the same order), so a lane's
// result is the scalar result. Compiled without floating-point contraction (Package.swift), so
// that no multiply-add is fused where OpenCV's build rounds twice.
#include "haar_cascade.hpp"

#include "cascade_xml.hpp"
#include "integral_image.hpp"

#include "parallel_loop.hpp"
#include "rect_grouping.hpp"

#include <opencv2/imgproc.hpp>

#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace sc_haar {
namespace {

// One level of a search's pyramid.
struct level {
    float scale;
    int step;             // window stride in the scaled copy: 2 below scale 2, 1 from 2 up
    cv::Size size;        // the scaled copy
    cv::Size positions;   // window origins per row and column (the integral's size less the window)
    int origin;           // where its integral images start in the shared buffers, in ints
    int stripe_rows;      // rows of window origins per stripe, a multiple of step
    cv::Size box;         // a window in the searched image's pixels
};

// A feature's corners as offsets from a window's origin, for integral images `stride` ints wide;
// for the eight-window path also each distinct corner once (rectangles often share an edge)
// and, for each rectangle, which of those are its corners.
struct placed_feature {
    int corner[3][4];
    float weight[3];
    int distinct[12];
    int distinct_count;
    uint8_t corner_index[3][4];
};

// What the row loops read: the integral images and the cascade placed at their stride.
struct plan {
    const int32_t *sums;
    const int32_t *squares;
    int norm[4];  // corners of the normalisation rectangle, (1, 1) to the window's size less 2
    double area;  // its area
    const placed_feature *features;
    const cascade::node *nodes;
    const float *leaves;
    const cascade::tree *trees;
    const cascade::stage *stages;
    int stage_count;
    bool stumps;        // every tree a single node: OpenCV's predictOrderedStump
    int uniform_nodes;  // every tree's node count when they are all alike, else 0
};

void place(const cv::Rect &r, int stride, int corner[4]) {
    corner[0] = r.y * stride + r.x;
    corner[1] = r.y * stride + r.x + r.width;
    corner[2] = (r.y + r.height) * stride + r.x;
    corner[3] = (r.y + r.height) * stride + r.x + r.width;
}

// A box sum from integral-image corners. OpenCV adds them as int, where the squared sums may
// have wrapped: unsigned arithmetic gives the same bits without overflow.
inline int box_sum(const int32_t *p, const int corner[4]) {
    return (int)((uint32_t)p[corner[0]] - (uint32_t)p[corner[1]] - (uint32_t)p[corner[2]] + (uint32_t)p[corner[3]]);
}

inline float feature_value(const placed_feature &f, const int32_t *p) {
    float value = f.weight[0] * (float)box_sum(p, f.corner[0]) + f.weight[1] * (float)box_sum(p, f.corner[1]);
    if (f.weight[2] != 0.0f) value += f.weight[2] * (float)box_sum(p, f.corner[2]);
    return value;
}

// OpenCV's setWindow: the window's variance normalisation factor, or false for a window it
// does not evaluate (a flat one).
inline bool normalise(const plan &pl, int at, float &factor) {
    const int sum = box_sum(pl.sums + at, pl.norm);
    const uint32_t squares = (uint32_t)box_sum(pl.squares + at, pl.norm);
    double nf = pl.area * squares - (double)sum * sum;
    if (nf > 0.) {
        nf = std::sqrt(nf);
        factor = (float)(1. / nf);
        return pl.area * factor < 1e-1;
    }
    factor = 1.f;
    return false;
}

// Stages from `first` on for one window: 1 when it passes them all, else minus the stage that
// rejected it (OpenCV's predictOrdered and predictOrderedStump).
int run_stages(const plan &pl, const int32_t *p, float factor, int first) {
    for (int si = first; si < pl.stage_count; si++) {
        const cascade::stage &st = pl.stages[si];
        double sum = 0;
        for (int t = st.first_tree; t < st.first_tree + st.tree_count; t++) {
            const cascade::tree &tr = pl.trees[t];
            if (pl.stumps) {
                const cascade::node &n = pl.nodes[tr.first_node];
                const double value = feature_value(pl.features[n.feature], p) * factor;
                sum += value < n.threshold ? pl.leaves[tr.first_leaf] : pl.leaves[tr.first_leaf + 1];
                continue;
            }
            int idx = 0;
            do {
                const cascade::node &n = pl.nodes[tr.first_node + idx];
                const double value = feature_value(pl.features[n.feature], p) * factor;
                idx = value < n.threshold ? n.left : n.right;
            } while (idx > 0);
            sum += pl.leaves[tr.first_leaf - idx];
        }
        if (sum < st.threshold) return -si;
    }
    return 1;
}

inline cv::Rect found_at(const level &lv, int x, int y) {
    return cv::Rect(cvRound(x * lv.scale), cvRound(y * lv.scale), lv.box.width, lv.box.height);
}

inline void found_at_offset(std::vector<cv::Rect> &out, const level &lv, int offset, int stride) {
    out.push_back(found_at(lv, offset % stride, offset / stride));
}

// One row of window origins, one window at a time, as OpenCV's loop runs it: a window rejected
// by the first stage skips the next one.
void row_scalar(const plan &pl, const level &lv, int row_origin, int y, std::vector<cv::Rect> &out) {
    for (int x = 0; x < lv.positions.width; x += lv.step) {
        float factor;
        int result = -1;
        if (normalise(pl, row_origin + x, factor)) result = run_stages(pl, pl.sums + row_origin + x, factor, 0);
        if (result > 0) out.push_back(found_at(lv, x, y));
        if (result == 0) x += lv.step;
    }
}

// Windows waiting for a stage: their origins (offsets into the integral images, which every
// level shares), normalisation factors and levels.
struct survivors {
    std::vector<int32_t> at;
    std::vector<float> factor;
    std::vector<uint32_t> level;
    void add(int32_t offset, float f, uint32_t in_level) {
        at.push_back(offset);
        factor.push_back(f);
        level.push_back(in_level);
    }
    void clear() {
        at.clear();
        factor.clear();
        level.clear();
    }
};

// A group of eight windows side by side goes on together, without gathers, while at least this
// many of them survive; the rest continue scattered, eight at a time from anywhere.
constexpr int together_at_least = 3;

// The eight-window code, compiled for each instruction set it may run on.
namespace avx2_lanes {
#define SC_LANES_TARGET __attribute__((target("avx2")))
#include "haar_lanes.hpp"
#undef SC_LANES_TARGET
}  // namespace avx2_lanes
namespace avx512_lanes {
#define SC_LANES_TARGET __attribute__((target("avx2,avx512f,avx512vl,avx512bw,avx512dq")))
#include "haar_lanes.hpp"
#undef SC_LANES_TARGET
}  // namespace avx512_lanes

bool has_avx2() {
    static const bool yes = __builtin_cpu_supports("avx2");
    return yes;
}

// The instructions avx512_lanes was built for (the processor's and the system's: the
// compiler's runtime also asks whether the kernel saves the AVX-512 registers).
bool has_avx512() {
    static const bool yes = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                            __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq");
    return yes;
}

// The whole file at `path`, up to 16 MiB (the largest cascade OpenCV ships is 2.7 MB; a larger
// file goes to FileStorage, which does not hold an entry per value).
bool read_file(const std::string &path, std::string &text) {
    FILE *file = std::fopen(path.c_str(), "rb");
    if (!file) return false;
    // Sized once for a regular file (a pipe has no length, and grows the string as it goes).
    if (std::fseek(file, 0, SEEK_END) == 0) {
        const long length = std::ftell(file);
        if (length > 0 && length <= (16l << 20)) text.reserve((size_t)length);
        std::rewind(file);
    }
    char chunk[65536];
    size_t n;
    while ((n = std::fread(chunk, 1, sizeof chunk, file)) > 0 && text.size() <= (16u << 20)) text.append(chunk, n);
    const bool ok = !std::ferror(file) && text.size() <= (16u << 20);
    std::fclose(file);
    return ok;
}

}  // namespace

// The cascade under `root`, read through cv::FileNode or sc_cascade_xml::node (the same
// surface), or null with the reason in *why_not.
template <typename Node>
std::unique_ptr<cascade> cascade::build(const Node &root, std::string *why_not) {
    auto refuse = [&](const char *reason) -> std::unique_ptr<cascade> {
        if (why_not) *why_not = reason;
        return nullptr;
    };
    if (root.empty() || !root.isMap()) return refuse("no cascade in the file");
    if ((std::string)root["stageType"] != "BOOST") return refuse("not a boosted cascade");
    if ((std::string)root["featureType"] != "HAAR") return refuse("not a Haar cascade");
    auto c = std::unique_ptr<cascade>(new cascade());
    c->window_ = cv::Size((int)root["width"], (int)root["height"]);
    if (c->window_.width < 3 || c->window_.height < 3 || c->window_.width > 1024 || c->window_.height > 1024) {
        return refuse("window size outside 3…1024");
    }
    const Node params = root["featureParams"];
    if (params.empty() || (int)params["maxCatCount"] != 0) return refuse("categorical features");

    const Node features = root["features"];
    if (features.empty() || !features.isSeq() || features.size() == 0) return refuse("no features");
    for (auto it = features.begin(); it != features.end(); ++it) {
        const Node f = *it;
        if ((int)f["tilted"] != 0) return refuse("tilted features");
        const Node rects = f["rects"];
        if (!rects.isSeq() || rects.size() < 1 || rects.size() > 3) return refuse("a feature without 1 to 3 rectangles");
        feature parsed{};
        int ri = 0;
        for (auto r = rects.begin(); r != rects.end(); ++r, ri++) {
            const Node terms = *r;
            if (!terms.isSeq() || terms.size() != 5) return refuse("a rectangle without x, y, width, height and weight");
            rect_term &t = parsed.rects[ri];
            auto v = terms.begin();
            t.x = (int)*v;
            t.y = (int)*++v;
            t.width = (int)*++v;
            t.height = (int)*++v;
            t.weight = (float)*++v;
            if (t.x < 0 || t.y < 0 || t.width < 0 || t.height < 0 || t.x + t.width > c->window_.width ||
                t.y + t.height > c->window_.height) {
                return refuse("a rectangle outside the window");
            }
        }
        c->features_.push_back(parsed);
    }

    const Node stages = root["stages"];
    if (stages.empty() || !stages.isSeq() || stages.size() == 0) return refuse("no stages");
    int max_nodes = 0;
    for (auto it = stages.begin(); it != stages.end(); ++it) {
        const Node s = *it;
        const Node weak = s["weakClassifiers"];
        if (weak.empty() || !weak.isSeq() || weak.size() == 0) return refuse("a stage without trees");
        stage st;
        st.threshold = (float)s["stageThreshold"] - 1e-5f;
        st.first_tree = (int)c->trees_.size();
        st.tree_count = (int)weak.size();
        for (auto w = weak.begin(); w != weak.end(); ++w) {
            const Node tree_node = *w;
            const Node internal = tree_node["internalNodes"], leaf_values = tree_node["leafValues"];
            if (internal.empty() || leaf_values.empty() || internal.size() % 4 != 0) return refuse("a malformed tree");
            tree tr{};
            tr.first_node = (int)c->nodes_.size();
            tr.first_leaf = (int)c->leaves_.size();
            tr.node_count = (int)internal.size() / 4;
            if (tr.node_count < 1 || tr.node_count > 3) return refuse("a tree of more than 3 nodes");
            if ((int)leaf_values.size() != tr.node_count + 1) return refuse("a tree whose leaves do not match its nodes");
            max_nodes = std::max(max_nodes, tr.node_count);
            for (auto v = internal.begin(); v != internal.end();) {
                node nd;
                nd.left = (int)*v;
                ++v;
                nd.right = (int)*v;
                ++v;
                nd.feature = (int)*v;
                ++v;
                nd.threshold = (float)*v;
                ++v;
                if (nd.feature < 0 || nd.feature >= (int)c->features_.size()) return refuse("a node naming no feature");
                for (int next : {nd.left, nd.right}) {
                    if (next >= tr.node_count || next < -tr.node_count) return refuse("a node leading outside its tree");
                }
                c->nodes_.push_back(nd);
            }
            for (auto v = leaf_values.begin(); v != leaf_values.end(); ++v) c->leaves_.push_back((float)*v);
            c->trees_.push_back(tr);
        }
        c->stages_.push_back(st);
    }
    // Each tree's leaf for every combination of its nodes' outcomes, as OpenCV walks it (or,
    // when every tree is one node, as its stump evaluation picks the first or second leaf).
    for (tree &tr : c->trees_) {
        for (int outcomes = 0; outcomes < (1 << tr.node_count); outcomes++) {
            int leaf;
            if (max_nodes == 1) {
                leaf = tr.first_leaf + ((outcomes & 1) ? 0 : 1);
            } else {
                int idx = 0, steps = 0;
                do {
                    const node &nd = c->nodes_[tr.first_node + idx];
                    idx = (outcomes >> idx & 1) ? nd.left : nd.right;
                } while (idx > 0 && ++steps <= tr.node_count);
                if (idx > 0) return refuse("a tree with a cycle");
                leaf = tr.first_leaf - idx;
            }
            tr.leaf_by_outcomes[outcomes] = c->leaves_[leaf];
        }
    }
    c->stumps_only_ = max_nodes == 1;
    return c;
}

std::unique_ptr<cascade> cascade::load(const std::string &path, std::string *why_not, reader how, source *answered) {
    if (answered) *answered = source::file_storage;
    if (how == reader::own) {
        std::string text;
        if (read_file(path, text)) {
            const sc_cascade_xml::document doc(std::move(text));
            if (doc.malformed()) {
                if (why_not) *why_not = "malformed XML: " + doc.why_not();
                if (answered) *answered = source::broken_xml;
                return nullptr;
            }
            if (doc.taken()) {
                std::string reason;
                std::unique_ptr<cascade> c = build(doc.first_top_level(), &reason);
                if (!doc.odd()) {
                    if (!c && why_not) *why_not = reason;
                    if (answered) *answered = source::own_reader;
                    return c;
                }
            }
        }
        // Outside the reader's subset (or unreadable): FileStorage reads it, or says why not.
    }
    cv::FileStorage fs(path, cv::FileStorage::READ);
    if (!fs.isOpened()) {
        if (why_not) *why_not = "cannot open the file";
        return nullptr;
    }
    return build(fs.getFirstTopLevelNode(), why_not);
}

bool cascade::same_as(const cascade &other, std::string *difference) const {
    auto differ = [&](const char *what) {
        if (difference) *difference = what;
        return false;
    };
    auto bytes_equal = [](const auto &a, const auto &b) {
        return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof a[0]) == 0);
    };
    if (window_ != other.window_) return differ("window");
    if (!bytes_equal(features_, other.features_)) return differ("features");
    if (!bytes_equal(nodes_, other.nodes_)) return differ("nodes");
    if (!bytes_equal(leaves_, other.leaves_)) return differ("leaves");
    // A tree has padding after its ints, so its fields are compared one by one.
    if (trees_.size() != other.trees_.size()) return differ("trees");
    for (size_t i = 0; i < trees_.size(); i++) {
        const tree &a = trees_[i], &b = other.trees_[i];
        if (a.first_node != b.first_node || a.node_count != b.node_count || a.first_leaf != b.first_leaf ||
            std::memcmp(a.leaf_by_outcomes, b.leaf_by_outcomes, sizeof a.leaf_by_outcomes) != 0) {
            return differ("trees");
        }
    }
    if (!bytes_equal(stages_, other.stages_)) return differ("stages");
    if (stumps_only_ != other.stumps_only_) return differ("stump evaluation");
    return true;
}

void cascade::detect(const cv::Mat &image, std::vector<cv::Rect> &objects, double scale_factor, int min_neighbors,
                     cv::Size min_size, cv::Size max_size, workspace &space, lanes how) const {
    CV_Assert(scale_factor > 1 && image.depth() == CV_8U);
    objects.clear();
    cv::Mat grey = image;
    if (image.channels() > 1) cv::cvtColor(image, grey, cv::COLOR_BGR2GRAY);
    const cv::Size size = grey.size();
    if (max_size.height == 0 || max_size.width == 0) max_size = size;
    if (size.height < window_.height || size.width < window_.width) return;

    // The scales: every one whose window fits the image, then those within the size limits (or
    // the nearest to min_size when none is).
    std::vector<float> every, scales;
    for (double factor = 1;; factor *= scale_factor) {
        const cv::Size w(cvRound(window_.width * factor), cvRound(window_.height * factor));
        if (w.width > size.width || w.height > size.height) break;
        every.push_back((float)factor);
    }
    for (float s : every) {
        const cv::Size w(cvRound(window_.width * s), cvRound(window_.height * s));
        if (w.width > max_size.width || w.height > max_size.height) break;
        if (w.width < min_size.width || w.height < min_size.height) continue;
        scales.push_back(s);
    }
    if (scales.empty() && !every.empty()) {
        size_t nearest = 0;
        std::vector<double> distances;
        for (float s : every) {
            const cv::Size w(cvRound(window_.width * s), cvRound(window_.height * s));
            distances.push_back((double)((min_size.width - w.width) * (min_size.width - w.width) +
                                         (min_size.height - w.height) * (min_size.height - w.height)));
        }
        for (size_t i = 0; i < distances.size(); i++) {
            if (distances[nearest] > distances[i]) nearest = i;
        }
        scales.push_back(every[nearest]);
    }
    if (scales.empty()) return;

    // The levels, their integral images side by side in rows of one stride.
    const int stride = (int)cv::alignSize(cvRound(size.width / scales[0]) + 31, 32);
    std::vector<level> levels(scales.size());
    int x_at = 0, y_at = 0, row_height = 0;
    for (size_t i = 0; i < scales.size(); i++) {
        level &lv = levels[i];
        lv.scale = scales[i];
        lv.step = lv.scale >= 2 ? 1 : 2;
        lv.size = cv::Size(cvRound(size.width / lv.scale), cvRound(size.height / lv.scale));
        const cv::Size integral_size(lv.size.width + 1, lv.size.height + 1);
        if (i == 0) row_height = integral_size.height;
        if (x_at + integral_size.width > stride) {
            x_at = 0;
            y_at += row_height;
            row_height = integral_size.height;
        }
        lv.origin = y_at * stride + x_at;
        x_at += integral_size.width;
        lv.positions = cv::Size(std::max(integral_size.width - window_.width, 0), std::max(integral_size.height - window_.height, 0));
        lv.box = cv::Size(cvRound(window_.width * lv.scale), cvRound(window_.height * lv.scale));
    }
    // Room past the last row for the eight-window loads that run beyond a row's end.
    const size_t ints = (size_t)(y_at + row_height + 1) * stride + 64;
    if (space.sums.size() < ints) {
        space.sums.resize(ints);
        space.squares.resize(ints);
    }
    // Each level's scaled copy and integral images, the levels on OpenCV's threads (each writes
    // its own part of the buffers).
    std::vector<size_t> scaled_at(levels.size() + 1, 0);
    for (size_t i = 0; i < levels.size(); i++) scaled_at[i + 1] = scaled_at[i] + (size_t)levels[i].size.area();
    if (space.scaled.size() < scaled_at.back()) space.scaled.resize(scaled_at.back());
    const bool avx2 = has_avx2();  // asked before the threads start: its first call sets a static
    sc_parallel::for_each(cv::Range(0, (int)levels.size()), [&](const cv::Range &range) {
        for (int i = range.start; i < range.end; i++) {
            const level &lv = levels[(size_t)i];
            cv::Mat scaled(lv.size, CV_8U, space.scaled.data() + scaled_at[(size_t)i]);
            cv::resize(grey, scaled, scaled.size(), 1. / lv.scale, 1. / lv.scale, cv::INTER_LINEAR_EXACT);
            sc_integral::sums_and_squares(scaled, space.sums.data() + lv.origin, space.squares.data() + lv.origin, (size_t)stride, avx2);
        }
    }, (double)levels.size());

    std::vector<placed_feature> placed(features_.size());
    for (size_t i = 0; i < features_.size(); i++) {
        for (int r = 0; r < 3; r++) {
            const rect_term &t = features_[i].rects[r];
            place(cv::Rect(t.x, t.y, t.width, t.height), stride, placed[i].corner[r]);
            placed[i].weight[r] = t.weight;
        }
        placed_feature &f = placed[i];
        f.distinct_count = 0;
        for (int r = 0; r < (f.weight[2] != 0.0f ? 3 : 2); r++) {
            for (int k = 0; k < 4; k++) {
                int found = 0;
                while (found < f.distinct_count && f.distinct[found] != f.corner[r][k]) found++;
                if (found == f.distinct_count) f.distinct[f.distinct_count++] = f.corner[r][k];
                f.corner_index[r][k] = (uint8_t)found;
            }
        }
    }
    plan pl;
    pl.sums = space.sums.data();
    pl.squares = space.squares.data();
    const cv::Rect norm(1, 1, window_.width - 2, window_.height - 2);
    place(norm, stride, pl.norm);
    pl.area = (double)norm.area();
    pl.features = placed.data();
    pl.nodes = nodes_.data();
    pl.leaves = leaves_.data();
    pl.trees = trees_.data();
    pl.stages = stages_.data();
    pl.stage_count = (int)stages_.size();
    pl.stumps = stumps_only_;
    pl.uniform_nodes = trees_[0].node_count;
    for (const tree &tr : trees_) {
        if (tr.node_count != pl.uniform_nodes) pl.uniform_nodes = 0;
    }

    // OpenCV's stripes: as many as the first level's window columns hold 32-px columns, each a
    // whole number of strides of every level; a level's last rows past the stripes are not tried.
    const int stripes = cvCeil(levels[0].positions.width / 32.);
    for (level &lv : levels) {
        lv.stripe_rows = stripes > 0 ? std::max((lv.positions.height / lv.step + stripes - 1) / stripes, 1) * lv.step : 0;
    }
    // The widest eight-window build the processor runs, or the one asked for.
    const bool vector = how != lanes::scalar && has_avx2();
    const bool wide = vector && how == lanes::vector && has_avx512();
    std::vector<std::vector<cv::Rect>> found((size_t)std::max(stripes, 0));
    sc_parallel::for_each(cv::Range(0, std::max(stripes, 0)), [&](const cv::Range &range) {
        std::vector<survivors> waiting(stages_.size() + 1);
        for (int s = range.start; s < range.end; s++) {
            std::vector<cv::Rect> &out = found[(size_t)s];
            if (!vector) {
                for (const level &lv : levels) {
                    const int y_end = std::min((s + 1) * lv.stripe_rows, lv.positions.height);
                    for (int y = s * lv.stripe_rows; y < y_end; y += lv.step) row_scalar(pl, lv, lv.origin + y * stride, y, out);
                }
                continue;
            }
            // The stripe's first stage on every level, then its later stages on the survivors of
            // all levels together, so that eight lanes stay full further down the cascade.
            for (survivors &w : waiting) w.clear();
            for (size_t li = 0; li < levels.size(); li++) {
                const level &lv = levels[li];
                const int y_end = std::min((s + 1) * lv.stripe_rows, lv.positions.height);
                for (int y = s * lv.stripe_rows; y < y_end; y += lv.step) {
                    const int row = lv.origin + y * stride;
                    if (wide) {
                        lv.step == 2 ? avx512_lanes::row_stages<2>(pl, lv, (uint32_t)li, row, waiting)
                                     : avx512_lanes::row_stages<1>(pl, lv, (uint32_t)li, row, waiting);
                    } else {
                        lv.step == 2 ? avx2_lanes::row_stages<2>(pl, lv, (uint32_t)li, row, waiting)
                                     : avx2_lanes::row_stages<1>(pl, lv, (uint32_t)li, row, waiting);
                    }
                }
            }
            wide ? avx512_lanes::later_stages(pl, waiting) : avx2_lanes::later_stages(pl, waiting);
            // In OpenCV's order: by level, then row, then column.
            const survivors &passed = waiting.back();
            std::vector<uint64_t> order(passed.at.size());
            for (size_t i = 0; i < order.size(); i++) order[i] = (uint64_t)passed.level[i] << 32 | (uint32_t)passed.at[i];
            std::sort(order.begin(), order.end());
            for (uint64_t key : order) {
                const level &lv = levels[(size_t)(key >> 32)];
                found_at_offset(out, lv, (int32_t)(uint32_t)key - lv.origin, stride);
            }
        }
    });
    for (const auto &part : found) objects.insert(objects.end(), part.begin(), part.end());

    // detectMultiScale's grouping, then CascadeClassifier's clipping to the image.
    sc_group::group_rectangles(objects, min_neighbors, 0.2);
    const cv::Rect whole(0, 0, size.width, size.height);
    size_t kept = 0;
    for (const cv::Rect &r : objects) {
        const cv::Rect inside = whole & r;
        if (inside.area() > 0) objects[kept++] = inside;
    }
    objects.resize(kept);
}

}  // namespace sc_haar
