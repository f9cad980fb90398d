#include "cascade_xml.hpp"

#include <charconv>

#include <cstdlib>
#include <cstring>
#include <locale.h>

namespace sc_cascade_xml {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }

// strtod in the C locale whatever the process's: FileStorage gets the same value in any locale
// (it retries with a comma when the locale's decimal point is one).
locale_t c_locale() {
    static const locale_t locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    return locale;
}

constexpr int max_depth = 64;
constexpr int32_t max_map_members = 64;

}  // namespace

// Recursive descent over the subset; every departure from it sets `why_not` and stops.
class document::parser {
public:
    explicit parser(document &doc) : doc_(doc), p_(doc.text_.c_str()) {}

    void run() {
        // FileStorage knows XML by this signature (after a byte-order mark, which is left to it).
        if (std::strncmp(p_, "<?xml", 5) != 0) return outside("not XML: no <?xml declaration at the start");
        skip_misc();
        if (!doc_.why_not_.empty()) return;
        if (p_[0] == '<' && p_[1] == '!') return outside("a <! directive other than a comment");
        if (!expect("<opencv_storage>")) return malformed("no <opencv_storage> element");
        const int32_t root = add(-1, std::string_view(p_ - 15, 14));
        if (!content(root, 1)) return;
        skip_misc();
        if (*p_ != '\0' || p_ != doc_.text_.c_str() + doc_.text_.size()) return malformed("text after </opencv_storage>");
        // Nothing inside is an empty storage (no top-level node, as in FileStorage); values or
        // `<_>` items directly inside are left to it.
        const document::entry &r = doc_.entries_[root];
        if (r.type != kind::map && r.type != kind::none) return outside("values or items directly inside <opencv_storage>");
        doc_.top_ = r.first_child;
    }

private:
    document &doc_;
    const char *p_;

    // `malformed`: broken XML (truncated, unbalanced), which the caller refuses rather than hand
    // to FileStorage (OpenCV 4.6 crashes on some truncated files); otherwise well-formed text
    // outside the subset, which FileStorage reads.
    void fail(const char *why, bool malformed) {
        if (!doc_.why_not_.empty()) return;
        doc_.why_not_ = why;
        doc_.malformed_ = malformed;
    }
    void malformed(const char *why) { fail(why, true); }
    void outside(const char *why) { fail(why, false); }

    bool expect(const char *literal) {
        const size_t n = std::strlen(literal);
        if (std::strncmp(p_, literal, n) != 0) return false;
        p_ += n;
        return true;
    }

    // Whitespace, comments and <?…?> declarations.
    void skip_misc() {
        for (;;) {
            while (is_space(*p_)) p_++;
            if (p_[0] != '<' || (p_[1] != '!' && p_[1] != '?')) return;
            if (std::strncmp(p_, "<!--", 4) == 0) {
                const char *end = std::strstr(p_ + 4, "-->");
                if (!end) return malformed("an unclosed comment");
                p_ = end + 3;
            } else if (std::strncmp(p_, "<?", 2) == 0) {
                const char *end = std::strstr(p_ + 2, "?>");
                if (!end) return malformed("an unclosed declaration");
                p_ = end + 2;
            } else {
                return;
            }
        }
    }

    // Points `at`/`length` at `view`, which lies in the text; false when it is too long.
    bool set(uint32_t &at, uint16_t &length, std::string_view view) {
        if (view.empty()) return at = 0, length = 0, true;
        if (view.size() > UINT16_MAX) return outside("a name or word of more than 65,535 bytes"), false;
        at = (uint32_t)(view.data() - doc_.text_.data());
        length = (uint16_t)view.size();
        return true;
    }

    static void take_value(document::entry &to, const document::entry &from) {
        to.type = from.type;
        to.value = from.value;
        to.word_at = from.word_at;
        to.word_length = from.word_length;
    }

    int32_t add(int32_t parent, std::string_view name) {
        doc_.entries_.emplace_back();
        const int32_t at = (int32_t)doc_.entries_.size() - 1;
        set(doc_.entries_[at].name_at, doc_.entries_[at].name_length, name);
        if (parent >= 0) {
            document::entry &e = doc_.entries_[parent];
            if (e.last_child >= 0) doc_.entries_[e.last_child].next = at;
            else e.first_child = at;
            e.last_child = at;
            e.count++;
        }
        return at;
    }

    // strtod's value for the number at `start` (C locale), `*end` past it; the token ends at
    // `limit`. from_chars gives the same correctly rounded double several times faster; it takes
    // no '+'.
    static double real(const char *start, const char *limit, const char **end) {
        const char *from = *start == '+' ? start + 1 : start;
        double value = 0;
        const std::from_chars_result read = std::from_chars(from, limit, value);
        if (read.ec == std::errc() && read.ptr != from) {
            *end = read.ptr;
            return value;
        }
        char *stop = nullptr;  // out of range, or a form from_chars does not take: strtod decides
        const locale_t c = c_locale();
        value = c ? strtod_l(start, &stop, c) : std::strtod(start, &stop);
        *end = stop;
        return value;
    }

