#include "sc_httpd_internal.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>

/* ---- collecting a request ---- */

void sc_httpd_request_free(sc_httpd_request *r) {
    struct MHD_Response *response = atomic_exchange(&r->response, NULL);
    if (response != NULL) sc_mhd.destroy_response(response);
    atomic_fetch_sub(&r->daemon->live_requests, 1);
    atomic_fetch_sub(&r->daemon->body_bytes, (int64_t)r->body_capacity);
    atomic_fetch_sub(&r->daemon->body_reserved, (int64_t)r->body_reserved);
    free(r->target);
    free(r->fields);
    free(r->body);
    free(r->early_body);
    free(r);
}

/* MHD_OPTION_URI_LOG_CALLBACK: the first sight of a request, with its target still raw.
 * The returned request becomes the access handler's *req_cls. */
void *sc_httpd_begin(void *cls, const char *uri, struct MHD_Connection *connection) {
    sc_httpd *d = cls;
    sc_httpd_request *r = calloc(1, sizeof *r);
    if (r == NULL) return NULL;
    size_t length = uri != NULL ? strlen(uri) : 0;
    r->target = malloc(length + 1);
    if (r->target == NULL) {
        free(r);
        return NULL;
    }
    if (length > 0) memcpy(r->target, uri, length);
    r->target[length] = 0;
    r->target_length = length;
    r->raw_target = uri;
    r->body_limit = d->options.max_body_bytes;
    /* The server reads the query from its own copy. libmicrohttpd would parse it too, into a
     * record per parameter in the connection's memory pool: past about a thousand parameters
     * (a 2 KB target of '&'s) the pool runs out, and 0.9.75 then answers nothing and holds the
     * connection until the header timeout. Ending its copy right after the '?' leaves it
     * nothing to parse. The line lies in libmicrohttpd's read buffer, which it writes to
     * itself; it finds the '?' before this callback (0.9.75) or after it (older releases) and
     * parses what follows, here nothing, either way. */
    char *query = uri != NULL ? memchr(uri, '?', length) : NULL;
    if (query != NULL) query[1] = 0;
    const union MHD_ConnectionInfo *fd =
        sc_mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    r->fd = fd != NULL ? fd->connect_fd : -1;
    r->daemon = d;
    r->connection = connection;
    r->started_ns = sc_httpd_now_ns();
    atomic_init(&r->response, NULL);
    atomic_init(&r->deferred, 0);
    atomic_init(&r->answered, 0);
    atomic_init(&r->unanswerable, 0);
    atomic_fetch_add(&d->live_requests, 1);

    const union MHD_ConnectionInfo *info =
        sc_mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *sa = info != NULL ? info->client_addr : NULL;
    if (sa != NULL && sa->sa_family == AF_INET) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)sa;
        inet_ntop(AF_INET, &in->sin_addr, r->remote_address, sizeof r->remote_address);
        r->remote_port = ntohs(in->sin_port);
    } else if (sa != NULL && sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;
        inet_ntop(AF_INET6, &in6->sin6_addr, r->remote_address, sizeof r->remote_address);
        r->remote_port = ntohs(in6->sin6_port);
    }
    return r;
}

/* libmicrohttpd 0.9.75 parses a header line in place: the ':' becomes a NUL and the value
 * starts after optional whitespace, so a value lies just after its name. For a line continued
 * on the next (obs-fold) it appends the continuation to the *name* in a new block (the value
 * stays where it was), so the value no longer follows the name. Both pointers are in the
 * connection's memory pool whenever they are closer than its size, so the bytes between them
 * can be read. */
static int sc_httpd_field_folded(const sc_httpd_request *r, const char *key, size_t key_size,
                                 const char *value) {
    if (value == NULL) return 0;
    const char *after = key + key_size + 1;
    if (value < after) return 1;
    if ((size_t)(value - after) >= r->daemon->options.connection_memory_limit) return 1;
    for (const char *p = after; p < value; p++)
        if (*p != ' ' && *p != '\t') return 1;
    return 0;
}

