/* Locale identifiers: BCP 47 parsing and canonicalisation, parts, keywords, and what ICU
 * has data for. Every ICU status is checked; outputs are always NUL-terminated. */
#include "sc_icu.h"
#include "sc_icu_internal.h"

#include <unicode/uenum.h>
#include <unicode/uloc.h>

#include "sc_icu_i18n.h"

/* Copies an ICU output of `length` bytes produced with `code` into the caller's contract:
 * a NUL-terminated string, or an error. */
static int32_t sc_icu_finish(UErrorCode code, int32_t length, char *out, int32_t capacity,
                             char *err, size_t err_size) {
    if (code == U_BUFFER_OVERFLOW_ERROR || code == U_STRING_NOT_TERMINATED_WARNING || length >= capacity) {
        if (capacity > 0) out[0] = 0;
        sc_icu_set_message(err, err_size, "output capacity too small");
        return SC_ICU_ERROR_CAPACITY;
    }
    if (U_FAILURE(code) || length < 0) {
        if (capacity > 0) out[0] = 0;
        sc_icu_set_message(err, err_size, u_errorName(code));
        return code == U_ILLEGAL_ARGUMENT_ERROR ? SC_ICU_ERROR_ARGUMENT : SC_ICU_ERROR_LIBRARY;
    }
    out[length] = 0;
    return length;
}

int32_t sc_icu_locale_from_tag(const char *tag, int32_t tag_length, char *out, int32_t capacity,
                               char *err, size_t err_size) {
    if (tag == NULL || out == NULL || tag_length < 0 || tag_length > SC_ICU_LOCALE_MAX || capacity <= 0) {
        sc_icu_set_message(err, err_size, "null, negative or over-long argument");
        return SC_ICU_ERROR_ARGUMENT;
    }
    char terminated[SC_ICU_LOCALE_MAX + 1];
    for (int32_t i = 0; i < tag_length; i++) {
        unsigned char c = (unsigned char)tag[i];
        if (c < 0x21 || c > 0x7E) {
            sc_icu_set_message(err, err_size, "not printable ASCII");
            return SC_ICU_ERROR_ARGUMENT;
        }
        terminated[i] = (char)c;
    }
    terminated[tag_length] = 0;

    char parsed[ULOC_FULLNAME_CAPACITY + 1];
    int32_t parsed_length = 0;
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = uloc_forLanguageTag(terminated, parsed, (int32_t)sizeof parsed, &parsed_length, &code);
    if (U_FAILURE(code) || code == U_STRING_NOT_TERMINATED_WARNING || length < 0 || length >= (int32_t)sizeof parsed) {
        sc_icu_set_message(err, err_size, U_FAILURE(code) ? u_errorName(code) : "locale ID too long");
        return SC_ICU_ERROR_ARGUMENT;
    }
    if (parsed_length != tag_length) {
        char message[64];
        snprintf(message, sizeof message, "not well-formed BCP 47 after byte %d", (int)parsed_length);
        sc_icu_set_message(err, err_size, message);
        return SC_ICU_ERROR_ARGUMENT;
    }
    code = U_ZERO_ERROR;
    length = uloc_canonicalize(parsed, out, capacity, &code);
    return sc_icu_finish(code, length, out, capacity, err, err_size);
}

int32_t sc_icu_language_is_right_to_left(const char *tag, int32_t tag_length) {
    char locale_id[ULOC_FULLNAME_CAPACITY + 1];
    if (sc_icu_locale_from_tag(tag, tag_length, locale_id, (int32_t)sizeof locale_id, NULL, 0) < 0) {
        return SC_ICU_ERROR_ARGUMENT;
    }
    return uloc_isRightToLeft(locale_id) ? 1 : 0;
}

int32_t sc_icu_locale_to_tag(const char *locale_id, char *out, int32_t capacity,
                             char *err, size_t err_size) {
    if (!sc_icu_is_short_ascii(locale_id, ULOC_FULLNAME_CAPACITY) || out == NULL || capacity <= 0) {
        sc_icu_set_message(err, err_size, "null or malformed argument");
        return SC_ICU_ERROR_ARGUMENT;
    }
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = uloc_toLanguageTag(locale_id, out, capacity, 1, &code);
    return sc_icu_finish(code, length, out, capacity, err, err_size);
}

