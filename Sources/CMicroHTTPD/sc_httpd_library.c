/* libmicrohttpd is opened when the first daemon starts, not linked: with GnuTLS and its
 * nine libraries behind it, it costs every process about 2 ms of CPU before main, and only
 * `serve` runs a daemon. microhttpd.h supplies the types; the calls go through sc_mhd. */
#include "sc_httpd_internal.h"

#include <stdio.h>

#include "sc_dynamic_library.h"

#define SC_MHD_PACKAGE "libmicrohttpd12"

sc_mhd_library sc_mhd;

static sc_dl_once sc_mhd_once = SC_DL_ONCE_INIT;
static const char *const default_names[] = {SC_HTTPD_LIBRARY_NAME};

/* Opens names into table (once per process when once is given) and explains a failure. */
static int32_t open_into(sc_mhd_library *table, sc_dl_once *once, const char *const *names, size_t name_count,
                         char *err, size_t err_size) {
#define SC_MHD_SYMBOL(field, name) {(void **)&table->field, #name}
    const sc_dl_symbol symbols[] = {
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
    return sc_dl_open_explained("libmicrohttpd", SC_MHD_PACKAGE, once, names, name_count, symbols, sizeof symbols / sizeof symbols[0],
                                err, err_size);
}

int sc_mhd_load(char *err, size_t err_size) {
    return open_into(&sc_mhd, &sc_mhd_once, default_names, 1, err, err_size);
}

int32_t sc_httpd_library_open(char *err, size_t err_size) { return sc_mhd_load(err, err_size) == 0 ? 0 : -1; }

int32_t sc_httpd_library_check(const char *const *names, size_t name_count, char *err, size_t err_size) {
    sc_mhd_library table;
    return open_into(&table, NULL, names, name_count, err, err_size);
}
