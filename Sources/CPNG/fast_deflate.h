#ifndef SC_FAST_DEFLATE_H
#define SC_FAST_DEFLATE_H
/* Internal to CPNG: a zlib stream writer for run-heavy data (see fast_deflate.c). */
#include <stddef.h>
#include <stdint.h>

typedef struct {
    void *writer;
    unsigned long adler;
    uint8_t previous;
    int has_previous;
    int failed;
} sc_deflate;

/* Starts a stream. When memory runs out here or later the stream is marked failed, later
 * calls do nothing and sc_deflate_finish returns -1. Streams share only constant tables, so
 * any number may run on different threads. */
void sc_deflate_start(sc_deflate *d);
/* Appends `length` bytes to the stream. */
void sc_deflate_bytes(sc_deflate *d, const uint8_t *bytes, size_t length);
/* Appends one byte followed by `zeros` zero bytes, in time independent of `zeros`. */
void sc_deflate_byte_then_zeros(sc_deflate *d, uint8_t first, size_t zeros);
/* Ends the stream; on success *out is malloc'ed (free with free()). */
int sc_deflate_finish(sc_deflate *d, uint8_t **out, size_t *out_size);
#endif
