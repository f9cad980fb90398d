#include "sc_fetch.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sc_dynamic_library.h"

#define SC_FETCH_PACKAGE "libcurl4"

/* libcurl is opened on the first fetch, not linked: with its TLS, Kerberos and LDAP
 * dependencies it costs every process ~7 ms of CPU before main, and only a server with
 * --photo-origin ever fetches. The header supplies the types; the calls go through these. */
typedef struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    void (*easy_cleanup)(CURL *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} libcurl_table;

static libcurl_table lib;
static sc_dl_once lib_once = SC_DL_ONCE_INIT;
static const char *const default_names[] = {SC_FETCH_LIBRARY_NAME};
static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static CURLcode global_status = CURLE_FAILED_INIT;

/* Opens names into table (once per process when once is given) and explains a failure. */
static int open_into(libcurl_table *table, sc_dl_once *once, const char *const *names, size_t name_count, char *err,
                     size_t err_size) {
    const sc_dl_symbol symbols[] = {
        {(void **)&table->global_init, "curl_global_init"},
        {(void **)&table->easy_init, "curl_easy_init"},
        {(void **)&table->easy_setopt, "curl_easy_setopt"},
        {(void **)&table->easy_perform, "curl_easy_perform"},
        {(void **)&table->easy_getinfo, "curl_easy_getinfo"},
        {(void **)&table->easy_strerror, "curl_easy_strerror"},
        {(void **)&table->easy_cleanup, "curl_easy_cleanup"},
        {(void **)&table->slist_append, "curl_slist_append"},
        {(void **)&table->slist_free_all, "curl_slist_free_all"},
    };
    return sc_dl_open_explained("libcurl", SC_FETCH_PACKAGE, once, names, name_count, symbols, sizeof symbols / sizeof symbols[0],
                                err, err_size);
}

static void global_init(void) { global_status = lib.global_init(CURL_GLOBAL_DEFAULT); }

int sc_fetch_library_check(const char *const *names, size_t name_count, char *err, size_t err_size) {
    libcurl_table table;
    return open_into(&table, NULL, names, name_count, err, err_size);
}

typedef struct {
    uint8_t *data;
    size_t size, capacity, limit;
    int over_limit;
} sink;

static size_t on_body(char *bytes, size_t size, size_t count, void *context) {
    sink *s = (sink *)context;
    size_t n = size * count;
    if (n > s->limit - s->size) {
        s->over_limit = 1;
        return 0; /* aborts the transfer (CURLE_WRITE_ERROR) */
    }
    if (s->size + n > s->capacity) {
        size_t capacity = s->capacity ? s->capacity : 65536;
        while (capacity < s->size + n) capacity *= 2;
        if (capacity > s->limit) capacity = s->limit;
        uint8_t *grown = (uint8_t *)realloc(s->data, capacity);
        if (!grown) return 0;
        s->data = grown;
        s->capacity = capacity;
    }
    memcpy(s->data + s->size, bytes, n);
    s->size += n;
    return n;
}

static int fail(char *err, size_t err_size, int status, const char *message, const char *detail) {
    if (err && err_size > 0) snprintf(err, err_size, "%s%s%s", message, detail && *detail ? ": " : "", detail ? detail : "");
    return status;
}

int sc_fetch(const sc_fetch_request *request, sc_fetch_result *result, char *err, size_t err_size) {
    memset(result, 0, sizeof *result);
    if (open_into(&lib, &lib_once, default_names, 1, err, err_size) != 0) return SC_FETCH_FAILED;
    pthread_once(&global_once, global_init);
    if (global_status != CURLE_OK) return fail(err, err_size, SC_FETCH_FAILED, "libcurl could not be initialised", NULL);
    if (!request->url || !request->host || !request->address || request->port <= 0 || request->port > 65535) {
        return fail(err, err_size, SC_FETCH_FAILED, "incomplete fetch request", NULL);
    }
    CURL *curl = lib.easy_init();
    if (!curl) return fail(err, err_size, SC_FETCH_FAILED, "out of memory", NULL);

    /* "host:port:address"; an IPv6 address goes in brackets. */
    char pin[512];
    int v6 = strchr(request->address, ':') != NULL;
    snprintf(pin, sizeof pin, "%s:%d:%s%s%s", request->host, request->port, v6 ? "[" : "", request->address, v6 ? "]" : "");
    struct curl_slist *resolve = lib.slist_append(NULL, pin);
    sink body = {NULL, 0, 0, request->max_bytes, 0};
    char error_buffer[CURL_ERROR_SIZE] = {0};

    int ok = resolve != NULL;
    ok = ok && lib.easy_setopt(curl, CURLOPT_URL, request->url) == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_RESOLVE, resolve) == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L) == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_PROXY, "") == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L) == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms) == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_TIMEOUT_MS, request->total_timeout_ms) == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_bytes) == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body) == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_WRITEDATA, &body) == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_ERRORBUFFER, error_buffer) == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_USERAGENT, "sharecard photo fetch") == CURLE_OK;
    if (!ok) {
        lib.slist_free_all(resolve);
        lib.easy_cleanup(curl);
        return fail(err, err_size, SC_FETCH_FAILED, "libcurl refused an option", NULL);
    }
    CURLcode code = lib.easy_perform(curl);
    int status = SC_FETCH_OK;
    if (code != CURLE_OK) {
        if (body.over_limit || code == CURLE_FILESIZE_EXCEEDED) {
            status = fail(err, err_size, SC_FETCH_TOO_LARGE, "the photo is larger than the limit", NULL);
        } else if (code == CURLE_OPERATION_TIMEDOUT) {
            status = fail(err, err_size, SC_FETCH_TIMEOUT, "timed out", error_buffer);
        } else {
            status = fail(err, err_size, SC_FETCH_FAILED, lib.easy_strerror(code), error_buffer);
        }
    } else {
        char *ip = NULL;
        if (lib.easy_getinfo(curl, CURLINFO_PRIMARY_IP, &ip) != CURLE_OK || !ip || strcmp(ip, request->address) != 0) {
            status = fail(err, err_size, SC_FETCH_WRONG_ADDRESS, "connected to an address other than the one checked", ip);
        }
    }
    if (status == SC_FETCH_OK) {
        long http_status = 0;
        char *location = NULL, *type = NULL;
        lib.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &http_status);
        result->status = http_status;
        if (lib.easy_getinfo(curl, CURLINFO_REDIRECT_URL, &location) == CURLE_OK && location) {
            snprintf(result->location, sizeof result->location, "%s", location);
        }
        if (lib.easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type) == CURLE_OK && type) {
            snprintf(result->content_type, sizeof result->content_type, "%s", type);
        }
        result->body = body.data;
        result->size = body.size;
        body.data = NULL;
    }
    free(body.data);
    lib.slist_free_all(resolve);
    lib.easy_cleanup(curl);
    return status;
}

void sc_fetch_free(sc_fetch_result *result) {
    if (!result) return;
    free(result->body);
    result->body = NULL;
    result->size = 0;
}
