/* A .dic pattern file read into libhyphen's own automaton (struct _HyphenDict from <hyphen.h>), built here because
 * libhyphen's loader finds states in a fixed table of 31,627 chains: German's 278,832 states make every lookup walk
 * long chains, and loading takes seconds. Here the string → state table grows with the file (open addressing, kept
 * under half full), so loading is linear in the file's size. Everything else follows hnj_hyphen_load_file: one
 * state per prefix of a pattern's letters, a transition per letter, each state's fallback its longest proper suffix
 * that is a state, the directives (LEFTHYPHENMIN, …, NOHYPHEN), non-standard replacements (`/`), NEXTLEVEL, and the
 * default compound level when the file has none. The result is freed by hnj_hyphen_free, so every block comes from
 * malloc. sc_hyphen_load_reference keeps libhyphen's loader, which the tests compare against. */
#include "sc_hyphen_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char **keys;   /* owned; NULL marks an empty slot */
    size_t *hashes; /* each key's hash, compared before the key */
    int *states;
    size_t capacity; /* a power of two */
    size_t count;
} state_table;

static size_t hash_key(const char *key) {
    size_t h = 1469598103934665603u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)key; *p; p++) h = (h ^ *p) * 1099511628211u;
    return h;
}

static int table_init(state_table *t) {
    t->capacity = 1024;
    t->count = 0;
    t->keys = calloc(t->capacity, sizeof *t->keys);
    t->hashes = calloc(t->capacity, sizeof *t->hashes);
    t->states = calloc(t->capacity, sizeof *t->states);
    return t->keys && t->hashes && t->states ? 0 : -1;
}

static void table_free(state_table *t) {
    for (size_t i = 0; i < t->capacity && t->keys; i++) free(t->keys[i]);
    free(t->keys);
    free(t->hashes);
    free(t->states);
}

/* The slot holding `key`, or the empty slot where it belongs. */
static size_t table_slot(const state_table *t, const char *key, size_t hash) {
    size_t i = hash & (t->capacity - 1);
    while (t->keys[i] && (t->hashes[i] != hash || strcmp(t->keys[i], key) != 0)) i = (i + 1) & (t->capacity - 1);
    return i;
}

static int table_lookup(const state_table *t, const char *key) {
    size_t i = table_slot(t, key, hash_key(key));
    return t->keys[i] ? t->states[i] : -1;
}

static int table_grow(state_table *t) {
    size_t capacity = t->capacity * 2;
    state_table bigger = {calloc(capacity, sizeof(char *)), calloc(capacity, sizeof(size_t)), calloc(capacity, sizeof(int)),
                          capacity, t->count};
    if (!bigger.keys || !bigger.hashes || !bigger.states) {
        free(bigger.keys);
        free(bigger.hashes);
        free(bigger.states);
        return -1;
    }
    for (size_t i = 0; i < t->capacity; i++) {
        if (!t->keys[i]) continue;
        size_t j = table_slot(&bigger, t->keys[i], t->hashes[i]);
        bigger.keys[j] = t->keys[i];
        bigger.hashes[j] = t->hashes[i];
        bigger.states[j] = t->states[i];
    }
    free(t->keys);
    free(t->hashes);
    free(t->states);
    *t = bigger;
    return 0;
}

/* The state for `key`, added (with no match and no transitions) when new; -1 when out of memory. */
static int get_state(HyphenDict *dict, state_table *t, const char *key) {
    size_t hash = hash_key(key);
    size_t i = table_slot(t, key, hash);
    if (t->keys[i]) return t->states[i];
    if ((t->count + 1) * 2 > t->capacity) {
        if (table_grow(t) != 0) return -1;
        i = table_slot(t, key, hash);
    }
    /* Capacity doubles at each power of two, as libhyphen's does. */
    int n = dict->num_states;
    if (n > 0 && (n & (n - 1)) == 0) {
        HyphenState *states = realloc(dict->states, (size_t)n * 2 * sizeof *states);
        if (!states) return -1;
        dict->states = states;
    }
    char *copy = strdup(key);
    if (!copy) return -1;
    t->keys[i] = copy;
    t->hashes[i] = hash;
    t->states[i] = n;
    t->count++;
    dict->states[n] = (HyphenState){.match = NULL, .repl = NULL, .fallback_state = -1, .num_trans = 0, .trans = NULL};
    return dict->num_states++;
}

static int add_transition(HyphenDict *dict, int from, int to, char ch) {
    HyphenState *s = &dict->states[from];
    int n = s->num_trans;
    if (n == 0 || (n & (n - 1)) == 0) {
        HyphenTrans *trans = realloc(s->trans, (size_t)(n == 0 ? 1 : n * 2) * sizeof *trans);
        if (!trans) return -1;
        s->trans = trans;
    }
    s->trans[n] = (HyphenTrans){.ch = ch, .new_state = to};
    s->num_trans++;
    return 0;
}

