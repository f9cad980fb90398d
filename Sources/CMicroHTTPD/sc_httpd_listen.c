/* The listening socket, owned by the shim, and the thread that accepts on it.
 *
 * libmicrohttpd 0.9.75 can stop accepting only through MHD_quiesce_daemon, which with a
 * thread pool and epoll removes the listening socket from each worker's epoll set from the
 * calling thread while each worker may be removing it too (a worker does so itself once it
 * sees the daemon quiesced, or reaches its connection limit); whichever comes second gets
 * ENOENT, and both paths answer that with MHD_PANIC ("Failed to remove listen FD from epoll
 * set") — the process aborts. So libmicrohttpd never sees a listening socket here
 * (MHD_USE_NO_LISTEN_SOCKET): one thread accepts and hands each connection to the pool with
 * MHD_add_connection, and stopping is the shim's own business: the thread is woken, joined,
 * and the socket closed, after which the kernel refuses new connections.
 *
 * The connection limit keeps its meaning: while libmicrohttpd holds connection_limit
 * connections the thread stops accepting (clients wait in the backlog, as they did when
 * libmicrohttpd took the listening socket out of its epoll sets at the limit) and is woken
 * when one closes.
 *
 * The limit is enforced here alone, counting each socket before it is handed over, and
 * libmicrohttpd is given room to spare (sc_httpd.c): MHD_add_connection only queues the
 * socket for a worker, which counts it later, so a worker can be handed one more socket than
 * its share; 0.9.75 then refuses it on a path that leaves the worker's
 * cleanup_connection_mutex locked, and the worker deadlocks on that mutex the next time a
 * connection closes — after which MHD_stop_daemon waits for it forever. */
#include "sc_httpd_internal.h"

#include <errno.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

/* How long to pause after an accept that failed for lack of descriptors or memory. */
#define LISTEN_PAUSE_MS 10

int sc_httpd_listen_open(sc_httpd *d, const struct sockaddr *address, socklen_t length,
                         const char **why) {
    int fd = socket(address->sa_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        *why = "cannot create a socket";
        return -1;
    }
    int on = 1;
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 ||
        (address->sa_family == AF_INET6 &&
         setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on) != 0)) {
        *why = "cannot set the listening socket's options";
        close(fd);
        return -1;
    }
    if (bind(fd, address, length) != 0) {
        *why = errno == EADDRINUSE ? "address in use" : "cannot bind the address";
        close(fd);
        return -1;
    }
    if (listen(fd, (int)d->options.listen_backlog) != 0) {
        *why = "cannot listen";
        close(fd);
        return -1;
    }
    struct sockaddr_storage bound;
    socklen_t bound_length = sizeof bound;
    if (getsockname(fd, (struct sockaddr *)&bound, &bound_length) != 0) {
        *why = "cannot read the bound port";
        close(fd);
        return -1;
    }
    d->port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
                                                : ((struct sockaddr_in *)&bound)->sin_port);
    d->wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (d->wake_fd < 0) {
        *why = "cannot create an eventfd";
        close(fd);
        return -1;
    }
    d->listen_fd = fd;
    return 0;
}

static void sc_httpd_listen_wake(sc_httpd *d) {
    uint64_t one = 1;
    /* EAGAIN: the counter is already non-zero, the thread will wake anyway */
    while (write(d->wake_fd, &one, sizeof one) < 0 && errno == EINTR) {}
}

static void sc_httpd_listen_drain_wake(sc_httpd *d) {
    uint64_t count;
    while (read(d->wake_fd, &count, sizeof count) < 0 && errno == EINTR) {}
}

/* Waits for the wake descriptor (and the listening socket when `accepting`), at most
 * timeout_ms (-1: no limit). Returns the listening socket's revents. */
