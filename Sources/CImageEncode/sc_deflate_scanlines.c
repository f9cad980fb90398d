/* A zlib stream for PNG scanlines, written here rather than by libdeflate because a card's rows
 * are mostly copies of the row above and runs of one value: a general match finder spends a
 * few nanoseconds on every byte of those (a flat 1024×576 card is 590 KB of indices, 1.7 ms
 * in libdeflate at any level), while here a copied row costs a few word compares per 258
 * bytes, and a row repeating two equal rows above it a memcmp and a copy of that row's
 * tokens. Matches are looked for only at distance 1 (a run of one byte), at one pixel's bytes
 * (a run of one colour) and at the row length (the row above); everything else is a literal.
 * Symbols are Huffman-coded with codes built from their counts: for a card, all of them in one
 * block, so text rows still compress well; for a photo's filtered rows (mostly literals, whose
 * statistics change across the picture), in blocks of 16,384 symbols, each with codes of its
 * own, as zlib's run-length strategy codes them, in under half its time. */
#include "sc_encode.h"
#include "sc_encode_internal.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* A token is a literal byte (< 256) or a match: MATCH | length << 16 | (distance - 1). */
enum { MATCH = 1u << 31, MAX_MATCH = 258, MIN_RUN = 3, MIN_UP = 5, MAX_DISTANCE = 32768 };

/* A photo's symbols per block: the best of 2,048–32,768 on three photo cards, and zlib's own. */
enum { PHOTO_BLOCK_TOKENS = 16384 };

struct sc_scanlines {
    size_t row_bytes, pixel_bytes;
    uint8_t *prev;   /* the previous row; valid when rows_seen > 0 */
    uint32_t *tokens;
    size_t count, capacity;
    size_t rows_seen;
    /* The previous row's tokens, and whether that row repeated the one above it. */
    size_t last_start, last_count;
    int last_repeated;
    uint32_t last_sum, last_weighted_sum; /* the previous row's sums, for adler_append */
    uint32_t adler;
    int failed;
    /* Photo rows: no copies of the row above, and a block every PHOTO_BLOCK_TOKENS tokens
     * (otherwise one block at the end). The stream written so far: the zlib header and whole
     * blocks, the last byte's bits pending. */
    int photo;
    int byte_by_byte; /* no skipping over bytes that start no match (tests compare both ways) */
    uint8_t length_symbols[MAX_MATCH + 1]; /* each match length's symbol less 257, for every block */
    uint8_t *out;
    size_t out_at, out_capacity;
    uint64_t bits;
    int bit_count;
};

static int length_symbol(unsigned length);

sc_scanlines *sc_scanlines_begin(size_t row_bytes, size_t pixel_bytes, int photo) {
    sc_scanlines *s = (sc_scanlines *)calloc(1, sizeof *s);
    if (!s) return NULL;
    s->photo = photo != 0;
    for (unsigned l = 3; l <= MAX_MATCH; l++) s->length_symbols[l] = (uint8_t)length_symbol(l);
    s->row_bytes = row_bytes;
    s->pixel_bytes = pixel_bytes >= 1 && pixel_bytes <= 8 ? pixel_bytes : 1;
    s->prev = (uint8_t *)malloc(row_bytes ? row_bytes : 1);
    s->capacity = 4096;
    s->tokens = (uint32_t *)malloc(s->capacity * sizeof *s->tokens);
    s->adler = 1;
    if (!s->prev || !s->tokens) {
        sc_scanlines_free(s);
        return NULL;
    }
    return s;
}

void sc_scanlines_free(sc_scanlines *s) {
    if (!s) return;
    free(s->prev);
    free(s->tokens);
    free(s->out);
    free(s);
}

/* Room for `more` tokens; 0 when memory runs out. */
static int reserve(sc_scanlines *s, size_t more) {
    if (s->count + more <= s->capacity) return 1;
    size_t capacity = s->capacity;
    while (capacity < s->count + more) {
        if (capacity > SIZE_MAX / 2 / sizeof *s->tokens) return 0;
        capacity *= 2;
    }
    uint32_t *tokens = (uint32_t *)realloc(s->tokens, capacity * sizeof *tokens);
    if (!tokens) return 0;
    s->tokens = tokens;
    s->capacity = capacity;
    return 1;
}

