#ifndef SC_HTTPD_H
#define SC_HTTPD_H
/* libmicrohttpd behind plain C types. microhttpd.h stays inside sc_httpd.c: MHD_start_daemon
 * is variadic (not callable from Swift) and its types never reach a Swift API.
 *
 * The daemon runs libmicrohttpd's own thread pool with epoll. For every request it collects
 * the method, the raw request target, the headers (duplicates kept, in order) and the body
 * (up to a cap), checks the framing, then calls `on_request` once, on a libmicrohttpd
 * thread. That callback either answers at once with sc_httpd_respond, or calls
 * sc_httpd_defer (the connection is suspended) and later calls sc_httpd_respond from any
 * thread (the connection is resumed and the response queued). `on_completed` runs once for
 * every request whose request line arrived, when the response was sent or the connection
 * ended, after which the request is freed; it also runs for requests that never reached
 * `on_request` (libmicrohttpd answered them itself, or the connection ended first). */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sc_httpd sc_httpd;
typedef struct sc_httpd_request sc_httpd_request;

/* What the shim found wrong with a request before handing it over (the `problem` argument
 * of the request callback). The request is answered as the callback decides, and the
 * connection closes after the response whenever problem != SC_HTTPD_PROBLEM_NONE. */
enum {
    SC_HTTPD_PROBLEM_NONE = 0,
    SC_HTTPD_PROBLEM_URL_TOO_LONG = 1,      /* target longer than max_url_bytes */
    SC_HTTPD_PROBLEM_HEADERS_TOO_LARGE = 2, /* header fields longer than max_header_bytes */
    SC_HTTPD_PROBLEM_BAD_FRAMING = 3,       /* Content-Length with Transfer-Encoding, several
                                               Content-Length fields, codings that do not
                                               end in chunked, "chunked" with spaces around
                                               it, or Transfer-Encoding in an HTTP/1.0
                                               request (RFC 9112 §6.1): the body cannot be
                                               delimited */
    SC_HTTPD_PROBLEM_BODY_TOO_LARGE = 4,    /* body longer than max_body_bytes */
    SC_HTTPD_PROBLEM_MALFORMED_HEADER = 5,  /* a field name that is not a token (such as
                                               "Content-Length :"), a value with a control
                                               character (a bare CR), or an HTTP/1.1 request
                                               without exactly one Host field */
    SC_HTTPD_PROBLEM_OBSOLETE_FOLD = 6,     /* a field continued on the next line (obs-fold,
                                               RFC 9112 §5.2): libmicrohttpd would glue the
                                               continuation to the field's name */
    SC_HTTPD_PROBLEM_MALFORMED_TARGET = 7,  /* a NUL byte or stray whitespace in the request
                                               target (libmicrohttpd would cut it there) */
    SC_HTTPD_PROBLEM_BODIES_HELD = 8,       /* the bodies of the requests in flight leave no
                                               room under max_body_memory_bytes for this one */
    SC_HTTPD_PROBLEM_BAD_HOST = 9,          /* a Host value that is not a host name, IPv4
                                               address or [IP literal] with an optional port
                                               (RFC 9112 §3.2: "a b", "a/b", "u@a") */
    SC_HTTPD_PROBLEM_UPLOADS_OFF = 10,      /* a multipart/form-data body sent to the upload
                                               target while max_multipart_body_bytes is 0 */
    SC_HTTPD_PROBLEM_CODING_NOT_IMPLEMENTED = 11 /* HTTP/1.1 Transfer-Encoding ending in chunked
                                               after a coding the server does not implement
                                               ("gzip, chunked": RFC 9112 §6.1's 501) */
};

/* How a request ended (the `termination` argument of the completion callback); the values
 * of libmicrohttpd's MHD_RequestTerminationCode. */
enum {
    SC_HTTPD_END_COMPLETED = 0,
    SC_HTTPD_END_ERROR = 1,
    SC_HTTPD_END_TIMEOUT = 2,
    SC_HTTPD_END_SHUTDOWN = 3,
    SC_HTTPD_END_READ_ERROR = 4,
    SC_HTTPD_END_CLIENT_ABORT = 5
};

typedef void (*sc_httpd_request_fn)(void *context, sc_httpd_request *request, int32_t problem);
/* Shown a request whose client waits for `100 Continue` before sending its body, once its
 * header is checked (the body is not there yet). Answering it with sc_httpd_respond refuses
 * the body: the answer goes instead of `100 Continue`, and the connection closes after it.
 * Returning without answering invites the body; `on_request` then gets the whole request. */
typedef void (*sc_httpd_head_fn)(void *context, sc_httpd_request *request);
typedef void (*sc_httpd_completed_fn)(void *context, sc_httpd_request *request,
                                      int32_t termination);
typedef void (*sc_httpd_log_fn)(void *context, const char *message);

