/* SHA256_Init/Update/Final are deprecated in OpenSSL 3 but kept: they run the same
 * assembler as EVP without fetching a provider. The one-shot SHA256() goes through
 * EVP_Q_digest, whose first call initialises the provider and name tables (and their
 * clean-up at exit): about 1.5 ms of CPU in a process that hashes a few small files. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include "sc_crypto.h"

#include <limits.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

/* Stands in for the pointer of an empty buffer, which callers may pass as NULL. */
static const uint8_t empty[1] = {0};

int sc_sha256(const uint8_t *data, size_t length, uint8_t out[32]) {
    if (!out || (!data && length > 0)) return -1;
    SHA256_CTX context;
    if (!SHA256_Init(&context) || !SHA256_Update(&context, length ? data : empty, length) || !SHA256_Final(out, &context)) {
        return -1;
    }
    return 0;
}

int sc_hmac_sha256(const uint8_t *key, size_t key_length, const uint8_t *data, size_t length, uint8_t out[32]) {
    if (!out || (!key && key_length > 0) || (!data && length > 0) || key_length > INT_MAX) return -1;
    unsigned int out_length = 0;
    if (!HMAC(EVP_sha256(), key_length ? key : empty, (int)key_length, length ? data : empty, length, out, &out_length) ||
        out_length != 32) return -1;
    return 0;
}

int sc_constant_time_equal(const uint8_t *a, const uint8_t *b, size_t length) {
    if (length == 0) return 1;
    if (!a || !b) return 0;
    return CRYPTO_memcmp(a, b, length) == 0;
}