int32_t sc_icu_locale_part(const char *locale_id, int32_t part, char *out, int32_t capacity) {
    if (!sc_icu_is_short_ascii(locale_id, ULOC_FULLNAME_CAPACITY) || out == NULL || capacity <= 0) {
        return SC_ICU_ERROR_ARGUMENT;
    }
    UErrorCode code = U_ZERO_ERROR;
    int32_t length;
    switch (part) {
    case SC_ICU_LOCALE_LANGUAGE: length = uloc_getLanguage(locale_id, out, capacity, &code); break;
    case SC_ICU_LOCALE_SCRIPT: length = uloc_getScript(locale_id, out, capacity, &code); break;
    case SC_ICU_LOCALE_REGION: length = uloc_getCountry(locale_id, out, capacity, &code); break;
    case SC_ICU_LOCALE_VARIANT: length = uloc_getVariant(locale_id, out, capacity, &code); break;
    default: out[0] = 0; return SC_ICU_ERROR_ARGUMENT;
    }
    return sc_icu_finish(code, length, out, capacity, NULL, 0);
}

int32_t sc_icu_locale_keyword(const char *locale_id, int32_t index,
                              char *key, int32_t key_capacity, char *value, int32_t value_capacity) {
    if (!sc_icu_is_short_ascii(locale_id, ULOC_FULLNAME_CAPACITY) || index < 0
        || key == NULL || key_capacity <= 0 || value == NULL || value_capacity <= 0) {
        return SC_ICU_ERROR_ARGUMENT;
    }
    key[0] = 0;
    value[0] = 0;
    UErrorCode code = U_ZERO_ERROR;
    UEnumeration *keywords = uloc_openKeywords(locale_id, &code);
    if (U_FAILURE(code)) {
        if (keywords != NULL) uenum_close(keywords);
        return SC_ICU_ERROR_LIBRARY;
    }
    if (keywords == NULL) return 1; /* no keywords at all */
    const char *name = NULL;
    int32_t name_length = 0;
    for (int32_t i = 0; i <= index; i++) {
        name = uenum_next(keywords, &name_length, &code);
        if (U_FAILURE(code) || name == NULL) break;
    }
    if (U_FAILURE(code)) {
        uenum_close(keywords);
        return SC_ICU_ERROR_LIBRARY;
    }
    if (name == NULL) {
        uenum_close(keywords);
        return 1;
    }
    if (name_length < 0 || name_length >= key_capacity) {
        uenum_close(keywords);
        return SC_ICU_ERROR_CAPACITY;
    }
    memcpy(key, name, (size_t)name_length);
    key[name_length] = 0;
    uenum_close(keywords);
    int32_t length = uloc_getKeywordValue(locale_id, key, value, value_capacity, &code);
    int32_t status = sc_icu_finish(code, length, value, value_capacity, NULL, 0);
    return status < 0 ? status : 0;
}

int32_t sc_icu_locale_with_keyword(const char *locale_id, const char *key, const char *value,
                                   char *out, int32_t capacity) {
    if (!sc_icu_is_short_ascii(locale_id, ULOC_FULLNAME_CAPACITY) || !sc_icu_is_short_ascii(key, 64)
        || !sc_icu_is_short_ascii(value, 64) || out == NULL || capacity <= 0) {
        return SC_ICU_ERROR_ARGUMENT;
    }
    size_t id_length = strlen(locale_id);
    if (id_length >= (size_t)capacity) return SC_ICU_ERROR_CAPACITY;
    memcpy(out, locale_id, id_length + 1);
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = uloc_setKeywordValue(key, value, out, capacity, &code);
    return sc_icu_finish(code, length, out, capacity, NULL, 0);
}

int32_t sc_icu_language_has_data(const char *language) {
    if (!sc_icu_is_short_ascii(language, 16) || language[0] == 0) return 0;
    size_t length = strlen(language);
    int32_t count = uloc_countAvailable();
    for (int32_t i = 0; i < count; i++) {
        const char *id = uloc_getAvailable(i);
        if (id != NULL && strncmp(id, language, length) == 0 && (id[length] == 0 || id[length] == '_')) {
            return 1;
        }
    }
    return 0;
}

int32_t sc_icu_numbering_system_kind(const char *name) {
    if (!sc_icu_is_short_ascii(name, 16) || name[0] == 0) return SC_ICU_NUMBERING_UNKNOWN;
    if (sc_icu_i18n_open(NULL, 0) != 0) return SC_ICU_NUMBERING_UNAVAILABLE;
    UErrorCode code = U_ZERO_ERROR;
    UNumberingSystem *system = sc_icu_i18n.unumsys_openByName(name, &code);
    if (U_FAILURE(code) || system == NULL) {
        if (system != NULL) sc_icu_i18n.unumsys_close(system);
        return SC_ICU_NUMBERING_UNKNOWN;
    }
    int32_t kind = sc_icu_i18n.unumsys_isAlgorithmic(system) || sc_icu_i18n.unumsys_getRadix(system) != 10
        ? SC_ICU_NUMBERING_ALGORITHMIC : SC_ICU_NUMBERING_DECIMAL;
    sc_icu_i18n.unumsys_close(system);
    return kind;
}

