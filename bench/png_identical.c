/* Encodes raw pixel files with two builds of CImageEncode, loaded side by side from
 * $PNG_IDENTICAL_DIR/libold.so and libnew.so, in 16 settings each (`cards`, `cards` without its
 * indexed tier, the scanline level at each row filter RGB and indexed, and the scanline
 * compressor alone in both modes), and counts the encodes whose bytes differ. A raw file is
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
int main(int argc, char **argv) {
    const char *dir = getenv("PNG_IDENTICAL_DIR");
    if (!dir) { fprintf(stderr, "png_identical: PNG_IDENTICAL_DIR is not set\n"); return 2; }
    char old_path[4096], new_path[4096];
    snprintf(old_path, sizeof old_path, "%s/libold.so", dir);
    snprintf(new_path, sizeof new_path, "%s/libnew.so", dir);
    void *o = dlopen(old_path, RTLD_NOW | RTLD_LOCAL), *n = dlopen(new_path, RTLD_NOW | RTLD_LOCAL);
    if (!o || !n) { fprintf(stderr, "%s\n", dlerror()); return 1; }
    tiered_fn to = (tiered_fn)dlsym(o, "sc_encode_png_tiered"), tn = (tiered_fn)dlsym(n, "sc_encode_png_tiered");
    plain_fn po = (plain_fn)dlsym(o, "sc_encode_png"), pn = (plain_fn)dlsym(n, "sc_encode_png");
    scan_fn so = (scan_fn)dlsym(o, "sc_deflate_scanlines"), sn = (scan_fn)dlsym(n, "sc_deflate_scanlines");
    /* PNGEncoding.DeflateSettings.cards (Sources/Raster/PNGEncoding.swift). */
    sc_png_settings cards = {SC_PNG_LEVEL_SCANLINES, SC_PNG_ROWS_NONE, SC_PNG_LEVEL_SCANLINES, SC_PNG_ROWS_NONE, 4096, 7, SC_PNG_ROWS_SHIFTED_OR_UP,
                             32768, SC_PNG_LEVEL_RUN_BLOCKS, SC_PNG_ROWS_REPEAT_FLAT_OR_PAETH, 4, SC_PNG_ROWS_UP, 100};
    long same = 0, diff = 0; double t_old = 0, t_new = 0; size_t bytes = 0;
    for (int a = 1; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb"); uint32_t wh[2];
        if (!f || fread(wh, 4, 2, f) != 2) { fprintf(stderr, "bad %s\n", argv[a]); return 1; }
        size_t sz = (size_t)wh[0] * wh[1] * 4; uint8_t *px = malloc(sz);
        if (fread(px, 1, sz, f) != sz) { fprintf(stderr, "short %s\n", argv[a]); return 1; }
        fclose(f);
        for (int k = 0; k < 2 + 6 * 2 + 2; k++) {
            uint8_t *ob = NULL, *nb = NULL; size_t os = 0, ns = 0; char err[256]; int ro, rn;
            double t0 = now();
            if (k == 0) ro = to(px, sz, wh[0], wh[1], wh[0] * 4, &cards, &ob, &os, err, sizeof err);
            else if (k == 1) { sc_png_settings s = cards; s.indexed_level = -1; ro = to(px, sz, wh[0], wh[1], wh[0] * 4, &s, &ob, &os, err, sizeof err); }
            else if (k < 14) { int filt = (k - 2) % 6; int idx = (k - 2) / 6; ro = po(px, sz, wh[0], wh[1], wh[0] * 4, SC_PNG_LEVEL_SCANLINES, filt, idx ? SC_PNG_LEVEL_SCANLINES : -1, filt, &ob, &os, err, sizeof err); }
            else { ro = so(px, wh[0] * 4, wh[1], 4, k == 15, 0, &ob, &os); }
            double t1 = now();
            if (k == 0) rn = tn(px, sz, wh[0], wh[1], wh[0] * 4, &cards, &nb, &ns, err, sizeof err);
            else if (k == 1) { sc_png_settings s = cards; s.indexed_level = -1; rn = tn(px, sz, wh[0], wh[1], wh[0] * 4, &s, &nb, &ns, err, sizeof err); }
            else if (k < 14) { int filt = (k - 2) % 6; int idx = (k - 2) / 6; rn = pn(px, sz, wh[0], wh[1], wh[0] * 4, SC_PNG_LEVEL_SCANLINES, filt, idx ? SC_PNG_LEVEL_SCANLINES : -1, filt, &nb, &ns, err, sizeof err); }
            else { rn = sn(px, wh[0] * 4, wh[1], 4, k == 15, 0, &nb, &ns); }
            double t2 = now();
            if (k == 0) { t_old += t1 - t0; t_new += t2 - t1; bytes += ns; }
            if (ro != rn || os != ns || (os && memcmp(ob, nb, os))) { diff++; fprintf(stderr, "DIFF %s k=%d %d/%d %zu/%zu\n", argv[a], k, ro, rn, os, ns); }
            else same++;
            free(ob); free(nb);
        }
        free(px);
    }
    printf("%ld same, %ld different; cards setting: old %.1f ms, new %.1f ms, %zu bytes\n", same, diff, t_old * 1e3, t_new * 1e3, bytes);
    return diff != 0;
}
