// A Haar cascade evaluator that makes OpenCV 4.6's decisions (CascadeClassifier::detectMultiScale
// with its Haar feature evaluator) and evaluates eight windows at a time with AVX2 (or
// AVX-512VL's wider register file). Internal to
// CFaces: sc_faces.cpp uses it when a cascade qualifies, OpenCV's classifier otherwise.
#ifndef SC_HAAR_CASCADE_HPP
#define SC_HAAR_CASCADE_HPP

#include <opencv2/core.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sc_haar {

// One search's scaled copies (every level's, side by side: they are made at the same time) and
// integral images, kept between searches so that a search neither allocates nor faults in fresh
// pages. Serves one search at a time.
struct workspace {
    std::vector<uint8_t> scaled;
    std::vector<int32_t> sums;
    std::vector<int32_t> squares;
};

// How windows are evaluated: `vector` eight at a time, built for AVX-512VL where the processor
// has it, else for AVX2 (one at a time without AVX2); `avx2` eight at a time built for AVX2 even
// where AVX-512VL is there (so tests can hold both builds to OpenCV); `scalar` one window at a
// time. All make the same decisions.
enum class lanes { vector, avx2, scalar };

class cascade {
public:
    // `own`: cascade_xml's reader, and FileStorage for a file outside its subset; `opencv`:
    // FileStorage alone (for the tests that compare the two).
    enum class reader { own, opencv };

    // Who answered a load: the own reader, FileStorage, or the own reader refusing broken XML
    // (truncated, unbalanced), which is not handed to FileStorage or OpenCV's classifier, since
    // OpenCV 4.6 crashes on some such files.
    enum class source { own_reader, file_storage, broken_xml };

    // Reads an OpenCV cascade file (the format `CascadeClassifier::load` reads first). Returns
    // null, with the reason in *why_not, for a cascade this evaluator does not take: not a
    // boosted Haar cascade, tilted features, a tree of more than 3 nodes, or an inconsistent one.
    // *answered (when given) says who answered.
    static std::unique_ptr<cascade> load(const std::string &path, std::string *why_not, reader how = reader::own,
                                         source *answered = nullptr);

    // Whether `other` holds the same cascade, bit for bit; when not, *difference names the part.
    bool same_as(const cascade &other, std::string *difference) const;

    cv::Size window() const { return window_; }

    // What `CascadeClassifier::detectMultiScale(grey, objects, scale_factor, min_neighbors, 0,
    // min_size, max_size)` returns for an 8-bit grey image, in a fixed order (OpenCV's order
    // depends on its threads). Throws cv::Exception as OpenCV does for bad arguments.
    void detect(const cv::Mat &grey, std::vector<cv::Rect> &objects, double scale_factor, int min_neighbors, cv::Size min_size,
                cv::Size max_size, workspace &space, lanes how = lanes::vector) const;

    struct rect_term {
        int x, y, width, height;
        float weight;
    };
    struct feature {
        rect_term rects[3];  // unused ones have weight 0
    };
    struct node {
        int feature;
        float threshold;
        int left, right;  // > 0: a node of the tree; ≤ 0: minus a leaf's index
    };
    struct tree {
        int first_node, node_count, first_leaf;
        // The leaf reached for each combination of the nodes' comparisons (bit n set when
        // node n's value is below its threshold); only the first 2^node_count are used.
        double leaf_by_outcomes[8];
    };
    struct stage {
        int first_tree, tree_count;
        float threshold;  // OpenCV's: the file's, less 1e-5f
    };

private:
    template <typename Node>
    static std::unique_ptr<cascade> build(const Node &root, std::string *why_not);

    cv::Size window_;
    std::vector<feature> features_;
    std::vector<node> nodes_;
    std::vector<float> leaves_;
    std::vector<tree> trees_;
    std::vector<stage> stages_;
    bool stumps_only_ = false;  // every tree one node: OpenCV evaluates them as stumps
};

}  // namespace sc_haar

#endif
