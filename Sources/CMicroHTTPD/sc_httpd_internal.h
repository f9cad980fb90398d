#ifndef SC_HTTPD_INTERNAL_H
#define SC_HTTPD_INTERNAL_H
/* The shim's own types, shared by sc_httpd.c (the daemon and its callbacks) and
 * sc_httpd_request.c (one request: collecting, checking, answering). Not part of the
 * public header: it sees libmicrohttpd's types. */
#define _GNU_SOURCE /* POLLRDHUP; also clock_gettime, strncasecmp, inet_ntop */

#include "sc_httpd.h"

#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <strings.h>

#include <microhttpd.h>

/* libmicrohttpd's entry points, filled by sc_mhd_load (sc_httpd_library.c) before the first
 * daemon starts: every call into libmicrohttpd goes through this table. */
typedef struct {
    __typeof__(MHD_start_daemon) *start_daemon;
    __typeof__(MHD_stop_daemon) *stop_daemon;
    __typeof__(MHD_get_daemon_info) *get_daemon_info;
    __typeof__(MHD_add_connection) *add_connection;
    __typeof__(MHD_get_connection_info) *get_connection_info;
    __typeof__(MHD_get_connection_values_n) *get_connection_values_n;
    __typeof__(MHD_suspend_connection) *suspend_connection;
    __typeof__(MHD_resume_connection) *resume_connection;
    __typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
    __typeof__(MHD_create_response_from_callback) *create_response_from_callback;
    __typeof__(MHD_set_response_options) *set_response_options;
    __typeof__(MHD_add_response_header) *add_response_header;
    __typeof__(MHD_get_response_headers) *get_response_headers;
    __typeof__(MHD_queue_response) *queue_response;
    __typeof__(MHD_destroy_response) *destroy_response;
    __typeof__(MHD_get_reason_phrase_for) *get_reason_phrase_for;
} sc_mhd_library;
extern sc_mhd_library sc_mhd;

/* Opens libmicrohttpd once per process. Returns 0, or -1 with why in err. Thread-safe. */
int sc_mhd_load(char *err, size_t err_size);

typedef struct sc_httpd_field {
    const char *name;
    size_t name_length;
    const char *value;
    size_t value_length;
} sc_httpd_field;

/* One open connection, as the guard sees it (sc_httpd_guard.c). */
typedef struct sc_httpd_conn {
    struct sc_httpd_conn *prev, *next;
    int fd;
    uint64_t opened_ns;
    uint64_t header_started_ns; /* 0 while not waiting for a request line and header */
    uint64_t peeked_ns;         /* when the guard last looked for the client's end of stream */
    uint64_t body_deadline_ns;  /* 0 while no request body is arriving */
    uint8_t key[16];            /* the IPv4 address, or the IPv6 /64 prefix */
    size_t key_length;          /* 0 when the address is unknown */
} sc_httpd_conn;

/* Header deadlines and per-address limits, shared by libmicrohttpd's threads and the
 * guard's own thread; everything under `lock`. */
typedef struct sc_httpd_guard {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    int thread_started;
    int stopping;
    sc_httpd_conn *connections;
    size_t connection_count;
    /* Sockets handed to libmicrohttpd (MHD_add_connection) and not yet closed: counted
     * before the hand-over, unlike connection_count, which a worker updates later. */
    size_t handed_count;
    uint64_t header_timeouts;
    uint64_t body_timeouts;
    uint64_t half_closed;
    uint64_t per_ip_refusals;
} sc_httpd_guard;

struct sc_httpd {
    struct MHD_Daemon *mhd;
    sc_httpd_options options; /* host not kept */
    uint16_t port;
    int listen_fd;            /* the listening socket (sc_httpd_listen.c); -1 once closed */
    int wake_fd;              /* an eventfd that wakes the accepting thread */
    pthread_t acceptor;
    int acceptor_started;
    _Atomic int accept_stopping;
    _Atomic int accept_waiting; /* at the connection limit: woken when one closes */
    _Atomic int64_t live_requests;
    _Atomic int64_t body_bytes; /* capacity of every request's body buffer */
    _Atomic int64_t body_reserved; /* what the requests in flight declared (max_body_memory_bytes) */
    sc_httpd_guard guard;
};

struct sc_httpd_request {
    sc_httpd *daemon;
    struct MHD_Connection *connection;
    char *target;
    size_t target_length;
    const char *raw_target;  /* libmicrohttpd's own copy, to compare addresses with version */
    int fd;                  /* the connection's socket, -1 when unknown */
    const char *method;
    const char *version;
    char remote_address[INET6_ADDRSTRLEN];
    uint16_t remote_port;
    uint64_t started_ns;

    sc_httpd_field *fields;
    size_t field_count;
    size_t field_capacity;