/* Reads the number after a directive's name. */
static int directive(const char *line, const char *name, char *value) {
    size_t n = strlen(name);
    if (strncmp(line, name, n) != 0) return 0;
    *value = (char)atoi(line + n);
    return 1;
}

/* NOHYPHEN a,b,c: the list kept as consecutive strings, as libhyphen keeps it (its last byte, the newline, dropped). */
static int read_nohyphen(HyphenDict *dict, const char *rest) {
    while (*rest == ' ' || *rest == '\t') rest++;
    free(dict->nohyphen);
    dict->nohyphen = NULL;
    dict->nohyphenl = 0;
    if (*rest == '\0') return 0;
    if (!(dict->nohyphen = strdup(rest))) return -1;
    char *end = dict->nohyphen + strlen(dict->nohyphen) - 1;
    *end = '\0';
    for (char *p = end - 1; p > dict->nohyphen; p--) {
        if (*p == ',') {
            dict->nohyphenl++;
            *p = '\0';
        }
    }
    return 0;
}

/* One line of patterns or a directive; 0, or -1 when out of memory. `line` is modified. */
static int read_line(char *line, HyphenDict *dict, state_table *t) {
    if (directive(line, "LEFTHYPHENMIN", &dict->lhmin) || directive(line, "RIGHTHYPHENMIN", &dict->rhmin) ||
        directive(line, "COMPOUNDLEFTHYPHENMIN", &dict->clhmin) ||
        directive(line, "COMPOUNDRIGHTHYPHENMIN", &dict->crhmin))
        return 0;
    if (strncmp(line, "NOHYPHEN", 8) == 0) return read_nohyphen(dict, line + 8);

    /* A replacement: letters/replacement,index,cut (index counts characters from 1) or letters/replacement. */
    char *repl = strchr(line, '/');
    signed char replindex = 0, replcut = 0;
    if (repl) {
        *repl = '\0';
        char *index = strchr(repl + 1, ',');
        if (index) {
            *index = '\0';
            char *cut = strchr(index + 1, ',');
            if (cut) {
                *cut = '\0';
                replindex = (signed char)(atoi(index + 1) - 1);
                replcut = (signed char)atoi(cut + 1);
            }
        } else {
            char *text = repl + 1; /* without its line end */
            size_t k = strlen(text);
            if (k > 0 && (text[k - 1] == '\r' || text[k - 1] == '\n')) text[k - 1] = '\0';
            if (k > 1 && text[k - 2] == '\r') text[k - 2] = '\0';
            replcut = (signed char)strlen(line);
        }
        if (!(repl = strdup(repl + 1))) return -1;
    }

    /* Letters into `word`; pattern[j] is the digit before letter j (pattern[length] the one after the last). */
    char word[MAX_CHARS], pattern[MAX_CHARS];
    int j = 0;
    pattern[0] = '0';
    for (int i = 0; (unsigned char)line[i] > (unsigned char)' ' && j < MAX_CHARS - 2; i++) {
        if (line[i] >= '0' && line[i] <= '9') {
            pattern[j] = line[i];
        } else {
            word[j] = line[i];
            pattern[++j] = '0';
        }
    }
    word[j] = '\0';
    pattern[j + 1] = '\0';

    int skip = 0;
    if (!repl) {
        while (pattern[skip] == '0') skip++; /* leading zeros add nothing */
    } else {
        if (*word == '.') skip++;
        if (dict->utf8) { /* the replacement's index and cut in characters → in bytes */
            int character = -1, start = -1;
            for (size_t b = (*word == '.') ? 1 : 0; b < strlen(word) + 1; b++) {
                if (((unsigned char)word[b] >> 6) != 2) character++;
                if (start < 0 && replindex == character) {
                    start = replindex;
                    replindex = (signed char)b;
                }
                if (start >= 0 && character - start == replcut) {
                    replcut = (signed char)(b - (size_t)replindex);
                    break;
                }
            }
            if (*word == '.') replindex--;
        }
    }

    int found = table_lookup(t, word);
    int state = get_state(dict, t, word);
    char *match = strdup(pattern + skip);
    if (state < 0 || !match) {
        free(match);
        free(repl);
        return -1;
    }
    HyphenState *s = &dict->states[state];
    free(s->match);
    free(s->repl);
    s->match = match;
    s->repl = repl;
    s->replindex = replindex;
    s->replcut = replcut ? replcut : (signed char)strlen(word);

    /* Each shorter prefix leads to the next, up to the first that already exists. */
    for (; found < 0 && j > 0; j--) {
        int next = state;
        char ch = word[j - 1];
        word[j - 1] = '\0';
        found = table_lookup(t, word);
        if ((state = get_state(dict, t, word)) < 0 || add_transition(dict, state, next, ch) != 0) return -1;
    }
    return 0;
}