typedef struct sc_httpd_options {
    const char *host;                    /* IPv4 or IPv6 literal; NULL or "" = 127.0.0.1 */
    uint16_t port;                       /* 0 = ephemeral (see sc_httpd_port) */
    uint32_t io_threads;                 /* libmicrohttpd's thread pool size, >= 1 */
    uint32_t connection_limit;           /* >= 1 */
    uint32_t per_ip_connection_limit;    /* per IPv4 address or IPv6 /64 prefix; 0 = no limit */
    uint32_t connection_timeout_seconds; /* inactivity timeout; 0 = none */
    uint32_t header_timeout_ms;          /* total time for a request line and header, from
                                            the connection's start or the previous request's
                                            end; 0 = none (see sc_httpd_guard.c) */
    uint32_t listen_backlog;             /* >= 1 */
    size_t connection_memory_limit;      /* libmicrohttpd's per-connection pool, bytes */
    size_t max_url_bytes;                /* longer request targets: URL_TOO_LONG */
    size_t max_header_bytes;             /* sum of name + value + 4 per field */
    size_t max_body_bytes;               /* a body's limit, but for: */
    size_t max_multipart_body_bytes;     /* a multipart/form-data body's (uploads); 0 = uploads
                                            off: such a body is refused (UPLOADS_OFF) */
    char upload_target[128];             /* "METHOD /path": the one request whose multipart body
                                            takes max_multipart_body_bytes (any query after the
                                            path); others take max_body_bytes. Empty: any request */
    size_t max_body_memory_bytes;        /* the bodies of all requests in flight together, each
                                            counted from its header (its Content-Length, or a
                                            chunked one's limit) until it completes; 0 = no limit */
    sc_httpd_request_fn on_request;      /* required */
    sc_httpd_head_fn on_head;            /* may be NULL: every body is invited */
    sc_httpd_completed_fn on_completed;  /* may be NULL */
    sc_httpd_log_fn on_log;              /* may be NULL: libmicrohttpd's messages dropped */
    void *context;                       /* passed to the callbacks */
} sc_httpd_options;

/* libmicrohttpd's file, opened (not linked) when the first daemon starts. */
#define SC_HTTPD_LIBRARY_NAME "libmicrohttpd.so.12"

/* Opens libmicrohttpd (SC_HTTPD_LIBRARY_NAME) for this process, as sc_httpd_start does first.
 * Returns 0, or -1 with the names tried, dlopen's reasons and the package to install in err
 * (always terminated when err_size > 0). Thread-safe; after one success returns 0 at once. */
int32_t sc_httpd_library_open(char *err, size_t err_size);

/* Opens libmicrohttpd from the first of names (searched as dlopen does) that has every entry
 * point the shim calls, into a table of its own: the daemons' table is left alone. Returns 0,
 * or -1 with err as sc_httpd_library_open. Checks a candidate without starting anything. */
int32_t sc_httpd_library_check(const char *const *names, size_t name_count, char *err, size_t err_size);

/* Starts a daemon, or returns NULL and writes why into err (when not NULL). */
sc_httpd *sc_httpd_start(const sc_httpd_options *options, char *err, size_t err_size);

/* The bound port. */
uint16_t sc_httpd_port(const sc_httpd *daemon);

/* Stops accepting connections: the shim's accepting thread stops and the listening socket is
 * closed at once (new connections are refused); open connections go on. Returns 0, or -1 when it was already
 * quiesced. */
int32_t sc_httpd_quiesce(sc_httpd *daemon);

/* Closes every connection, joins libmicrohttpd's threads and frees the daemon. No request
 * may be deferred without a response at this point. */
void sc_httpd_stop(sc_httpd *daemon);

/* Connections open now. */
uint32_t sc_httpd_connection_count(const sc_httpd *daemon);

/* Requests allocated and not yet freed (for leak checks). */
int64_t sc_httpd_live_requests(const sc_httpd *daemon);

/* 1 when two textual IP addresses count as one client for per_ip_connection_limit (the
 * same IPv4 address, the same IPv6 /64, an IPv4-mapped IPv6 address as its IPv4 address),
 * 0 when not, -1 when either is not an address. */
int32_t sc_httpd_same_client(const char *a, const char *b);

/* Raises the calling thread's nice value by `niceness` (Linux: per thread), for threads
 * doing batch work beside libmicrohttpd's. Returns 0, or -1 (errno set). */
int32_t sc_httpd_lower_thread_priority(int32_t niceness);

/* The body limit that applies to `request` by its Content-Type: max_multipart_body_bytes for
 * multipart/form-data sent to upload_target, max_body_bytes for anything else. It is decided with the header, so a
 * body over it is refused before a byte of it is read, and before `100 Continue`. */
size_t sc_httpd_request_body_limit(const sc_httpd_request *request);

/* Bytes allocated for request bodies now (they grow as bytes arrive). */
int64_t sc_httpd_body_bytes(const sc_httpd *daemon);

/* Connections closed because their request line and header took longer than
 * header_timeout_ms (or, under pressure, than the shorter pressure deadline). */
uint64_t sc_httpd_header_timeouts(const sc_httpd *daemon);

