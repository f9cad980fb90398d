/* ICU's formatting library, libicui18n, is opened with dlopen on the first date or locale
 * keyword that needs it, not linked: loading and relocating it costs every process about
 * 1 ms of CPU before main (1.1 million instructions, measured with an empty C program linked
 * against the binary's libraries with and without it), and `--help` or a card without a date
 * never formats one. libicuuc (break iteration, locales) stays linked: every title is broken
 * into lines by it. The headers supply the types and the versioned names (ucal_open is
 * ucal_open_72 in ICU 72); the calls go through sc_icu_i18n. */
#include "sc_icu.h"
#include "sc_icu_i18n.h"

#include <unicode/uvernum.h>

#include "sc_dynamic_library.h"

#define SC_ICU_STRINGIFY_(x) #x
#define SC_ICU_STRINGIFY(x) SC_ICU_STRINGIFY_(x)
/* The versioned symbol name of an ICU function: SC_ICU_SYMBOL(ucal_open) is "ucal_open_72". */
#define SC_ICU_SYMBOL(name) SC_ICU_STRINGIFY(name)
#define SC_ICU_ENTRY(field) {(void **)&sc_icu_i18n.field, SC_ICU_SYMBOL(field)}

sc_icu_i18n_table sc_icu_i18n;
static sc_dl_once i18n_once = SC_DL_ONCE_INIT;

int32_t sc_icu_i18n_open(char *err, size_t err_size) {
    static const char *const names[] = {"libicui18n.so." SC_ICU_STRINGIFY(U_ICU_VERSION_MAJOR_NUM)};
    const sc_dl_symbol symbols[] = {
        SC_ICU_ENTRY(ucal_close),
        SC_ICU_ENTRY(ucal_getKeywordValuesForLocale),
        SC_ICU_ENTRY(ucal_getType),
        SC_ICU_ENTRY(ucal_open),
        SC_ICU_ENTRY(ucal_setGregorianChange),
        SC_ICU_ENTRY(ucal_setMillis),
        SC_ICU_ENTRY(udat_close),
        SC_ICU_ENTRY(udat_format),
        SC_ICU_ENTRY(udat_formatCalendar),
        SC_ICU_ENTRY(udat_open),
        SC_ICU_ENTRY(udat_toPattern),
        SC_ICU_ENTRY(udatpg_getSkeleton),
        SC_ICU_ENTRY(udtitvfmt_close),
        SC_ICU_ENTRY(udtitvfmt_closeResult),
        SC_ICU_ENTRY(udtitvfmt_format),
        SC_ICU_ENTRY(udtitvfmt_formatCalendarToResult),
        SC_ICU_ENTRY(udtitvfmt_open),
        SC_ICU_ENTRY(udtitvfmt_openResult),
        SC_ICU_ENTRY(udtitvfmt_resultAsValue),
        SC_ICU_ENTRY(ucfpos_close),
        SC_ICU_ENTRY(ucfpos_constrainCategory),
        SC_ICU_ENTRY(ucfpos_getField),
        SC_ICU_ENTRY(ucfpos_getIndexes),
        SC_ICU_ENTRY(ucfpos_open),
        SC_ICU_ENTRY(ufmtval_getString),
        SC_ICU_ENTRY(ufmtval_nextPosition),
        SC_ICU_ENTRY(unumsys_close),
        SC_ICU_ENTRY(unumsys_getRadix),
        SC_ICU_ENTRY(unumsys_isAlgorithmic),
        SC_ICU_ENTRY(unumsys_openAvailableNames),
        SC_ICU_ENTRY(unumsys_openByName),
        {(void **)&sc_icu_i18n.gregorian_calendar_set_change,
         "_ZN6icu_" SC_ICU_STRINGIFY(U_ICU_VERSION_MAJOR_NUM) "17GregorianCalendar18setGregorianChangeEdR10UErrorCode"},
    };
    return sc_dl_open_explained("libicui18n", "libicu" SC_ICU_STRINGIFY(U_ICU_VERSION_MAJOR_NUM), &i18n_once, names,
                                sizeof names / sizeof names[0], symbols, sizeof symbols / sizeof symbols[0], err,
                                err_size) == 0
               ? 0
               : SC_ICU_ERROR_LIBRARY;
}