/* How many leading bytes of a and b agree, at most `max`; the ranges may overlap. */
static size_t common_length(const uint8_t *a, const uint8_t *b, size_t max) {
    size_t n = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    while (n + 8 <= max) {
        uint64_t x, y;
        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        if (x != y) return n + ((size_t)__builtin_ctzll(x ^ y) >> 3);
        n += 8;
    }
#endif
    while (n < max && a[n] == b[n]) n++;
    return n;
}

enum { ADLER_BASE = 65521 };

/* The Adler-32 of a stream with `n` more bytes whose sums are `sum` = Σ b[i] and `weighted` =
 * Σ (n − i) b[i] (i from 0, both mod 65521): A grows by the sum, B by n·A plus the weighted
 * sum. A row that repeats the one above has that row's sums, so it costs no pass over it. */
static uint32_t adler_append(uint32_t adler, size_t n, uint32_t sum, uint32_t weighted) {
    const uint64_t a = adler & 0xFFFF, b = adler >> 16;
    const uint64_t next_b = (b + (uint64_t)(n % ADLER_BASE) * a + weighted) % ADLER_BASE;
    return (uint32_t)(next_b << 16 | (a + sum) % ADLER_BASE);
}

/* Sets the sums of adler_append for `row`. */
static void row_sums(const uint8_t *row, size_t n, uint32_t *sum, uint32_t *weighted) {
    /* From an empty stream's Adler-32 (A = 1, B = 0): A = 1 + sum, B = n + weighted. */
    const uint32_t own = libdeflate_adler32(1, row, n);
    *sum = ((own & 0xFFFF) + ADLER_BASE - 1) % ADLER_BASE;
    *weighted = (uint32_t)(((own >> 16) + ADLER_BASE - n % ADLER_BASE) % ADLER_BASE);
}

#if defined(__SSE2__)
static inline __m128i load16(const uint8_t *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }

/* Of the 16 bytes from row[i] (i ≥ bpp, i + 20 ≤ the row's length), how many lead up to the
 * first where a run (MIN_RUN bytes equal to the one before), a pixel repeat (MIN_RUN bytes
 * equal to those a pixel before, when pixels are wider than a byte) or, with `above`, a copy
 * of the row above (MIN_UP bytes) starts; 16 when none does. */
static inline unsigned literals_before_candidate(const uint8_t *row, const uint8_t *prev, size_t i, size_t bpp, int above) {
    const __m128i c0 = load16(row + i), c1 = load16(row + i + 1), c2 = load16(row + i + 2);
    __m128i starts = _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi8(c0, load16(row + i - 1)), _mm_cmpeq_epi8(c1, c0)), _mm_cmpeq_epi8(c2, c1));
    if (bpp > 1) {
        const __m128i pixel = _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi8(c0, load16(row + i - bpp)), _mm_cmpeq_epi8(c1, load16(row + i + 1 - bpp))),
                                            _mm_cmpeq_epi8(c2, load16(row + i + 2 - bpp)));
        starts = _mm_or_si128(starts, pixel);
    }
    if (above) {
        __m128i up = _mm_and_si128(_mm_cmpeq_epi8(c0, load16(prev + i)), _mm_cmpeq_epi8(c1, load16(prev + i + 1)));
        up = _mm_and_si128(up, _mm_cmpeq_epi8(c2, load16(prev + i + 2)));
        for (size_t k = 3; k < MIN_UP; k++) up = _mm_and_si128(up, _mm_cmpeq_epi8(load16(row + i + k), load16(prev + i + k)));
        starts = _mm_or_si128(starts, up);
    }
    const unsigned mask = (unsigned)_mm_movemask_epi8(starts);
    return mask ? (unsigned)__builtin_ctz(mask) : 16;
}
#endif

