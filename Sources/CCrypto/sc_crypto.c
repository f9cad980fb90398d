#include "sc_crypto.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

void sc_sha256(const uint8_t *data, size_t length, uint8_t out[32]) {
    SHA256(data, length, out);
}

int sc_hmac_sha256(const uint8_t *key, size_t key_length, const uint8_t *data, size_t length, uint8_t out[32]) {
    unsigned int out_length = 0;
    if (!HMAC(EVP_sha256(), key, (int)key_length, data, length, out, &out_length) || out_length != 32) return -1;
    return 0;
}

int sc_constant_time_equal(const uint8_t *a, const uint8_t *b, size_t length) {
    return CRYPTO_memcmp(a, b, length) == 0;
}
