#include "sc_httpd_internal.h"

#include <arpa/inet.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

static void sc_httpd_message(char *err, size_t err_size, const char *message) {
    if (err != NULL && err_size > 0) snprintf(err, err_size, "%s", message);
}

/* Set on a libmicrohttpd thread just before the access handler returns MHD_NO on purpose (an
 * answer already written, a client that left): libmicrohttpd then logs "Application reported
 * internal error", which is not one, and sc_httpd_log drops that line. */
static _Thread_local int sc_httpd_closing_on_purpose;

static enum MHD_Result sc_httpd_close_on_purpose(void) {
    sc_httpd_closing_on_purpose = 1;
    return MHD_NO;
}

/* Hands a complete request (or one with a problem) to the caller, and queues the answer
 * unless it was deferred. `early`: the body is still arriving, when libmicrohttpd cannot
 * queue a response, so the answer is written to the socket directly (sc_httpd_send_early)
 * and the rest of the body drained. */
static enum MHD_Result sc_httpd_dispatch(sc_httpd_request *r, int32_t problem, int early) {
    r->dispatched = 1;
    if (sc_httpd_collect_fields(r) != 0) return MHD_NO;
    r->in_callback = 1;
    r->early = early;
    r->daemon->options.on_request(r->daemon->options.context, r, problem);
    r->in_callback = 0;
    /* Closed at once: the answer and a FIN are already on their way, which the client reads
     * before the reset that closing over unread body bytes sends. */
    if (early) {
        (void)sc_httpd_send_early(r);
        return sc_httpd_close_on_purpose();
    }
    if (atomic_load(&r->deferred)) return MHD_YES;
    if (atomic_load(&r->response) == NULL) {
        struct MHD_Response *response = sc_httpd_bare_500();
        if (response == NULL) return MHD_NO;
        r->status = 500;
        r->response_length = 0;
        atomic_store(&r->response, response);
    }
    return sc_httpd_queue(r);
}

/* A request whose client waits for `100 Continue` is first shown to on_head, which may answer
 * it at once (then libmicrohttpd sends that answer instead of inviting the body, and closes
 * after it) or leave the body to be invited. */
static enum MHD_Result sc_httpd_offer_head(sc_httpd_request *r) {
    const sc_httpd_options *o = &r->daemon->options;
    if (o->on_head == NULL || !r->awaits_continue) return MHD_YES;
    r->in_callback = 1;
    o->on_head(o->context, r);
    r->in_callback = 0;
    if (atomic_load(&r->response) == NULL) return MHD_YES;
    r->dispatched = 1;
    return sc_httpd_queue(r);
}

/* The access handler, called (1) once the header is in, (2) for each piece of the body,
 * (3) once the request is complete, and again after each resume. */
static enum MHD_Result sc_httpd_access(void *cls, struct MHD_Connection *connection,
                                       const char *url, const char *method,
                                       const char *version, const char *upload_data,
                                       size_t *upload_data_size, void **req_cls) {
    (void)cls;
    (void)url;
    sc_httpd_request *r = *req_cls;
    sc_httpd_closing_on_purpose = 0;
    if (r == NULL) return MHD_NO; /* out of memory at the request line */
    r->method = method;
    r->version = version;

    if (!r->headers_checked) {
        r->headers_checked = 1;
        sc_httpd_guard_header_done(r->daemon, connection);
        if (sc_httpd_collect_fields(r) != 0) return MHD_NO;
        int32_t problem = sc_httpd_check_target(r);
        if (problem == SC_HTTPD_PROBLEM_NONE) problem = sc_httpd_check_header(r);
        return problem != SC_HTTPD_PROBLEM_NONE ? sc_httpd_dispatch(r, problem, 0) : sc_httpd_offer_head(r);
    }
    if (*upload_data_size != 0) {
        size_t size = *upload_data_size;
        *upload_data_size = 0;
        sc_httpd_guard_body_received(r->daemon, connection, size);
        int was_over = r->over_cap;
        if (sc_httpd_take_body(r, upload_data, size) != 0) return MHD_NO;
        /* a chunked body just went over the cap: answer 413 now, not after draining it */
        if (!was_over && r->over_cap && !r->dispatched)
            return sc_httpd_dispatch(r, SC_HTTPD_PROBLEM_BODY_TOO_LARGE, 1);
        return MHD_YES;
    }
    sc_httpd_guard_body_done(r->daemon, connection); /* the request is complete */
    if (atomic_load(&r->deferred)) {
        /* resumed with the response (or without one: close); otherwise a spurious call */
        if (atomic_load(&r->response) != NULL) return sc_httpd_queue(r);
        return atomic_load(&r->unanswerable) ? sc_httpd_close_on_purpose() : MHD_YES;
    }
    if (r->early) return sc_httpd_close_on_purpose(); /* answered while the body arrived: now close */
    if (r->dispatched) return MHD_YES;
    return sc_httpd_dispatch(r, r->over_cap ? SC_HTTPD_PROBLEM_BODY_TOO_LARGE
                                            : SC_HTTPD_PROBLEM_NONE, 0);
}

