#ifndef SC_FETCH_H
#define SC_FETCH_H
/* One HTTP(S) GET through libcurl, behind plain C types, for fetching photos from allow-listed
 * origins. The caller resolves the host and chooses the address; libcurl is pinned to it
 * (CURLOPT_RESOLVE) and the connected address is checked afterwards, so a DNS answer that
 * changes between the check and the connection cannot send the request elsewhere. Only http
 * and https; redirects are never followed here (the caller checks each Location against its
 * list); proxies from the environment are ignored. libcurl.so.4 is opened on the first call, so
 * a process that never fetches never loads it; while it cannot be opened every call fails and says
 * why (each call tries again). */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    SC_FETCH_OK = 0,
    SC_FETCH_FAILED = -1,    /* connection refused, TLS failure, malformed response… */
    SC_FETCH_TOO_LARGE = -2, /* the body (declared or received) is over max_bytes */
    SC_FETCH_TIMEOUT = -3,   /* connect or total time-out */
    SC_FETCH_WRONG_ADDRESS = -4 /* connected somewhere other than the pinned address */
};

typedef struct {
    const char *url;          /* absolute http:// or https:// URL */
    const char *host;         /* the URL's host, as in the URL (no brackets for IPv6) */
    int port;                 /* the URL's port */
    const char *address;      /* the numeric address to connect to (checked by the caller) */
    long connect_timeout_ms;
    long total_timeout_ms;
    size_t max_bytes;
} sc_fetch_request;

typedef struct {
    uint8_t *body;            /* malloc'ed; free with sc_fetch_free */
    size_t size;
    long status;              /* the HTTP status */
    char location[2048];      /* the Location header of a redirect, else empty */
    char content_type[256];
} sc_fetch_result;

/* Returns SC_FETCH_OK with *result filled (any HTTP status), or a negative status with a
 * message in err (always terminated when err_size > 0). Safe on several threads at once. */
int sc_fetch(const sc_fetch_request *request, sc_fetch_result *result, char *err, size_t err_size);

void sc_fetch_free(sc_fetch_result *result);

/* libcurl's file, opened (not linked) on the first fetch. */
#define SC_FETCH_LIBRARY_NAME "libcurl.so.4"

/* Whether one of names (searched as dlopen does) is a libcurl with every function sc_fetch
 * calls, opened into a table of its own (sc_fetch's is left alone). Returns 0, or
 * SC_FETCH_FAILED with the message sc_fetch gives when it cannot open libcurl: the names tried,
 * dlopen's reasons and the package to install. */
int sc_fetch_library_check(const char *const *names, size_t name_count, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif
#endif
