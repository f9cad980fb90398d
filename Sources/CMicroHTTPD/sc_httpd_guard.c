/* The guard: what libmicrohttpd 0.9.75 does not do itself.
 *
 * 1. A total deadline for a request line and header. libmicrohttpd's timeout counts idle
 *    time only, so a client sending one byte every few seconds holds a connection forever.
 *    The guard notes when each connection starts waiting for a request (its opening, or the
 *    end of its previous request) and when that request's header is complete; a thread
 *    wakes every GUARD_TICK_MS and shuts down (shutdown(2), read and write) the sockets of
 *    connections past their deadline, which libmicrohttpd then sees as closed by the peer.
 *    Under pressure (open connections at 3/4 of the limit or more) the deadline shrinks to
 *    GUARD_PRESSURE_MS: a real client sends its header in one packet, so only trickling
 *    clients are hurt, and new clients find room.
 * 2. A deadline for a request body that grows with what arrives, as Apache's
 *    mod_reqtimeout sets one: the header timeout once the header is in, plus a second for
 *    every SC_HTTPD_BODY_MIN_RATE bytes received. libmicrohttpd's idle timeout let a client
 *    that sends one byte every few seconds of a 10 MiB upload hold its connection for
 *    years, and a few such clients per address held every connection; a real upload, even
 *    over a slow phone link, runs far above 500 bytes a second.
 * 3. Closing connections whose client has finished sending. A client that half-closes its
 *    side after a request (shutdown(2) of its writing side, as `nc -N` does) is answered, but
 *    libmicrohttpd 0.9.75 under epoll often misses the end of stream that arrived with the
 *    request, so the connection stayed open until the header deadline (and the client, which
 *    waits for the server to close, with it). A connection waiting for a request for
 *    GUARD_HALF_CLOSED_MS or more whose socket reads as ended with nothing unread (a peek, at
 *    most once a second per connection) is shut down: no request can follow. A request
 *    libmicrohttpd has already buffered (pipelined before the end of stream) is parsed as soon
 *    as the previous one completes, long before that grace ends, and from then on the
 *    connection is not waiting.
 * 4. Per-address connection limits that treat an IPv6 /64 as one address (one host usually
 *    owns a whole /64; libmicrohttpd's own limit counts each of its 2^64 addresses apart).
 *    IPv4-mapped IPv6 addresses count as their IPv4 address.
 *
 * Connections are tracked from libmicrohttpd's connection notifications, which it sends
 * before it closes a socket, and the guard shuts sockets down only under its lock, so it
 * never touches a descriptor number that was closed and reused. The per-address check runs
 * in the accept policy callback, before the connection is tracked: two connections accepted
 * at the same moment on different I/O threads may both pass, so an address may briefly hold
 * up to (io_threads - 1) connections over its limit. */
#include "sc_httpd_internal.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#define GUARD_TICK_MS 100u
#define GUARD_PRESSURE_MS 1000u
#define GUARD_HALF_CLOSED_MS 200u
#define GUARD_PEEK_INTERVAL_MS 1000u

uint64_t sc_httpd_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Whether the client has ended its side of the connection and nothing it sent is unread. */
static int sc_httpd_peer_finished(int fd) {
    char byte;
    ssize_t n = recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0;
}

