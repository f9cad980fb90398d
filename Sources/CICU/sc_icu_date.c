/* Date and date-interval formatting with ICU's C API: failures are status codes, never
 * traps.
 *
 * Opening a formatter loads locale data and, for intervals, builds a pattern generator:
 * milliseconds, against microseconds to format. So the opened formatters are kept in a
 * small cache keyed by (locale ID, kind, with time), least recently used evicted. One mutex
 * guards the cache and is held while a cached formatter is used, so no formatter is ever
 * used by two threads at once or closed while in use. The zone is not part of the key:
 * formatters are opened in GMT and always given calendars (made per call, in the date's
 * zone), whose fields are what is written. */
#include "sc_icu.h"
#include "sc_icu_internal.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>

#include "sc_icu_i18n.h"

/* Before any date ICU can represent: makes a Gregorian calendar proleptic. */
#define SC_ICU_PROLEPTIC_CHANGE (-1.0e17)
/* Longest pattern or skeleton handled, in UTF-16 code units. */
#define SC_ICU_PATTERN_MAX 256

/* Checks the arguments shared by both formatting functions and writes the zone ID
 * ("GMT", "GMT+02:00", "GMT-09:30") into zone. Returns 0 or SC_ICU_ERROR_ARGUMENT. */
static int32_t sc_icu_date_arguments(const char *locale_id, int32_t utc_offset_seconds, const uint16_t *out,
                                     int32_t capacity, UChar zone[16], char *err, size_t err_size) {
    if (!sc_icu_is_short_ascii(locale_id, ULOC_FULLNAME_CAPACITY) || out == NULL || capacity <= 0) {
        sc_icu_set_message(err, err_size, "null or malformed argument");
        return SC_ICU_ERROR_ARGUMENT;
    }
    if (utc_offset_seconds < -18 * 3600 || utc_offset_seconds > 18 * 3600) {
        sc_icu_set_message(err, err_size, "UTC offset outside -18:00...+18:00");
        return SC_ICU_ERROR_ARGUMENT;
    }
    char ascii[16];
    if (utc_offset_seconds == 0) {
        snprintf(ascii, sizeof ascii, "GMT");
    } else {
        int32_t magnitude = utc_offset_seconds < 0 ? -utc_offset_seconds : utc_offset_seconds;
        snprintf(ascii, sizeof ascii, "GMT%c%02d:%02d", utc_offset_seconds < 0 ? '-' : '+',
                 (int)(magnitude / 3600), (int)(magnitude % 3600 / 60));
    }
    u_charsToUChars(ascii, zone, (int32_t)strlen(ascii) + 1);
    return 0;
}

static int sc_icu_instant_is_valid(double instant_ms) {
    /* ±10,000 years around 1970 is far beyond any four-digit ISO year. */
    return isfinite(instant_ms) && fabs(instant_ms) < 3.2e14;
}

/* Whether `calendar` is one of ICU's subclasses of icu::GregorianCalendar (single
 * inheritance, so the UCalendar pointer is the GregorianCalendar's `this`). */
static int sc_icu_is_gregorian_subclass(const UCalendar *calendar) {
    UErrorCode code = U_ZERO_ERROR;
    const char *type = sc_icu_i18n.ucal_getType(calendar, &code);
    if (U_FAILURE(code) || type == NULL) return 0;
    static const char *const subclasses[] = {"buddhist", "roc", "japanese", "iso8601"};
    for (size_t i = 0; i < sizeof subclasses / sizeof subclasses[0]; i++) {
        if (strcmp(type, subclasses[i]) == 0) return 1;
    }
    return 0;
}

/* Opens a calendar of the locale's type in `zone`, proleptic when Gregorian, set to the
 * instant. Returns NULL with the status in *code on failure. */
