#include "sc_icu.h"

#include <stdio.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>

static void sc_icu_message(char *err, size_t err_size, const char *message) {
    if (err != NULL && err_size > 0) {
        snprintf(err, err_size, "%s", message);
    }
}

/* Accepts NULL, "" or printable ASCII up to SC_ICU_LOCALE_MAX bytes. */
static int sc_icu_locale_is_valid(const char *locale) {
    if (locale == NULL) return 1;
    for (size_t i = 0; i <= SC_ICU_LOCALE_MAX; i++) {
        unsigned char c = (unsigned char)locale[i];
        if (c == 0) return 1;
        if (c < 0x20 || c > 0x7E) return 0;
    }
    return 0;
}

/* Opens a break iterator over text, or reports why not. */
static UBreakIterator *sc_icu_open(UBreakIteratorType type, const uint16_t *text, int32_t length,
                                   const char *locale, char *err, size_t err_size, int32_t *status) {
    if ((text == NULL && length > 0) || length < 0 || !sc_icu_locale_is_valid(locale)) {
        sc_icu_message(err, err_size, length < 0 ? "negative text length"
                                      : text == NULL ? "null text" : "malformed locale identifier");
        *status = SC_ICU_ERROR_ARGUMENT;
        return NULL;
    }
    static const UChar empty[1] = {0};
    UErrorCode code = U_ZERO_ERROR;
    const char *loc = (locale != NULL && locale[0] != 0) ? locale : "";
    UBreakIterator *bi = ubrk_open(type, loc, length > 0 ? (const UChar *)text : empty, length, &code);
    if (U_FAILURE(code) || bi == NULL) {
        sc_icu_message(err, err_size, u_errorName(code));
        if (bi != NULL) ubrk_close(bi);
        *status = SC_ICU_ERROR_LIBRARY;
        return NULL;
    }
    *status = 0;
    return bi;
}

int32_t sc_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                           int32_t *offsets, uint8_t *hard, int32_t capacity,
                           char *err, size_t err_size) {
    if (offsets == NULL || capacity < 0) {
        sc_icu_message(err, err_size, "null output or negative capacity");
        return SC_ICU_ERROR_ARGUMENT;
    }
    int32_t status = 0;
    UBreakIterator *bi = sc_icu_open(UBRK_LINE, text, length, locale, err, err_size, &status);
    if (bi == NULL) return status;

    int32_t count = 0;
    ubrk_first(bi);
    for (int32_t offset = ubrk_next(bi); offset != UBRK_DONE; offset = ubrk_next(bi)) {
        if (offset <= 0 || offset > length) continue; /* defensive: never report out-of-range */
        if (count >= capacity) {
            ubrk_close(bi);
            sc_icu_message(err, err_size, "output capacity too small");
            return SC_ICU_ERROR_CAPACITY;
        }
        int32_t rule = ubrk_getRuleStatus(bi);
        offsets[count] = offset;
        if (hard != NULL) {
            hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count++;
    }
    ubrk_close(bi);
    return count;
}

/* The boundaries an ICU break iterator of `type` finds, as UTF-16 offsets (shared by the
   grapheme and word entry points). */
static int32_t sc_icu_boundaries(UBreakIteratorType type, const uint16_t *text, int32_t length, const char *locale,
                                 int32_t *offsets, int32_t capacity, char *err, size_t err_size) {
    if (offsets == NULL || capacity < 0) {
        sc_icu_message(err, err_size, "null output or negative capacity");
        return SC_ICU_ERROR_ARGUMENT;
    }
    int32_t status = 0;
    UBreakIterator *bi = sc_icu_open(type, text, length, locale, err, err_size, &status);
    if (bi == NULL) return status;

    int32_t count = 0;
    for (int32_t offset = ubrk_first(bi); offset != UBRK_DONE; offset = ubrk_next(bi)) {
        if (offset < 0 || offset > length) continue;
        if (count >= capacity) {
            ubrk_close(bi);
            sc_icu_message(err, err_size, "output capacity too small");
            return SC_ICU_ERROR_CAPACITY;
        }
        offsets[count++] = offset;
    }
    ubrk_close(bi);
    return count;
}

int32_t sc_icu_grapheme_boundaries(const uint16_t *text, int32_t length, const char *locale,
                                   int32_t *offsets, int32_t capacity,
                                   char *err, size_t err_size) {
    return sc_icu_boundaries(UBRK_CHARACTER, text, length, locale, offsets, capacity, err, err_size);
}

int32_t sc_icu_word_boundaries(const uint16_t *text, int32_t length, const char *locale,
                               int32_t *offsets, int32_t capacity,
                               char *err, size_t err_size) {
    return sc_icu_boundaries(UBRK_WORD, text, length, locale, offsets, capacity, err, err_size);
}

int32_t sc_icu_script(uint32_t code_point) {
    if (code_point > 0x10FFFF) return SC_ICU_SCRIPT_UNKNOWN;
    UErrorCode code = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)code_point, &code);
    if (U_FAILURE(code) || script < 0) return SC_ICU_SCRIPT_UNKNOWN;
    return (int32_t)script;
}

