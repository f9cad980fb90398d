/* The decoding work a HEIC's primary image asks for, read from its boxes before libheif sees
 * the file. libheif 1.15 bounds an image by its declared size (ispe), never by the size its
 * HEVC stream is coded at, and decodes every cell of a grid whole: a grid of 16,384 cells each
 * declared 8 × 8 and coded at 2048 × 2048 passes every declared limit. Here the coded size is
 * read from each hvcC's sequence parameter set and added up over everything libheif decodes
 * for the primary image: its cells (through `dimg` references of `grid` and `iden` items; an
 * `iovl` overlay is refused) and the alpha planes (`auxl` items with an alpha `auxC`) of each.
 * Each of those HEVC items' data is walked as NAL units and refused if it carries its own VPS,
 * SPS or PPS (libde265 would decode at their size, not the hvcC's; HEIF keeps them in the hvcC
 * only). A grid's output size must be its ispe: libheif allocates the canvas at the former.
 *
 * Every length is checked against the bytes left; only the boxes named below are entered (no
 * generic recursion); item, property and reference counts are bounded; the `dimg` walk is
 * bounded in depth and in the images it visits, and refuses a cycle. */
#include "sc_image_internal.h"

#include <stdlib.h>
#include <string.h>

enum {
    MAX_ITEMS = 4096,      /* a phone's 12 MP grid photo holds its 48 cells and a few more items */
    MAX_PROPERTIES = 4096,
    MAX_REFERENCES = 4096, /* reference boxes (one per item and type) */
    MAX_DEPTH = 8,         /* derived images of derived images: grid → iden → hvc1 is 3 */
    MAX_RBSP = 512,        /* the SPS prefix read: the fields wanted lie in its first ~100 bytes */
    MAX_LOCATIONS = MAX_ITEMS, /* iloc entries: one per item */
    MAX_NAL_UNITS = 4096   /* NAL units in one image's data: HEVC's highest level allows 600 slice segments */
};

#define FOURCC(a, b, c, d) ((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 | (uint32_t)(d))

typedef struct {
    const uint8_t *p;
    size_t n;
} span;

/* A box: its type and its payload (after the size, type and any 64-bit size). */
typedef struct {
    uint32_t type;
    span body;
} box;

typedef struct {
    uint32_t id;
    uint32_t type;               /* infe item_type, 0 for version 0/1 entries */
    uint32_t ispe_width, ispe_height;
    int has_ispe, has_hvcc, is_alpha;
    uint32_t coded_width, coded_height; /* the largest SPS among its hvcC boxes */
    uint32_t nal_length_bytes;   /* lengthSizeMinusOne + 1 of its hvcC */
    int walked;                  /* its data checked for parameter sets already */
} item;

/* An iloc entry: its extents are left in the box and read when the item's data is wanted. */
typedef struct {
    uint32_t id, order; /* order: its place in iloc (of two entries for one id, the first is read) */
    uint32_t method, reference_index, extent_count;
    uint64_t base;
    const uint8_t *extents;
} location;

typedef struct {
    uint32_t type, from;
    span to;        /* the to_item_IDs */
    int id_bytes;   /* 2 or 4 */
    uint32_t count;
} reference;

typedef struct {
    const uint8_t *file;
    size_t file_size;
    span idat, iloc;
    location *locations;
    uint32_t location_count;
    int offset_size, length_size, index_size; /* iloc's extent fields, in bytes */
    item *items;
    uint32_t item_count;
    reference *refs;
    uint32_t ref_count;
    const sc_heic_bounds *bounds;
    sc_heic_structure *out;
    uint32_t visits;
    uint32_t path[MAX_DEPTH];
    const item *mislabelled; /* the first image coded far larger than its ispe, reported after the totals */
    char *err;
    size_t err_size;
} parser;

static uint32_t be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }
static uint64_t be64(const uint8_t *p) { return (uint64_t)be32(p) << 32 | be32(p + 4); }

/* Reads an unsigned big-endian field of `bytes` (0, 2, 4 or 8) at *s, advancing it. */
static int take(span *s, int bytes, uint64_t *value) {
    if (s->n < (size_t)bytes) return 0;
    switch (bytes) {
    case 0: *value = 0; break;
    case 1: *value = s->p[0]; break;
    case 2: *value = be16(s->p); break;
    case 4: *value = be32(s->p); break;
    case 8: *value = be64(s->p); break;
    default: return 0;
    }
    s->p += bytes;
    s->n -= (size_t)bytes;
    return 1;
}

static int skip(span *s, size_t bytes) {
    if (s->n < bytes) return 0;
    s->p += bytes;
    s->n -= bytes;
    return 1;
}