static UCalendar *sc_icu_calendar(const char *locale_id, const UChar *zone, double instant_ms, UErrorCode *code) {
    UCalendar *calendar = sc_icu_i18n.ucal_open(zone, -1, locale_id, UCAL_DEFAULT, code);
    if (U_FAILURE(*code) || calendar == NULL) {
        if (calendar != NULL) sc_icu_i18n.ucal_close(calendar);
        if (!U_FAILURE(*code)) *code = U_INTERNAL_PROGRAM_ERROR;
        return NULL;
    }
    UErrorCode change = U_ZERO_ERROR;
    sc_icu_i18n.ucal_setGregorianChange(calendar, SC_ICU_PROLEPTIC_CHANGE, &change);
    if (change == U_UNSUPPORTED_ERROR && sc_icu_is_gregorian_subclass(calendar)) {
        /* ucal_setGregorianChange takes only a GregorianCalendar itself (a typeid check), yet
         * the Buddhist, ROC, Japanese and ISO 8601 calendars are GregorianCalendar subclasses
         * that count months and days the Gregorian way, and switch to Julian ones before 1582
         * unless told not to: the C++ method that the C function wraps serves them. */
        change = U_ZERO_ERROR;
        sc_icu_i18n.gregorian_calendar_set_change(calendar, SC_ICU_PROLEPTIC_CHANGE, &change);
    }
    /* Other calendars (Hebrew, Islamic, …) report U_UNSUPPORTED_ERROR: nothing to change. */
    if (U_FAILURE(change) && change != U_UNSUPPORTED_ERROR) {
        sc_icu_i18n.ucal_close(calendar);
        *code = change;
        return NULL;
    }
    sc_icu_i18n.ucal_setMillis(calendar, instant_ms, code);
    if (U_FAILURE(*code)) {
        sc_icu_i18n.ucal_close(calendar);
        return NULL;
    }
    return calendar;
}

/* Maps a failed status to the caller's contract. */
static int32_t sc_icu_date_failure(UErrorCode code, const char *what, char *err, size_t err_size) {
    if (code == U_BUFFER_OVERFLOW_ERROR || code == U_STRING_NOT_TERMINATED_WARNING) {
        sc_icu_set_message(err, err_size, "output capacity too small");
        return SC_ICU_ERROR_CAPACITY;
    }
    char message[96];
    snprintf(message, sizeof message, "%s: %s", what, u_errorName(code));
    sc_icu_set_message(err, err_size, message);
    return SC_ICU_ERROR_LIBRARY;
}

/* What a cache entry holds. */
enum { SC_ICU_KIND_DATE = 0, SC_ICU_KIND_INTERVAL = 1 };
#define SC_ICU_CACHE_SIZE 64

typedef struct {
    char locale_id[ULOC_FULLNAME_CAPACITY + 1];
    int32_t kind;      /* SC_ICU_KIND_* */
    int32_t with_time;
    void *format;      /* UDateFormat or UDateIntervalFormat; NULL when the slot is free */
    uint64_t last_use;
} sc_icu_cached_format;

static pthread_mutex_t sc_icu_cache_lock = PTHREAD_MUTEX_INITIALIZER;
static sc_icu_cached_format sc_icu_cache[SC_ICU_CACHE_SIZE];
static uint64_t sc_icu_cache_clock;

static void sc_icu_close_format(int32_t kind, void *format) {
    if (format == NULL) return;
    if (kind == SC_ICU_KIND_DATE) sc_icu_i18n.udat_close((UDateFormat *)format);
    else sc_icu_i18n.udtitvfmt_close((UDateIntervalFormat *)format);
}

static int32_t sc_icu_styled_skeleton(const char *locale_id, const UChar *zone, int32_t with_time,
                                      UChar skeleton[SC_ICU_PATTERN_MAX], char *err, size_t err_size);