int32_t sc_icu_calendar_is_known(const char *name) {
    if (!sc_icu_is_short_ascii(name, 32) || name[0] == 0) return 0;
    if (sc_icu_i18n_open(NULL, 0) != 0) return -1;
    UErrorCode code = U_ZERO_ERROR;
    UEnumeration *calendars = sc_icu_i18n.ucal_getKeywordValuesForLocale("calendar", "", 0, &code);
    if (U_FAILURE(code) || calendars == NULL) {
        if (calendars != NULL) uenum_close(calendars);
        return 0;
    }
    int32_t found = 0;
    for (;;) {
        int32_t length = 0;
        const char *value = uenum_next(calendars, &length, &code);
        if (U_FAILURE(code) || value == NULL) break;
        if (strcmp(value, name) == 0) {
            found = 1;
            break;
        }
    }
    uenum_close(calendars);
    return found;
}

/* Copies the index-th string of an enumeration (closed here) into out, mapped through
 * `bcp47_key` (uloc_toUnicodeLocaleType) when not NULL. */
static int32_t sc_icu_enumeration_item(UEnumeration *items, UErrorCode code, int32_t index, const char *bcp47_key,
                                       char *out, int32_t capacity) {
    if (U_FAILURE(code) || items == NULL) {
        if (items != NULL) uenum_close(items);
        return SC_ICU_ERROR_LIBRARY;
    }
    const char *item = NULL;
    for (int32_t i = 0; i <= index; i++) {
        int32_t length = 0;
        item = uenum_next(items, &length, &code);
        if (U_FAILURE(code) || item == NULL) break;
    }
    int32_t status = 0;
    if (U_FAILURE(code)) {
        status = SC_ICU_ERROR_LIBRARY;
    } else if (item != NULL) {
        const char *name = bcp47_key != NULL ? uloc_toUnicodeLocaleType(bcp47_key, item) : item;
        size_t length = name != NULL ? strlen(name) : 0;
        if (name == NULL) status = SC_ICU_ERROR_LIBRARY;
        else if (length >= (size_t)capacity) status = SC_ICU_ERROR_CAPACITY;
        else {
            memcpy(out, name, length + 1);
            status = (int32_t)length;
        }
    }
    uenum_close(items);
    return status;
}

int32_t sc_icu_numbering_system_name(int32_t index, char *out, int32_t capacity) {
    if (out == NULL || capacity <= 0 || index < 0) return SC_ICU_ERROR_ARGUMENT;
    out[0] = 0;
    if (sc_icu_i18n_open(NULL, 0) != 0) return SC_ICU_ERROR_LIBRARY;
    UErrorCode code = U_ZERO_ERROR;
    UEnumeration *names = sc_icu_i18n.unumsys_openAvailableNames(&code);
    return sc_icu_enumeration_item(names, code, index, NULL, out, capacity);
}

int32_t sc_icu_calendar_name(int32_t index, char *out, int32_t capacity) {
    if (out == NULL || capacity <= 0 || index < 0) return SC_ICU_ERROR_ARGUMENT;
    out[0] = 0;
    if (sc_icu_i18n_open(NULL, 0) != 0) return SC_ICU_ERROR_LIBRARY;
    UErrorCode code = U_ZERO_ERROR;
    UEnumeration *calendars = sc_icu_i18n.ucal_getKeywordValuesForLocale("calendar", "", 0, &code);
    return sc_icu_enumeration_item(calendars, code, index, "ca", out, capacity);
}

int32_t sc_icu_available_locale_count(void) {
    return uloc_countAvailable();
}

int32_t sc_icu_available_locale(int32_t index, char *out, int32_t capacity) {
    if (out == NULL || capacity <= 0) return SC_ICU_ERROR_ARGUMENT;
    out[0] = 0;
    if (index < 0 || index >= uloc_countAvailable()) return SC_ICU_ERROR_ARGUMENT;
    const char *id = uloc_getAvailable(index);
    if (id == NULL) return SC_ICU_ERROR_LIBRARY;
    size_t length = strlen(id);
    if (length >= (size_t)capacity) return SC_ICU_ERROR_CAPACITY;
    memcpy(out, id, length + 1);
    return (int32_t)length;
}
