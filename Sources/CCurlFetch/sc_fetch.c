#include "sc_fetch.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

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
    CURLU *(*url)(void);
    void (*url_cleanup)(CURLU *);
    CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
    CURLUcode (*url_get)(CURLU *, CURLUPart, char **, unsigned int);
    const char *(*url_strerror)(CURLUcode);
    void (*free)(void *);
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
        {(void **)&table->url, "curl_url"},
        {(void **)&table->url_cleanup, "curl_url_cleanup"},
        {(void **)&table->url_set, "curl_url_set"},
        {(void **)&table->url_get, "curl_url_get"},
        {(void **)&table->url_strerror, "curl_url_strerror"},
        {(void **)&table->free, "curl_free"},
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

int sc_fetch_url_authority(const char *url, char *host, size_t host_size, int *port, char *err, size_t err_size) {
    if (host_size > 0) host[0] = 0;
    *port = 0;
    if (open_into(&lib, &lib_once, default_names, 1, err, err_size) != 0) return SC_FETCH_FAILED;
    CURLU *parsed = lib.url();
    if (!parsed) return fail(err, err_size, SC_FETCH_FAILED, "out of memory", NULL);
    char *text_host = NULL, *text_port = NULL;
    /* Flags 0, as a transfer reads url: no scheme guessed, none libcurl cannot fetch taken. */
    CURLUcode code = lib.url_set(parsed, CURLUPART_URL, url, 0);
    if (code == CURLUE_OK) code = lib.url_get(parsed, CURLUPART_HOST, &text_host, 0);
    if (code == CURLUE_OK) code = lib.url_get(parsed, CURLUPART_PORT, &text_port, CURLU_DEFAULT_PORT);
    int status = SC_FETCH_OK;
    if (code != CURLUE_OK) {
        status = fail(err, err_size, SC_FETCH_FAILED, "libcurl cannot read the URL", lib.url_strerror(code));
    } else {
        char *end = NULL;
        long number = strtol(text_port, &end, 10);
        size_t length = strlen(text_host);
        const char *start = text_host;
        if (length >= 2 && text_host[0] == '[' && text_host[length - 1] == ']') { start++; length -= 2; }
        if (*text_port == 0 || *end != 0 || number < 1 || number > 65535 || length >= host_size) {
            status = fail(err, err_size, SC_FETCH_FAILED, "libcurl reads the URL's host or port as out of range", text_host);
        } else {
            memcpy(host, start, length);
            host[length] = 0;
            *port = (int)number;
        }
    }
    lib.free(text_host);
    lib.free(text_port);
    lib.url_cleanup(parsed);
    return status;
}

int sc_fetch_same_host(const char *a, const char *b) {
    struct in6_addr x6, y6;
    if (inet_pton(AF_INET6, a, &x6) == 1 && inet_pton(AF_INET6, b, &y6) == 1) return memcmp(&x6, &y6, sizeof x6) == 0;
    struct in_addr x4, y4;
    if (inet_pton(AF_INET, a, &x4) == 1 && inet_pton(AF_INET, b, &y4) == 1) return x4.s_addr == y4.s_addr;
    return strcasecmp(a, b) == 0;
}

int sc_fetch_destination_is(const struct sockaddr *destination, size_t length, const char *address, int port) {
    if (!destination || !address) return 0;
    if (destination->sa_family == AF_INET && length >= sizeof(struct sockaddr_in)) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)destination;
        struct in_addr pinned;
        return inet_pton(AF_INET, address, &pinned) == 1 && v4->sin_addr.s_addr == pinned.s_addr && ntohs(v4->sin_port) == port;
    }
    if (destination->sa_family == AF_INET6 && length >= sizeof(struct sockaddr_in6)) {
        const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)destination;
        struct in6_addr pinned;
        return inet_pton(AF_INET6, address, &pinned) == 1 && memcmp(&v6->sin6_addr, &pinned, sizeof pinned) == 0 &&
               ntohs(v6->sin6_port) == port;
    }
    return 0;
}

typedef struct {
    const char *address;
    int port;
    char refused[INET6_ADDRSTRLEN + 16]; /* "address port N" libcurl asked for instead, or empty */
} destination_guard;

/* libcurl's CURLOPT_OPENSOCKETFUNCTION: a socket only for the pinned address and port, so a
 * destination libcurl reached by another way (its own DNS answer, a host it read differently)
 * is refused before connecting, and no request is sent there. */
static curl_socket_t open_guarded(void *context, curlsocktype purpose, struct curl_sockaddr *destination) {
    destination_guard *guard = (destination_guard *)context;
    if (purpose != CURLSOCKTYPE_IPCXN || !sc_fetch_destination_is(&destination->addr, destination->addrlen, guard->address, guard->port)) {
        char text[INET6_ADDRSTRLEN] = "?";
        int port = 0;
        if (destination->addr.sa_family == AF_INET) {
            const struct sockaddr_in *v4 = (const struct sockaddr_in *)&destination->addr;
            inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
            port = ntohs(v4->sin_port);
        } else if (destination->addr.sa_family == AF_INET6) {
            const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)&destination->addr;
            inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
            port = ntohs(v6->sin6_port);
        }
        snprintf(guard->refused, sizeof guard->refused, "%s port %d", text, port);
        return CURL_SOCKET_BAD;
    }
    return socket(destination->family, destination->socktype | SOCK_CLOEXEC, destination->protocol);
}

