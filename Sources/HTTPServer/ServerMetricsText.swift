/// The server's counters in the Prometheus text exposition format (version 0.0.4), for a
/// service to append to its `/metrics`.
public enum ServerMetricsText {
    public static func exposition(_ s: HTTPServer.Statistics, droppedLogEntries: Int) -> String {
        var out = ""
        func metric(_ name: String, _ type: String, _ help: String, _ value: Int) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        metric("sharecard_http_open_connections", "gauge", "Connections open now.", s.openConnections)
        metric("sharecard_http_answered_immediately_total", "counter",
               "Requests answered on an I/O thread without entering the render queue.", s.answeredImmediately)
        metric("sharecard_http_fetches_active", "gauge",
               "Fetch threads waiting on another server (a photo URL's origin) now.", s.activeFetches)
        metric("sharecard_http_fetch_queue_depth", "gauge",
               "Requests waiting for a fetch thread.", s.fetchQueueDepth)
        metric("sharecard_http_abandoned_total", "counter",
               "Queued requests dropped unrendered because their client had left.", s.abandoned)
        metric("sharecard_http_undelivered_total", "counter",
               "Answers made whose sending failed because their client had left; not among the answers sent.", s.undelivered)
        // Every answer by status, the server layer's own refusals (a malformed request, a body,
        // target or header over its limit) included, which the service never sees to count.
        out += "# HELP sharecard_http_responses_total Answers sent, by status, whoever made them.\n"
            + "# TYPE sharecard_http_responses_total counter\n"
        for (status, count) in s.responsesByStatus.sorted(by: { $0.key < $1.key }) {
            out += "sharecard_http_responses_total{status=\"\(status)\"} \(count)\n"
        }
        metric("sharecard_http_queue_full_total", "counter",
               "Requests answered 429 because the render queue (or the fetch threads' queue) was full.", s.responsesByStatus[429] ?? 0)
        metric("sharecard_http_header_timeouts_total", "counter",
               "Connections closed for taking too long to send a request line and header, counted from their opening or the end of their previous request (idle keep-alive connections included).", s.headerTimeouts)
        metric("sharecard_http_body_timeouts_total", "counter",
               "Connections closed for sending a request body too slowly (under 500 bytes a second).", s.bodyTimeouts)
        metric("sharecard_http_half_closed_total", "counter",
               "Connections closed between requests because their client had ended its side.", s.halfClosed)
        metric("sharecard_http_per_address_refusals_total", "counter",
               "Connections refused because their address (IPv6: /64) had too many open.", s.perAddressRefusals)
        metric("sharecard_access_log_dropped_total", "counter",
               "Access-log entries dropped because the log's output could not keep up.", droppedLogEntries)
        return out
    }
}
