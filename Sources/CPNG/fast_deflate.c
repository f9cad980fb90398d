/* A deflate encoder specialised for filtered card images: one fixed-Huffman block whose
 * only matches are runs (distance 1), the same idea as zlib's Z_RLE strategy but with
 * constant-time coding of rows that repeat the row above, and 8-byte run scanning.
 * Card images are mostly flat colour, so after PNG filtering they are mostly zero runs. */
#include "fast_deflate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    uint8_t *data;
    size_t size, capacity;
    uint64_t bits;   /* pending bits, least significant first */
    unsigned count;  /* number of pending bits */
    int failed;
} bit_writer;

/* Makes room for `extra` more bytes; -1 (and the writer marked failed) when memory runs out. */
static int reserve(bit_writer *w, size_t extra) {
    if (w->size + extra <= w->capacity) return 0;
    if (w->failed) return -1;
    if (extra > SIZE_MAX / 2 - w->size) { w->failed = 1; return -1; }
    size_t capacity = w->capacity ? w->capacity : 65536;
    while (capacity < w->size + extra) capacity *= 2;
    uint8_t *grown = (uint8_t *)realloc(w->data, capacity);
    if (!grown) { w->failed = 1; return -1; }
    w->data = grown;
    w->capacity = capacity;
    return 0;
}

/* The stream is lost (out of memory): drop the pending bits so shift counts stay in range
 * until sc_deflate_finish reports the failure. */
static void lose_pending_bits(bit_writer *w) {
    w->bits = 0;
    w->count = 0;
}

/* Inlined: called for every symbol, and the fast path is a few instructions. */
static inline __attribute__((always_inline)) void put_bits(bit_writer *w, uint32_t value, unsigned n) {
    w->bits |= (uint64_t)value << w->count;
    w->count += n;
    if (w->count >= 32) {
        if (w->size + 4 > w->capacity && reserve(w, 4)) {
            lose_pending_bits(w);
            return;
        }
        w->data[w->size++] = (uint8_t)w->bits;
        w->data[w->size++] = (uint8_t)(w->bits >> 8);
        w->data[w->size++] = (uint8_t)(w->bits >> 16);
        w->data[w->size++] = (uint8_t)(w->bits >> 24);
        w->bits >>= 32;
        w->count -= 32;
    }
}

static void flush_bits(bit_writer *w) {
    while (w->count > 0) {
        if (reserve(w, 1)) { lose_pending_bits(w); return; }
        w->data[w->size++] = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count = w->count > 8 ? w->count - 8 : 0;
    }
}

/* lit_code/lit_bits (fixed Huffman codes, RFC 1951 §3.2.6) and len_code/len_bits (per match
 * length 3…258, its length symbol's code with the extra bits appended): constant tables, so
 * encoders on several threads share them with no initialisation to race on. */
#include "fast_deflate_tables.h"

static inline __attribute__((always_inline)) void literal(bit_writer *w, uint8_t byte) { put_bits(w, lit_code[byte], lit_bits[byte]); }

/* A run of `length` copies of the previous byte: matches at distance 1 (distance code 0,
 * five zero bits), at most 258 each; a tail under 3 is sent as literals. */
static void run(bit_writer *w, uint8_t byte, size_t length) {
    while (length >= 3) {
        size_t n = length > 258 ? 258 : length;
        if (length - n > 0 && length - n < 3) n = length - 3;  /* leave a codable tail */
        put_bits(w, len_code[n], len_bits[n]);
        put_bits(w, 0, 5);
        length -= n;
    }
    while (length--) literal(w, byte);
}

void sc_deflate_start(sc_deflate *d) {
    memset(d, 0, sizeof *d);
    d->adler = adler32(0L, Z_NULL, 0);
    bit_writer *w = (bit_writer *)calloc(1, sizeof(bit_writer));
    if (!w || reserve(w, 2) != 0) {
        free(w);
        d->failed = 1;
        return;
    }
    d->writer = w;
    w->data[w->size++] = 0x78;  /* zlib header: deflate, 32K window */
    w->data[w->size++] = 0x01;
    put_bits(w, 1, 1);          /* BFINAL */
    put_bits(w, 1, 2);          /* BTYPE = fixed Huffman */
}

/* zlib's adler32 takes a 32-bit length: longer buffers go in pieces. */
static unsigned long adler_bytes(unsigned long adler, const uint8_t *bytes, size_t length) {
    while (length > 0) {
        uInt piece = length > 0x40000000u ? 0x40000000u : (uInt)length;
        adler = adler32(adler, bytes, piece);
        bytes += piece;
        length -= piece;
    }
    return adler;
}

void sc_deflate_bytes(sc_deflate *d, const uint8_t *bytes, size_t length) {
    bit_writer *w = (bit_writer *)d->writer;
    if (!w || length == 0) return;
    if (!bytes) { d->failed = 1; return; }
    d->adler = adler_bytes(d->adler, bytes, length);
    size_t i = 0;
    if (!d->has_previous) {
        literal(w, bytes[0]);
        d->previous = bytes[0];
        d->has_previous = 1;
        i = 1;
    }
    uint8_t previous = d->previous;
    while (i < length) {
        uint8_t b = bytes[i];
        if (b != previous) {
            literal(w, b);
            previous = b;
            i++;
            continue;
        }
        size_t j = i + 1;
        uint64_t pattern = 0x0101010101010101ULL * b, chunk;
        while (j + 8 <= length && (memcpy(&chunk, bytes + j, 8), chunk == pattern)) j += 8;
        while (j < length && bytes[j] == b) j++;
        run(w, b, j - i);
        i = j;
    }
    d->previous = previous;
}

/* Adler-32 of `count` zero bytes appended: a is unchanged, b grows by count × a. */
static uint32_t adler_zeros(uint32_t adler, size_t count) {
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    b = (b + (uint64_t)(count % 65521) * a) % 65521;
    return (uint32_t)(b << 16 | a);
}

void sc_deflate_byte_then_zeros(sc_deflate *d, uint8_t first, size_t zeros) {
    bit_writer *w = (bit_writer *)d->writer;
    if (!w) return;
    d->adler = adler32(d->adler, &first, 1);
    d->adler = adler_zeros((uint32_t)d->adler, zeros);
    if (d->has_previous && first == d->previous) run(w, first, 1); else literal(w, first);
    d->has_previous = 1;
    d->previous = first;
    if (zeros == 0) return;
    if (first == 0) { run(w, 0, zeros); return; }
    literal(w, 0);
    d->previous = 0;
    run(w, 0, zeros - 1);
}

int sc_deflate_finish(sc_deflate *d, uint8_t **out, size_t *out_size) {
    bit_writer *w = (bit_writer *)d->writer;
    *out = NULL;
    *out_size = 0;
    if (!w) return -1;
    d->writer = NULL;
    put_bits(w, lit_code[256], lit_bits[256]);  /* end of block */
    flush_bits(w);
    if (!w->failed && reserve(w, 4) == 0) {
        uint32_t a = (uint32_t)d->adler;
        w->data[w->size++] = (uint8_t)(a >> 24);
        w->data[w->size++] = (uint8_t)(a >> 16);
        w->data[w->size++] = (uint8_t)(a >> 8);
        w->data[w->size++] = (uint8_t)a;
    }
    int failed = w->failed || d->failed;
    if (failed) free(w->data); else { *out = w->data; *out_size = w->size; }
    free(w);
    return failed ? -1 : 0;
}