int32_t sc_icu_script_extensions_contain(uint32_t code_point, int32_t script) {
    if (code_point > 0x10FFFF || script < 0 || script >= USCRIPT_CODE_LIMIT) return 0;
    return uscript_hasScript((UChar32)code_point, (UScriptCode)script) ? 1 : 0;
}

int32_t sc_icu_script_extensions(uint32_t code_point, int32_t *scripts, int32_t capacity) {
    if (code_point > 0x10FFFF || scripts == NULL || capacity <= 0) return 0;
    UScriptCode found[32];
    UErrorCode code = U_ZERO_ERROR;
    int32_t count = uscript_getScriptExtensions((UChar32)code_point, found, 32, &code);
    if (U_FAILURE(code) || count <= 0) return 0;
    for (int32_t i = 0; i < count && i < capacity; i++) scripts[i] = (int32_t)found[i];
    return count;
}

int32_t sc_icu_script_tag(int32_t script, char tag[5]) {
    if (tag == NULL) return -1;
    tag[0] = 0;
    if (script < 0 || script >= USCRIPT_CODE_LIMIT) return -1;
    const char *name = uscript_getShortName((UScriptCode)script);
    if (name == NULL || strlen(name) != 4) return -1;
    memcpy(tag, name, 5);
    return 0;
}

int32_t sc_icu_paired_bracket(uint32_t code_point, uint32_t *pair) {
    if (code_point > 0x10FFFF) return 0;
    int32_t type = u_getIntPropertyValue((UChar32)code_point, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    if (type != U_BPT_OPEN && type != U_BPT_CLOSE) return 0;
    if (pair != NULL) *pair = (uint32_t)u_getBidiPairedBracket((UChar32)code_point);
    return type == U_BPT_OPEN ? 1 : 2;
}

int32_t sc_icu_line_break_class(uint32_t code_point) {
    if (code_point > 0x10FFFF) return SC_ICU_LB_OTHER;
    switch (u_getIntPropertyValue((UChar32)code_point, UCHAR_LINE_BREAK)) {
    case U_LB_OPEN_PUNCTUATION: return SC_ICU_LB_OPEN;
    case U_LB_QUOTATION: return SC_ICU_LB_QUOTATION;
    case U_LB_SPACE: return SC_ICU_LB_SPACE;
    case U_LB_GLUE: return SC_ICU_LB_GLUE;
    case U_LB_ZWSPACE: return SC_ICU_LB_ZW_SPACE;
    case U_LB_MANDATORY_BREAK:
    case U_LB_CARRIAGE_RETURN:
    case U_LB_LINE_FEED:
    case U_LB_NEXT_LINE: return SC_ICU_LB_HARD;
    default: return SC_ICU_LB_OTHER;
    }
}

void sc_icu_unicode_version(char *out, size_t out_size) {
    if (out == NULL || out_size == 0) return;
    UVersionInfo version;
    u_getUnicodeVersion(version);
    snprintf(out, out_size, "%u.%u", (unsigned)version[0], (unsigned)version[1]);
}