    // (int)strtol(start, &end, 0): plain decimal digits (no leading zero, at most nine) are
    // summed here, anything else (hexadecimal, octal, a long number) goes to strtol.
    static int integer(const char *start, const char *digits_end, const char **end) {
        const char *digits = start + (*start == '-' || *start == '+');
        const long count = digits_end - digits;
        if (count >= 1 && count <= 9 && (*digits != '0' || count == 1) && !is_alnum(*digits_end)) {
            int value = 0;
            for (const char *d = digits; d < digits_end; d++) value = value * 10 + (*d - '0');
            *end = digits_end;
            return *start == '-' ? -value : value;
        }
        char *stop = nullptr;
        const int value = (int)std::strtol(start, &stop, 0);
        *end = stop;
        return value;
    }

    // A name as FileStorage's XML reader takes one: a letter or '_', then letters, digits, '_', '-'.
    bool name(std::string_view &out) {
        const char *start = p_;
        if (!is_alpha(*p_) && *p_ != '_') return false;
        while (is_alnum(*p_) || *p_ == '_' || *p_ == '-') p_++;
        out = std::string_view(start, (size_t)(p_ - start));
        return true;
    }

    // The contents of element `at` up to and including its closing tag.
    bool content(int32_t at, int depth) {
        for (;;) {
            skip_misc();
            if (!doc_.why_not_.empty()) return false;
            if (p_[0] == '<' && p_[1] == '/') {
                p_ += 2;
                std::string_view closing;
                if (!name(closing) || closing != doc_.name_of(doc_.entries_[at])) return malformed("a closing tag that does not match"), false;
                while (is_space(*p_)) p_++;
                if (*p_++ != '>') return malformed("a malformed closing tag"), false;
                return true;
            }
            if (p_[0] == '<' && p_[1] == '!') {
                return outside("a <! directive other than a comment"), false;
            } else if (*p_ == '<') {
                if (!element(at, depth)) return false;
            } else if (*p_ == '\0') {
                return malformed("the text ends inside an element"), false;
            } else if (!scalar(at)) {
                return false;
            }
        }
    }

    // A child element of `parent`: `<_>` makes the parent a sequence, a named one a map.
    bool element(int32_t parent, int depth) {
        if (depth >= max_depth) return malformed("elements nested too deeply"), false;
        p_++;
        std::string_view tag;
        if (!name(tag)) return malformed("a malformed tag"), false;
        for (;;) {
            while (is_space(*p_)) p_++;
            if (*p_ == '>') break;
            if (*p_ == '\0') return malformed("the text ends inside a tag"), false;
            if (p_[0] == '/' && p_[1] == '>') return outside("an empty-element tag"), false;
            std::string_view attribute;
            if (!name(attribute) || p_[0] != '=' || p_[1] != '"') return malformed("a malformed attribute"), false;
            p_ += 2;
            const char *value = p_;
            while (*p_ != '"' && *p_ != '\0' && *p_ != '<' && *p_ != '&') p_++;
            if (*p_ == '&') return outside("an entity in an attribute"), false;
            if (*p_ != '"') return malformed("a malformed attribute"), false;
            const std::string_view type(value, (size_t)(p_ - value));
            p_++;
            if (attribute != "type_id") return outside("an attribute other than type_id"), false;
            // These change how FileStorage reads the element's contents.
            if (type == "str" || type == "map" || type == "seq" || type == "binary") return outside("a type_id of str, map, seq or binary"), false;
        }
        p_++;
        document::entry &e = doc_.entries_[parent];
        const bool item = tag == "_";
        if (e.type == kind::none && e.count == 0) {
            e.type = item ? kind::seq : kind::map;
        } else if (e.type != (item ? kind::seq : kind::map) ||
                   (e.last_child >= 0 && doc_.entries_[e.last_child].name_length == 0)) {
            return outside("an element mixing named members, items or values"), false;
        }
        if (!item) {
            // A repeated name is left to FileStorage; a cascade's maps have about ten members,
            // so the search stays short (and a map of more is not taken).
            if (e.count >= max_map_members) return outside("a map of more members than a cascade has"), false;
            for (int32_t child = e.first_child; child >= 0; child = doc_.entries_[child].next) {
                if (doc_.name_of(doc_.entries_[child]) == tag) return outside("a name repeated in a map"), false;
            }
        }
        return content(add(parent, tag), depth + 1);
    }

