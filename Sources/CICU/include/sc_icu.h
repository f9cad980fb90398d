#ifndef SC_ICU_H
#define SC_ICU_H
/* ICU break iteration, script properties, locales and date formatting behind plain C types. ICU's own headers stay
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

/* Word boundaries (UAX #29 as tailored by ICU, with its dictionaries for Chinese, Japanese,
 * Thai, Lao, Khmer and Burmese), ascending, including 0 and `length`. Returns the number
 * written (capacity = length + 1 always suffices), or a negative SC_ICU_ERROR_* code as for
 * sc_icu_line_breaks. */
int32_t sc_icu_word_boundaries(const uint16_t *text, int32_t length, const char *locale,
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

/* Writes the code point's Script_Extensions (UScriptCodes, at most `capacity`) into `scripts`
   and returns how many there are (which may exceed `capacity`); 0 on failure. */
int32_t sc_icu_script_extensions(uint32_t code_point, int32_t *scripts, int32_t capacity);

/* Writes the ISO 15924 four-letter code of a script ("Latn", "Arab", …) into tag (5 bytes
 * with the terminating NUL). Returns 0, or -1 when the code is not a known script. */
int32_t sc_icu_script_tag(int32_t script, char tag[5]);

/* The Bidi_Paired_Bracket_Type of a code point: 0 none, 1 open, 2 close. When not 0,
 * *pair receives the matching bracket (Bidi_Paired_Bracket); pair may be NULL. */
int32_t sc_icu_paired_bracket(uint32_t code_point, uint32_t *pair);

/* The few Line_Break classes (UAX #14) the line breaker's tailorings look at. */
enum {
    SC_ICU_LB_OTHER = 0,
    SC_ICU_LB_OPEN = 1,       /* OP */
    SC_ICU_LB_QUOTATION = 2,  /* QU */
    SC_ICU_LB_SPACE = 3,      /* SP */
    SC_ICU_LB_GLUE = 4,       /* GL */
    SC_ICU_LB_ZW_SPACE = 5,   /* ZW */
    SC_ICU_LB_HARD = 6        /* BK, CR, LF, NL */
};

/* The Line_Break class of `code_point` as one of SC_ICU_LB_*. */
int32_t sc_icu_line_break_class(uint32_t code_point);

/* The Unicode version of ICU's character data, e.g. "15.0". Writes into out (at least
 * 16 bytes recommended). */
void sc_icu_unicode_version(char *out, size_t out_size);

/* ---- Locales ----
 * Locale identifiers cross this header in two forms: a BCP 47 tag ("en-US-u-nu-latn") and
 * ICU's canonical locale ID ("en_US@numbers=latn"). Every output is NUL-terminated and
 * functions return its length in bytes (without the NUL), or a negative SC_ICU_ERROR_*. */

/* Parses a BCP 47 tag of tag_length bytes (no NUL needed) into ICU's canonical locale ID
 * (uloc_forLanguageTag, then uloc_canonicalize). Fails with SC_ICU_ERROR_ARGUMENT when ICU
 * could not parse the whole tag. */
int32_t sc_icu_locale_from_tag(const char *tag, int32_t tag_length, char *out, int32_t capacity,
                               char *err, size_t err_size);

/* Whether text in the language of a BCP 47 tag of tag_length bytes is written right to left:
 * by its script subtag, or the script likely for its language (uloc_isRightToLeft): "ar",
 * "he-IL", "ur", "az-Arab" yes; "en", "az", "sr-Latn" no. Returns 1 or 0, or
 * SC_ICU_ERROR_ARGUMENT when ICU cannot read the whole tag. */
int32_t sc_icu_language_is_right_to_left(const char *tag, int32_t tag_length);

/* The strict BCP 47 form of an ICU locale ID (uloc_toLanguageTag with strict = true). */
int32_t sc_icu_locale_to_tag(const char *locale_id, char *out, int32_t capacity,
                             char *err, size_t err_size);

/* Parts of a locale ID, for sc_icu_locale_part. */
enum {
    SC_ICU_LOCALE_LANGUAGE = 0,
    SC_ICU_LOCALE_SCRIPT = 1,
    SC_ICU_LOCALE_REGION = 2,
    SC_ICU_LOCALE_VARIANT = 3
};

/* One part of a locale ID ("" when absent). */
int32_t sc_icu_locale_part(const char *locale_id, int32_t part, char *out, int32_t capacity);

/* The index-th keyword of a locale ID (ICU's legacy names: "numbers", "calendar", "t", "x",
 * ...) and its value. Returns 0, 1 when there is no such keyword, or SC_ICU_ERROR_*. */
int32_t sc_icu_locale_keyword(const char *locale_id, int32_t index,
                              char *key, int32_t key_capacity, char *value, int32_t value_capacity);

/* The locale ID with keyword `key` set to `value` (uloc_setKeywordValue). */
int32_t sc_icu_locale_with_keyword(const char *locale_id, const char *key, const char *value,
                                   char *out, int32_t capacity);

/* 1 when one of ICU's available locales (uloc_getAvailable) has this language, else 0. */
int32_t sc_icu_language_has_data(const char *language);

/* Opens ICU's formatting library (libicui18n: dates, calendars, numbering systems), once per
 * process; the functions below that need it open it themselves. Returns 0, or
 * SC_ICU_ERROR_LIBRARY with why in err ("libicui18n could not be loaded (tried
 * libicui18n.so.72): …; it comes with the Debian package libicu72"). */
int32_t sc_icu_i18n_open(char *err, size_t err_size);

/* Kinds of numbering system, for sc_icu_numbering_system_kind. */
enum {
    SC_ICU_NUMBERING_UNAVAILABLE = -1, /* libicui18n could not be loaded (sc_icu_i18n_open says why) */
    SC_ICU_NUMBERING_UNKNOWN = 0,
    SC_ICU_NUMBERING_DECIMAL = 1,    /* ten digits, such as latn, arab, deva, thai */
    SC_ICU_NUMBERING_ALGORITHMIC = 2 /* rule-based, such as roman, hebr */
};

/* What ICU knows of a numbering system name such as "latn" (unumsys_openByName). */
int32_t sc_icu_numbering_system_kind(const char *name);

/* 1 when `name` (ICU's legacy calendar name, such as "gregorian" or "islamic-civil") is one
 * of the calendars ICU implements, else 0; -1 when libicui18n could not be loaded. */
int32_t sc_icu_calendar_is_known(const char *name);

/* The index-th numbering system ICU has (unumsys_openAvailableNames), such as "latn".
 * Returns its length, 0 past the last one, or SC_ICU_ERROR_*. */
int32_t sc_icu_numbering_system_name(int32_t index, char *out, int32_t capacity);

/* The index-th calendar ICU implements, by its BCP 47 name ("gregory", "islamic-civil").
 * Returns its length, 0 past the last one, or SC_ICU_ERROR_*. */
int32_t sc_icu_calendar_name(int32_t index, char *out, int32_t capacity);

/* ICU's available locales (uloc_countAvailable / uloc_getAvailable), as locale IDs. */
int32_t sc_icu_available_locale_count(void);
int32_t sc_icu_available_locale(int32_t index, char *out, int32_t capacity);

/* ---- Dates ----
 * Instants are milliseconds since 1970-01-01T00:00:00Z. Dates are shown in a fixed zone
 * `utc_offset_seconds` east of UTC (-18h...18h), on the calendar the locale ID names (a
 * Gregorian calendar is made proleptic: no switch to the Julian calendar in 1582). Output
 * is UTF-16 into out (capacity code units, not NUL-terminated); the return value is its
 * length, or SC_ICU_ERROR_CAPACITY when out is too small, or another SC_ICU_ERROR_*. */

/* One instant in the locale's long date style, followed by the short time style when
 * with_time is not 0. */
int32_t sc_icu_format_date(const char *locale_id, double instant_ms, int32_t utc_offset_seconds,
                           int32_t with_time, uint16_t *out, int32_t capacity,
                           char *err, size_t err_size);

/* The range start...end with the fields of the same styles, using ICU's interval formats
 * (the shared parts written once: "June 1 – 3, 2024"). `ends` receives the UTF-16 offsets in
 * `out` of the part that belongs to the start alone (ends[0] up to ends[1]) and to the end alone
 * (ends[2] up to ends[3]), as ICU's interval spans give them ("1" and "3" above); each pair is
 * -1, -1 when ICU gives no such span. */
int32_t sc_icu_format_date_interval(const char *locale_id, double start_ms, double end_ms,
                                    int32_t utc_offset_seconds, int32_t with_time,
                                    uint16_t *out, int32_t capacity, int32_t ends[4], char *err, size_t err_size);

#ifdef __cplusplus
}
#endif

#endif
