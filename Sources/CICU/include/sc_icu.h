#ifndef SC_ICU_H
#define SC_ICU_H
/* ICU break iteration and script properties behind plain C types. ICU's own headers stay
 * inside sc_icu.c: a Swift module that saw them would clash with Foundation's bundled ICU.
 *
 * Text is UTF-16 (uint16_t code units); every offset is a UTF-16 code unit offset.
 * Unpaired surrogates are accepted and treated as single characters. Functions never
 * read past text[length - 1] and never write more than `capacity` entries. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes returned (as negative values) by the break functions. */
enum {
    SC_ICU_ERROR_ARGUMENT = -1, /* null pointer, negative length or malformed locale */
    SC_ICU_ERROR_CAPACITY = -2, /* the output arrays are too small */
    SC_ICU_ERROR_LIBRARY = -3   /* ICU failed (message in err): missing data, out of memory */
};

/* Longest locale identifier accepted, in bytes (ICU's ULOC_FULLNAME_CAPACITY - 1). */
enum { SC_ICU_LOCALE_MAX = 156 };

/* Line break opportunities (UAX #14 as tailored by ICU's rules for `locale`, which may be
 * NULL or "" for the root rules, or e.g. "ja@lb=strict"). Writes the offsets after which a
 * line may end, ascending, excluding 0 and including `length` when length > 0; hard[i] is
 * 1 when the break after offsets[i] is mandatory (a rule in ICU's UBRK_LINE_HARD range),
 * else 0. `hard` may be NULL. Returns the number written (capacity = length + 1 always
 * suffices), or a negative SC_ICU_ERROR_* code, writing a message into err when err is
 * not NULL. */
int32_t sc_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                           int32_t *offsets, uint8_t *hard, int32_t capacity,
                           char *err, size_t err_size);

/* Extended grapheme cluster boundaries (UAX #29), ascending, including 0 and `length`
 * (just 0 for empty text). Returns the number written (capacity = length + 1 always
 * suffices), or a negative SC_ICU_ERROR_* code as for sc_icu_line_breaks. */
int32_t sc_icu_grapheme_boundaries(const uint16_t *text, int32_t length, const char *locale,
                                   int32_t *offsets, int32_t capacity,
                                   char *err, size_t err_size);

/* Script codes with a meaning for itemization (values of ICU's UScriptCode). */
enum {
    SC_ICU_SCRIPT_COMMON = 0,   /* Zyyy */
    SC_ICU_SCRIPT_INHERITED = 1, /* Zinh */
    SC_ICU_SCRIPT_UNKNOWN = 103  /* Zzzz: unassigned, or not a code point */
};

/* The Script property (UAX #24) of a code point; SC_ICU_SCRIPT_UNKNOWN for values that are
 * not code points. */
int32_t sc_icu_script(uint32_t code_point);

/* 1 when `script` is in the Script_Extensions of the code point, else 0. */
int32_t sc_icu_script_extensions_contain(uint32_t code_point, int32_t script);

/* Writes the ISO 15924 four-letter code of a script ("Latn", "Arab", …) into tag (5 bytes
 * with the terminating NUL). Returns 0, or -1 when the code is not a known script. */
int32_t sc_icu_script_tag(int32_t script, char tag[5]);

/* The Bidi_Paired_Bracket_Type of a code point: 0 none, 1 open, 2 close. When not 0,
 * *pair receives the matching bracket (Bidi_Paired_Bracket); pair may be NULL. */
int32_t sc_icu_paired_bracket(uint32_t code_point, uint32_t *pair);

/* The Unicode version of ICU's character data, e.g. "15.0". Writes into out (at least
 * 16 bytes recommended). */
void sc_icu_unicode_version(char *out, size_t out_size);

#ifdef __cplusplus
}
#endif

#endif
