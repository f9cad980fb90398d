import Foundation

/// Counters for `/metrics`, in the Prometheus text exposition format (version 0.0.4).
// @unchecked: the counters are read and written only with `lock` held.
final class ServiceMetrics: @unchecked Sendable {
    /// Upper bounds of the render-duration histogram, in seconds.
    static let buckets: [Double] = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1]

    private var requests: [String: Int] = [:]  // "route|status"
    private var bucketCounts = [Int](repeating: 0, count: ServiceMetrics.buckets.count)
    private var renderCount = 0
    private var renderSum = 0.0
    private var reloads = (succeeded: 0, failed: 0)
    private let lock = NSLock()

    func recordRequest(route: String, status: Int) {
        lock.lock()
        requests["\(route)|\(status)", default: 0] += 1
        lock.unlock()
    }

    func recordRender(seconds: Double) {
        lock.lock()
        for (i, bound) in ServiceMetrics.buckets.enumerated() where seconds <= bound { bucketCounts[i] += 1 }
        renderCount += 1
        renderSum += seconds
        lock.unlock()
    }

    func recordReload(succeeded: Bool) {
        lock.lock()
        if succeeded { reloads.succeeded += 1 } else { reloads.failed += 1 }
        lock.unlock()
    }

    func exposition(inFlight: Int, queueDepth: Int, cache: (hits: Int, misses: Int, bytes: Int, entries: Int)) -> String {
        lock.lock()
        defer { lock.unlock() }
        var out = """
            # HELP sharecard_requests_total HTTP requests by route and status.
            # TYPE sharecard_requests_total counter

            """
        for key in requests.keys.sorted() {
            let parts = key.split(separator: "|")
            out += "sharecard_requests_total{route=\"\(parts[0])\",status=\"\(parts[1])\"} \(requests[key]!)\n"
        }
        out += """
            # HELP sharecard_render_duration_seconds Time to render and encode one card.
            # TYPE sharecard_render_duration_seconds histogram

            """
        for (i, bound) in ServiceMetrics.buckets.enumerated() {
            out += "sharecard_render_duration_seconds_bucket{le=\"\(bound)\"} \(bucketCounts[i])\n"
        }
        out += "sharecard_render_duration_seconds_bucket{le=\"+Inf\"} \(renderCount)\n"
        out += "sharecard_render_duration_seconds_sum \(renderSum)\n"
        out += "sharecard_render_duration_seconds_count \(renderCount)\n"
        out += """
            # HELP sharecard_in_flight Requests being handled or waiting for a worker.
            # TYPE sharecard_in_flight gauge
            sharecard_in_flight \(inFlight)
            # HELP sharecard_queue_depth Requests waiting for a worker.
            # TYPE sharecard_queue_depth gauge
            sharecard_queue_depth \(queueDepth)
            # HELP sharecard_cache_hits_total Cards served from the in-memory PNG cache.
            # TYPE sharecard_cache_hits_total counter
            sharecard_cache_hits_total \(cache.hits)
            # HELP sharecard_cache_misses_total Cards rendered because the cache did not have them.
            # TYPE sharecard_cache_misses_total counter
            sharecard_cache_misses_total \(cache.misses)
            # HELP sharecard_cache_bytes Bytes of PNG held by the cache.
            # TYPE sharecard_cache_bytes gauge
            sharecard_cache_bytes \(cache.bytes)
            # HELP sharecard_catalog_reloads_total Reloads of the templates and palettes (SIGHUP) by result; a failed one changed nothing.
            # TYPE sharecard_catalog_reloads_total counter
            sharecard_catalog_reloads_total{result="succeeded"} \(reloads.succeeded)
            sharecard_catalog_reloads_total{result="failed"} \(reloads.failed)

            """
        return out
    }
}