/* The next box of *s into *b, advancing *s past it. 0 at the end; -1 when its size does not fit. */
static int next_box(span *s, box *b) {
    if (s->n == 0) return 0;
    if (s->n < 8) return -1;
    uint64_t size = be32(s->p);
    b->type = be32(s->p + 4);
    size_t header = 8;
    if (size == 1) {
        if (s->n < 16) return -1;
        size = be64(s->p + 8);
        header = 16;
    } else if (size == 0) {
        size = s->n; /* to the end of the enclosing box */
    }
    if (size < header || size > s->n) return -1;
    b->body.p = s->p + header;
    b->body.n = (size_t)size - header;
    s->p += size;
    s->n -= (size_t)size;
    return 1;
}

static void fourcc_text(uint32_t type, char text[5]) {
    for (int i = 0; i < 4; i++) {
        const char c = (char)(type >> (24 - 8 * i));
        text[i] = c >= 0x20 && c < 0x7F ? c : '?';
    }
    text[4] = 0;
}

/* The first child of `parent` of `type`. 1 found, 0 absent, -1 a child's size does not fit. */
static int child(span parent, uint32_t type, span *body) {
    box b;
    int r;
    while ((r = next_box(&parent, &b)) == 1) {
        if (b.type == type) {
            *body = b.body;
            return 1;
        }
    }
    return r;
}

static int corrupt(parser *ps, const char *what) {
    return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: %s", what);
}

static int compare_items(const void *a, const void *b) {
    const uint32_t x = ((const item *)a)->id, y = ((const item *)b)->id;
    return x < y ? -1 : x > y;
}

/* The item of `id` (items are sorted by id once read: ipma entries, however many, each cost a
 * binary search). */
static item *find_item(parser *ps, uint32_t id) {
    const item key = {.id = id};
    return ps->items ? (item *)bsearch(&key, ps->items, ps->item_count, sizeof(item), compare_items) : NULL;
}

/* ---- HEVC: the picture size in a sequence parameter set ---- */

typedef struct {
    const uint8_t *p;
    size_t bits, at;
} bit_reader;

static int read_bits(bit_reader *r, int count, uint32_t *value) {
    if (count > 32 || r->at > r->bits || r->bits - r->at < (size_t)count) return 0;
    uint32_t v = 0;
    for (int i = 0; i < count; i++, r->at++) v = v << 1 | ((r->p[r->at >> 3] >> (7 - (r->at & 7))) & 1);
    *value = v;
    return 1;
}

/* ue(v): at most 31 leading zeros (a longer run is no 32-bit value). */
static int read_ue(bit_reader *r, uint32_t *value) {
    int zeros = 0;
    uint32_t bit = 0;
    for (;;) {
        if (!read_bits(r, 1, &bit)) return 0;
        if (bit) break;
        if (++zeros > 31) return 0;
    }
    uint32_t rest = 0;
    if (!read_bits(r, zeros, &rest)) return 0;
    *value = (uint32_t)(((uint64_t)1 << zeros) - 1 + rest);
    return 1;
}

/* pic_width/height_in_luma_samples of an SPS NAL unit (with its 2-byte header). Returns NULL
 * or what is wrong with it. */
static const char *sps_size(const uint8_t *nal, size_t size, uint32_t *width, uint32_t *height) {
    if (size < 3) return "an SPS shorter than its header";
    uint8_t rbsp[MAX_RBSP];
    size_t n = 0, zeros = 0;
    /* emulation_prevention_three_byte: a 3 after two zero bytes is dropped. */
    for (size_t i = 2; i < size && n < sizeof rbsp; i++) {
        if (zeros >= 2 && nal[i] == 3) {
            zeros = 0;
            continue;
        }
        zeros = nal[i] == 0 ? zeros + 1 : 0;
        rbsp[n++] = nal[i];
    }
    bit_reader r = {rbsp, n * 8, 0};
    uint32_t v, max_sub_layers_minus1;
    if (!read_bits(&r, 4, &v) || !read_bits(&r, 3, &max_sub_layers_minus1) || !read_bits(&r, 1, &v))
        return "a truncated SPS";
    if (max_sub_layers_minus1 > 6) return "an SPS with 8 sub-layers";
    /* profile_tier_level(1, max_sub_layers_minus1): the general profile (88 bits) and level (8). */
    r.at += 96;
    uint32_t profile_present = 0, level_present = 0;
    for (uint32_t i = 0; i < max_sub_layers_minus1; i++) {
        uint32_t p, l;
        if (!read_bits(&r, 1, &p) || !read_bits(&r, 1, &l)) return "a truncated SPS";
        profile_present |= p << i;
        level_present |= l << i;
    }
    if (max_sub_layers_minus1 > 0) r.at += 2 * (8 - max_sub_layers_minus1); /* reserved_zero_2bits */
    for (uint32_t i = 0; i < max_sub_layers_minus1; i++) {
        if (profile_present >> i & 1) r.at += 88;
        if (level_present >> i & 1) r.at += 8;
    }
    uint32_t sps_id, chroma_format_idc, w, h;
    if (r.at > r.bits || !read_ue(&r, &sps_id) || !read_ue(&r, &chroma_format_idc)) return "a truncated or malformed SPS";
    if (sps_id > 15 || chroma_format_idc > 3) return "an SPS with an impossible id or chroma format";
    if (chroma_format_idc == 3 && !read_bits(&r, 1, &v)) return "a truncated SPS";
    if (!read_ue(&r, &w) || !read_ue(&r, &h)) return "a truncated or malformed SPS";
    if (w == 0 || h == 0) return "an SPS coding no pixels";
    *width = w;
    *height = h;
    return NULL;
}

