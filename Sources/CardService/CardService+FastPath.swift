import HTTPTypes

extension CardService {
    /// The cheap half of answering, for a server's I/O threads: every route that needs no
    /// rendering (health, metrics, OpenAPI, the playground, the catalog, errors), and cards and
    /// palette previews whose answer is a 304 or already in the PNG cache. Returns nil when
    /// the request needs a render, or is a `POST` (its body is parsed on a worker); `handle`
    /// then answers it. Never renders: the only locks taken are the PNG cache's and the
    /// metrics', which a render never holds while it draws or encodes.
    public func answerImmediately(_ request: HTTPRequest) -> HTTPResponse? {
        let route = Route(request.path)
        if case .cards = route, request.method == "POST" { return nil }
        return (try? recorded(route) { try RenderPolicy.$deferred.withValue(true) { try dispatch(route, request) } }).map { withCORS(request, $0) }
    }

    /// Lines the server layer adds to `/metrics` (already in the exposition format).
    public func setServerMetrics(_ provider: @escaping @Sendable () -> String) {
        statisticsSource.setText(provider)
    }
}

/// Whether rendering is allowed on this thread: not inside `answerImmediately`. Every place
/// that starts a render (today `rendered` and `palettePreview`) calls `checkRenderAllowed()`
/// first; a new one must too, or the fast path would render on an I/O thread.
enum RenderPolicy {
    @TaskLocal static var deferred = false

    /// Throws `RenderDeferred` where a render would start inside `answerImmediately`.
    static func checkRenderAllowed() throws {
        if deferred { throw RenderDeferred() }
    }
}

/// Thrown where a render would start on the fast path: the request goes to a worker.
struct RenderDeferred: Error {}