    uint8_t *body;
    size_t body_length;
    size_t body_capacity;
    size_t body_limit;    /* max_body_bytes, or for multipart/form-data max_multipart_body_bytes */
    size_t body_declared; /* its Content-Length; 0 when none was given (chunked, or no body) */
    int over_cap;         /* the body went over body_limit (and was dropped) */
    size_t body_reserved; /* its share of the daemon's body_reserved, given back when freed */

    int folded;           /* a field was continued on the next line (obs-fold) */
    int awaits_continue;  /* HTTP/1.1, a body declared, and `Expect: 100-continue` */
    int early;            /* answering while the body still arrives (sc_httpd_send_early) */
    uint8_t *early_body;  /* the body of that answer, copied */
    size_t early_body_length;
    int headers_checked;
    int dispatched;
    int in_callback;
    _Atomic int deferred;
    int queued;

    _Atomic int answered; /* claimed by the first sc_httpd_respond */
    _Atomic int unanswerable; /* no response could be made: close when resumed */
    _Atomic(struct MHD_Response *) response;
    uint16_t status;
    uint64_t response_length;
    void *user;
};

static inline int sc_httpd_name_is(const char *name, size_t length, const char *expected) {
    return strlen(expected) == length && strncasecmp(name, expected, length) == 0;
}

/* MHD_OPTION_URI_LOG_CALLBACK: allocates the request (NULL when out of memory). */
void *sc_httpd_begin(void *cls, const char *uri, struct MHD_Connection *connection);
void sc_httpd_request_free(sc_httpd_request *r);
/* Reads the header fields into r->fields. Returns 0, or -1 when out of memory. */
int sc_httpd_collect_fields(sc_httpd_request *r);
/* The checks made once the header is in; returns an SC_HTTPD_PROBLEM_* code. */
int32_t sc_httpd_check_header(sc_httpd_request *r);
/* Appends upload data (or drops it, setting over_cap, once over the cap). Returns 0, or -1
 * when out of memory. */
int sc_httpd_take_body(sc_httpd_request *r, const char *data, size_t size);
/* Checks, once the header is in, that the target ran up to the version: libmicrohttpd cuts
 * the target at a NUL byte. Returns an SC_HTTPD_PROBLEM_* code. */
int32_t sc_httpd_check_target(sc_httpd_request *r);
/* Writes the stored response (with its copied body) to the socket and shuts down the
 * socket's sending side, for an answer made while the body still arrives. Returns 0, or -1
 * when nothing could be sent (the connection is then closed). */
int sc_httpd_send_early(sc_httpd_request *r);
/* Queues the stored response. */
enum MHD_Result sc_httpd_queue(sc_httpd_request *r);
/* An empty 500 that closes the connection (NULL when out of memory). */
struct MHD_Response *sc_httpd_bare_500(void);


/* ---- the listening socket (sc_httpd_listen.c) ---- */
/* Creates, binds and listens on the socket, sets d->port; on failure returns -1 and points
 * *why at a reason. */
int sc_httpd_listen_open(sc_httpd *d, const struct sockaddr *address, socklen_t length,
                         const char **why);
/* Starts the accepting thread (d->mhd must be running). Returns 0, or -1. */
int sc_httpd_listen_start(sc_httpd *d);
/* A connection closed (called under the guard's lock): no longer counted as handed over;
 * wakes the accepting thread if it waits at the connection limit. */
void sc_httpd_listen_connection_closed(sc_httpd *d);
/* Stops accepting (if still accepting) and closes the listening socket and the eventfd. */
void sc_httpd_listen_close(sc_httpd *d);

/* ---- the guard (sc_httpd_guard.c) ---- */
uint64_t sc_httpd_now_ns(void);
/* Starts the guard's thread when a header deadline is set. Returns 0, or -1. */
int sc_httpd_guard_start(sc_httpd *d);
/* Stops and joins the guard's thread, frees what it tracks. */
void sc_httpd_guard_stop(sc_httpd *d);
/* MHD_AcceptPolicyCallback: refuses an address over its per-address limit. */
enum MHD_Result sc_httpd_guard_accept(void *cls, const struct sockaddr *addr, socklen_t addrlen);
/* MHD_NotifyConnectionCallback: tracks connections opening and closing. */
void sc_httpd_guard_notify(void *cls, struct MHD_Connection *connection, void **socket_context,
                           enum MHD_ConnectionNotificationCode code);
/* The header of the connection's current request is in (its deadline no longer applies and
 * the body's starts), body bytes arrived (the body's deadline grows), the body is complete
 * (its deadline no longer applies), or the request is over (the next one's deadline starts
 * now). */
void sc_httpd_guard_header_done(sc_httpd *d, struct MHD_Connection *connection);
void sc_httpd_guard_request_done(sc_httpd *d, struct MHD_Connection *connection);
void sc_httpd_guard_body_received(sc_httpd *d, struct MHD_Connection *connection, size_t bytes);
void sc_httpd_guard_body_done(sc_httpd *d, struct MHD_Connection *connection);

#endif
