/* libmicrohttpd is opened when the first daemon starts, not linked: with GnuTLS and its
 * nine libraries behind it, it costs every process about 2 ms of CPU before main, and only
 * `serve` runs a daemon. microhttpd.h supplies the types; the calls go through sc_mhd. */
#include "sc_httpd_internal.h"

#include <dlfcn.h>
#include <stdio.h>

#define SC_MHD_LIBRARY "libmicrohttpd.so.12"

sc_mhd_library sc_mhd;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[512];

static void load(void) {
    void *handle = dlopen(SC_MHD_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "%s", why ? why : SC_MHD_LIBRARY " not found");
        return;
    }
#define SC_MHD_SYMBOL(field, name) {(void **)&sc_mhd.field, #name}
    struct { void **slot; const char *name; } symbols[] = {
        SC_MHD_SYMBOL(start_daemon, MHD_start_daemon),
        SC_MHD_SYMBOL(stop_daemon, MHD_stop_daemon),
        SC_MHD_SYMBOL(get_daemon_info, MHD_get_daemon_info),
        SC_MHD_SYMBOL(add_connection, MHD_add_connection),
        SC_MHD_SYMBOL(get_connection_info, MHD_get_connection_info),
        SC_MHD_SYMBOL(get_connection_values_n, MHD_get_connection_values_n),
        SC_MHD_SYMBOL(suspend_connection, MHD_suspend_connection),
        SC_MHD_SYMBOL(resume_connection, MHD_resume_connection),
        SC_MHD_SYMBOL(create_response_from_buffer, MHD_create_response_from_buffer),
        SC_MHD_SYMBOL(create_response_from_callback, MHD_create_response_from_callback),
        SC_MHD_SYMBOL(set_response_options, MHD_set_response_options),
        SC_MHD_SYMBOL(add_response_header, MHD_add_response_header),
        SC_MHD_SYMBOL(get_response_headers, MHD_get_response_headers),
        SC_MHD_SYMBOL(queue_response, MHD_queue_response),
        SC_MHD_SYMBOL(destroy_response, MHD_destroy_response),
        SC_MHD_SYMBOL(get_reason_phrase_for, MHD_get_reason_phrase_for),
    };
#undef SC_MHD_SYMBOL
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(handle, symbols[i].name);
        if (!*symbols[i].slot) {
            snprintf(load_error, sizeof load_error, SC_MHD_LIBRARY " has no %s", symbols[i].name);
            return; /* the handle stays open: nothing else will load it */
        }
    }
    loaded = 1;
}

int sc_mhd_load(char *err, size_t err_size) {
    pthread_once(&load_once, load);
    if (loaded) return 0;
    if (err && err_size > 0) snprintf(err, err_size, "libmicrohttpd could not be loaded: %s", load_error);
    return -1;
}
