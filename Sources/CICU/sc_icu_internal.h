#ifndef SC_ICU_INTERNAL_H
#define SC_ICU_INTERNAL_H
/* Helpers shared by the CICU source files; not part of the public header. */
#include <stdio.h>
#include <string.h>

static inline void sc_icu_set_message(char *err, size_t err_size, const char *message) {
    if (err != NULL && err_size > 0) {
        snprintf(err, err_size, "%s", message);
    }
}

/* 1 when s is a NUL-terminated string of at most max_length printable ASCII bytes. */
static inline int sc_icu_is_short_ascii(const char *s, size_t max_length) {
    if (s == NULL) return 0;
    for (size_t i = 0; i <= max_length; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0) return 1;
        if (c < 0x20 || c > 0x7E) return 0;
    }
    return 0;
}

#endif
