#ifndef SC_DYNAMIC_LIBRARY_H
#define SC_DYNAMIC_LIBRARY_H
/* Opening a shared library with dlopen and filling a table of entry points from it: used for
 * the libraries only some commands need (libcurl, libmicrohttpd, the face plug-in), so that
 * every other process starts without loading them. */
#include <pthread.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One entry point: dlsym(name) is stored in *slot. */
typedef struct {
    void *_Nullable *_Nonnull slot;
    const char *_Nonnull name;
} sc_dl_symbol;

/* Runs after a candidate's symbols are filled: returns 1 to keep the candidate, or 0 with why
 * in why (why_size bytes); the candidate is then closed and the next one tried. */
typedef int (*sc_dl_check)(const char *_Nonnull path, char *_Nonnull why, size_t why_size);

/* Opens the first of candidates (file names searched as dlopen does, or paths) that loads with
 * RTLD_NOW | RTLD_LOCAL, has every symbol, and that check (NULL: none) accepts, and fills every
 * slot from it. Returns 0, or -1 with each candidate and why it failed in error, separated by
 * "; " (dlopen's own message, or every missing symbol by name), always terminated when
 * error_size > 0. The file that was kept stays open for the life of the process. Keeps no
 * state of its own: on failure the slots hold no usable pointers. */
int sc_dl_open_table(const char *_Nonnull const *_Nonnull candidates, size_t candidate_count,
                     const sc_dl_symbol *_Nonnull symbols, size_t symbol_count, sc_dl_check _Nullable check,
                     char *_Nullable error, size_t error_size);

/* Writes "<library> could not be loaded (tried a, b): <why>; it comes with the Debian package
 * <package>" into message (message_size bytes, terminated when message_size > 0): the failure
 * of sc_dl_open_table or sc_dl_open_once, whose error is why, for a library the system provides. */
void sc_dl_explain(const char *_Nonnull library, const char *_Nonnull package, const char *_Nonnull const *_Nonnull candidates,
                   size_t candidate_count, const char *_Nonnull why, char *_Nullable message, size_t message_size);

/* A table opened once per process. */
typedef struct {
    pthread_mutex_t mutex;
    int opened;
} sc_dl_once;
#define SC_DL_ONCE_INIT {PTHREAD_MUTEX_INITIALIZER, 0}

/* sc_dl_open_table, serialised on once: after the first success every call returns 0 at once
 * and the slots are never written again, so a caller may read them once this returned 0. A
 * failure is not remembered: the next call tries the candidates again (a library installed
 * since is found) and reports afresh. */
int sc_dl_open_once(sc_dl_once *_Nonnull once, const char *_Nonnull const *_Nonnull candidates, size_t candidate_count,
                    const sc_dl_symbol *_Nonnull symbols, size_t symbol_count, sc_dl_check _Nullable check,
                    char *_Nullable error, size_t error_size);

/* For a library the system provides: sc_dl_open_once on once, or sc_dl_open_table when once
 * is NULL (no check either way); a failure is written into message by sc_dl_explain. */
int sc_dl_open_explained(const char *_Nonnull library, const char *_Nonnull package, sc_dl_once *_Nullable once,
                         const char *_Nonnull const *_Nonnull candidates, size_t candidate_count,
                         const sc_dl_symbol *_Nonnull symbols, size_t symbol_count, char *_Nullable message,
                         size_t message_size);

#ifdef __cplusplus
}
#endif
#endif