/* Opens a formatter of `kind`. Returns NULL with a negative SC_ICU_ERROR_* in *status. */
static void *sc_icu_open_format(const char *locale_id, int32_t kind, int32_t with_time, const UChar *zone,
                                int32_t *status, char *err, size_t err_size) {
    UErrorCode code = U_ZERO_ERROR;
    if (kind == SC_ICU_KIND_DATE) {
        UDateFormat *format = sc_icu_i18n.udat_open(with_time ? UDAT_SHORT : UDAT_NONE, UDAT_LONG, locale_id,
                                                    zone, -1, NULL, -1, &code);
        if (U_FAILURE(code) || format == NULL) {
            if (format != NULL) sc_icu_i18n.udat_close(format);
            *status = sc_icu_date_failure(U_FAILURE(code) ? code : U_INTERNAL_PROGRAM_ERROR, "udat_open", err, err_size);
            return NULL;
        }
        return format;
    }
    UChar skeleton[SC_ICU_PATTERN_MAX];
    int32_t skeleton_length = sc_icu_styled_skeleton(locale_id, zone, with_time, skeleton, err, err_size);
    if (skeleton_length < 0) {
        *status = skeleton_length;
        return NULL;
    }
    UDateIntervalFormat *format = sc_icu_i18n.udtitvfmt_open(locale_id, skeleton, skeleton_length, zone, -1, &code);
    if (U_FAILURE(code) || format == NULL) {
        if (format != NULL) sc_icu_i18n.udtitvfmt_close(format);
        *status = sc_icu_date_failure(U_FAILURE(code) ? code : U_INTERNAL_PROGRAM_ERROR, "udtitvfmt_open", err, err_size);
        return NULL;
    }
    return format;
}

/* The cached formatter for the key, opened on a miss. Call with sc_icu_cache_lock held;
 * the formatter stays valid until the lock is released. */
static void *sc_icu_cached(const char *locale_id, int32_t kind, int32_t with_time,
                           int32_t *status, char *err, size_t err_size) {
    static const UChar gmt[] = {'G', 'M', 'T', 0};
    int32_t victim = 0;
    for (int32_t i = 0; i < SC_ICU_CACHE_SIZE; i++) {
        sc_icu_cached_format *entry = &sc_icu_cache[i];
        if (entry->format != NULL && entry->kind == kind && entry->with_time == with_time
            && strcmp(entry->locale_id, locale_id) == 0) {
            entry->last_use = ++sc_icu_cache_clock;
            return entry->format;
        }
        if (entry->format == NULL || (sc_icu_cache[victim].format != NULL && entry->last_use < sc_icu_cache[victim].last_use)) {
            victim = i;
        }
    }
    void *format = sc_icu_open_format(locale_id, kind, with_time, gmt, status, err, err_size);
    if (format == NULL) return NULL;
    sc_icu_cached_format *entry = &sc_icu_cache[victim];
    sc_icu_close_format(entry->kind, entry->format);
    snprintf(entry->locale_id, sizeof entry->locale_id, "%s", locale_id);
    entry->kind = kind;
    entry->with_time = with_time;
    entry->format = format;
    entry->last_use = ++sc_icu_cache_clock;
    return format;
}

int32_t sc_icu_format_date(const char *locale_id, double instant_ms, int32_t utc_offset_seconds,
                           int32_t with_time, uint16_t *out, int32_t capacity,
                           char *err, size_t err_size) {
    UChar zone[16];
    int32_t status = sc_icu_date_arguments(locale_id, utc_offset_seconds, out, capacity, zone, err, err_size);
    if (status != 0) return status;
    status = sc_icu_i18n_open(err, err_size);
    if (status != 0) return status;
    if (!sc_icu_instant_is_valid(instant_ms)) {
        sc_icu_set_message(err, err_size, "instant out of range");
        return SC_ICU_ERROR_ARGUMENT;
    }
    UErrorCode code = U_ZERO_ERROR;
    UCalendar *calendar = sc_icu_calendar(locale_id, zone, instant_ms, &code);
    if (calendar == NULL) return sc_icu_date_failure(code, "ucal_open", err, err_size);
    int32_t length = -1;
    pthread_mutex_lock(&sc_icu_cache_lock);
    UDateFormat *format = sc_icu_cached(locale_id, SC_ICU_KIND_DATE, with_time != 0, &status, err, err_size);
    if (format != NULL) {
        length = sc_icu_i18n.udat_formatCalendar(format, calendar, (UChar *)out, capacity, NULL, &code);
    }
    pthread_mutex_unlock(&sc_icu_cache_lock);
    sc_icu_i18n.ucal_close(calendar);
    if (format == NULL) return status;
    if (U_FAILURE(code) || code == U_STRING_NOT_TERMINATED_WARNING || length < 0 || length > capacity) {
        return sc_icu_date_failure(U_FAILURE(code) ? code : U_BUFFER_OVERFLOW_ERROR, "udat_formatCalendar", err, err_size);
    }
    return length;
}