/* The largest picture any SPS in an hvcC box codes. Returns NULL or what is wrong. */
static const char *hvcc_size(span hvcc, uint32_t *width, uint32_t *height) {
    if (!skip(&hvcc, 22)) return "an hvcC box shorter than its header";
    uint64_t arrays, type, count, length;
    int found = 0;
    if (!take(&hvcc, 1, &arrays)) return "an hvcC box shorter than its header";
    for (uint64_t a = 0; a < arrays; a++) {
        if (!take(&hvcc, 1, &type) || !take(&hvcc, 2, &count)) return "a truncated hvcC box";
        for (uint64_t i = 0; i < count; i++) {
            if (!take(&hvcc, 2, &length) || hvcc.n < length) return "a truncated hvcC box";
            if ((type & 0x3F) == 33) {
                uint32_t w, h;
                const char *problem = sps_size(hvcc.p, (size_t)length, &w, &h);
                if (problem) return problem;
                if (!found || (uint64_t)w * h > (uint64_t)*width * *height) *width = w, *height = h;
                found = 1;
            }
            skip(&hvcc, (size_t)length);
        }
    }
    return found ? NULL : "an hvcC box without an SPS";
}

/* ---- the boxes ---- */

static int read_items(parser *ps, span iinf) {
    uint64_t version, count;
    if (!take(&iinf, 1, &version) || !skip(&iinf, 3) || !take(&iinf, version == 0 ? 2 : 4, &count))
        return corrupt(ps, "a truncated iinf box");
    if (count > MAX_ITEMS)
        return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_TOO_LARGE, "HEIC with %llu items, over the limit of %d",
                             (unsigned long long)count, MAX_ITEMS);
    ps->items = (item *)calloc(count ? (size_t)count : 1, sizeof(item));
    if (!ps->items) return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_NO_MEMORY, "out of memory");
    box b;
    while (ps->item_count < count && next_box(&iinf, &b) == 1) {
        if (b.type != FOURCC('i', 'n', 'f', 'e')) continue;
        span e = b.body;
        uint64_t v, id, type = 0;
        if (!take(&e, 1, &v) || !skip(&e, 3)) return corrupt(ps, "a truncated infe box");
        if (v >= 2) {
            if (!take(&e, v == 2 ? 2 : 4, &id) || !skip(&e, 2) || !take(&e, 4, &type)) return corrupt(ps, "a truncated infe box");
        } else if (!take(&e, 2, &id)) {
            return corrupt(ps, "a truncated infe box");
        }
        item *it = &ps->items[ps->item_count++];
        it->id = (uint32_t)id;
        it->type = (uint32_t)type;
    }
    if (ps->item_count < count) return corrupt(ps, "iinf counts more items than it holds");
    qsort(ps->items, ps->item_count, sizeof(item), compare_items);
    for (uint32_t i = 1; i < ps->item_count; i++) {
        if (ps->items[i].id == ps->items[i - 1].id)
            return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: item %u is declared twice", ps->items[i].id);
    }
    return SC_IMAGE_OK;
}

static int read_references(parser *ps, span iref) {
    uint64_t version;
    if (!take(&iref, 1, &version) || !skip(&iref, 3)) return corrupt(ps, "a truncated iref box");
    const int id_bytes = version == 0 ? 2 : 4;
    size_t capacity = 0;
    box b;
    int r;
    while ((r = next_box(&iref, &b)) == 1) {
        if (ps->ref_count == MAX_REFERENCES)
            return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_TOO_LARGE, "HEIC with more than %d item references",
                                 MAX_REFERENCES);
        span e = b.body;
        uint64_t from, count;
        if (!take(&e, id_bytes, &from) || !take(&e, 2, &count) || e.n < count * id_bytes)
            return corrupt(ps, "a truncated iref box");
        for (uint32_t i = 0; i < ps->ref_count; i++) {
            if (ps->refs[i].type == b.type && ps->refs[i].from == from) {
                char text[5];
                fourcc_text(b.type, text);
                return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT,
                                     "corrupt HEIC: two '%s' references from item %llu", text, (unsigned long long)from);
            }
        }
        if (ps->ref_count == capacity) {
            capacity = capacity ? capacity * 2 : 16;
            reference *grown = (reference *)realloc(ps->refs, capacity * sizeof(reference));
            if (!grown) return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_NO_MEMORY, "out of memory");
            ps->refs = grown;
        }
        ps->refs[ps->ref_count++] = (reference){b.type, (uint32_t)from, {e.p, (size_t)count * id_bytes}, id_bytes, (uint32_t)count};
    }
    if (r < 0) return corrupt(ps, "a box in iref overruns it");
    return SC_IMAGE_OK;
}

