// A reader for the XML that OpenCV's FileStorage writes cascades in, giving the values
// FileStorage would give. cv::FileStorage spent about 150 million instructions parsing the two
// cascades a photo card loads, a third of a one-card photo render; this reads them in a few
// million. It takes a strict subset, the shape OpenCV's tools write: a declaration, comments,
// elements with no attribute but `type_id`, and unquoted words and numbers. Well-formed text
// outside it (quotes, entities, empty-element tags, YAML or JSON, a gzipped file) is not taken,
// and the caller reads the file with FileStorage instead; broken XML (truncated, unbalanced) is
// refused as `malformed`, since FileStorage 4.6 crashes on some of it. Internal to CFaces.
#ifndef SC_CASCADE_XML_HPP
#define SC_CASCADE_XML_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sc_cascade_xml {

class document;

// A value in the document, read as cv::FileNode reads it: a missing member is an empty node
// (0, 0.0f and "" when converted), a word converts to 0 as a number and a number to "" as a
// word — except that such a conversion marks the document as not taken (`document::odd`), so
// that the caller can fall back to FileStorage rather than trust a rule it does not copy.
class node {
public:
    node() = default;

    bool empty() const;
    bool isMap() const;
    bool isSeq() const;
    // Members of a map, items of a sequence, 1 for a single value, 0 when empty.
    size_t size() const;
    // A map's member by name; an empty node when there is none.
    node operator[](const char *name) const;

    explicit operator int() const;
    explicit operator float() const;
    explicit operator std::string() const;

    // The items of a sequence, in order (a single value is its own one item, as in FileStorage).
    class iterator {
    public:
        node operator*() const { return node(doc_, at_); }
        iterator &operator++();
        bool operator!=(const iterator &other) const { return at_ != other.at_; }

    private:
        friend class node;
        iterator(const document *doc, int32_t at, bool single) : doc_(doc), at_(at), single_(single) {}
        const document *doc_ = nullptr;
        int32_t at_ = -1;
        bool single_ = false;  // iterating a single value, whose `next` is its parent's
    };
    iterator begin() const;
    iterator end() const { return iterator(doc_, -1, false); }

private:
    friend class document;
    node(const document *doc, int32_t at) : doc_(doc), at_(at) {}
    const document *doc_ = nullptr;
    int32_t at_ = -1;
};

class document {
public:
    // Parses `text`, which it keeps. On failure `taken()` is false and `why_not()` says where
    // the text left the subset.
    explicit document(std::string text);

    bool taken() const { return why_not_.empty() && !odd_; }
    const std::string &why_not() const { return why_not_; }
    // Not taken because the XML is broken (truncated, unbalanced), not merely outside the subset.
    bool malformed() const { return malformed_; }
    // True once a conversion met a value of the other kind (see `node`).
    bool odd() const { return odd_; }

    // The first element inside <opencv_storage>, as FileStorage::getFirstTopLevelNode.
    node first_top_level() const;

private:
    friend class node;
    enum class kind : uint8_t { none, map, seq, integer, real, word };
    // 40 bytes: a cascade has an entry per 12–13 bytes of text, and the memory is fresh pages.
    struct entry {
        uint32_t name_at = 0, word_at = 0;  // offsets into the text
        uint16_t name_length = 0, word_length = 0;  // a name of 0 bytes: a sequence's item
        kind type = kind::none;
        int32_t first_child = -1, last_child = -1, next = -1, count = 0;
        double value = 0;  // an integer's too (exact: it is an int)
    };
    std::string_view name_of(const entry &e) const { return std::string_view(text_.data() + e.name_at, e.name_length); }
    std::string_view word_of(const entry &e) const { return std::string_view(text_.data() + e.word_at, e.word_length); }

    std::string text_;
    std::vector<entry> entries_;
    std::string why_not_;
    bool malformed_ = false;
    mutable bool odd_ = false;
    int32_t top_ = -1;

    class parser;
};

}  // namespace sc_cascade_xml

#endif