int sc_fetch(const sc_fetch_request *request, sc_fetch_result *result, char *err, size_t err_size) {
    memset(result, 0, sizeof *result);
    if (open_into(&lib, &lib_once, default_names, 1, err, err_size) != 0) return SC_FETCH_FAILED;
    pthread_once(&global_once, global_init);
    if (global_status != CURLE_OK) return fail(err, err_size, SC_FETCH_FAILED, "libcurl could not be initialised", NULL);
    if (!request->url || !request->host || !request->address || request->port <= 0 || request->port > 65535) {
        return fail(err, err_size, SC_FETCH_FAILED, "incomplete fetch request", NULL);
    }
    /* The host and port the caller checked must be the ones libcurl reads from the URL: where
     * two URL parsers disagree, the pin below would not apply and libcurl would look the host
     * up itself. */
    char read_host[512];
    int read_port = 0;
    int read = sc_fetch_url_authority(request->url, read_host, sizeof read_host, &read_port, err, err_size);
    if (read != SC_FETCH_OK) return read;
    if (!sc_fetch_same_host(read_host, request->host) || read_port != request->port) {
        char text[1300];
        snprintf(text, sizeof text, "libcurl reads the URL's host and port as %s port %d, not %s port %d as checked", read_host,
                 read_port, request->host, request->port);
        return fail(err, err_size, SC_FETCH_WRONG_ADDRESS, text, NULL);
    }
    CURL *curl = lib.easy_init();
    if (!curl) return fail(err, err_size, SC_FETCH_FAILED, "out of memory", NULL);

    /* "host:port:address", an IPv6 address in brackets. An IPv6 host gets no entry: libcurl
     * 7.88 cannot parse one in CURLOPT_RESOLVE, and such a host is a literal, which libcurl
     * connects to as it is (the caller's address is that literal; the socket guard holds it). */
    const int pinned = strchr(request->host, ':') == NULL;
    struct curl_slist *resolve = NULL;
    if (pinned) {
        char pin[1200];
        int v6 = strchr(request->address, ':') != NULL;
        snprintf(pin, sizeof pin, "%s:%d:%s%s%s", request->host, request->port, v6 ? "[" : "", request->address, v6 ? "]" : "");
        resolve = lib.slist_append(NULL, pin);
    }
    sink body = {NULL, 0, 0, request->max_bytes, 0};
    char error_buffer[CURL_ERROR_SIZE] = {0};
    destination_guard guard = {request->address, request->port, {0}};

    int ok = !pinned || resolve != NULL;
    ok = ok && lib.easy_setopt(curl, CURLOPT_URL, request->url) == CURLE_OK;
    ok = ok && (!pinned || lib.easy_setopt(curl, CURLOPT_RESOLVE, resolve) == CURLE_OK);
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
    ok = ok && lib.easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, open_guarded) == CURLE_OK;
    ok = ok && lib.easy_setopt(curl, CURLOPT_OPENSOCKETDATA, &guard) == CURLE_OK;
    if (!ok) {
        lib.slist_free_all(resolve);
        lib.easy_cleanup(curl);
        return fail(err, err_size, SC_FETCH_FAILED, "libcurl refused an option", NULL);
    }
    CURLcode code = lib.easy_perform(curl);
    int status = SC_FETCH_OK;
    if (guard.refused[0]) {
        char text[1300];
        snprintf(text, sizeof text, "refused to connect to %s, not %s port %d as checked", guard.refused, request->address, request->port);
        status = fail(err, err_size, SC_FETCH_WRONG_ADDRESS, text, NULL);
    } else if (code != CURLE_OK) {
        if (body.over_limit || code == CURLE_FILESIZE_EXCEEDED) {
            status = fail(err, err_size, SC_FETCH_TOO_LARGE, "the photo is larger than the limit", NULL);
        } else if (code == CURLE_OPERATION_TIMEDOUT) {
            status = fail(err, err_size, SC_FETCH_TIMEOUT, "timed out", error_buffer);
        } else {
            status = fail(err, err_size, SC_FETCH_FAILED, lib.easy_strerror(code), error_buffer);
        }
    } else {
        char *ip = NULL;
        if (lib.easy_getinfo(curl, CURLINFO_PRIMARY_IP, &ip) != CURLE_OK || !ip || !sc_fetch_same_host(ip, request->address)) {
            status = fail(err, err_size, SC_FETCH_WRONG_ADDRESS, "connected to an address other than the one checked", ip);
        }
    }
    if (status == SC_FETCH_OK) {
        long http_status = 0;
        char *location = NULL, *type = NULL;
        lib.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &http_status);
        result->status = http_status;
        if (lib.easy_getinfo(curl, CURLINFO_REDIRECT_URL, &location) == CURLE_OK && location) {
            // Whole, however long: the caller refuses a target over its URL limit, and a
            // copy cut to a buffer would be a different URL, fetched.
            result->location = strdup(location);
            if (!result->location) status = fail(err, err_size, SC_FETCH_FAILED, "out of memory for a redirect's Location", NULL);
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
    free(result->location);
    result->body = NULL;
    result->location = NULL;
    result->size = 0;
}