/* The alpha auxiliary types libheif decodes with an image. */
static int auxc_is_alpha(span auxc) {
    if (!skip(&auxc, 4)) return 0;
    static const char *const names[] = {"urn:mpeg:hevc:2015:auxid:1", "urn:mpeg:avc:2015:auxid:1",
                                        "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const size_t n = strlen(names[i]);
        if (auxc.n >= n + 1 && memcmp(auxc.p, names[i], n) == 0 && auxc.p[n] == 0) return 1;
    }
    return 0;
}

/* ipco's properties, then every ipma box's associations onto the items. */
static int read_properties(parser *ps, span iprp) {
    span ipco;
    int r = child(iprp, FOURCC('i', 'p', 'c', 'o'), &ipco);
    if (r < 0) return corrupt(ps, "a box in iprp overruns it");
    if (r == 0) return corrupt(ps, "no ipco box");
    uint32_t property_count = 0;
    box b;
    for (span counting = ipco; (r = next_box(&counting, &b)) == 1;) {
        if (++property_count > MAX_PROPERTIES)
            return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_TOO_LARGE, "HEIC with more than %d properties", MAX_PROPERTIES);
    }
    if (r < 0) return corrupt(ps, "a box in ipco overruns it");
    /* Each property with the picture size of its SPS, read once however many items share it
     * (a phone's grid shares one hvcC among its cells). */
    typedef struct {
        box b;
        int read;
        uint32_t width, height;
    } property;
    property *properties = (property *)calloc(property_count ? property_count : 1, sizeof(property));
    if (!properties) return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_NO_MEMORY, "out of memory");
    for (uint32_t i = 0; i < property_count; i++) next_box(&ipco, &properties[i].b);
    int status = SC_IMAGE_OK;
    uint64_t listed = 0;
    span rest = iprp;
    while (status == SC_IMAGE_OK && (r = next_box(&rest, &b)) == 1) {
        if (b.type != FOURCC('i', 'p', 'm', 'a')) continue;
        span e = b.body;
        uint64_t version, flags_low, entries;
        if (!take(&e, 1, &version) || !skip(&e, 2) || !take(&e, 1, &flags_low) || !take(&e, 4, &entries)) {
            status = corrupt(ps, "a truncated ipma box");
            break;
        }
        /* Each item once, in one ipma or another: more entries than items is a file built to
         * make this loop long. */
        listed += entries;
        if (listed > ps->item_count) {
            status = corrupt(ps, "ipma lists more items than iinf holds");
            break;
        }
        for (uint64_t i = 0; i < entries && status == SC_IMAGE_OK; i++) {
            uint64_t id, count;
            if (!take(&e, version < 1 ? 2 : 4, &id) || !take(&e, 1, &count)) {
                status = corrupt(ps, "a truncated ipma box");
                break;
            }
            item *it = find_item(ps, (uint32_t)id);
            for (uint64_t k = 0; k < count; k++) {
                uint64_t association;
                if (!take(&e, flags_low & 1 ? 2 : 1, &association)) {
                    status = corrupt(ps, "a truncated ipma box");
                    break;
                }
                const uint64_t index = association & (flags_low & 1 ? 0x7FFF : 0x7F);
                if (index == 0 || !it) continue; /* no property, or an item iinf does not list */
                if (index > property_count) {
                    status = corrupt(ps, "ipma names a property ipco does not hold");
                    break;
                }
                property *p = &properties[index - 1];
                span body = p->b.body;
                if (p->b.type == FOURCC('i', 's', 'p', 'e') && !it->has_ispe) {
                    uint64_t w, h;
                    if (!skip(&body, 4) || !take(&body, 4, &w) || !take(&body, 4, &h)) {
                        status = corrupt(ps, "a truncated ispe box");
                        break;
                    }
                    it->ispe_width = (uint32_t)w;
                    it->ispe_height = (uint32_t)h;
                    it->has_ispe = 1;
                } else if (p->b.type == FOURCC('h', 'v', 'c', 'C')) {
                    if (!p->read) {
                        const char *problem = hvcc_size(body, &p->width, &p->height);
                        if (problem) {
                            status = sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: item %u has %s",
                                                   it->id, problem);
                            break;
                        }
                        p->read = 1;
                    }
                    /* libheif hands libde265 the item's data as NAL units with 4-byte lengths,
                     * whatever the hvcC says. */
                    const uint32_t length_bytes = (body.n > 21 ? body.p[21] & 3u : 0) + 1;
                    if (length_bytes != 4) {
                        status = sc_image_fail(ps->err, ps->err_size, SC_IMAGE_UNSUPPORTED,
                                               "HEIC item %u with lengthSizeMinusOne %u in its hvcC (libheif reads 4-byte NAL unit lengths)",
                                               it->id, length_bytes - 1);
                        break;
                    }
                    it->nal_length_bytes = length_bytes;
                    const uint32_t w = p->width, h = p->height;
                    if (!it->has_hvcc || (uint64_t)w * h > (uint64_t)it->coded_width * it->coded_height) {
                        it->coded_width = w;
                        it->coded_height = h;
                    }
                    it->has_hvcc = 1;
                } else if (p->b.type == FOURCC('a', 'u', 'x', 'C')) {
                    it->is_alpha |= auxc_is_alpha(body);
                }
            }
        }
    }
    if (status == SC_IMAGE_OK && r < 0) status = corrupt(ps, "a box in iprp overruns it");
    free(properties);
    return status;
}

