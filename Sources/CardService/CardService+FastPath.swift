import HTTPTypes
import PhotoFetch

extension CardService {
    /// The cheap half of answering, for a server's I/O threads: every route that needs no
    /// rendering (health, metrics, OpenAPI, the playground, the catalog, errors), and cards and
    /// palette previews whose answer is a 304 or already in the PNG cache. Returns nil when
    /// the request needs a render, or is a `POST` (its body is parsed on a worker); `handle`
    /// then answers it. Never renders: the only locks taken are the PNG cache's and the
    /// metrics', which a render never holds while it draws or encodes.
    public func answerImmediately(_ request: HTTPRequest) -> HTTPResponse? {
        if case .response(let response)? = triage(request) { return response }
        return nil
    }

    /// `answerImmediately`'s answer, or, for a card whose query was parsed and checked but
    /// which must be rendered, the render and the rest of the answer for a worker, so the
    /// worker does not parse the query again; for a card whose photo URL must be fetched, the
    /// fetch for a fetch thread, then `handle` on a worker. nil: `handle` answers it (a `POST`,
    /// or a render deferred before the query was resolved).
    public func triage(_ request: HTTPRequest) -> ImmediateAnswer? {
        let route = Route(request.path)
        if case .cards = route, request.method == "POST" { return nil }
        do throws(RenderDeferred) {
            return .response(withCORS(request, try recorded(route) { try RenderPolicy.$deferred.withValue(true) { try dispatch(route, request) } }))
        } catch {
            if let url = error.photoToFetch {
                let asked = ContinuousClock.now
                // Only a URL on the allow-list is deferred, so it has an origin.
                let origin = PhotoFetcher.origin(of: url).map(String.init(describing:)) ?? ""
                return .fetch(from: origin) { [self] in fetchedPhotoAnswer(request, url: url, asked: asked) }
            }
            guard let resume = error.resume else { return nil }
            return .work { [self] in
                do {
                    return withCORS(request, try recorded(route) { try resume() })
                } catch {
                    return .error(status: 500, code: "internal", message: "a render was deferred outside the fast path")
                }
            }
        }
    }

    /// For a client that waits for `100 Continue` before sending its body: the answer its
    /// header already decides (the server sends it instead of inviting the body), or nil when
    /// the body should come. Judged as the whole request would be: no such route, a method the
    /// route does not take, and for `POST /v1/cards` everything but the body (`postedHead`).
    /// Counted in the metrics as the whole request's answer would be.
    public func refusalBeforeBody(_ request: HTTPRequest) -> HTTPResponse? {
        let route = Route(request.path)
        do {
            try checkMethod(route, request)
            guard case .cards = route, request.method == "POST" else { return nil }
            _ = try postedHead(request, bodyBytes: nil)
            return nil
        } catch let refusal as ServiceError {
            metrics.recordRequest(route: route.name, status: refusal.response.status)
            return withCORS(request, refusal.response)
        } catch {
            return nil
        }
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

/// Thrown where a render would start on the fast path: the request goes to a worker, which
/// runs `resume` when a caller past the parsing set it (on a worker thread, rendering
/// allowed), or `handle` otherwise. With `photoToFetch`, that URL is fetched on a fetch thread
/// first and `handle` answers with its bytes.
struct RenderDeferred: Error {
    var resume: (@Sendable () throws -> HTTPResponse)? = nil
    var photoToFetch: String? = nil
}