/* Tokens for `row` after those so far: runs, pixel repeats and copies of the row above where
 * they are long enough, literals elsewhere. Returns the new token count. */
static size_t match_row(sc_scanlines *s, const uint8_t *row) {
    const size_t r = s->row_bytes, bpp = s->pixel_bytes;
    const uint8_t *prev = s->prev;
    const int above = !s->photo && s->rows_seen > 0 && r <= MAX_DISTANCE;
    uint32_t *t = s->tokens + s->count;
    for (size_t i = 0; i < r;) {
#if defined(__SSE2__)
        /* Bytes where no candidate reaches its minimum length are literals whatever the rest
         * finds: skip to the next byte where one does (a photo's rows are mostly literals). */
        if (!s->byte_by_byte && i >= bpp && i + 20 <= r) {
            const unsigned skip = literals_before_candidate(row, prev, i, bpp, above);
            for (unsigned k = 0; k < skip; k++) t[k] = row[i + k];
            t += skip;
            i += skip;
            if (skip == 16) continue;
        }
#endif
        size_t left = r - i;
        size_t max = left < MAX_MATCH ? left : MAX_MATCH;
        /* A candidate as long as `max` wins whatever the later ones find (they can only tie,
         * and ties go to the earlier), so they are not measured: a flat row is runs of `max`. */
        size_t run = i > 0 ? common_length(row + i, row + i - 1, max) : 0;
        size_t pixel = run < max && bpp > 1 && i >= bpp ? common_length(row + i, row + i - bpp, max) : 0;
        size_t up = run < max && pixel < max && above ? common_length(row + i, prev + i, max) : 0;
        size_t length = 0, distance = 0;
        if (run >= MIN_RUN && run >= up && run >= pixel) {
            length = run, distance = 1;
        } else if (pixel >= MIN_RUN && pixel >= up) {
            length = pixel, distance = bpp;
        } else if (up >= MIN_UP) {
            length = up, distance = r;
        }
        if (length == 0) {
            *t++ = row[i++];
            continue;
        }
        /* Leave no tail of 1 or 2 bytes that no match can cover, when the match can spare them. */
        size_t tail = left - length;
        if (length == MAX_MATCH && (tail == 1 || tail == 2)) length -= 3 - tail;
        *t++ = MATCH | (uint32_t)length << 16 | (uint32_t)(distance - 1);
        i += length;
    }
    return (size_t)(t - s->tokens);
}

static int write_block(sc_scanlines *s, const uint32_t *tokens, size_t count, int final);

/* Photo rows: once PHOTO_BLOCK_TOKENS are held, writes all but the last row's as a block and
 * keeps those (a repeating row copies them). -1 when memory runs out. */
static int after_row(sc_scanlines *s) {
    if (!s->photo || s->count < PHOTO_BLOCK_TOKENS || s->last_start == 0) return 0;
    if (write_block(s, s->tokens, s->last_start, 0) != 0) {
        s->failed = 1;
        return -1;
    }
    memmove(s->tokens, s->tokens + s->last_start, s->last_count * sizeof *s->tokens);
    s->count = s->last_count;
    s->last_start = 0;
    return 0;
}

/* Adds `row`, which `repeats` says equals the previous row or not. */
static int add_row(sc_scanlines *s, const uint8_t *row, int repeats) {
    const size_t r = s->row_bytes;
    if (repeats && s->last_repeated) {
        /* This row, the row above and the one above that are equal, so every comparison
         * below would find what it found for the row above: its tokens are that row's.
         * (A flat card's background rows, most of its rows, cost a copy of a few tokens.) */
        if (!reserve(s, s->last_count)) {
            s->failed = 1;
            return -1;
        }
        memcpy(s->tokens + s->count, s->tokens + s->last_start, s->last_count * sizeof *s->tokens);
        s->last_start = s->count;
        s->count += s->last_count;
        s->adler = adler_append(s->adler, r, s->last_sum, s->last_weighted_sum);
        s->rows_seen++;
        return after_row(s);
    }
    /* At most one token per byte. */
    if (!reserve(s, r)) {
        s->failed = 1;
        return -1;
    }
    const size_t start = s->count;
    s->count = match_row(s, row);
    s->last_start = start;
    s->last_count = s->count - start;
    s->last_repeated = repeats;
    if (!repeats) {
        row_sums(row, r, &s->last_sum, &s->last_weighted_sum);
        memcpy(s->prev, row, r);
    }
    s->adler = adler_append(s->adler, r, s->last_sum, s->last_weighted_sum);
    s->rows_seen++;
    return after_row(s);
}