/* Connections closed because a request body arrived slower than the guard allows: the
 * header timeout to begin with, and one second more per SC_HTTPD_BODY_MIN_RATE bytes. */
uint64_t sc_httpd_body_timeouts(const sc_httpd *daemon);

/* The slowest a request body may arrive on average, in bytes per second, after the first
 * header_timeout_ms (Apache's mod_reqtimeout uses the same rate by default). */
#define SC_HTTPD_BODY_MIN_RATE 500u

/* Connections closed while waiting for a request because their client had ended its side
 * of the connection (a half-close after its last request). */
uint64_t sc_httpd_half_closed(const sc_httpd *daemon);

/* Connections refused because their address (IPv4) or /64 prefix (IPv6) had
 * per_ip_connection_limit connections open. */
uint64_t sc_httpd_per_ip_refusals(const sc_httpd *daemon);

/* ---- A request. The accessors below are valid inside the request callback; the
 * completion accessors inside the completion callback. ---- */

const char *sc_httpd_request_method(const sc_httpd_request *request);
const char *sc_httpd_request_version(const sc_httpd_request *request);
/* The request target exactly as received (path and query, not decoded), NUL-terminated. */
const char *sc_httpd_request_target(const sc_httpd_request *request, size_t *length);
/* The peer's address as text ("127.0.0.1", "::1"), "" when unknown, and its port. */
const char *sc_httpd_request_remote_address(const sc_httpd_request *request);
uint16_t sc_httpd_request_remote_port(const sc_httpd_request *request);
size_t sc_httpd_request_header_count(const sc_httpd_request *request);
/* Field `index` in arrival order; names and values are not NUL-terminated. Returns 0, or
 * -1 when index is out of range. */
int32_t sc_httpd_request_header(const sc_httpd_request *request, size_t index,
                                const char **name, size_t *name_length,
                                const char **value, size_t *value_length);
/* The body received (empty when a problem was found before it was read). */
const uint8_t *sc_httpd_request_body(const sc_httpd_request *request, size_t *length);
/* Frees the body's buffer once the caller has its own copy, so a waiting upload is held once.
 * Its share of max_body_memory_bytes stays taken until the request is freed, since the copy
 * lives that long. Only inside the request callback: the body is complete and no longer grows. */
void sc_httpd_request_release_body(sc_httpd_request *request);

/* Defers the answer: suspends the connection until sc_httpd_respond. Only inside the request
 * callback, before responding. Returns 0, or -1 when not allowed. */
int32_t sc_httpd_defer(sc_httpd_request *request);

/* Answers a request: inside the request callback, or once from any thread after
 * sc_httpd_defer. `headers` holds headers_length bytes: pairs "name\0value\0" back to back
 * (every string NUL-terminated inside the block); the body is copied. Content-Length is set
 * from body_length (for HEAD the body is not sent). A 304 has no body; it carries a
 * Content-Length only when `headers` holds one (the length of the 200 it stands for, as RFC
 * 9110 §8.6 allows), and without one the connection closes after it (libmicrohttpd 0.9.75
 * cannot otherwise leave the field out). Returns 0; -1 when the request already
 * has a response or was neither in its callback nor deferred; -2 when the header block is
 * malformed or a header was refused (the answer becomes a bare 500); -3 when out of memory
 * (the connection is closed without an answer). */
int32_t sc_httpd_respond(sc_httpd_request *request, uint16_t status,
                         const char *headers, size_t headers_length,
                         const uint8_t *body, size_t body_length);

/* Drops a deferred request without answering: the connection is resumed and closed. For a
 * client that left while its request waited. Returns 0, or -1 when the request was not
 * deferred or already has a response. */
int32_t sc_httpd_abandon(sc_httpd_request *request);

/* What the socket of a deferred request says of its client, read without consuming anything. */
enum {
    SC_HTTPD_PEER_PRESENT = 0,
    /* The client has sent its end of stream (FIN): it half-closed its side after sending, as
     * `nc -N` does, and may still read the answer, or it closed the connection and left; TCP
     * tells the two apart only once the server writes. */
    SC_HTTPD_PEER_ENDED_SENDING = 1,
    /* The connection was reset or has failed: no answer can reach the client. */
    SC_HTTPD_PEER_GONE = 2,
};
int32_t sc_httpd_request_peer_state(const sc_httpd_request *request);

/* An opaque value owned by the caller, carried from the request to the completion callback. */
void sc_httpd_request_set_user(sc_httpd_request *request, void *user);
void *sc_httpd_request_user(const sc_httpd_request *request);

/* Completion accessors: the status queued (0 when none was), the body length queued, and
 * the time from the request line's arrival to now, in nanoseconds (CLOCK_MONOTONIC). */
uint16_t sc_httpd_request_status(const sc_httpd_request *request);
uint64_t sc_httpd_request_response_length(const sc_httpd_request *request);
uint64_t sc_httpd_request_elapsed_nanoseconds(const sc_httpd_request *request);

#ifdef __cplusplus
}
#endif
#endif