static HyphenDict *new_level(void) {
    HyphenDict *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->num_states = 0;
    d->states = malloc(sizeof *d->states);
    if (!d->states) {
        free(d);
        return NULL;
    }
    return d;
}

/* Fallbacks: each state's longest proper suffix that is a state ("" is state 0, whose fallback stays -1). */
static void link_fallbacks(HyphenDict *dict, const state_table *t) {
    for (size_t i = 0; i < t->capacity; i++) {
        const char *key = t->keys[i];
        if (!key || !*key) continue;
        int fallback = -1;
        for (const char *suffix = key + 1; fallback < 0; suffix++) fallback = table_lookup(t, suffix);
        dict->states[t->states[i]].fallback_state = fallback;
    }
}

/* Reads one level's lines up to NEXTLEVEL or the end; returns 1 after NEXTLEVEL, 0 at the end, -1 on failure. */
static int read_level(FILE *f, HyphenDict *dict, state_table *t) {
    char line[MAX_CHARS];
    while (fgets(line, sizeof line, f)) {
        if (!feof(f) && !strchr(line, '\n')) { /* too long: skipped, as libhyphen does */
            int c;
            while ((c = fgetc(f)) != '\n' && c != EOF) {}
            continue;
        }
        if (strncmp(line, "NEXTLEVEL", 9) == 0) return 1;
        if (line[0] != '%' && read_line(line, dict, t) != 0) return -1;
    }
    return 0;
}

/* The compound level libhyphen adds when a file has none: no hyphen beside a hyphen, apostrophe or en dash. */
static int read_default_level(HyphenDict *dict, state_table *t, int utf8) {
    char lines[6][MAX_CHARS] = {"", "1-1\n", "1'1\n", "", "", ""};
    strcpy(lines[0], utf8 ? "NOHYPHEN ',\xe2\x80\x93,\xe2\x80\x99,-\n" : "NOHYPHEN ',-\n");
    int n = 3;
    if (utf8) {
        strcpy(lines[n++], "1\xe2\x80\x93" "1\n");
        strcpy(lines[n++], "1\xe2\x80\x99" "1\n");
    }
    for (int i = 0; i < n; i++) {
        if (read_line(lines[i], dict, t) != 0) return -1;
    }
    return 0;
}

static HyphenDict *load_file(FILE *f) {
    HyphenDict *levels[2] = {NULL, NULL};
    int nextlevel = 0;
    for (int k = 0; k < 2; k++) {
        state_table t;
        if (!(levels[k] = new_level()) || table_init(&t) != 0) {
            if (levels[k]) table_free(&t);
            goto fail;
        }
        HyphenDict *d = levels[k];
        int failed = get_state(d, &t, "") != 0;
        if (k == 0) {
            if (!fgets(d->cset, sizeof d->cset, f)) d->cset[0] = '\0';
            d->cset[strcspn(d->cset, "\r\n")] = '\0';
            d->utf8 = strcmp(d->cset, "UTF-8") == 0;
        } else {
            memcpy(d->cset, levels[0]->cset, sizeof d->cset);
            d->utf8 = levels[0]->utf8;
        }
        if (!failed && (k == 0 || nextlevel)) {
            int r = read_level(f, d, &t);
            failed = r < 0;
            if (k == 0) nextlevel = r == 1;
        } else if (!failed) {
            failed = read_default_level(d, &t, d->utf8) != 0;
        }
        if (!failed) link_fallbacks(d, &t);
        table_free(&t);
        if (failed) goto fail;
    }
    if (nextlevel) {
        levels[0]->nextlevel = levels[1];
        return levels[0];
    }
    levels[1]->nextlevel = levels[0];
    levels[1]->lhmin = levels[0]->lhmin;
    levels[1]->rhmin = levels[0]->rhmin;
    levels[1]->clhmin = levels[0]->clhmin ? levels[0]->clhmin : (levels[0]->lhmin ? levels[0]->lhmin : 3);
    levels[1]->crhmin = levels[0]->crhmin ? levels[0]->crhmin : (levels[0]->rhmin ? levels[0]->rhmin : 3);
    return levels[1];
fail:
    for (int k = 0; k < 2; k++) {
        if (levels[k]) hnj_hyphen_free(levels[k]);
    }
    return NULL;
}

HyphenDict *sc_hyphen_load_patterns(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    HyphenDict *d = load_file(f);
    fclose(f);
    return d;
}
