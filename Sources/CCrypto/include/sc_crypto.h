#ifndef SC_CRYPTO_H
#define SC_CRYPTO_H
/* SHA-256 and HMAC-SHA256 from OpenSSL's libcrypto, behind plain C types. Every buffer comes
 * with its length; an empty buffer may be passed as NULL with length 0. libcrypto is opened
 * with dlopen on the first call, so each function also fails when it cannot be loaded
 * (sc_crypto_open says why). */
#include <stddef.h>
#include <stdint.h>

/* Opens libcrypto, once per process. Returns 0, or -1 with why in message ("libcrypto could
 * not be loaded (tried libcrypto.so.3): <dlopen's reason>; it comes with the Debian package
 * libssl3"; message may be NULL). A failure is not remembered: the next call tries again. */
int sc_crypto_open(char *message, size_t message_size);

/* Writes the 32-byte SHA-256 digest of data into out. Returns 0, or -1 on failure (a NULL
 * buffer with a nonzero length, or libcrypto missing or failing). */
int sc_sha256(const uint8_t *data, size_t length, uint8_t out[32]);

/* Writes the 32-byte HMAC-SHA256 of data under key into out. Returns 0, or -1 on failure
 * (as sc_sha256, or a key longer than INT_MAX bytes). */
int sc_hmac_sha256(const uint8_t *key, size_t key_length, const uint8_t *data, size_t length, uint8_t out[32]);

/* 1 when the two buffers are equal, compared in time independent of their contents; two
 * empty buffers are equal, and a NULL buffer of nonzero length equals nothing (nor does
 * anything when libcrypto cannot be loaded: it fails closed). */
int sc_constant_time_equal(const uint8_t *a, const uint8_t *b, size_t length);
#endif