/* Whether every letter of `single` (digits, spaces and punctuation aside) is in `interval`:
 * the words a styled date writes around its numbers ("年", "月", "日", an era) kept. */
static int sc_icu_letters_kept(const UChar *single, int32_t single_length, const UChar *interval, int32_t interval_length) {
    for (int32_t i = 0; i < single_length;) {
        UChar32 c;
        U16_NEXT(single, i, single_length, c);
        if (u_isalpha(c) && u_memchr32(interval, c, interval_length) == NULL) return 0;
    }
    return 1;
}

/* Whether the interval format for `skeleton` writes dates in the styled format's words: one
 * day (`sample` to itself) exactly as `expected` (the styled format's text for it), and a
 * range within one month with every letter of that text. */
static int sc_icu_skeleton_matches(const char *locale_id, const UChar *zone, const UChar *skeleton, int32_t length,
                                   UDate sample, const UChar *expected, int32_t expected_length) {
    UErrorCode code = U_ZERO_ERROR;
    UDateIntervalFormat *format = sc_icu_i18n.udtitvfmt_open(locale_id, skeleton, length, zone, -1, &code);
    if (U_FAILURE(code) || format == NULL) {
        if (format != NULL) sc_icu_i18n.udtitvfmt_close(format);
        return 0;
    }
    UChar day[SC_ICU_PATTERN_MAX], range[2 * SC_ICU_PATTERN_MAX];
    int32_t day_length = sc_icu_i18n.udtitvfmt_format(format, sample, sample, day, SC_ICU_PATTERN_MAX, NULL, &code);
    int32_t range_length = U_FAILURE(code) ? 0
        : sc_icu_i18n.udtitvfmt_format(format, sample, sample + 2 * 86400000.0, range, 2 * SC_ICU_PATTERN_MAX, NULL, &code);
    sc_icu_i18n.udtitvfmt_close(format);
    return U_SUCCESS(code) && code != U_STRING_NOT_TERMINATED_WARNING
        && day_length == expected_length && memcmp(day, expected, (size_t)day_length * sizeof(UChar)) == 0
        && sc_icu_letters_kept(expected, expected_length, range, range_length);
}

/* The skeleton ICU derives from a styled pattern asks for fields, not for the look: ja's long
 * "y年M月d日" gives "yMd", whose intervals are numeric ("2024/06/01～2024/06/03"), and the roc
 * calendar's "Gy年M月d日" gives "GyMd", for which zh_Hant has no interval patterns. So the
 * first of these whose ranges read like the styled date (sc_icu_skeleton_matches) is taken:
 * the month widened to MMMM, then MMM, then as it is; then the same without the era (G), as
 * calendars whose interval patterns write the era themselves are keyed. The skeleton is kept
 * when none matches. Returns the skeleton's length. */
static int32_t sc_icu_refine_skeleton(const char *locale_id, const UChar *zone, const UDateFormat *styled,
                                      UChar skeleton[SC_ICU_PATTERN_MAX], int32_t length) {
    int32_t has_era = u_memchr(skeleton, 'G', length) != NULL;
    int32_t month_width = 0;
    for (int32_t i = 0; i < length; i++) month_width += skeleton[i] == 'M' || skeleton[i] == 'L';
    /* A month in words and no era: the skeleton already asks for what the styled date shows
     * (en "MMMM d, y": "yMMMMd"), and checking would cost an interval format. */
    if ((month_width >= 3 && !has_era) || length + 4 >= SC_ICU_PATTERN_MAX) return length;
    const UDate sample = 1718150400000.0; /* 2024-06-12T00:00Z: day and month numbers differ */
    UErrorCode code = U_ZERO_ERROR;
    UChar expected[SC_ICU_PATTERN_MAX];
    int32_t expected_length = sc_icu_i18n.udat_format(styled, sample, expected, SC_ICU_PATTERN_MAX, NULL, &code);
    if (U_FAILURE(code) || code == U_STRING_NOT_TERMINATED_WARNING) return length;
    int32_t result = length;
    int found = 0;
    for (int32_t drop_era = 0; drop_era <= has_era && !found; drop_era++) {
        UChar base[SC_ICU_PATTERN_MAX];
        int32_t base_length = 0;
        for (int32_t i = 0; i < length; i++) {
            if (!(drop_era && skeleton[i] == 'G')) base[base_length++] = skeleton[i];
        }
        int32_t start = 0;
        while (start < base_length && base[start] != 'M' && base[start] != 'L') start++;
        int32_t end = start;
        while (end < base_length && base[end] == base[start]) end++;
        /* Widths to try; 0 keeps the month as it is. */
        int32_t widths[3] = {4, 3, 0};
        int32_t first = start < base_length && end - start < 3 ? 0 : 2;
        for (int32_t w = first; w < 3 && !found; w++) {
            UChar candidate[SC_ICU_PATTERN_MAX];
            int32_t n = 0;
            for (int32_t i = 0; i < start; i++) candidate[n++] = base[i];
            if (widths[w] == 0) {
                for (int32_t i = start; i < end; i++) candidate[n++] = base[i];
            } else {
                for (int32_t i = 0; i < widths[w]; i++) candidate[n++] = 'M';
            }
            for (int32_t i = end; i < base_length; i++) candidate[n++] = base[i];
            if (sc_icu_skeleton_matches(locale_id, zone, candidate, n, sample, expected, expected_length)) {
                memcpy(skeleton, candidate, (size_t)n * sizeof(UChar));
                result = n;
                found = 1;
            }
        }
    }
    return result;
}