int sc_scanlines_add_row(sc_scanlines *s, const uint8_t *row) {
    if (s->failed) return -1;
    return add_row(s, row, s->rows_seen > 0 && memcmp(row, s->prev, s->row_bytes) == 0);
}

int sc_scanlines_add_same_row(sc_scanlines *s) {
    if (s->failed) return -1;
    if (s->rows_seen == 0) {
        s->failed = 1;
        return -1;
    }
    return add_row(s, s->prev, 1);
}

/* ---- Huffman codes. */

static int compare_keys(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Code lengths for symbols with counts `freq` (n ≤ 286), none longer than `limit`, forming a
 * complete prefix code (zlib refuses incomplete ones); at least two symbols get a code. */
static void code_lengths(const uint32_t *freq, int n, int limit, uint8_t *len) {
    int order[286], used = 0;
    uint32_t weight[2 * 286];
    int parent[2 * 286];
    memset(len, 0, (size_t)n);
    for (int i = 0; i < n; i++) {
        if (freq[i]) order[used++] = i;
    }
    for (int i = 0; used < 2 && i < n; i++) {
        if (!freq[i]) order[used++] = i; /* a second (or first) symbol, never emitted */
    }
    /* By count, then symbol: keys are unique, so the order is the same whatever the sort. */
    uint64_t keys[286];
    for (int i = 0; i < used; i++) keys[i] = (uint64_t)freq[order[i]] << 16 | (uint64_t)order[i];
    qsort(keys, (size_t)used, sizeof *keys, compare_keys);
    for (int i = 0; i < used; i++) order[i] = (int)(keys[i] & 0xFFFF);
    /* Two-queue Huffman: leaves 0…used-1 in order, internal nodes used… in creation order. */
    for (int i = 0; i < used; i++) weight[i] = freq[order[i]];
    int leaf = 0, node = used, next = used;
    for (int k = 0; k < used - 1; k++) {
        int pick[2];
        for (int p = 0; p < 2; p++) {
            if (leaf < used && (node >= next || weight[leaf] <= weight[node])) pick[p] = leaf++;
            else pick[p] = node++;
        }
        weight[next] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = next;
        next++;
    }
    int depth[2 * 286];
    depth[next - 1] = 0;
    for (int i = next - 2; i >= 0; i--) depth[i] = depth[parent[i]] + 1;
    for (int i = 0; i < used; i++) len[order[i]] = (uint8_t)(depth[i] > limit ? limit : depth[i]);
    /* Restore Kraft's equality in units of 2^-limit: lengthen the rarest codes below the limit
     * while over-subscribed, then shorten the longest while there is room. */
    const uint64_t full = 1ull << limit;
    uint64_t kraft = 0;
    for (int i = 0; i < used; i++) kraft += 1ull << (limit - len[order[i]]);
    while (kraft > full) {
        int best = -1;
        for (int i = 0; i < used; i++) {
            int sym = order[i];
            if (len[sym] < limit && (best < 0 || len[sym] > len[best])) best = sym;
        }
        kraft -= 1ull << (limit - len[best] - 1);
        len[best]++;
    }
    while (kraft < full) {
        int best = -1;
        for (int i = used - 1; i >= 0; i--) {
            int sym = order[i];
            if (len[sym] > 1 && (1ull << (limit - len[sym])) <= full - kraft && (best < 0 || len[sym] > len[best])) best = sym;
        }
        kraft += 1ull << (limit - len[best]);
        len[best]--;
    }
}

/* Canonical codes for `len`, bit-reversed for deflate's least-significant-bit-first order. */
static void canonical_codes(const uint8_t *len, int n, uint16_t *code) {
    int count[16] = {0}, next[16];
    for (int i = 0; i < n; i++) count[len[i]]++;
    count[0] = 0;
    int c = 0;
    for (int b = 1; b < 16; b++) {
        c = (c + count[b - 1]) << 1;
        next[b] = c;
    }
    for (int i = 0; i < n; i++) {
        if (!len[i]) continue;
        unsigned v = (unsigned)next[len[i]]++, r = 0;
        for (int b = 0; b < len[i]; b++, v >>= 1) r = (r << 1) | (v & 1);
        code[i] = (uint16_t)r;
    }
}

/* ---- Length and distance symbols (RFC 1951 §3.2.5). */

static const uint16_t length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                         35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t distance_base[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                           513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

static int length_symbol(unsigned length) {
    int i = 28;
    while (length_base[i] > length) i--;
    return i;
}

static int distance_symbol(unsigned distance) {
    int i = 29;
    while (distance_base[i] > distance) i--;
    return i;
}

/* ---- Bits, least significant first, into the stream's buffer. */

/* The stream's bit position while a block is written: a local copy of the stream's fields,
 * which the compiler keeps in registers (stores through `out` cannot touch it). */
typedef struct {
    uint8_t *out;
    size_t at;
    uint64_t bits;
    int count;
} bit_writer;

/* Appends the low `n` bits of `value` (n ≤ 56); room for 8 more bytes must be reserved. The
 * pending bits are stored as a whole word every time, and the whole bytes among them passed
 * (no branch), so fewer than 8 bits are pending between calls. */
static inline void put_bits(bit_writer *w, uint64_t value, int n) {
    w->bits |= value << w->count;
    w->count += n;
    uint8_t *o = w->out + w->at;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(o, &w->bits, 8);
#else
    for (int k = 0; k < 8; k++) o[k] = (uint8_t)(w->bits >> (8 * k));
#endif
    w->at += (size_t)(w->count >> 3);
    w->bits >>= w->count & ~7;
    w->count &= 7;
}

/* Room for `more` bytes after those written, plus the word put_bits may write. */
static int reserve_out(sc_scanlines *s, size_t more) {
    if (more > SIZE_MAX / 4 - s->out_at) return 0;
    const size_t need = s->out_at + more + 8;
    if (need <= s->out_capacity) return 1;
    size_t capacity = s->out_capacity ? s->out_capacity : 4096;
    while (capacity < need) capacity *= 2;
    uint8_t *out = (uint8_t *)realloc(s->out, capacity);
    if (!out) return 0;
    s->out = out;
    s->out_capacity = capacity;
    return 1;
}

/* Which of a match's three distances `distance` is: 0 a run (1), 1 a pixel, 2 the row above. */
static inline int distance_kind(const sc_scanlines *s, unsigned distance) {
    return distance == 1 ? 0 : distance == s->pixel_bytes ? 1 : 2;
}

static const uint8_t length_code_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* Writes `count` tokens as one block with Huffman codes built from their own counts (the zlib
 * header first, before the first block). 0, or -1 when memory runs out. */
static int write_block(sc_scanlines *s, const uint32_t *tokens, size_t count, int final) {
    if (s->out_at == 0 && s->bit_count == 0) {
        if (!reserve_out(s, 2)) return -1;
        s->out[s->out_at++] = 0x78; /* zlib: deflate, 32 KiB window */
        s->out[s->out_at++] = 0x01; /* no dictionary, fastest; (0x78 << 8 | 0x01) % 31 == 0 */
    }
    /* Symbols per token; distances are only a run's, a pixel's and the row's (distance_kind),
     * so each is looked up once. */
    uint32_t lit_freq[286] = {0}, dist_freq[30] = {0};
    const unsigned distances[3] = {1, (unsigned)s->pixel_bytes, s->row_bytes <= MAX_DISTANCE ? (unsigned)s->row_bytes : 1};
    int distance_symbols[3];
    for (int k = 0; k < 3; k++) distance_symbols[k] = distance_symbol(distances[k]);
    const uint8_t *len_sym = s->length_symbols;
    for (size_t i = 0; i < count; i++) {
        uint32_t t = tokens[i];
        if (t & MATCH) {
            lit_freq[257 + len_sym[(t >> 16) & 0x1FF]]++;
            dist_freq[distance_symbols[distance_kind(s, (t & 0xFFFF) + 1)]]++;
        } else {
            lit_freq[t]++;
        }
    }
    lit_freq[256] = 1;
    uint8_t lengths[286 + 30];
    uint8_t *lit_len = lengths, *dist_len = lengths + 286;
    code_lengths(lit_freq, 286, 15, lit_len);
    code_lengths(dist_freq, 30, 15, dist_len);
    int hlit = 286, hdist = 30;
    while (hlit > 257 && lit_len[hlit - 1] == 0) hlit--;
    while (hdist > 1 && dist_len[hdist - 1] == 0) hdist--;
    /* The code lengths themselves, run-length coded with symbols 16 (repeat the last 3–6
     * times), 17 (3–10 zeros) and 18 (11–138 zeros). */
    uint8_t all[286 + 30];
    memcpy(all, lit_len, (size_t)hlit);
    memcpy(all + hlit, dist_len, (size_t)hdist);
    const int total = hlit + hdist;
    uint16_t cl_sym[286 + 30];
    uint8_t cl_extra[286 + 30];
    int cl_count = 0;
    uint32_t cl_freq[19] = {0};
    for (int i = 0; i < total;) {
        int v = all[i], run = 1;
        while (i + run < total && all[i + run] == v) run++;
        if (v == 0 && run >= 3) {
            int take = run > 138 ? 138 : run;
            cl_sym[cl_count] = take >= 11 ? 18 : 17;
            cl_extra[cl_count++] = (uint8_t)(take - (take >= 11 ? 11 : 3));
            i += take;
        } else if (v != 0 && run >= 4) {
            cl_sym[cl_count] = (uint16_t)v;
            cl_extra[cl_count++] = 0;
            int take = run - 1 > 6 ? 6 : run - 1;
            cl_sym[cl_count] = 16;
            cl_extra[cl_count++] = (uint8_t)(take - 3);
            i += 1 + take;
        } else {
            cl_sym[cl_count] = (uint16_t)v;
            cl_extra[cl_count++] = 0;
            i++;
        }
    }
    for (int i = 0; i < cl_count; i++) cl_freq[cl_sym[i]]++;
    uint8_t cl_len[19];
    uint16_t cl_code[19], lit_code[286] = {0}, dist_code[30] = {0};
    code_lengths(cl_freq, 19, 7, cl_len);
    canonical_codes(cl_len, 19, cl_code);
    canonical_codes(lit_len, 286, lit_code);
    canonical_codes(dist_len, 30, dist_code);
    int hclen = 19;
    while (hclen > 4 && cl_len[length_code_order[hclen - 1]] == 0) hclen--;

    /* The block's exact size in bits: header, code lengths, tokens, end of block. */
    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)hclen;
    static const uint8_t cl_extra_bits[19] = {[16] = 2, [17] = 3, [18] = 7};
    for (int i = 0; i < cl_count; i++) bits += cl_len[cl_sym[i]] + cl_extra_bits[cl_sym[i]];
    for (int i = 0; i < 286; i++) {
        if (lit_freq[i]) bits += (uint64_t)lit_freq[i] * (lit_len[i] + (i > 256 ? length_extra[i - 257] : 0));
    }
    for (int i = 0; i < 30; i++) bits += (uint64_t)dist_freq[i] * (dist_len[i] + distance_extra[i]);
    if (!reserve_out(s, (size_t)(bits / 8) + 8)) return -1;
    const uint64_t start = (uint64_t)s->out_at * 8 + (uint64_t)s->bit_count;
    bit_writer w = {s->out, s->out_at, s->bits, s->bit_count};
    put_bits(&w, final ? 1 : 0, 1);
    put_bits(&w, 2, 2); /* dynamic Huffman codes */
    put_bits(&w, (uint32_t)(hlit - 257), 5);
    put_bits(&w, (uint32_t)(hdist - 1), 5);
    put_bits(&w, (uint32_t)(hclen - 4), 4);
    for (int i = 0; i < hclen; i++) put_bits(&w, cl_len[length_code_order[i]], 3);
    for (int i = 0; i < cl_count; i++) {
        put_bits(&w, cl_code[cl_sym[i]], cl_len[cl_sym[i]]);
        if (cl_sym[i] >= 16) put_bits(&w, cl_extra[i], cl_extra_bits[cl_sym[i]]);
    }
    /* A match goes out in one call: its length's code and extra bits, then its distance's
     * (at most 15 + 5 + 15 + 13 bits), each put together once per block. */
    uint32_t length_bits[MAX_MATCH + 1];
    uint8_t length_count[MAX_MATCH + 1];
    for (unsigned l = 3; l <= MAX_MATCH; l++) {
        const int ls = len_sym[l];
        length_bits[l] = lit_code[257 + ls] | (uint32_t)(l - length_base[ls]) << lit_len[257 + ls];
        length_count[l] = (uint8_t)(lit_len[257 + ls] + length_extra[ls]);
    }
    uint32_t distance_bits[3];
    uint8_t distance_count[3];
    for (int k = 0; k < 3; k++) {
        const int ds = distance_symbols[k];
        distance_bits[k] = dist_code[ds] | (uint32_t)(distances[k] - distance_base[ds]) << dist_len[ds];
        distance_count[k] = (uint8_t)(dist_len[ds] + distance_extra[ds]);
    }
    for (size_t i = 0; i < count; i++) {
        uint32_t t = tokens[i];
        if (!(t & MATCH)) {
            put_bits(&w, lit_code[t], lit_len[t]);
            continue;
        }
        const unsigned length = (t >> 16) & 0x1FF;
        const int k = distance_kind(s, (t & 0xFFFF) + 1);
        put_bits(&w, length_bits[length] | (uint64_t)distance_bits[k] << length_count[length],
                 length_count[length] + distance_count[k]);
    }
    put_bits(&w, lit_code[256], lit_len[256]);
    s->out_at = w.at;
    s->bits = w.bits;
    s->bit_count = w.count;
    /* The size computed above is exact; a mismatch is a bug, never output. */
    return (uint64_t)s->out_at * 8 + (uint64_t)s->bit_count - start == bits ? 0 : -1;
}

int sc_scanlines_finish(sc_scanlines *s, uint8_t **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (s->failed || write_block(s, s->tokens, s->count, 1) != 0 || !reserve_out(s, 8)) return -1;
    if (s->bit_count > 0) s->out[s->out_at++] = (uint8_t)s->bits; /* the last byte, padded with zeros */
    s->bit_count = 0;
    for (int shift = 24; shift >= 0; shift -= 8) s->out[s->out_at++] = (uint8_t)(s->adler >> shift);
    *out = s->out;
    *out_size = s->out_at;
    s->out = NULL; /* the caller's now */
    s->failed = 1; /* finished: nothing more can be added */
    return 0;
}

int sc_deflate_scanlines(const uint8_t *rows, size_t row_bytes, size_t count, size_t pixel_bytes, int photo, int byte_by_byte,
                         uint8_t **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (!rows || row_bytes == 0 || pixel_bytes == 0 || pixel_bytes > 8) return -1;
    sc_scanlines *s = sc_scanlines_begin(row_bytes, pixel_bytes, photo);
    if (!s) return -1;
    s->byte_by_byte = byte_by_byte != 0;
    int failed = 0;
    for (size_t y = 0; y < count && !failed; y++) failed = sc_scanlines_add_row(s, rows + y * row_bytes) != 0;
    if (!failed) failed = sc_scanlines_finish(s, out, out_size) != 0;
    sc_scanlines_free(s);
    return failed ? -1 : 0;
}
