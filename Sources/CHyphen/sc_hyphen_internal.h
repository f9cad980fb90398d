#ifndef SC_HYPHEN_INTERNAL_H
#define SC_HYPHEN_INTERNAL_H
#include <hyphen.h>

/* A .dic file read into libhyphen's automaton in time linear in its size (sc_hyphen_load.c); NULL when it cannot be
 * read or memory runs out. Freed by hnj_hyphen_free. */
HyphenDict *sc_hyphen_load_patterns(const char *path);

#endif
