/* Encodes raw pixel files with two builds of CImageEncode, loaded side by side from
 * $PNG_IDENTICAL_DIR/libold.so and libnew.so, in 17 settings each (`cards`, `cards` without its
 * indexed tier, the scanline level at each row filter RGB and indexed, the scanline compressor
 * alone in both modes, and `cards` without its deflate check), and counts the encodes whose
 * bytes differ. A build before encoder revision 5 has no deflate check and ignores its fields:
 * against one, settings 0 and 1 differ where the check takes libdeflate, and 16 must not. A raw file is
 * two little-endian uint32 (width, height) and the premultiplied BGRA rows. Exits 1 on any
 * difference. Run by bench/png_identical. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sc_encode.h"
typedef int (*tiered_fn)(const uint8_t *, size_t, uint32_t, uint32_t, size_t, const sc_png_settings *, uint8_t **, size_t *, char *, size_t);
typedef int (*plain_fn)(const uint8_t *, size_t, uint32_t, uint32_t, size_t, int, int, int, int, uint8_t **, size_t *, char *, size_t);
typedef int (*scan_fn)(const uint8_t *, size_t, size_t, size_t, int, int, uint8_t **, size_t *);
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}

/* One build's entry points. */
typedef struct { tiered_fn tiered; plain_fn plain; scan_fn scan; } encoder;

static int load(encoder *e, const char *dir, const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) { fprintf(stderr, "%s\n", dlerror()); return -1; }
    e->tiered = (tiered_fn)dlsym(lib, "sc_encode_png_tiered");
    e->plain = (plain_fn)dlsym(lib, "sc_encode_png");
    e->scan = (scan_fn)dlsym(lib, "sc_deflate_scanlines");
    return e->tiered && e->plain && e->scan ? 0 : -1;
}

/* PNGEncoding.DeflateSettings.cards (Sources/Raster/PNGEncoding.swift). */
static const sc_png_settings cards = {SC_PNG_LEVEL_SCANLINES, SC_PNG_ROWS_NONE, SC_PNG_LEVEL_SCANLINES, SC_PNG_ROWS_NONE, 4096, 7,
                                      SC_PNG_ROWS_SHIFTED_OR_UP, 32768, SC_PNG_LEVEL_RUN_BLOCKS, SC_PNG_ROWS_REPEAT_FLAT_OR_PAETH, 4,
                                      SC_PNG_ROWS_UP, 100, 16, 6, 80};
enum { SETTINGS = 2 + 6 * 2 + 2 + 1 };

/* Setting k of `px` (w × h): 0 `cards`, 1 `cards` without its indexed tier, 2…13 the scanline
 * level at each row filter RGB then indexed, 14 and 15 the scanline compressor alone, 16 `cards`
 * without its deflate check. */
static int encode(const encoder *e, int k, const uint8_t *px, uint32_t w, uint32_t h, uint8_t **out, size_t *size) {
    const size_t sz = (size_t)w * h * 4;
    char err[256];
    if (k < 2 || k == 16) {
        sc_png_settings s = cards;
        if (k == 1) s.indexed_level = -1;
        if (k == 16) s.deflate_check_permille = 0;
        return e->tiered(px, sz, w, h, (size_t)w * 4, &s, out, size, err, sizeof err);
    }
    if (k < 14) {
        const int filter = (k - 2) % 6, indexed = (k - 2) / 6 ? SC_PNG_LEVEL_SCANLINES : -1;
        return e->plain(px, sz, w, h, (size_t)w * 4, SC_PNG_LEVEL_SCANLINES, filter, indexed, filter, out, size, err, sizeof err);
    }
    return e->scan(px, (size_t)w * 4, h, 4, k == 15, 0, out, size);
}

int main(int argc, char **argv) {
    const char *dir = getenv("PNG_IDENTICAL_DIR");
    if (!dir) { fprintf(stderr, "png_identical: PNG_IDENTICAL_DIR is not set\n"); return 2; }
    encoder side[2];
    if (load(&side[0], dir, "libold.so") != 0 || load(&side[1], dir, "libnew.so") != 0) return 1;
    long same = 0, diff = 0; double seconds[2] = {0, 0}; size_t bytes = 0;
    for (int a = 1; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb"); uint32_t wh[2];
        if (!f || fread(wh, 4, 2, f) != 2) { fprintf(stderr, "bad %s\n", argv[a]); return 1; }
        size_t sz = (size_t)wh[0] * wh[1] * 4; uint8_t *px = malloc(sz);
        if (fread(px, 1, sz, f) != sz) { fprintf(stderr, "short %s\n", argv[a]); return 1; }
        fclose(f);
        for (int k = 0; k < SETTINGS; k++) {
            uint8_t *b[2] = {NULL, NULL}; size_t n[2] = {0, 0}; int r[2];
            for (int i = 0; i < 2; i++) {
                const double t = now();
                r[i] = encode(&side[i], k, px, wh[0], wh[1], &b[i], &n[i]);
                if (k == 0) seconds[i] += now() - t;
            }
            if (k == 0) bytes += n[1];
            if (r[0] != r[1] || n[0] != n[1] || (n[0] && memcmp(b[0], b[1], n[0]))) {
                diff++;
                fprintf(stderr, "DIFF %s k=%d %d/%d %zu/%zu\n", argv[a], k, r[0], r[1], n[0], n[1]);
            } else {
                same++;
            }
            free(b[0]); free(b[1]);
        }
        free(px);
    }
    printf("%ld same, %ld different; cards setting: old %.1f ms, new %.1f ms, %zu bytes\n", same, diff, seconds[0] * 1e3,
           seconds[1] * 1e3, bytes);
    return diff != 0;
}
