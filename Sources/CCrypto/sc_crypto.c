/* libcrypto is opened with dlopen on the first hash, not linked: loading it and relocating
 * its symbols cost every process about 2 ms of CPU before main (2.5 million instructions and
 * 128 page faults, measured with an empty C program linked against it), and `--help` or a
 * one-card render hashes nothing. The headers supply the types; the calls go through this
 * table.
 *
 * SHA256_Init/Update/Final are deprecated in OpenSSL 3 but kept: they run the same assembler
 * as EVP without fetching a provider. The one-shot SHA256() goes through EVP_Q_digest, whose
 * first call initialises the provider and name tables (and their clean-up at exit): about
 * 1.5 ms of CPU in a process that hashes a few small files. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include "sc_crypto.h"

#include <limits.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/opensslv.h>
#include <openssl/sha.h>

#include "sc_dynamic_library.h"

#define SC_STRINGIFY_(x) #x
#define SC_STRINGIFY(x) SC_STRINGIFY_(x)

typedef struct {
    __typeof__(&SHA256_Init) sha256_init;
    __typeof__(&SHA256_Update) sha256_update;
    __typeof__(&SHA256_Final) sha256_final;
    __typeof__(&HMAC) hmac;
    __typeof__(&EVP_sha256) evp_sha256;
    __typeof__(&CRYPTO_memcmp) memcmp;
} libcrypto_table;

static libcrypto_table lib;
static sc_dl_once lib_once = SC_DL_ONCE_INIT;

int sc_crypto_open(char *message, size_t message_size) {
    /* The soname of the OpenSSL the headers are from: libcrypto.so.3 for OpenSSL 3 (Debian's libssl3). */
    static const char *const names[] = {"libcrypto.so." SC_STRINGIFY(OPENSSL_VERSION_MAJOR)};
    const sc_dl_symbol symbols[] = {
        {(void **)&lib.sha256_init, "SHA256_Init"},
        {(void **)&lib.sha256_update, "SHA256_Update"},
        {(void **)&lib.sha256_final, "SHA256_Final"},
        {(void **)&lib.hmac, "HMAC"},
        {(void **)&lib.evp_sha256, "EVP_sha256"},
        {(void **)&lib.memcmp, "CRYPTO_memcmp"},
    };
    return sc_dl_open_explained("libcrypto", "libssl" SC_STRINGIFY(OPENSSL_VERSION_MAJOR), &lib_once, names,
                                sizeof names / sizeof names[0], symbols, sizeof symbols / sizeof symbols[0], message,
                                message_size);
}

/* Stands in for the pointer of an empty buffer, which callers may pass as NULL. */
static const uint8_t empty[1] = {0};

int sc_sha256(const uint8_t *data, size_t length, uint8_t out[32]) {
    if (!out || (!data && length > 0) || sc_crypto_open(NULL, 0) != 0) return -1;
    SHA256_CTX context;
    if (!lib.sha256_init(&context) || !lib.sha256_update(&context, length ? data : empty, length) ||
        !lib.sha256_final(out, &context)) {
        return -1;
    }
    return 0;
}

int sc_hmac_sha256(const uint8_t *key, size_t key_length, const uint8_t *data, size_t length, uint8_t out[32]) {
    if (!out || (!key && key_length > 0) || (!data && length > 0) || key_length > INT_MAX) return -1;
    if (sc_crypto_open(NULL, 0) != 0) return -1;
    unsigned int out_length = 0;
    if (!lib.hmac(lib.evp_sha256(), key_length ? key : empty, (int)key_length, length ? data : empty, length, out,
                  &out_length) ||
        out_length != 32) return -1;
    return 0;
}

int sc_constant_time_equal(const uint8_t *a, const uint8_t *b, size_t length) {
    if (length == 0) return 1;
    if (!a || !b || sc_crypto_open(NULL, 0) != 0) return 0;
    return lib.memcmp(a, b, length) == 0;
}