static int compare_locations(const void *a, const void *b) {
    const location *x = (const location *)a, *y = (const location *)b;
    if (x->id != y->id) return x->id < y->id ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* iloc read once into ps->locations, sorted by item id (a grid's layout and each cell's data
 * then cost a binary search, however many entries iloc holds). */
static int read_locations(parser *ps) {
    span s = ps->iloc;
    uint64_t version, sizes1, sizes2, count;
    if (!take(&s, 1, &version) || !skip(&s, 3) || !take(&s, 1, &sizes1) || !take(&s, 1, &sizes2) || version > 2 ||
        !take(&s, version < 2 ? 2 : 4, &count))
        return corrupt(ps, "a truncated iloc box");
    const int sizes[4] = {(int)(sizes1 >> 4), (int)(sizes1 & 15), (int)(sizes2 >> 4), version >= 1 ? (int)(sizes2 & 15) : 0};
    static const char *const fields[4] = {"offset", "length", "base offset", "index"};
    for (int f = 0; f < 4; f++) {
        if (sizes[f] != 0 && sizes[f] != 1 && sizes[f] != 2 && sizes[f] != 4 && sizes[f] != 8)
            return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: an iloc %s field of %d bytes", fields[f],
                                 sizes[f]);
    }
    if (count > MAX_LOCATIONS)
        return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_TOO_LARGE, "HEIC iloc of %llu entries, over the limit of %d",
                             (unsigned long long)count, MAX_LOCATIONS);
    ps->offset_size = sizes[0], ps->length_size = sizes[1], ps->index_size = sizes[3];
    const size_t stride = (size_t)(sizes[0] + sizes[1] + sizes[3]);
    ps->locations = (location *)calloc(count ? (size_t)count : 1, sizeof(location));
    if (!ps->locations) return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_NO_MEMORY, "out of memory");
    for (uint64_t i = 0; i < count; i++) {
        uint64_t item_id, method = 0, reference_index, base, extents;
        if (!take(&s, version < 2 ? 2 : 4, &item_id)) return corrupt(ps, "a truncated iloc box");
        if (version >= 1 && !take(&s, 2, &method)) return corrupt(ps, "a truncated iloc box");
        if (!take(&s, 2, &reference_index) || !take(&s, sizes[2], &base) || !take(&s, 2, &extents))
            return corrupt(ps, "a truncated iloc box");
        location *l = &ps->locations[ps->location_count++];
        *l = (location){(uint32_t)item_id, (uint32_t)i, (uint32_t)(method & 15), (uint32_t)reference_index, (uint32_t)extents, base, s.p};
        if (!skip(&s, (size_t)extents * stride)) return corrupt(ps, "a truncated iloc box");
    }
    qsort(ps->locations, ps->location_count, sizeof(location), compare_locations);
    return SC_IMAGE_OK;
}

/* The first iloc entry of `id`, or NULL. */
static const location *find_location(parser *ps, uint32_t id) {
    uint32_t low = 0, high = ps->location_count;
    while (low < high) {
        const uint32_t middle = low + (high - low) / 2;
        if (ps->locations[middle].id < id) low = middle + 1;
        else high = middle;
    }
    return low < ps->location_count && ps->locations[low].id == id ? &ps->locations[low] : NULL;
}

/* The location of `id`'s data, or a refusal when it has none. */
static int locate(parser *ps, uint32_t id, const location **l) {
    if (!ps->iloc.p) return corrupt(ps, "no iloc box");
    *l = find_location(ps, id);
    if (!*l) return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: item %u has no data (not in iloc)", id);
    return SC_IMAGE_OK;
}