static void sc_httpd_completed(void *cls, struct MHD_Connection *connection, void **req_cls,
                               enum MHD_RequestTerminationCode toe) {
    sc_httpd *d = cls;
    sc_httpd_request *r = *req_cls;
    if (connection != NULL) sc_httpd_guard_request_done(d, connection);
    if (r == NULL) return;
    *req_cls = NULL;
    if (!r->queued && connection != NULL) {
        /* libmicrohttpd answered itself (a request line or header over its memory limit, a
         * malformed Content-Length) */
        const union MHD_ConnectionInfo *info =
            sc_mhd.get_connection_info(connection, MHD_CONNECTION_INFO_HTTP_STATUS);
        if (info != NULL && info->http_status >= 100 && info->http_status <= 599) {
            r->status = (uint16_t)info->http_status;
            r->response_length = 0;
            r->queued = 1;
        }
    }
    /* An answer written while the body arrived ends the connection on purpose, which
     * libmicrohttpd reports as an error: it was sent. */
    int32_t end = r->early && toe == MHD_REQUEST_TERMINATED_WITH_ERROR ? SC_HTTPD_END_COMPLETED : (int32_t)toe;
    if (d->options.on_completed != NULL)
        d->options.on_completed(d->options.context, r, end);
    sc_httpd_request_free(r);
}

static void sc_httpd_log(void *cls, const char *format, va_list ap) {
    sc_httpd *d = cls;
    char message[512];
    vsnprintf(message, sizeof message, format, ap);
    size_t n = strlen(message);
    while (n > 0 && (message[n - 1] == '\n' || message[n - 1] == '\r')) message[--n] = 0;
    static const char internal[] = "Application reported internal error";
    if (sc_httpd_closing_on_purpose && strncmp(message, internal, sizeof internal - 1) == 0) {
        sc_httpd_closing_on_purpose = 0;
        return;
    }
    d->options.on_log(d->options.context, message);
}

/* ---- the daemon ---- */