/* The address key: family byte, then the IPv4 address or the IPv6 /64 prefix. */
static size_t sc_httpd_address_key(const struct sockaddr *sa, uint8_t key[16]) {
    if (sa == NULL) return 0;
    if (sa->sa_family == AF_INET) {
        key[0] = 4;
        memcpy(key + 1, &((const struct sockaddr_in *)sa)->sin_addr, 4);
        return 5;
    }
    if (sa->sa_family == AF_INET6) {
        const uint8_t *a = ((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr;
        static const uint8_t mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        if (memcmp(a, mapped, sizeof mapped) == 0) {
            key[0] = 4;
            memcpy(key + 1, a + 12, 4);
            return 5;
        }
        key[0] = 6;
        memcpy(key + 1, a, 8);
        return 9;
    }
    return 0;
}

static void *sc_httpd_guard_run(void *argument) {
    sc_httpd *d = argument;
    sc_httpd_guard *g = &d->guard;
    const uint64_t timeout_ns = (uint64_t)d->options.header_timeout_ms * 1000000u;
    const uint64_t pressure_ns =
        (uint64_t)(GUARD_PRESSURE_MS < d->options.header_timeout_ms ? GUARD_PRESSURE_MS
                                                                     : d->options.header_timeout_ms) *
        1000000u;
    pthread_mutex_lock(&g->lock);
    while (!g->stopping) {
        uint64_t now = sc_httpd_now_ns();
        int pressed = (uint64_t)g->connection_count * 4 >= (uint64_t)d->options.connection_limit * 3;
        uint64_t limit = pressed ? pressure_ns : timeout_ns;
        for (sc_httpd_conn *c = g->connections; c != NULL; c = c->next) {
            if (c->body_deadline_ns != 0 && c->fd >= 0 && now > c->body_deadline_ns) {
                shutdown(c->fd, SHUT_RDWR);
                c->body_deadline_ns = 0;
                g->body_timeouts++;
                continue;
            }
            if (c->header_started_ns == 0 || c->fd < 0) continue;
            const uint64_t waited = now - c->header_started_ns;
            if (waited > limit) {
                shutdown(c->fd, SHUT_RDWR);
                c->header_started_ns = 0;
                g->header_timeouts++;
            } else if (waited >= (uint64_t)GUARD_HALF_CLOSED_MS * 1000000u &&
                       (c->peeked_ns < c->header_started_ns ||
                        now - c->peeked_ns >= (uint64_t)GUARD_PEEK_INTERVAL_MS * 1000000u)) {
                c->peeked_ns = now;
                if (sc_httpd_peer_finished(c->fd)) {
                    shutdown(c->fd, SHUT_RDWR);
                    c->header_started_ns = 0;
                    g->half_closed++;
                }
            }
        }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += (long)GUARD_TICK_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec += 1;
            until.tv_nsec -= 1000000000L;
        }
        int waited = pthread_cond_timedwait(&g->wake, &g->lock, &until);
        if (waited != 0 && waited != ETIMEDOUT) break; /* cannot wait: stop guarding */
    }
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

int sc_httpd_guard_start(sc_httpd *d) {
    sc_httpd_guard *g = &d->guard;
    if (pthread_mutex_init(&g->lock, NULL) != 0) return -1;
    if (pthread_cond_init(&g->wake, NULL) != 0) {
        pthread_mutex_destroy(&g->lock);
        return -1;
    }
    if (d->options.header_timeout_ms > 0) {
        if (pthread_create(&g->thread, NULL, sc_httpd_guard_run, d) != 0) {
            pthread_cond_destroy(&g->wake);
            pthread_mutex_destroy(&g->lock);
            return -1;
        }
        g->thread_started = 1;
    }
    return 0;
}

void sc_httpd_guard_stop(sc_httpd *d) {
    sc_httpd_guard *g = &d->guard;
    pthread_mutex_lock(&g->lock);
    g->stopping = 1;
    pthread_cond_broadcast(&g->wake);
    pthread_mutex_unlock(&g->lock);
    if (g->thread_started) pthread_join(g->thread, NULL);
    g->thread_started = 0;
    /* libmicrohttpd has stopped: every connection was notified closed, but free any rest */
    sc_httpd_conn *c = g->connections;
    while (c != NULL) {
        sc_httpd_conn *next = c->next;
        free(c);
        c = next;
    }
    g->connections = NULL;
    pthread_cond_destroy(&g->wake);
    pthread_mutex_destroy(&g->lock);
}

enum MHD_Result sc_httpd_guard_accept(void *cls, const struct sockaddr *addr, socklen_t addrlen) {
    (void)addrlen;
    sc_httpd *d = cls;
    uint32_t limit = d->options.per_ip_connection_limit;
    if (limit == 0) return MHD_YES;
    uint8_t key[16];
    size_t length = sc_httpd_address_key(addr, key);
    if (length == 0) return MHD_YES;
    sc_httpd_guard *g = &d->guard;
    uint32_t same = 0;
    pthread_mutex_lock(&g->lock);
    for (sc_httpd_conn *c = g->connections; c != NULL && same < limit; c = c->next)
        if (c->key_length == length && memcmp(c->key, key, length) == 0) same++;
    if (same >= limit) g->per_ip_refusals++;
    pthread_mutex_unlock(&g->lock);
    return same >= limit ? MHD_NO : MHD_YES;
}

void sc_httpd_guard_notify(void *cls, struct MHD_Connection *connection, void **socket_context,
                           enum MHD_ConnectionNotificationCode code) {
    sc_httpd *d = cls;
    sc_httpd_guard *g = &d->guard;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        sc_httpd_conn *c = calloc(1, sizeof *c);
        *socket_context = c;
        if (c == NULL) return; /* untracked: no deadline, not counted for its address */
        const union MHD_ConnectionInfo *fd =
            sc_mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
        c->fd = fd != NULL ? fd->connect_fd : -1;
        const union MHD_ConnectionInfo *address =
            sc_mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        c->key_length = sc_httpd_address_key(address != NULL ? address->client_addr : NULL, c->key);
        c->opened_ns = c->header_started_ns = sc_httpd_now_ns();
        pthread_mutex_lock(&g->lock);
        c->next = g->connections;
        if (g->connections != NULL) g->connections->prev = c;
        g->connections = c;
        g->connection_count++;
        pthread_mutex_unlock(&g->lock);
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        sc_httpd_conn *c = *socket_context;
        *socket_context = NULL;
        pthread_mutex_lock(&g->lock);
        if (c != NULL) {
            if (c->prev != NULL) c->prev->next = c->next;
            else g->connections = c->next;
            if (c->next != NULL) c->next->prev = c->prev;
            g->connection_count--;
        }
        sc_httpd_listen_connection_closed(d);
        pthread_mutex_unlock(&g->lock);
        free(c);
    }
}

static sc_httpd_conn *sc_httpd_guard_find(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        sc_mhd.get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info != NULL ? info->socket_context : NULL;
}

/* The header is in: its deadline ends and the body's begins (a request without a body is
 * complete at once, sc_httpd_guard_body_done). */
void sc_httpd_guard_header_done(sc_httpd *d, struct MHD_Connection *connection) {
    sc_httpd_conn *c = sc_httpd_guard_find(connection);
    if (c == NULL) return;
    pthread_mutex_lock(&d->guard.lock);
    c->header_started_ns = 0;
    if (d->options.header_timeout_ms > 0)
        c->body_deadline_ns = sc_httpd_now_ns() + (uint64_t)d->options.header_timeout_ms * 1000000u;
    pthread_mutex_unlock(&d->guard.lock);
}

void sc_httpd_guard_body_received(sc_httpd *d, struct MHD_Connection *connection, size_t bytes) {
    sc_httpd_conn *c = sc_httpd_guard_find(connection);
    if (c == NULL) return;
    pthread_mutex_lock(&d->guard.lock);
    if (c->body_deadline_ns != 0) c->body_deadline_ns += (uint64_t)bytes * (1000000000u / SC_HTTPD_BODY_MIN_RATE);
    pthread_mutex_unlock(&d->guard.lock);
}

void sc_httpd_guard_body_done(sc_httpd *d, struct MHD_Connection *connection) {
    sc_httpd_conn *c = sc_httpd_guard_find(connection);
    if (c == NULL) return;
    pthread_mutex_lock(&d->guard.lock);
    c->body_deadline_ns = 0;
    pthread_mutex_unlock(&d->guard.lock);
}

void sc_httpd_guard_request_done(sc_httpd *d, struct MHD_Connection *connection) {
    sc_httpd_conn *c = sc_httpd_guard_find(connection);
    if (c == NULL) return;
    pthread_mutex_lock(&d->guard.lock);
    c->header_started_ns = sc_httpd_now_ns();
    c->body_deadline_ns = 0;
    pthread_mutex_unlock(&d->guard.lock);
}

/* One of the guard's counters, read under its lock (the lock is taken, not changed, so a
 * const daemon is cast). */
static uint64_t sc_httpd_guard_counter(const sc_httpd *d, const uint64_t *counter) {
    sc_httpd_guard *g = (sc_httpd_guard *)&d->guard;
    pthread_mutex_lock(&g->lock);
    uint64_t n = *counter;
    pthread_mutex_unlock(&g->lock);
    return n;
}

uint64_t sc_httpd_header_timeouts(const sc_httpd *d) { return sc_httpd_guard_counter(d, &d->guard.header_timeouts); }

uint64_t sc_httpd_body_timeouts(const sc_httpd *d) { return sc_httpd_guard_counter(d, &d->guard.body_timeouts); }

uint64_t sc_httpd_half_closed(const sc_httpd *d) { return sc_httpd_guard_counter(d, &d->guard.half_closed); }

uint64_t sc_httpd_per_ip_refusals(const sc_httpd *d) { return sc_httpd_guard_counter(d, &d->guard.per_ip_refusals); }

static size_t sc_httpd_text_key(const char *text, uint8_t key[16]) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (text == NULL) return 0;
    if (inet_pton(AF_INET, text, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        return sc_httpd_address_key((const struct sockaddr *)&v4, key);
    }
    if (inet_pton(AF_INET6, text, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        return sc_httpd_address_key((const struct sockaddr *)&v6, key);
    }
    return 0;
}

int32_t sc_httpd_same_client(const char *a, const char *b) {
    uint8_t ka[16], kb[16];
    size_t la = sc_httpd_text_key(a, ka), lb = sc_httpd_text_key(b, kb);
    if (la == 0 || lb == 0) return -1;
    return la == lb && memcmp(ka, kb, la) == 0;
}
