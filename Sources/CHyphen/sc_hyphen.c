#include "sc_hyphen.h"
#include "sc_hyphen_internal.h"

#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sc_hyphen_dict {
    HyphenDict *dict;
};

static sc_hyphen_dict *wrap(HyphenDict *d) {
    if (d == NULL) return NULL;
    sc_hyphen_dict *result = malloc(sizeof *result);
    if (result == NULL) {
        hnj_hyphen_free(d);
        return NULL;
    }
    result->dict = d;
    return result;
}

sc_hyphen_dict *sc_hyphen_load(const char *path) {
    return path == NULL ? NULL : wrap(sc_hyphen_load_patterns(path));
}

sc_hyphen_dict *sc_hyphen_load_reference(const char *path) {
    return path == NULL ? NULL : wrap(hnj_hyphen_load(path));
}

void sc_hyphen_free(sc_hyphen_dict *dict) {
    if (dict == NULL) return;
    hnj_hyphen_free(dict->dict);
    free(dict);
}

/* Encodes word into bytes: UTF-8, or through `to` (iconv from UTF-8 to the dictionary's single-byte charset, such as
 * ISO8859-2 or KOI8-R); owner[b] is the UTF-16 index of the last unit of the character byte b belongs to, or -1 when b
 * is not the character's last byte. `bytes` and `owner` hold 3 entries per unit. Returns the byte count or a negative
 * error. */
static int encode(const uint16_t *word, int32_t length, iconv_t to, char *bytes, int32_t *owner) {
    int n = 0;
    for (int32_t i = 0; i < length; i++) {
        uint32_t c = word[i];
        if (c >= 0xD800 && c <= 0xDBFF) {
            if (i + 1 >= length || word[i + 1] < 0xDC00 || word[i + 1] > 0xDFFF) return SC_HYPHEN_ERROR_ENCODING;
            c = 0x10000 + ((c - 0xD800) << 10) + (word[i + 1] - 0xDC00);
            i++;
        } else if (c >= 0xDC00 && c <= 0xDFFF) {
            return SC_HYPHEN_ERROR_ENCODING;
        }
        char utf8[4];
        int k = 0;
        if (c < 0x80) {
            utf8[k++] = (char)c;
        } else if (c < 0x800) {
            utf8[k++] = (char)(0xC0 | (c >> 6));
            utf8[k++] = (char)(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            utf8[k++] = (char)(0xE0 | (c >> 12));
            utf8[k++] = (char)(0x80 | ((c >> 6) & 0x3F));
            utf8[k++] = (char)(0x80 | (c & 0x3F));
        } else {
            utf8[k++] = (char)(0xF0 | (c >> 18));
            utf8[k++] = (char)(0x80 | ((c >> 12) & 0x3F));
            utf8[k++] = (char)(0x80 | ((c >> 6) & 0x3F));
            utf8[k++] = (char)(0x80 | (c & 0x3F));
        }
        int start = n;
        if (to == (iconv_t)-1) {
            memcpy(bytes + n, utf8, (size_t)k);
            n += k;
        } else {
            /* Exactly one byte out per character: anything else is not this dictionary's script. */
            char *in = utf8, *out = bytes + n;
            size_t inLeft = (size_t)k, outLeft = 1;
            if (iconv(to, &in, &inLeft, &out, &outLeft) == (size_t)-1 || inLeft != 0 || outLeft != 0)
                return SC_HYPHEN_ERROR_ENCODING;
            n += 1;
        }
        for (int b = start; b < n; b++) owner[b] = b == n - 1 ? i : -1;
    }
    return n;
}

int sc_hyphen_points(const sc_hyphen_dict *dict, const uint16_t *word, int32_t length, uint8_t *after) {
    if (dict == NULL || word == NULL || after == NULL || length < 1 || length > SC_HYPHEN_WORD_MAX)
        return SC_HYPHEN_ERROR_ARGUMENT;
    /* At most 4 bytes per surrogate pair, 3 per other UTF-16 unit. */
    char bytes[SC_HYPHEN_WORD_MAX * 3 + 1];
    int32_t owner[SC_HYPHEN_WORD_MAX * 3 + 1];
    iconv_t to = (iconv_t)-1;
    if (!dict->dict->utf8) {
        to = iconv_open(dict->dict->cset, "UTF-8");
        if (to == (iconv_t)-1) return SC_HYPHEN_ERROR_ENCODING;
    }
    int n = encode(word, length, to, bytes, owner);
    if (to != (iconv_t)-1) iconv_close(to);
    if (n < 0) return n;
    bytes[n] = '\0';
    char hyphens[SC_HYPHEN_WORD_MAX * 3 + 5];
    char **rep = NULL;
    int *pos = NULL, *cut = NULL;
    /* At least two letters before a hyphen and three after it, or more where the dictionary says so. */
    int status = hnj_hyphen_hyphenate3(dict->dict, bytes, n, hyphens, NULL, &rep, &pos, &cut, 2, 3, 2, 2);
    memset(after, 0, (size_t)length);
    if (status == 0) {
        for (int b = 0; b < n; b++) {
            if ((hyphens[b] & 1) && owner[b] >= 0 && (rep == NULL || rep[b] == NULL)) after[owner[b]] = 1;
        }
    }
    if (rep != NULL) {
        for (int b = 0; b < n; b++) free(rep[b]);
        free(rep);
    }
    free(pos);
    free(cut);
    return status == 0 ? 0 : SC_HYPHEN_ERROR_LIBRARY;
}

int sc_hyphen_describe(const sc_hyphen_dict *dict, const char *bytes, int32_t length, char *out, int32_t capacity) {
    if (dict == NULL || bytes == NULL || out == NULL || length < 1 || length > SC_HYPHEN_WORD_MAX * 3 || capacity < 1)
        return SC_HYPHEN_ERROR_ARGUMENT;
    char word[SC_HYPHEN_WORD_MAX * 3 + 1];
    memcpy(word, bytes, (size_t)length);
    word[length] = '\0';
    char hyphens[SC_HYPHEN_WORD_MAX * 3 + 5];
    char **rep = NULL;
    int *pos = NULL, *cut = NULL;
    int status = hnj_hyphen_hyphenate3(dict->dict, word, length, hyphens, NULL, &rep, &pos, &cut, 2, 3, 2, 2);
    int n = 0;
    if (status == 0) {
        for (int b = 0; b < length && n < capacity - 1; b++) out[n++] = (char)('0' + (hyphens[b] & 1));
        for (int b = 0; rep != NULL && b < length; b++) {
            if (rep[b] == NULL) continue;
            int w = snprintf(out + n, (size_t)(capacity - n), " %d:%s,%d,%d", b, rep[b], pos[b], cut[b]);
            if (w < 0 || w >= capacity - n) break;
            n += w;
        }
    }
    out[n] = '\0';
    if (rep != NULL) {
        for (int b = 0; b < length; b++) free(rep[b]);
        free(rep);
    }
    free(pos);
    free(cut);
    return status == 0 ? n : SC_HYPHEN_ERROR_LIBRARY;
}
