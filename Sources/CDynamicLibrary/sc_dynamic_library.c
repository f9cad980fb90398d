#include "sc_dynamic_library.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Appends to a terminated message, truncating at its end. */
static void append(char *message, size_t size, const char *format, ...) {
    if (!message || size == 0) return;
    size_t used = strnlen(message, size - 1);
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message + used, size - used, format, arguments);
    va_end(arguments);
}

/* Fills every slot from handle; returns 1, or 0 with "path has no a, b" appended to error. */
static int fill(void *handle, const char *path, const sc_dl_symbol *symbols, size_t symbol_count, char *error,
                size_t error_size) {
    size_t missing = 0;
    for (size_t i = 0; i < symbol_count; i++) {
        *symbols[i].slot = dlsym(handle, symbols[i].name);
        if (*symbols[i].slot) continue;
        if (missing++ == 0) {
            append(error, error_size, "%s has no %s", path, symbols[i].name);
        } else {
            append(error, error_size, ", %s", symbols[i].name);
        }
    }
    return missing == 0;
}

int sc_dl_open_table(const char *const *candidates, size_t candidate_count, const sc_dl_symbol *symbols,
                     size_t symbol_count, sc_dl_check check, char *error, size_t error_size) {
    if (error && error_size > 0) error[0] = '\0';
    if (candidate_count == 0) append(error, error_size, "no file to open"); /* the slots are cleared below */
    for (size_t c = 0; c < candidate_count; c++) {
        const char *path = candidates[c];
        if (c > 0) append(error, error_size, "; ");
        void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char *why = dlerror();
            append(error, error_size, "%s", why ? why : path);
            continue;
        }
        int kept = fill(handle, path, symbols, symbol_count, error, error_size);
        if (kept && check) {
            char why[512] = "";
            kept = check(path, why, sizeof why);
            if (!kept) append(error, error_size, "%s: %s", path, why[0] ? why : "refused");
        }
        if (kept) {
            if (error && error_size > 0) error[0] = '\0';
            return 0;
        }
        dlclose(handle);
    }
    for (size_t i = 0; i < symbol_count; i++) *symbols[i].slot = NULL;
    return -1;
}

void sc_dl_explain(const char *library, const char *package, const char *const *candidates, size_t candidate_count,
                   const char *why, char *message, size_t message_size) {
    if (!message || message_size == 0) return;
    message[0] = '\0';
    append(message, message_size, "%s could not be loaded (tried ", library);
    if (candidate_count == 0) append(message, message_size, "no file");
    for (size_t c = 0; c < candidate_count; c++) append(message, message_size, "%s%s", c ? ", " : "", candidates[c]);
    append(message, message_size, "): %s; it comes with the Debian package %s", why, package);
}

int sc_dl_open_once(sc_dl_once *once, const char *const *candidates, size_t candidate_count,
                    const sc_dl_symbol *symbols, size_t symbol_count, sc_dl_check check, char *error,
                    size_t error_size) {
    if (pthread_mutex_lock(&once->mutex) != 0) {
        if (error && error_size > 0) snprintf(error, error_size, "could not lock the library table");
        return -1;
    }
    int status = 0;
    if (!once->opened) {
        status = sc_dl_open_table(candidates, candidate_count, symbols, symbol_count, check, error, error_size);
        once->opened = status == 0;
    }
    pthread_mutex_unlock(&once->mutex);
    return status;
}

int sc_dl_open_explained(const char *library, const char *package, sc_dl_once *once, const char *const *candidates,
                         size_t candidate_count, const sc_dl_symbol *symbols, size_t symbol_count, char *message,
                         size_t message_size) {
    char why[1024];
    int status = once ? sc_dl_open_once(once, candidates, candidate_count, symbols, symbol_count, NULL, why, sizeof why)
                      : sc_dl_open_table(candidates, candidate_count, symbols, symbol_count, NULL, why, sizeof why);
    if (status == 0) return 0;
    sc_dl_explain(library, package, candidates, candidate_count, why, message, message_size);
    return -1;
}