/* The bytes of extent k of l (construction method 0, the file, or 1, idat). */
static int extent(parser *ps, const location *l, uint32_t k, span *out) {
    span s = {l->extents + (size_t)k * (size_t)(ps->index_size + ps->offset_size + ps->length_size),
              (size_t)(ps->index_size + ps->offset_size + ps->length_size)};
    uint64_t index, offset, length;
    take(&s, ps->index_size, &index);
    take(&s, ps->offset_size, &offset);
    take(&s, ps->length_size, &length);
    if (l->method > 1 || l->reference_index != 0)
        return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_UNSUPPORTED, "HEIC item %u stored by reference (iloc construction method %u)",
                             l->id, l->method);
    const span source = l->method == 0 ? (span){ps->file, ps->file_size} : ps->idat;
    if (l->base > source.n || offset > source.n - l->base) return corrupt(ps, "an item's data lies outside the file");
    const uint64_t start = l->base + offset, left = source.n - start;
    if (length > left) return corrupt(ps, "an item's data lies outside the file");
    *out = (span){source.p + start, length == 0 ? (size_t)left : (size_t)length};
    return SC_IMAGE_OK;
}

/* The first `want` bytes of an item's data, gathered over its extents into out, their count into *got. */
static int item_data(parser *ps, uint32_t id, uint8_t *out, size_t want, size_t *got) {
    const location *l;
    *got = 0;
    int status = locate(ps, id, &l);
    for (uint32_t k = 0; status == SC_IMAGE_OK && k < l->extent_count && *got < want; k++) {
        span e;
        status = extent(ps, l, k, &e);
        if (status != SC_IMAGE_OK) break;
        const size_t n = e.n < want - *got ? e.n : want - *got;
        if (n > 0) memcpy(out + *got, e.p, n);
        *got += n;
    }
    return status;
}

/* Walks an HEVC item's data as NAL units (4-byte lengths, over its extents) and refuses a VPS,
 * SPS or PPS among them: libde265 would decode at the size they code, not the hvcC's. */
static int check_nal_units(parser *ps, const item *it) {
    const location *l;
    int status = locate(ps, it->id, &l);
    if (status != SC_IMAGE_OK) return status;
    uint64_t left = 0;          /* bytes of the current NAL unit not yet passed */
    uint32_t length = 0, units = 0;
    uint32_t length_bytes = 0;  /* of the length field being read */
    int at_header = 0;
    for (uint32_t k = 0; k < l->extent_count; k++) {
        span s;
        if ((status = extent(ps, l, k, &s)) != SC_IMAGE_OK) return status;
        while (s.n > 0) {
            if (at_header) {
                const uint32_t type = (s.p[0] >> 1) & 0x3F;
                if (type >= 32 && type <= 34)
                    return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT,
                                         "corrupt HEIC: item %u carries its own parameter sets in its data (a NAL unit of type %u)",
                                         it->id, type);
                at_header = 0;
            }
            if (left > 0) {
                const size_t step = left < s.n ? (size_t)left : s.n;
                skip(&s, step);
                left -= step;
                continue;
            }
            length = length << 8 | s.p[0];
            skip(&s, 1);
            if (++length_bytes < it->nal_length_bytes) continue;
            left = length;
            length = length_bytes = 0;
            if (left == 0) continue;
            if (++units > MAX_NAL_UNITS)
                return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_TOO_LARGE, "HEIC item %u of more than %d NAL units", it->id,
                                     MAX_NAL_UNITS);
            at_header = 1;
        }
    }
    if (left > 0 || length_bytes > 0)
        return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: item %u has a NAL unit running past its data",
                             it->id);
    return SC_IMAGE_OK;
}

static const reference *find_reference(parser *ps, uint32_t type, uint32_t from) {
    for (uint32_t i = 0; i < ps->ref_count; i++)
        if (ps->refs[i].type == type && ps->refs[i].from == from) return &ps->refs[i];
    return NULL;
}

static uint32_t reference_to(const reference *ref, uint32_t i) {
    return ref->id_bytes == 2 ? be16(ref->to.p + 2 * i) : be32(ref->to.p + 4 * i);
}