/* The skeleton of the locale's styled pattern ("yMMMMd", "yMMMMdjmm"): the fields an
 * interval format must show, refined so its ranges read like the styled date. Returns its
 * length or a negative SC_ICU_ERROR_*. */
static int32_t sc_icu_styled_skeleton(const char *locale_id, const UChar *zone, int32_t with_time,
                                      UChar skeleton[SC_ICU_PATTERN_MAX], char *err, size_t err_size) {
    UErrorCode code = U_ZERO_ERROR;
    UDateFormat *format = sc_icu_i18n.udat_open(with_time ? UDAT_SHORT : UDAT_NONE, UDAT_LONG, locale_id,
                                                zone, -1, NULL, -1, &code);
    if (U_FAILURE(code) || format == NULL) {
        if (format != NULL) sc_icu_i18n.udat_close(format);
        return sc_icu_date_failure(U_FAILURE(code) ? code : U_INTERNAL_PROGRAM_ERROR, "udat_open", err, err_size);
    }
    UChar pattern[SC_ICU_PATTERN_MAX];
    int32_t pattern_length = sc_icu_i18n.udat_toPattern(format, 0, pattern, SC_ICU_PATTERN_MAX, &code);
    if (U_FAILURE(code) || code == U_STRING_NOT_TERMINATED_WARNING || pattern_length < 0 || pattern_length >= SC_ICU_PATTERN_MAX) {
        sc_icu_i18n.udat_close(format);
        return sc_icu_date_failure(U_FAILURE(code) ? code : U_BUFFER_OVERFLOW_ERROR, "udat_toPattern", err, err_size);
    }
    int32_t length = sc_icu_i18n.udatpg_getSkeleton(NULL, pattern, pattern_length, skeleton, SC_ICU_PATTERN_MAX, &code);
    if (U_FAILURE(code) || code == U_STRING_NOT_TERMINATED_WARNING || length <= 0 || length >= SC_ICU_PATTERN_MAX) {
        sc_icu_i18n.udat_close(format);
        return sc_icu_date_failure(U_FAILURE(code) ? code : U_ILLEGAL_ARGUMENT_ERROR, "udatpg_getSkeleton", err, err_size);
    }
    length = sc_icu_refine_skeleton(locale_id, zone, format, skeleton, length);
    sc_icu_i18n.udat_close(format);
    return length;
}