    // One word or number inside `at`. A lone one is the element's value; a second one makes
    // the element a sequence of them, as FileStorage does.
    bool scalar(int32_t at) {
        const char *start = p_;
        while (!is_space(*p_) && *p_ != '<' && *p_ != '\0') p_++;
        // A value cut short by the end of the text is broken XML, whatever its bytes look like.
        if (*p_ == '\0') return malformed("the text ends inside an element"), false;
        const std::string_view token(start, (size_t)(p_ - start));
        document::entry value;
        const char c = start[0], d = start[1];
        if (is_digit(c) || ((c == '-' || c == '+') && (is_digit(d) || d == '.')) || (c == '.' && is_alnum(d))) {
            // FileStorage's rule: digits then '.' or 'e' make a real, anything else an integer
            // read by strtol in base 0 (so 0x1f and 017 are what C makes of them).
            const char *digits = start + (c == '-' || c == '+');
            while (is_digit(*digits)) digits++;
            const char *end = nullptr;
            if (*digits == '.' || *digits == 'e') {
                value.type = kind::real;
                value.value = real(start, p_, &end);
            } else {
                value.type = kind::integer;
                value.value = integer(start, digits, &end);
            }
            if (end != p_) return outside("a number FileStorage would read differently"), false;
        } else {
            for (char ch : token) {
                if (ch == '"' || ch == '\'' || ch == '&' || ch == '>' || (unsigned char)ch < 0x20 || ch == 0x7f) {
                    return outside("a quoted word, an entity or a control character"), false;
                }
            }
            value.type = kind::word;
            if (!set(value.word_at, value.word_length, token)) return false;
        }
        document::entry &e = doc_.entries_[at];
        if (e.type == kind::none && e.count == 0) {
            take_value(e, value);
            return true;
        }
        if (e.type == kind::integer || e.type == kind::real || e.type == kind::word) {
            // The first value becomes the sequence's first item.
            document::entry first = e;
            const int32_t item = add(at, std::string_view());
            take_value(doc_.entries_[item], first);
            doc_.entries_[at].type = kind::seq;
        } else if (e.type != kind::seq || doc_.entries_[e.last_child].name_length != 0) {
            return outside("an element mixing named members, items or values"), false;
        }
        const int32_t item = add(at, std::string_view());
        take_value(doc_.entries_[item], value);
        return true;
    }
};

document::document(std::string text) : text_(std::move(text)) {
    entries_.reserve(text_.size() / 10 + 16);  // OpenCV's cascades hold an entry per 11.7–13.2 bytes
    parser(*this).run();
}

node document::first_top_level() const { return taken() && top_ >= 0 ? node(this, top_) : node(); }

bool node::empty() const { return doc_ == nullptr; }

bool node::isMap() const { return doc_ && doc_->entries_[at_].type == document::kind::map; }

bool node::isSeq() const { return doc_ && doc_->entries_[at_].type == document::kind::seq; }

size_t node::size() const {
    if (!doc_) return 0;
    const document::entry &e = doc_->entries_[at_];
    switch (e.type) {
    case document::kind::none: return 0;
    case document::kind::map:
    case document::kind::seq: return (size_t)e.count;
    default: return 1;
    }
}

node node::operator[](const char *name) const {
    if (!doc_) return node();
    const document::entry &e = doc_->entries_[at_];
    if (e.type != document::kind::map) {
        doc_->odd_ = true;  // FileStorage asserts here
        return node();
    }
    for (int32_t child = e.first_child; child >= 0; child = doc_->entries_[child].next) {
        if (doc_->name_of(doc_->entries_[child]) == name) return node(doc_, child);
    }
    return node();
}

node::operator int() const {
    if (!doc_) return 0;
    const document::entry &e = doc_->entries_[at_];
    if (e.type == document::kind::integer) return (int)e.value;
    doc_->odd_ = true;
    return 0;
}

node::operator float() const {
    if (!doc_) return 0.f;
    const document::entry &e = doc_->entries_[at_];
    if (e.type == document::kind::integer) return (float)(int)e.value;
    if (e.type == document::kind::real) return (float)e.value;
    doc_->odd_ = true;
    return 0.f;
}

node::operator std::string() const {
    if (!doc_) return std::string();
    const document::entry &e = doc_->entries_[at_];
    if (e.type == document::kind::word) return std::string(doc_->word_of(e));
    doc_->odd_ = true;
    return std::string();
}

node::iterator node::begin() const {
    if (!doc_) return end();
    const document::entry &e = doc_->entries_[at_];
    if (e.type == document::kind::map || e.type == document::kind::seq) return iterator(doc_, e.first_child, false);
    if (e.type == document::kind::none) return end();
    return iterator(doc_, at_, true);  // a single value is its own one item
}

node::iterator &node::iterator::operator++() {
    at_ = single_ ? -1 : doc_->entries_[at_].next;
    return *this;
}

}  // namespace sc_cascade_xml