static uint64_t add_saturating(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

/* Adds what decoding `id` costs (its cells, or itself, and each one's alpha plane) to ps->out. */
static int visit(parser *ps, uint32_t id, int depth) {
    sc_heic_structure *out = ps->out;
    for (int d = 0; d < depth; d++)
        if (ps->path[d] == id)
            return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: item %u is built from itself (through dimg or auxl)", id);
    if (depth == MAX_DEPTH)
        return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_UNSUPPORTED, "HEIC images derived more than %d deep", MAX_DEPTH);
    if (++ps->visits > 2 * (uint64_t)ps->bounds->max_cells + 16)
        return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_TOO_LARGE, "HEIC primary image built from more than %u images",
                             2 * ps->bounds->max_cells + 16);
    item *it = find_item(ps, id);
    if (!it) return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: item %u is not in iinf", id);
    ps->path[depth] = id;
    char type[5];
    fourcc_text(it->type, type);
    const reference *inputs = find_reference(ps, FOURCC('d', 'i', 'm', 'g'), id);
    if (it->type == FOURCC('h', 'v', 'c', '1')) {
        if (!it->has_hvcc)
            return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: image item %u has no hvcC", id);
        if (!it->has_ispe)
            return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: image item %u declares no size (ispe)", id);
        /* A stream codes its ispe padded to its coding block (heif-enc's x265 codes a 32 × 48
         * image at 64 × 64); twice the side and a 64-pixel block more leaves room for writers
         * whose ispe is off by a crop. */
        if (!ps->mislabelled &&
            (it->coded_width > 2 * (uint64_t)it->ispe_width + 64 || it->coded_height > 2 * (uint64_t)it->ispe_height + 64))
            ps->mislabelled = it;
        if (!it->walked) {
            const int status = check_nal_units(ps, it);
            if (status != SC_IMAGE_OK) return status;
            it->walked = 1;
        }
        out->cells++;
        out->coded_pixels = add_saturating(out->coded_pixels, (uint64_t)it->coded_width * it->coded_height);
        if (it->coded_width > out->largest_cell_width) out->largest_cell_width = it->coded_width;
        if (it->coded_height > out->largest_cell_height) out->largest_cell_height = it->coded_height;
        if (out->cells > ps->bounds->max_cells)
            return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_TOO_LARGE, "HEIC primary image of more than %u HEVC images",
                                 ps->bounds->max_cells);
    } else if (it->type == FOURCC('i', 'o', 'v', 'l')) {
        return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_UNSUPPORTED, "HEIC overlay image (iovl item %u)", id);
    } else if (it->type == FOURCC('g', 'r', 'i', 'd') || it->type == FOURCC('i', 'd', 'e', 'n')) {
        if (!inputs || inputs->count == 0)
            return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: '%s' item %u names no images (dimg)", type, id);
        if (it->type == FOURCC('i', 'd', 'e', 'n') && inputs->count != 1)
            return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: 'iden' item %u names %u images", id,
                                 inputs->count);
        if (inputs->count > ps->bounds->max_cells) {
            const item *first = find_item(ps, reference_to(inputs, 0));
            return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_TOO_LARGE,
                                 "HEIC '%s' image of %u cells (the first coded at %u×%u), over the limit of %u cells", type,
                                 inputs->count, first ? first->coded_width : 0, first ? first->coded_height : 0,
                                 ps->bounds->max_cells);
        }
        if (it->type == FOURCC('g', 'r', 'i', 'd')) {
            /* version, flags, rows - 1, columns - 1, output width and height (32-bit when flags & 1) */
            uint8_t grid[12];
            size_t n = 0;
            const int status = item_data(ps, id, grid, sizeof grid, &n);
            if (status != SC_IMAGE_OK) return status;
            const size_t side_bytes = n >= 2 && grid[1] & 1 ? 4 : 2;
            if (n < 4 + 2 * side_bytes)
                return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: grid item %u has no layout", id);
            const uint32_t rows = grid[2] + 1u, columns = grid[3] + 1u;
            const uint32_t output_width = side_bytes == 4 ? be32(grid + 4) : be16(grid + 4);
            const uint32_t output_height = side_bytes == 4 ? be32(grid + 8) : be16(grid + 6);
            /* libheif allocates the canvas at the layout's output size. */
            if (!it->has_ispe)
                return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: grid item %u declares no size (ispe)", id);
            if (output_width != it->ispe_width || output_height != it->ispe_height)
                return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT,
                                     "corrupt HEIC: grid item %u is declared %u×%u (ispe) but laid out at %u×%u", id,
                                     it->ispe_width, it->ispe_height, output_width, output_height);
            if (depth == 0) out->rows = rows, out->columns = columns;
            if (inputs->count > rows * columns)
                return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT,
                                     "corrupt HEIC: grid item %u of %u×%u cells names %u images", id, rows, columns, inputs->count);
        }
        for (uint32_t i = 0; i < inputs->count; i++) {
            const int status = visit(ps, reference_to(inputs, i), depth + 1);
            if (status != SC_IMAGE_OK) return status;
        }
    } else {
        return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_UNSUPPORTED, "HEIC image item %u of type '%s' (not HEVC)", id, type);
    }
    /* libheif decodes an image's alpha plane with it: an auxl item pointing here. */
    for (uint32_t i = 0; i < ps->ref_count; i++) {
        const reference *ref = &ps->refs[i];
        if (ref->type != FOURCC('a', 'u', 'x', 'l')) continue;
        const item *aux = find_item(ps, ref->from);
        if (!aux || !aux->is_alpha) continue;
        for (uint32_t k = 0; k < ref->count; k++) {
            if (reference_to(ref, k) != id) continue;
            const int status = visit(ps, ref->from, depth + 1);
            if (status != SC_IMAGE_OK) return status;
            break;
        }
    }
    return SC_IMAGE_OK;
}

