#ifndef SC_FETCH_H
#define SC_FETCH_H
/* One HTTP(S) GET through libcurl, behind plain C types, for fetching photos from allow-listed
 * origins. The caller resolves the host and chooses the address; libcurl must read the same
 * host and port from the URL (its own URL parser is asked first), is pinned to the address
 * (CURLOPT_RESOLVE), and is given a socket for that address and port only, so neither a DNS
 * answer that changes after the check nor a URL two parsers read differently can send the
 * request elsewhere: no connection to another address is made. Only http
 * and https; redirects are never followed here (the caller checks each Location against its
 * list); proxies from the environment are ignored. libcurl.so.4 is opened on the first call, so
 * a process that never fetches never loads it; while it cannot be opened every call fails and says
 * why (each call tries again). */
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    SC_FETCH_OK = 0,
    SC_FETCH_FAILED = -1,    /* connection refused, TLS failure, malformed response… */
    SC_FETCH_TOO_LARGE = -2, /* the body (declared or received) is over max_bytes */
    SC_FETCH_TIMEOUT = -3,   /* connect or total time-out */
    SC_FETCH_WRONG_ADDRESS = -4 /* libcurl read another host or port, or would have connected elsewhere */
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
    char *location;           /* the Location header of a redirect, whole, else NULL; malloc'ed, freed by sc_fetch_free */
    char content_type[256];
} sc_fetch_result;

/* Returns SC_FETCH_OK with *result filled (any HTTP status), or a negative status with a
 * message in err (always terminated when err_size > 0). Safe on several threads at once. */
int sc_fetch(const sc_fetch_request *request, sc_fetch_result *result, char *err, size_t err_size);

void sc_fetch_free(sc_fetch_result *result);

/* The host (IPv6 without brackets) and port libcurl reads from url, as a transfer would: 0, or
 * SC_FETCH_FAILED with a message when libcurl cannot be opened, cannot read url, or reads a host
 * of host_size bytes or more. */
int sc_fetch_url_authority(const char *url, char *host, size_t host_size, int *port, char *err, size_t err_size);

/* Whether hosts a and b are the same: IP literals by their bytes (libcurl writes IPv6 in its
 * own form), names by their text with ASCII case ignored. The test a fetch makes between the
 * host libcurl reads and the one checked, and between the address connected and the one pinned. */
int sc_fetch_same_host(const char *a, const char *b);

/* Whether destination (length bytes) is the numeric address (IPv4 or IPv6 text) and port:
 * the test every socket libcurl asks for must pass. */
int sc_fetch_destination_is(const struct sockaddr *destination, size_t length, const char *address, int port);

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
