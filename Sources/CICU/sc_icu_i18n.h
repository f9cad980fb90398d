#ifndef SC_ICU_I18N_H
#define SC_ICU_I18N_H
/* The libicui18n functions CICU calls, filled by sc_icu_i18n_open (sc_icu_i18n.c): call
 * sc_icu_i18n.udat_open(…) where a linked build would call udat_open(…), after
 * sc_icu_i18n_open has returned 0. Internal to CICU. */
#include <stddef.h>
#include <stdint.h>

#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/udateintervalformat.h>
#include <unicode/udatpg.h>
#include <unicode/uformattedvalue.h>
#include <unicode/unumsys.h>

/* Each field is named as its function (ICU's headers turn both into the versioned name). */
typedef struct {
    __typeof__(&ucal_close) ucal_close;
    __typeof__(&ucal_getKeywordValuesForLocale) ucal_getKeywordValuesForLocale;
    __typeof__(&ucal_getType) ucal_getType;
    __typeof__(&ucal_open) ucal_open;
    __typeof__(&ucal_setGregorianChange) ucal_setGregorianChange;
    __typeof__(&ucal_setMillis) ucal_setMillis;
    __typeof__(&udat_close) udat_close;
    __typeof__(&udat_format) udat_format;
    __typeof__(&udat_formatCalendar) udat_formatCalendar;
    __typeof__(&udat_open) udat_open;
    __typeof__(&udat_toPattern) udat_toPattern;
    __typeof__(&udatpg_getSkeleton) udatpg_getSkeleton;
    __typeof__(&udtitvfmt_close) udtitvfmt_close;
    __typeof__(&udtitvfmt_closeResult) udtitvfmt_closeResult;
    __typeof__(&udtitvfmt_format) udtitvfmt_format;
    __typeof__(&udtitvfmt_formatCalendarToResult) udtitvfmt_formatCalendarToResult;
    __typeof__(&udtitvfmt_open) udtitvfmt_open;
    __typeof__(&udtitvfmt_openResult) udtitvfmt_openResult;
    __typeof__(&udtitvfmt_resultAsValue) udtitvfmt_resultAsValue;
    __typeof__(&ucfpos_close) ucfpos_close;
    __typeof__(&ucfpos_constrainCategory) ucfpos_constrainCategory;
    __typeof__(&ucfpos_getField) ucfpos_getField;
    __typeof__(&ucfpos_getIndexes) ucfpos_getIndexes;
    __typeof__(&ucfpos_open) ucfpos_open;
    __typeof__(&ufmtval_getString) ufmtval_getString;
    __typeof__(&ufmtval_nextPosition) ufmtval_nextPosition;
    __typeof__(&unumsys_close) unumsys_close;
    __typeof__(&unumsys_getRadix) unumsys_getRadix;
    __typeof__(&unumsys_isAlgorithmic) unumsys_isAlgorithmic;
    __typeof__(&unumsys_openAvailableNames) unumsys_openAvailableNames;
    __typeof__(&unumsys_openByName) unumsys_openByName;
    /* icu::GregorianCalendar::setGregorianChange(UDate, UErrorCode &), called as a C function
     * (Itanium C++ ABI: `this`, then the arguments, a reference passed as a pointer). Only for a
     * calendar whose type is a GregorianCalendar subclass: see sc_icu_calendar. */
    void (*gregorian_calendar_set_change)(UCalendar *calendar, UDate date, UErrorCode *status);
} sc_icu_i18n_table;

extern sc_icu_i18n_table sc_icu_i18n;

#endif