static int read_meta(parser *ps, span meta) {
    if (!skip(&meta, 4)) return corrupt(ps, "a truncated meta box");
    span pitm = {0}, iinf = {0}, iref = {0}, iprp = {0};
    int has_pitm = 0, has_iinf = 0, has_iref = 0, has_iprp = 0;
    box b;
    int r;
    while ((r = next_box(&meta, &b)) == 1) {
        /* The first of each, as libheif takes. */
        if (b.type == FOURCC('p', 'i', 't', 'm') && !has_pitm) pitm = b.body, has_pitm = 1;
        else if (b.type == FOURCC('i', 'i', 'n', 'f') && !has_iinf) iinf = b.body, has_iinf = 1;
        else if (b.type == FOURCC('i', 'r', 'e', 'f') && !has_iref) iref = b.body, has_iref = 1;
        else if (b.type == FOURCC('i', 'p', 'r', 'p') && !has_iprp) iprp = b.body, has_iprp = 1;
        else if (b.type == FOURCC('i', 'l', 'o', 'c') && !ps->iloc.p) ps->iloc = b.body;
        else if (b.type == FOURCC('i', 'd', 'a', 't') && !ps->idat.p) ps->idat = b.body;
    }
    if (r < 0) return corrupt(ps, "a box in meta overruns it");
    if (!has_pitm) return corrupt(ps, "no primary item (pitm)");
    if (!has_iinf) return corrupt(ps, "no item list (iinf)");
    if (!has_iprp) return corrupt(ps, "no item properties (iprp)");
    uint64_t version, primary;
    if (!take(&pitm, 1, &version) || !skip(&pitm, 3) || !take(&pitm, version == 0 ? 2 : 4, &primary))
        return corrupt(ps, "a truncated pitm box");
    int status = read_items(ps, iinf);
    if (status == SC_IMAGE_OK && ps->iloc.p) status = read_locations(ps);
    if (status == SC_IMAGE_OK && has_iref) status = read_references(ps, iref);
    if (status == SC_IMAGE_OK) status = read_properties(ps, iprp);
    if (status != SC_IMAGE_OK) return status;
    const item *it = find_item(ps, (uint32_t)primary);
    if (!it) return sc_image_fail(ps->err, ps->err_size, SC_IMAGE_CORRUPT, "corrupt HEIC: the primary item %llu is not in iinf",
                                  (unsigned long long)primary);
    ps->out->declared_width = it->ispe_width;
    ps->out->declared_height = it->ispe_height;
    ps->out->rows = ps->out->columns = 1;
    return visit(ps, (uint32_t)primary, 0);
}

int sc_heic_has_meta(const uint8_t *data, size_t size) {
    span file = {data, data ? size : 0}, meta;
    box first;
    return next_box(&file, &first) == 1 && first.type == FOURCC('f', 't', 'y', 'p') && child(file, FOURCC('m', 'e', 't', 'a'), &meta) == 1;
}

int sc_heic_read_structure(const uint8_t *data, size_t size, const sc_heic_bounds *bounds, sc_heic_structure *out,
                           char *err, size_t err_size) {
    memset(out, 0, sizeof *out);
    parser ps = {.file = data, .file_size = size, .bounds = bounds, .out = out, .err = err, .err_size = err_size};
    if (!data) return corrupt(&ps, "no data");
    span file = {data, size}, meta;
    box first;
    if (next_box(&file, &first) != 1 || first.type != FOURCC('f', 't', 'y', 'p')) return corrupt(&ps, "no ftyp box first");
    const int r = child(file, FOURCC('m', 'e', 't', 'a'), &meta);
    if (r < 0) return corrupt(&ps, "a top-level box overruns the file");
    if (r == 0) return corrupt(&ps, "no meta box (no still image)");
    int status = read_meta(&ps, meta);
    if (status == SC_IMAGE_OK && out->coded_pixels > bounds->max_coded_pixels) {
        if (out->cells > 1)
            status = sc_image_fail(err, err_size, SC_IMAGE_TOO_LARGE,
                                   "HEIC of %u HEVC images (cells of up to %u×%u) coded at %llu pixels in all, over the limit of %llu",
                                   out->cells, out->largest_cell_width, out->largest_cell_height,
                                   (unsigned long long)out->coded_pixels, (unsigned long long)bounds->max_coded_pixels);
        else
            status = sc_image_fail(err, err_size, SC_IMAGE_TOO_LARGE, "HEIC image coded at %u×%u, over the limit of %llu pixels",
                                   out->largest_cell_width, out->largest_cell_height, (unsigned long long)bounds->max_coded_pixels);
    } else if (status == SC_IMAGE_OK && ps.mislabelled) {
        const item *it = ps.mislabelled;
        status = sc_image_fail(err, err_size, SC_IMAGE_CORRUPT,
                               "corrupt HEIC: image item %u is declared %u×%u (ispe) but coded at %u×%u (SPS)", it->id,
                               it->ispe_width, it->ispe_height, it->coded_width, it->coded_height);
    }
    free(ps.items);
    free(ps.refs);
    free(ps.locations);
    if (status != SC_IMAGE_OK) memset(out, 0, sizeof *out);
    return status;
}