sc_httpd *sc_httpd_start(const sc_httpd_options *o, char *err, size_t err_size) {
    if (o == NULL || o->on_request == NULL || o->io_threads == 0 || o->connection_limit == 0 ||
        o->listen_backlog == 0) {
        sc_httpd_message(err, err_size, "missing request callback or a zero thread, "
                                        "connection or backlog count");
        return NULL;
    }
    if (sc_mhd_load(err, err_size) != 0) return NULL;
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    const char *host = (o->host != NULL && o->host[0] != 0) ? o->host : "127.0.0.1";
    /* No listening socket for libmicrohttpd: the shim owns it (sc_httpd_listen.c). */
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL |
                         MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC | MHD_USE_NO_LISTEN_SOCKET;
    const struct sockaddr *address = NULL;
    socklen_t address_length = 0;
    if (inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(o->port);
        address = (const struct sockaddr *)&v4;
        address_length = sizeof v4;
    } else if (inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(o->port);
        address = (const struct sockaddr *)&v6;
        address_length = sizeof v6;
    } else {
        sc_httpd_message(err, err_size, "host is not an IPv4 or IPv6 address");
        return NULL;
    }

    sc_httpd *d = calloc(1, sizeof *d);
    if (d == NULL) {
        sc_httpd_message(err, err_size, "out of memory");
        return NULL;
    }
    d->options = *o;
    d->options.host = NULL;
    d->listen_fd = -1;
    d->wake_fd = -1;
    atomic_init(&d->live_requests, 0);
    atomic_init(&d->body_bytes, 0);
    atomic_init(&d->body_reserved, 0);
    const char *why = NULL;
    if (sc_httpd_listen_open(d, address, address_length, &why) != 0) {
        sc_httpd_message(err, err_size, why);
        free(d);
        return NULL;
    }
    if (sc_httpd_guard_start(d) != 0) {
        sc_httpd_message(err, err_size, "cannot start the connection guard thread");
        sc_httpd_listen_close(d);
        free(d);
        return NULL;
    }
    if (o->on_log != NULL) flags |= MHD_USE_ERROR_LOG;
    /* libmicrohttpd gives each of its io_threads workers connection_limit / io_threads */
    uint64_t wide_limit = (uint64_t)o->connection_limit * o->io_threads;
    unsigned int mhd_connection_limit = wide_limit > UINT32_MAX ? UINT32_MAX
                                                                 : (unsigned int)wide_limit;

    /* The logger comes first so that it also receives messages about the other options. */
    struct MHD_OptionItem items[] = {
        {MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)&sc_httpd_log, d},
        {MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)o->io_threads, NULL},
        /* The limit is the accepting thread's (sc_httpd_listen.c); each worker may hold all
         * of it, so none ever reaches its own share. */
        {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)mhd_connection_limit, NULL},
        /* per-address limits are the guard's (IPv6 counted per /64) */
        {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)&sc_httpd_guard_notify, d},
        {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)o->connection_timeout_seconds, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)o->connection_memory_limit, NULL},
        {MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)&sc_httpd_begin, d},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)&sc_httpd_completed, d},
        /* Not strict: in strict mode libmicrohttpd drops a target with a space without an
         * answer, and sends its header block twice in its 400 for a missing Host. The shim
         * checks Host and field names itself; the server checks the target. */
        {MHD_OPTION_STRICT_FOR_CLIENT, 0, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    d->mhd = sc_mhd.start_daemon(flags, 0, &sc_httpd_guard_accept, d, &sc_httpd_access, d,
                                 MHD_OPTION_ARRAY, o->on_log != NULL ? items : items + 1,
                                 MHD_OPTION_END);
    if (d->mhd == NULL) {
        sc_httpd_message(err, err_size, "libmicrohttpd could not start (out of threads or "
                                        "descriptors)");
        sc_httpd_guard_stop(d);
        sc_httpd_listen_close(d);
        free(d);
        return NULL;
    }
    if (sc_httpd_listen_start(d) != 0) {
        sc_httpd_message(err, err_size, "cannot start the accepting thread");
        sc_httpd_listen_close(d);
        sc_mhd.stop_daemon(d->mhd);
        sc_httpd_guard_stop(d);
        free(d);
        return NULL;
    }
    return d;
}

uint16_t sc_httpd_port(const sc_httpd *d) { return d->port; }

void sc_httpd_stop(sc_httpd *d) {
    if (d == NULL) return;
    (void)sc_httpd_quiesce(d); /* no connection may be added while libmicrohttpd stops */
    sc_mhd.stop_daemon(d->mhd);
    sc_httpd_guard_stop(d);
    sc_httpd_listen_close(d);
    free(d);
}

uint32_t sc_httpd_connection_count(const sc_httpd *d) {
    const union MHD_DaemonInfo *info =
        sc_mhd.get_daemon_info(d->mhd, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info != NULL ? info->num_connections : 0;
}

int64_t sc_httpd_live_requests(const sc_httpd *d) {
    return atomic_load(&((sc_httpd *)d)->live_requests);
}

int64_t sc_httpd_body_bytes(const sc_httpd *d) {
    return atomic_load(&((sc_httpd *)d)->body_bytes);
}
