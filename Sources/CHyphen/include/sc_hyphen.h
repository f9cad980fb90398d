#ifndef SC_HYPHEN_H
#define SC_HYPHEN_H
/* libhyphen (the TeX-pattern hyphenator of LibreOffice) behind plain C types. Words are UTF-16; the dictionary's own
 * encoding (its first line: UTF-8, or a single-byte charset such as ISO8859-2 or KOI8-R, through iconv)
 * is handled here. */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    SC_HYPHEN_ERROR_ARGUMENT = -1, /* null pointer, or a length outside 1...SC_HYPHEN_WORD_MAX */
    SC_HYPHEN_ERROR_ENCODING = -2, /* a character the dictionary's encoding cannot represent, or a lone surrogate */
    SC_HYPHEN_ERROR_LIBRARY = -3   /* libhyphen failed */
};

/* Longest word hyphenated, in UTF-16 code units (compounds longer than any real word are left alone). */
enum { SC_HYPHEN_WORD_MAX = 96 };

typedef struct sc_hyphen_dict sc_hyphen_dict;

/* Loads a .dic pattern file; NULL when it cannot be read or memory runs out. Linear in the file's size. */
sc_hyphen_dict *sc_hyphen_load(const char *path);
/* The same file through libhyphen's own loader (slow on large files: German takes seconds), for comparison. */
sc_hyphen_dict *sc_hyphen_load_reference(const char *path);
void sc_hyphen_free(sc_hyphen_dict *dict);

/* For a lower-case word of `length` UTF-16 units, sets after[i] to 1 when the dictionary allows a plain hyphen after
 * word[i] (points that would change the spelling, as in old German "ck" → "k-k", are left out), else 0. Returns 0, or
 * a negative SC_HYPHEN_ERROR_*. Never writes more than `length` entries. Thread-safe: the dictionary is only read. */
int sc_hyphen_points(const sc_hyphen_dict *dict, const uint16_t *word, int32_t length, uint8_t *after);

/* libhyphen's answer for `length` bytes in the dictionary's own encoding, as text for comparisons: a 0 or 1 per byte
 * (1: a hyphen may follow), then " byte:replacement,position,cut" for each non-standard point. Returns the length
 * written to `out` (always NUL-terminated), or a negative SC_HYPHEN_ERROR_*. */
int sc_hyphen_describe(const sc_hyphen_dict *dict, const char *bytes, int32_t length, char *out, int32_t capacity);

#ifdef __cplusplus
}
#endif
#endif