/* Each date's span in a formatted interval (field 0 the start's, 1 the end's) into `ends`. */
static void sc_icu_interval_spans(const UFormattedValue *value, int32_t ends[4], UErrorCode *code) {
    UConstrainedFieldPosition *position = sc_icu_i18n.ucfpos_open(code);
    if (position == NULL || U_FAILURE(*code)) {
        if (position != NULL) sc_icu_i18n.ucfpos_close(position);
        return;
    }
    sc_icu_i18n.ucfpos_constrainCategory(position, UFIELD_CATEGORY_DATE_INTERVAL_SPAN, code);
    while (U_SUCCESS(*code) && sc_icu_i18n.ufmtval_nextPosition(value, position, code)) {
        int32_t field = sc_icu_i18n.ucfpos_getField(position, code);
        int32_t begin = -1, end = -1;
        sc_icu_i18n.ucfpos_getIndexes(position, &begin, &end, code);
        if (U_SUCCESS(*code) && (field == 0 || field == 1) && 0 <= begin && begin <= end) {
            ends[2 * field] = begin;
            ends[2 * field + 1] = end;
        }
    }
    sc_icu_i18n.ucfpos_close(position);
}

int32_t sc_icu_format_date_interval(const char *locale_id, double start_ms, double end_ms,
                                    int32_t utc_offset_seconds, int32_t with_time,
                                    uint16_t *out, int32_t capacity, int32_t ends[4], char *err, size_t err_size) {
    for (int i = 0; i < 4; i++) ends[i] = -1;
    UChar zone[16];
    int32_t status = sc_icu_date_arguments(locale_id, utc_offset_seconds, out, capacity, zone, err, err_size);
    if (status != 0) return status;
    status = sc_icu_i18n_open(err, err_size);
    if (status != 0) return status;
    if (!sc_icu_instant_is_valid(start_ms) || !sc_icu_instant_is_valid(end_ms)) {
        sc_icu_set_message(err, err_size, "instant out of range");
        return SC_ICU_ERROR_ARGUMENT;
    }
    UErrorCode code = U_ZERO_ERROR;
    UCalendar *from = sc_icu_calendar(locale_id, zone, start_ms, &code);
    UCalendar *to = from == NULL ? NULL : sc_icu_calendar(locale_id, zone, end_ms, &code);
    UFormattedDateInterval *result = to == NULL ? NULL : sc_icu_i18n.udtitvfmt_openResult(&code);
    if (result == NULL || U_FAILURE(code)) {
        if (result != NULL) sc_icu_i18n.udtitvfmt_closeResult(result);
        if (to != NULL) sc_icu_i18n.ucal_close(to);
        if (from != NULL) sc_icu_i18n.ucal_close(from);
        return sc_icu_date_failure(U_FAILURE(code) ? code : U_MEMORY_ALLOCATION_ERROR,
                                   to == NULL ? "ucal_open" : "udtitvfmt_openResult", err, err_size);
    }
    int32_t length = -1;
    pthread_mutex_lock(&sc_icu_cache_lock);
    UDateIntervalFormat *format = sc_icu_cached(locale_id, SC_ICU_KIND_INTERVAL, with_time != 0, &status, err, err_size);
    if (format != NULL) {
        sc_icu_i18n.udtitvfmt_formatCalendarToResult(format, from, to, result, &code);
    }
    pthread_mutex_unlock(&sc_icu_cache_lock);
    if (format != NULL && U_SUCCESS(code)) {
        /* The result owns its text: reading it needs no lock. */
        const UFormattedValue *value = sc_icu_i18n.udtitvfmt_resultAsValue(result, &code);
        int32_t text_length = 0;
        const UChar *text = value != NULL && U_SUCCESS(code) ? sc_icu_i18n.ufmtval_getString(value, &text_length, &code) : NULL;
        if (text != NULL && U_SUCCESS(code)) {
            if (text_length < 0 || text_length > capacity) {
                code = U_BUFFER_OVERFLOW_ERROR;
            } else {
                memcpy(out, text, (size_t)text_length * sizeof(UChar));
                length = text_length;
                sc_icu_interval_spans(value, ends, &code);
                if (U_FAILURE(code)) length = -1;
            }
        } else if (U_SUCCESS(code)) {
            code = U_INTERNAL_PROGRAM_ERROR;
        }
    }
    sc_icu_i18n.udtitvfmt_closeResult(result);
    sc_icu_i18n.ucal_close(to);
    sc_icu_i18n.ucal_close(from);
    if (format == NULL) return status;
    if (length < 0) {
        return sc_icu_date_failure(U_FAILURE(code) ? code : U_INTERNAL_PROGRAM_ERROR, "udtitvfmt_formatCalendarToResult", err, err_size);
    }
    return length;
}