static enum MHD_Result sc_httpd_collect_field(void *cls, enum MHD_ValueKind kind,
                                              const char *key, size_t key_size,
                                              const char *value, size_t value_size) {
    (void)kind;
    sc_httpd_request *r = cls;
    if (key == NULL) return MHD_NO;
    if (sc_httpd_field_folded(r, key, key_size, value)) r->folded = 1;
    if (r->field_count == r->field_capacity) {
        size_t capacity = r->field_capacity == 0 ? 16 : r->field_capacity * 2;
        sc_httpd_field *grown = realloc(r->fields, capacity * sizeof *grown);
        if (grown == NULL) return MHD_NO;
        r->fields = grown;
        r->field_capacity = capacity;
    }
    r->fields[r->field_count++] = (sc_httpd_field){
        key, key_size, value != NULL ? value : "", value != NULL ? value_size : 0};
    return MHD_YES;
}

/* Reads the header fields into r->fields (pointers into libmicrohttpd's pool, valid for the
 * request). Returns 0, or -1 when out of memory. */
int sc_httpd_collect_fields(sc_httpd_request *r) {
    r->field_count = 0;
    int n = sc_mhd.get_connection_values_n(r->connection, MHD_HEADER_KIND,
                                           sc_httpd_collect_field, r);
    return (n >= 0 && (size_t)n == r->field_count) ? 0 : -1;
}

/* Parses a Content-Length value (digits only: libmicrohttpd has refused anything else).
 * Returns 0, or -1 when it does not fit. */
static int sc_httpd_parse_length(const char *text, size_t length, uint64_t *value) {
    uint64_t v = 0;
    if (length == 0) return -1;
    for (size_t i = 0; i < length; i++) {
        if (text[i] < '0' || text[i] > '9') return -1;
        uint64_t digit = (uint64_t)(text[i] - '0');
        if (v > (UINT64_MAX - digit) / 10) return -1;
        v = v * 10 + digit;
    }
    *value = v;
    return 0;
}

/* RFC 9110 token characters. */
static int sc_httpd_is_token(const char *text, size_t length) {
    if (length == 0) return 0;
    for (size_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) continue;
        if (c == 0 || strchr("!#$%&'*+-.^_`|~", c) == NULL) return 0;
    }
    return 1;
}

/* The checks made once the header is in: sizes, field names and Host, then framing, then a
 * declared body size. libmicrohttpd keeps a name such as "Content-Length " apart from
 * "Content-Length" and ignores it for framing, so such a name must not pass: a proxy in
 * front might read it as the length. */
int32_t sc_httpd_check_target(sc_httpd_request *r) {
    /* the version follows the target and the one space libmicrohttpd replaced by a NUL */
    if (r->raw_target == NULL || r->version == NULL) return SC_HTTPD_PROBLEM_NONE;
    if (r->version != r->raw_target + r->target_length + 1) return SC_HTTPD_PROBLEM_MALFORMED_TARGET;
    return SC_HTTPD_PROBLEM_NONE;
}

/* A field value with a control character other than horizontal tab (a bare CR, a NUL). */
static int sc_httpd_has_control(const char *text, size_t length) {
    for (size_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f) return 1;
    }
    return 0;
}

/* libmicrohttpd 0.9.75 hands a field value over as a C string, so "X-a: a\0b" reaches the
 * server as "a". Its header lies in place in the connection's read buffer, from the method
 * to the end of the empty line (MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE), each line end
 * overwritten with NULs: so what lies between the end of a value and the next field's name
 * (or, for the last field, the end of the header) is that line's end alone, one or two NULs
 * (two to four after the last field, with the empty line's). Anything more was behind a NUL
 * in the value. A layout other than this one is not judged. Returns 1 for a NUL. */