static short sc_httpd_listen_wait(sc_httpd *d, int accepting, int timeout_ms) {
    struct pollfd fds[2] = {{.fd = d->wake_fd, .events = POLLIN},
                            {.fd = accepting ? d->listen_fd : -1, .events = POLLIN}};
    int n = poll(fds, 2, timeout_ms);
    if (n > 0 && (fds[0].revents & POLLIN)) sc_httpd_listen_drain_wake(d);
    return n > 0 ? fds[1].revents : 0;
}

static int sc_httpd_listen_full(sc_httpd *d) {
    sc_httpd_guard *g = &d->guard;
    pthread_mutex_lock(&g->lock);
    int full = g->handed_count >= d->options.connection_limit;
    atomic_store(&d->accept_waiting, full);
    pthread_mutex_unlock(&g->lock);
    return full;
}

static void sc_httpd_listen_count_handed(sc_httpd *d, int change) {
    sc_httpd_guard *g = &d->guard;
    pthread_mutex_lock(&g->lock);
    if (change > 0) g->handed_count++;
    else if (g->handed_count > 0) g->handed_count--;
    pthread_mutex_unlock(&g->lock);
}

static void *sc_httpd_listen_run(void *argument) {
    sc_httpd *d = argument;
    while (!atomic_load(&d->accept_stopping)) {
        if (sc_httpd_listen_full(d)) {
            sc_httpd_listen_wait(d, 0, -1); /* a connection closing, or stopping, wakes it */
            continue;
        }
        short ready = sc_httpd_listen_wait(d, 1, -1);
        if (atomic_load(&d->accept_stopping)) break;
        if (!(ready & POLLIN)) continue;
        struct sockaddr_storage peer;
        socklen_t peer_length = sizeof peer;
        int client = accept4(d->listen_fd, (struct sockaddr *)&peer, &peer_length,
                             SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (client < 0) {
            if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
                if (d->options.on_log != NULL)
                    d->options.on_log(d->options.context,
                                      "cannot accept a connection: out of descriptors or memory");
                sc_httpd_listen_wait(d, 0, LISTEN_PAUSE_MS);
            }
            continue; /* EAGAIN, EINTR, ECONNABORTED, EPROTO: the next one */
        }
        /* libmicrohttpd closes the socket itself when it refuses it (the accept policy, no
         * memory); a refused socket is never notified, so it is uncounted here. A socket
         * refused later by a worker (out of memory for its pool) stays counted: the limit is
         * then one lower for the daemon's life. */
        sc_httpd_listen_count_handed(d, 1);
        if (sc_mhd.add_connection(d->mhd, client, (struct sockaddr *)&peer, peer_length) != MHD_YES)
            sc_httpd_listen_count_handed(d, -1);
    }
    return NULL;
}

int sc_httpd_listen_start(sc_httpd *d) {
    atomic_init(&d->accept_stopping, 0);
    atomic_init(&d->accept_waiting, 0);
    if (pthread_create(&d->acceptor, NULL, sc_httpd_listen_run, d) != 0) return -1;
    d->acceptor_started = 1;
    return 0;
}

void sc_httpd_listen_connection_closed(sc_httpd *d) {
    if (d->guard.handed_count > 0) d->guard.handed_count--;
    if (atomic_load(&d->accept_waiting)) sc_httpd_listen_wake(d);
}

int32_t sc_httpd_quiesce(sc_httpd *d) {
    if (d->listen_fd < 0) return -1;
    atomic_store(&d->accept_stopping, 1);
    if (d->acceptor_started) {
        sc_httpd_listen_wake(d);
        pthread_join(d->acceptor, NULL);
        d->acceptor_started = 0;
    }
    close(d->listen_fd); /* from here on the kernel refuses connections */
    d->listen_fd = -1;
    return 0;
}

void sc_httpd_listen_close(sc_httpd *d) {
    (void)sc_httpd_quiesce(d);
    if (d->wake_fd >= 0) close(d->wake_fd);
    d->wake_fd = -1;
}
