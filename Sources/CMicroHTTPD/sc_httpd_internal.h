#ifndef SC_HTTPD_INTERNAL_H
#define SC_HTTPD_INTERNAL_H
/* The shim's own types, shared by sc_httpd.c (the daemon and its callbacks) and
 * sc_httpd_request.c (one request: collecting, checking, answering). Not part of the
 * public header: it sees libmicrohttpd's types. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, strncasecmp, inet_ntop */

#include "sc_httpd.h"

#include <netinet/in.h>
#include <stdatomic.h>
#include <string.h>
#include <strings.h>

#include <microhttpd.h>

/* Bytes of an over-long chunked body read and dropped (so the client sees the 413 rather
 * than a reset) before the connection is closed instead. */
#define SC_HTTPD_DRAIN_MIN (64u * 1024u)

typedef struct sc_httpd_field {
    const char *name;
    size_t name_length;
    const char *value;
    size_t value_length;
} sc_httpd_field;

struct sc_httpd {
    struct MHD_Daemon *mhd;
    sc_httpd_options options; /* host not kept */
    uint16_t port;
    int listen_fd;            /* the quiesced listening socket, closed after stop */
    int quiesced;
    _Atomic int64_t live_requests;
};

struct sc_httpd_request {
    sc_httpd *daemon;
    struct MHD_Connection *connection;
    char *target;
    size_t target_length;
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
    size_t drained;       /* bytes dropped after the body went over the cap */
    int over_cap;

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
/* Appends upload data (or drops it once over the cap). Returns 0, or -1 to close. */
int sc_httpd_take_body(sc_httpd_request *r, const char *data, size_t size);
/* Queues the stored response. */
enum MHD_Result sc_httpd_queue(sc_httpd_request *r);
/* An empty 500 that closes the connection (NULL when out of memory). */
struct MHD_Response *sc_httpd_bare_500(void);

#endif