static int sc_httpd_value_has_nul(const sc_httpd_request *r) {
    if (r->field_count == 0 || r->method == NULL) return 0;
    const union MHD_ConnectionInfo *info =
        sc_mhd.get_connection_info(r->connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    if (info == NULL) return 0;
    const char *header_end = r->method + info->header_size;
    for (size_t i = 0; i < r->field_count; i++) {
        const sc_httpd_field *f = &r->fields[i];
        const char *after = f->value + f->value_length;
        int last = i + 1 == r->field_count;
        const char *end = last ? header_end : r->fields[i + 1].name;
        if (end <= after || (size_t)(end - after) >= r->daemon->options.connection_memory_limit)
            continue;
        if ((size_t)(end - after) > (last ? 4u : 2u)) return 1;
        for (const char *p = after; p < end; p++)
            if (*p != 0) return 1;
    }
    return 0;
}

/* Whether a Content-Type value names multipart/form-data (any case, parameters after it). */
static int sc_httpd_is_multipart(const sc_httpd_field *f) {
    static const char type[] = "multipart/form-data";
    const size_t n = sizeof type - 1;
    if (f->value_length < n || strncasecmp(f->value, type, n) != 0) return 0;
    return f->value_length == n || f->value[n] == ';' || f->value[n] == ' ' || f->value[n] == '\t';
}

size_t sc_httpd_request_body_limit(const sc_httpd_request *r) { return r->body_limit; }

/* `text` without the spaces and tabs (RFC 9110's OWS) at its ends. */
static void sc_httpd_trim_ows(const char **text, size_t *length) {
    while (*length > 0 && ((*text)[0] == ' ' || (*text)[0] == '\t')) ++*text, --*length;
    while (*length > 0 && ((*text)[*length - 1] == ' ' || (*text)[*length - 1] == '\t')) --*length;
}

static int sc_httpd_hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The path of a request target as the router reads it (HTTPTypes' RequestTarget): before any
 * '#', an absolute form's scheme "://" authority skipped ("/" when no path follows), before
 * any '?'; still percent-encoded. Returns 0, or -1 for a target the router does not take. */
static int sc_httpd_target_path(const char *target, size_t length, const char **path, size_t *path_length) {
    size_t end = 0;
    while (end < length && target[end] != '#') end++;
    size_t start = 0;
    if (end == 0 || target[0] != '/') {
        size_t scheme = 0;
        while (scheme + 3 <= end && !(target[scheme] == ':' && target[scheme + 1] == '/' && target[scheme + 2] == '/')) scheme++;
        if (scheme == 0 || scheme + 3 > end) return -1;
        start = scheme + 3;
        while (start < end && target[start] != '/' && target[start] != '?') start++;
        if (start == end || target[start] == '?') {
            *path = "/";
            *path_length = 1;
            return 0;
        }
    }
    size_t stop = start;
    while (stop < end && target[stop] != '?') stop++;
    *path = target + start;
    *path_length = stop - start;
    return 0;
}

/* Whether the request is the one `upload` names ("METHOD /path"; empty: any): its method,
 * and its target's path as the router reads it, percent-decoded (`/v1/%63ards` and
 * `http://host/v1/cards` are the upload route too, so they get its limit, or its refusal). */
static int sc_httpd_is_upload(const sc_httpd_request *r, const char *upload) {
    if (upload[0] == 0) return 1;
    const char *space = strchr(upload, ' ');
    if (space == NULL || r->method == NULL || r->target == NULL) return 0;
    size_t method_length = (size_t)(space - upload);
    if (strlen(r->method) != method_length || strncmp(r->method, upload, method_length) != 0) return 0;
    const char *expected = space + 1, *path;
    size_t expected_length = strlen(expected), path_length, i = 0, j = 0;
    if (sc_httpd_target_path(r->target, r->target_length, &path, &path_length) != 0) return 0;
    for (; i < path_length && j < expected_length; j++) {
        char c = path[i];
        if (c == '%') {
            if (i + 2 >= path_length) return 0;
            int high = sc_httpd_hex_digit(path[i + 1]), low = sc_httpd_hex_digit(path[i + 2]);
            if (high < 0 || low < 0) return 0;
            c = (char)(high * 16 + low);
            i += 3;
        } else {
            i++;
        }
        if (c != expected[j]) return 0;
    }
    return i == path_length && j == expected_length;
}

/* Whether a Transfer-Encoding value is a list whose last coding is chunked, after one or more
 * others that are not ("gzip, chunked"): its body is delimited, but in codings the server does
 * not decode. Empty elements are skipped (RFC 9110 §5.6.1); chunked twice, a coding that is
 * not a token (`"gzip"`) and a quoted parameter (which may hold a comma) are not this. */
static int sc_httpd_codings_precede_chunked(const char *value, size_t length) {
    if (memchr(value, '"', length) != NULL) return 0;
    size_t others = 0, start = 0;
    int last_is_chunked = 0;
    while (start <= length) {
        size_t end = start;
        while (end < length && value[end] != ',') end++;
        const char *element = value + start;
        size_t element_length = end - start;
        sc_httpd_trim_ows(&element, &element_length);
        if (element_length > 0) {
            const char *name = element;
            size_t name_length = 0;
            while (name_length < element_length && element[name_length] != ';') name_length++;
            sc_httpd_trim_ows(&name, &name_length);
            if (!sc_httpd_is_token(name, name_length)) return 0;
            if (last_is_chunked) return 0; /* chunked before another coding, or twice */
            last_is_chunked = sc_httpd_name_is(element, element_length, "chunked");
            if (!last_is_chunked) others++;
        }
        start = end + 1;
    }
    return last_is_chunked && others > 0;
}

/* Whether `value` is RFC 9112's Host: uri-host [ ":" port ], uri-host an IP literal in
 * brackets or a reg-name / IPv4 address (unreserved, pct-encoded and sub-delims characters,
 * possibly empty). Leading and trailing spaces and tabs are not part of a field's value. */
static int sc_httpd_host_is_valid(const char *value, size_t length) {
    sc_httpd_trim_ows(&value, &length);
    size_t i = 0;
    if (length > 0 && value[0] == '[') {
        /* IPv6address or IPvFuture, loosely: hex digits, colons, dots and the v. */
        for (i = 1; i < length && value[i] != ']'; i++) {
            const char c = value[i];
            if (!(isxdigit((unsigned char)c) || c == ':' || c == '.' || c == 'v' || c == 'V')) return 0;
        }
        if (i == length) return 0;
        i++;
    } else {
        static const char allowed[] = "-._~!$&'()*+,;=%";
        while (i < length && value[i] != ':') {
            const char c = value[i];
            if (!(isalnum((unsigned char)c) || (c != '\0' && strchr(allowed, c) != NULL))) return 0;
            i++;
        }
    }
    if (i == length) return 1;
    if (value[i] != ':') return 0;
    for (i++; i < length; i++) if (!isdigit((unsigned char)value[i])) return 0;
    return 1;
}

int32_t sc_httpd_check_header(sc_httpd_request *r) {
    const sc_httpd_options *o = &r->daemon->options;
    if (r->target_length > o->max_url_bytes) return SC_HTTPD_PROBLEM_URL_TOO_LONG;
    if (r->folded) return SC_HTTPD_PROBLEM_OBSOLETE_FOLD;
    size_t total = 0, content_lengths = 0, codings = 0, hosts = 0;
    int bad_name = 0;
    const sc_httpd_field *content_length = NULL, *coding = NULL, *content_type = NULL, *expect = NULL, *host = NULL;
    for (size_t i = 0; i < r->field_count; i++) {
        const sc_httpd_field *f = &r->fields[i];
        total += f->name_length + f->value_length + 4;
        if (!sc_httpd_is_token(f->name, f->name_length)) bad_name = 1;
        if (sc_httpd_has_control(f->value, f->value_length)) bad_name = 1;
        if (sc_httpd_name_is(f->name, f->name_length, "Host")) {
            hosts++;
            host = f;
        } else if (sc_httpd_name_is(f->name, f->name_length, "Content-Length")) {
            content_lengths++;
            content_length = f;
        } else if (sc_httpd_name_is(f->name, f->name_length, "Transfer-Encoding")) {
            codings++;
            coding = f;
        } else if (sc_httpd_name_is(f->name, f->name_length, "Content-Type")) {
            content_type = f;
        } else if (sc_httpd_name_is(f->name, f->name_length, "Expect")) {
            expect = f;
        }
    }
    if (total > o->max_header_bytes) return SC_HTTPD_PROBLEM_HEADERS_TOO_LARGE;
    if (sc_httpd_value_has_nul(r)) bad_name = 1;
    /* HTTP/1.2 to 1.9 are read as 1.1 (RFC 9112 2.3: the highest minor version known), as
     * libmicrohttpd answers them: they need a Host field, and may expect 100 Continue. */
    int http11 = r->version != NULL && strncmp(r->version, "HTTP/1.", 7) == 0 && r->version[7] >= '1' &&
                 r->version[7] <= '9' && r->version[8] == '\0';
    if (bad_name || hosts > 1 || (http11 && hosts == 0)) return SC_HTTPD_PROBLEM_MALFORMED_HEADER;
    if (host != NULL && !sc_httpd_host_is_valid(host->value, host->value_length)) return SC_HTTPD_PROBLEM_BAD_HOST;
    if (content_lengths > 1 || codings > 1 || (content_lengths > 0 && codings > 0))
        return SC_HTTPD_PROBLEM_BAD_FRAMING;
    /* `chunked` exactly: libmicrohttpd 0.9.75 compares the value whole, and would not read
     * "chunked " (spaces RFC 9110 §5.5 allows around a value) as chunked. Other codings
     * before a final chunked are delimited but not decoded here: 501 (RFC 9112 §6.1); a
     * list that does not end in chunked cannot be delimited: 400 (§6.3). */
    if (coding != NULL && http11 && sc_httpd_codings_precede_chunked(coding->value, coding->value_length))
        return SC_HTTPD_PROBLEM_CODING_NOT_IMPLEMENTED;
    if (coding != NULL && (!http11 || !sc_httpd_name_is(coding->value, coding->value_length, "chunked")))
        return SC_HTTPD_PROBLEM_BAD_FRAMING;
    /* Only the upload request is invited to send a large body (a 9 MB multipart GET /healthz
     * is refused with its header, before `100 Continue`). */
    if (content_type != NULL && sc_httpd_is_multipart(content_type) && sc_httpd_is_upload(r, o->upload_target)) {
        /* Uploads turned off: refused by what they are, whatever their size, before any of
         * the body is read. */
        if (o->max_multipart_body_bytes == 0) return SC_HTTPD_PROBLEM_UPLOADS_OFF;
        r->body_limit = o->max_multipart_body_bytes;
    }
    uint64_t declared = 0;
    if (content_length != NULL) {
        if (sc_httpd_parse_length(content_length->value, content_length->value_length,
                                  &declared) != 0)
            return SC_HTTPD_PROBLEM_BAD_FRAMING;
        /* the body is buffered as it arrives (sc_httpd_take_body), never allocated up
         * front from what the client declares */
        if (declared > r->body_limit) return SC_HTTPD_PROBLEM_BODY_TOO_LARGE;
        r->body_declared = (size_t)declared;
    }
    /* As libmicrohttpd decides to send `100 Continue` (the value compared whole). */
    r->awaits_continue = http11 && expect != NULL && sc_httpd_name_is(expect->value, expect->value_length, "100-continue")
                         && (declared > 0 || coding != NULL);
    /* Bodies are held until their request completes (the handler's copy of it), so
     * many uploads at once could hold gigabytes: each takes its share of the daemon's budget
     * now, before a byte of it is read, and gives it back when freed. A chunked body's length
     * is unknown: it takes its limit. */
    size_t share = content_length != NULL ? (size_t)declared : coding != NULL ? r->body_limit : 0;
    if (share > 0 && o->max_body_memory_bytes > 0) {
        int64_t held = atomic_fetch_add(&r->daemon->body_reserved, (int64_t)share) + (int64_t)share;
        if (held > (int64_t)o->max_body_memory_bytes) {
            atomic_fetch_sub(&r->daemon->body_reserved, (int64_t)share);
            return SC_HTTPD_PROBLEM_BODIES_HELD;
        }
        r->body_reserved = share;
    }
    return SC_HTTPD_PROBLEM_NONE;
}

/* Appends upload data, or drops it and sets over_cap once it would pass the cap (the
 * caller then answers 413 at once and closes). Returns 0, or -1 when out of memory. */
int sc_httpd_take_body(sc_httpd_request *r, const char *data, size_t size) {
    size_t cap = r->body_limit;
    if (!r->over_cap && size > cap - r->body_length) {
        r->over_cap = 1;
        atomic_fetch_sub(&r->daemon->body_bytes, (int64_t)r->body_capacity);
        free(r->body);
        r->body = NULL;
        r->body_length = r->body_capacity = 0;
    }
    if (r->over_cap) return 0;
    if (r->body_length + size > r->body_capacity) {
        size_t capacity = r->body_capacity < 4096 ? 4096 : r->body_capacity;
        while (capacity < r->body_length + size) capacity *= 2;
        if (capacity > cap) capacity = cap;
        /* A declared length is never exceeded (libmicrohttpd stops there): growing to it
         * rather than to the next power of two saves up to half of a large upload. */
        if (r->body_declared > 0 && capacity > r->body_declared && r->body_length + size <= r->body_declared)
            capacity = r->body_declared;
        uint8_t *grown = realloc(r->body, capacity);
        if (grown == NULL) return -1;
        atomic_fetch_add(&r->daemon->body_bytes, (int64_t)(capacity - r->body_capacity));
        r->body = grown;
        r->body_capacity = capacity;
    }
    memcpy(r->body + r->body_length, data, size);
    r->body_length += size;
    return 0;
}

/* ---- answering ---- */

enum MHD_Result sc_httpd_queue(sc_httpd_request *r) {
    struct MHD_Response *response = atomic_exchange(&r->response, NULL);
    if (response == NULL) return MHD_NO;
    enum MHD_Result result = sc_mhd.queue_response(r->connection, r->status, response);
    sc_mhd.destroy_response(response);
    if (result == MHD_YES) r->queued = 1;
    return result;
}

struct MHD_Response *sc_httpd_bare_500(void) {
    struct MHD_Response *response =
        sc_mhd.create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    if (response != NULL) sc_mhd.add_response_header(response, "Connection", "close");
    return response;
}

/* Adds the header pairs of a block of `length` bytes, except Content-Length when
 * `skip_content_length`; -1 when a string runs past the end or libmicrohttpd refuses a
 * header. */
static int sc_httpd_add_headers(struct MHD_Response *response, const char *block, size_t length,
                                int skip_content_length) {
    size_t offset = 0;
    while (offset < length) {
        const char *name = block + offset;
        const char *name_end = memchr(name, 0, length - offset);
        if (name_end == NULL) return -1;
        offset = (size_t)(name_end - block) + 1;
        if (offset >= length) return -1;
        const char *value = block + offset;
        const char *value_end = memchr(value, 0, length - offset);
        if (value_end == NULL) return -1;
        offset = (size_t)(value_end - block) + 1;
        if (skip_content_length && strcasecmp(name, "Content-Length") == 0) continue;
        if (sc_mhd.add_response_header(response, name, value) != MHD_YES) return -1;
    }
    return 0;
}

/* The length a 304's Content-Length field in the header block gives (the length of the 200
 * it stands for), or -1 when there is none or it is not a plain decimal number. */
static int64_t sc_httpd_stated_length(const char *block, size_t length) {
    size_t offset = 0;
    while (offset < length) {
        const char *name = block + offset;
        const char *name_end = memchr(name, 0, length - offset);
        if (name_end == NULL || (size_t)(name_end - block) + 1 >= length) return -1;
        const char *value = name_end + 1;
        const char *value_end = memchr(value, 0, length - (size_t)(value - block));
        if (value_end == NULL) return -1;
        offset = (size_t)(value_end - block) + 1;
        if (strcasecmp(name, "Content-Length") != 0) continue;
        if (value == value_end || value_end - value > 15) return -1;
        int64_t n = 0;
        for (const char *c = value; c < value_end; c++) {
            if (*c < '0' || *c > '9') return -1;
            n = n * 10 + (*c - '0');
        }
        return n;
    }
    return -1;
}

/* Never called: a 304 has no content (libmicrohttpd sends none for it). */
static ssize_t sc_httpd_no_content(void *cls, uint64_t position, char *buffer, size_t size) {
    (void)cls;
    (void)position;
    (void)buffer;
    (void)size;
    return MHD_CONTENT_READER_END_WITH_ERROR;
}

/* A 304. libmicrohttpd 0.9.75 writes a Content-Length for every response whose size it
 * knows, and "Content-Length: 0" on a 304 is wrong (RFC 9110 §8.6: only the length of the
 * 200 it stands for may be sent). So the response is given that length when the caller
 * states it (a Content-Length field in the block, which it then writes for us), and
 * otherwise an unknown size, with chunked coding ruled out: no length field at all, and the
 * connection closes after it, which is how libmicrohttpd ends an answer of unknown size.
 * Chunked coding must stay ruled out: 0.9.75 would keep the connection but write the last
 * chunk "0\r\n\r\n" after the 304's header block, which a client reads as the next answer. */
static struct MHD_Response *sc_httpd_not_modified(const char *headers, size_t headers_length) {
    int64_t stated = sc_httpd_stated_length(headers, headers_length);
    struct MHD_Response *response = sc_mhd.create_response_from_callback(
        stated >= 0 ? (uint64_t)stated : MHD_SIZE_UNKNOWN, 4096, &sc_httpd_no_content, NULL, NULL);
    if (response == NULL) return NULL;
    if (stated < 0 &&
        sc_mhd.set_response_options(response, MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END) != MHD_YES) {
        sc_mhd.destroy_response(response);
        return NULL;
    }
    return response;
}

int32_t sc_httpd_respond(sc_httpd_request *r, uint16_t status,
                         const char *headers, size_t headers_length,
                         const uint8_t *body, size_t body_length) {
    int deferred = atomic_load(&r->deferred);
    if (!deferred && !r->in_callback) return -1;
    int unanswered = 0;
    if (!atomic_compare_exchange_strong(&r->answered, &unanswered, 1)) return -1;
    if (headers == NULL) headers_length = 0;
    if (body == NULL) body_length = 0;

    int32_t result = 0;
    int not_modified = status == 304;
    if (not_modified) body_length = 0;
    struct MHD_Response *response =
        not_modified ? sc_httpd_not_modified(headers, headers_length)
                     : sc_mhd.create_response_from_buffer(body_length,
                                                          (void *)(body_length > 0 ? body : NULL),
                                                          MHD_RESPMEM_MUST_COPY);
    if (response == NULL) {
        result = -3;
    } else if (sc_httpd_add_headers(response, headers, headers_length, not_modified) != 0) {
        sc_mhd.destroy_response(response);
        response = NULL;
        result = -2;
    }
    if (response == NULL) {
        status = 500;
        body_length = 0;
        response = sc_httpd_bare_500();
        if (response == NULL) result = -3;
    }
    if (r->early && response != NULL && body_length > 0) {
        r->early_body = malloc(body_length);
        if (r->early_body == NULL) {
            result = -3;
        } else {
            memcpy(r->early_body, body, body_length);
            r->early_body_length = body_length;
        }
    }
    r->status = status;
    r->response_length = body_length;
    if (response != NULL) atomic_store(&r->response, response);
    else atomic_store(&r->unanswerable, 1); /* out of memory: close when resumed */
    if (deferred) sc_mhd.resume_connection(r->connection);
    return result;
}

typedef struct sc_httpd_text {
    char bytes[4096];
    size_t length;
    int overflow;
} sc_httpd_text;

static void sc_httpd_text_append(sc_httpd_text *t, const char *text, size_t length) {
    if (t->overflow || length > sizeof t->bytes - t->length) {
        t->overflow = 1;
        return;
    }
    memcpy(t->bytes + t->length, text, length);
    t->length += length;
}

static enum MHD_Result sc_httpd_early_field(void *cls, enum MHD_ValueKind kind, const char *key,
                                            const char *value) {
    (void)kind;
    sc_httpd_text *t = cls;
    if (key == NULL || value == NULL) return MHD_YES;
    sc_httpd_text_append(t, key, strlen(key));
    sc_httpd_text_append(t, ": ", 2);
    sc_httpd_text_append(t, value, strlen(value));
    sc_httpd_text_append(t, "\r\n", 2);
    return MHD_YES;
}

int sc_httpd_send_early(sc_httpd_request *r) {
    struct MHD_Response *response = atomic_exchange(&r->response, NULL);
    if (response == NULL || r->fd < 0) {
        if (response != NULL) sc_mhd.destroy_response(response);
        return -1;
    }
    sc_httpd_text t = {.length = 0, .overflow = 0};
    char line[128];
    const char *reason = sc_mhd.get_reason_phrase_for(r->status);
    int n = snprintf(line, sizeof line, "HTTP/1.1 %u %s\r\n", (unsigned)r->status,
                     reason != NULL ? reason : "");
    if (n > 0) sc_httpd_text_append(&t, line, (size_t)n);
    sc_mhd.get_response_headers(response, sc_httpd_early_field, &t);
    sc_mhd.destroy_response(response);
    time_t now = time(NULL);
    struct tm parts;
    if (gmtime_r(&now, &parts) != NULL) {
        size_t m = strftime(line, sizeof line, "Date: %a, %d %b %Y %H:%M:%S GMT\r\n", &parts);
        sc_httpd_text_append(&t, line, m);
    }
    n = snprintf(line, sizeof line, "Content-Length: %zu\r\n\r\n", r->early_body_length);
    if (n > 0) sc_httpd_text_append(&t, line, (size_t)n);
    if (r->early_body_length > 0) sc_httpd_text_append(&t, (const char *)r->early_body, r->early_body_length);
    if (t.overflow) return -1;
    /* the socket has sent everything before (libmicrohttpd reads no request while it is
     * still sending the previous answer), so a small answer fits its buffer at once */
    ssize_t sent = send(r->fd, t.bytes, t.length, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (sent != (ssize_t)t.length) return -1;
    shutdown(r->fd, SHUT_WR);
    r->queued = 1;
    r->response_length = r->early_body_length;
    return 0;
}

int32_t sc_httpd_abandon(sc_httpd_request *r) {
    if (!atomic_load(&r->deferred)) return -1;
    int unanswered = 0;
    if (!atomic_compare_exchange_strong(&r->answered, &unanswered, 1)) return -1;
    atomic_store(&r->unanswerable, 1);
    sc_mhd.resume_connection(r->connection);
    return 0;
}

int32_t sc_httpd_request_peer_state(const sc_httpd_request *r) {
    if (r->fd < 0 || !atomic_load(&((sc_httpd_request *)r)->deferred)) return SC_HTTPD_PEER_PRESENT;
    struct pollfd p = {.fd = r->fd, .events = POLLIN | POLLRDHUP};
    if (poll(&p, 1, 0) <= 0) return SC_HTTPD_PEER_PRESENT;
    if (p.revents & (POLLHUP | POLLERR | POLLNVAL)) return SC_HTTPD_PEER_GONE;
    if (p.revents & POLLRDHUP) return SC_HTTPD_PEER_ENDED_SENDING;
    if (!(p.revents & POLLIN)) return SC_HTTPD_PEER_PRESENT;
    char byte;
    ssize_t n = recv(r->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n == 0) return SC_HTTPD_PEER_ENDED_SENDING;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return SC_HTTPD_PEER_GONE;
    return SC_HTTPD_PEER_PRESENT;
}

int32_t sc_httpd_defer(sc_httpd_request *r) {
    if (!r->in_callback || atomic_load(&r->deferred) || atomic_load(&r->answered)) return -1;
    sc_mhd.suspend_connection(r->connection);
    atomic_store(&r->deferred, 1);
    return 0;
}

/* ---- accessors ---- */

const char *sc_httpd_request_method(const sc_httpd_request *r) {
    return r->method != NULL ? r->method : "";
}

const char *sc_httpd_request_version(const sc_httpd_request *r) {
    return r->version != NULL ? r->version : "";
}

const char *sc_httpd_request_target(const sc_httpd_request *r, size_t *length) {
    if (length != NULL) *length = r->target_length;
    return r->target;
}

const char *sc_httpd_request_remote_address(const sc_httpd_request *r) {
    return r->remote_address;
}

uint16_t sc_httpd_request_remote_port(const sc_httpd_request *r) { return r->remote_port; }

size_t sc_httpd_request_header_count(const sc_httpd_request *r) { return r->field_count; }

int32_t sc_httpd_request_header(const sc_httpd_request *r, size_t index,
                                const char **name, size_t *name_length,
                                const char **value, size_t *value_length) {
    if (index >= r->field_count) return -1;
    const sc_httpd_field *f = &r->fields[index];
    *name = f->name;
    *name_length = f->name_length;
    *value = f->value;
    *value_length = f->value_length;
    return 0;
}

const uint8_t *sc_httpd_request_body(const sc_httpd_request *r, size_t *length) {
    *length = r->over_cap ? 0 : r->body_length;
    return r->body;
}

void sc_httpd_request_release_body(sc_httpd_request *r) {
    atomic_fetch_sub(&r->daemon->body_bytes, (int64_t)r->body_capacity);
    free(r->body);
    r->body = NULL;
    r->body_length = r->body_capacity = 0;
}

void sc_httpd_request_set_user(sc_httpd_request *r, void *user) { r->user = user; }

void *sc_httpd_request_user(const sc_httpd_request *r) { return r->user; }

uint16_t sc_httpd_request_status(const sc_httpd_request *r) { return r->queued ? r->status : 0; }

uint64_t sc_httpd_request_response_length(const sc_httpd_request *r) {
    return r->queued ? r->response_length : 0;
}

uint64_t sc_httpd_request_elapsed_nanoseconds(const sc_httpd_request *r) {
    return sc_httpd_now_ns() - r->started_ns;
}
