import Caching
import Cards
import Foundation
import HTTPTypes
import JSONData
import Raster
import UnicodeText

/// HTTP semantics without sockets: a request in, a response out. Routing, validation,
/// caching (ETag, 304, an LRU of encoded PNGs), signatures and metrics live here; the
/// `HTTPServer` adapter only moves bytes. Safe to call from many threads at once.
public final class CardService: Sendable {
    /// The one request that takes an upload (a `multipart/form-data` body with a photo), for
    /// the server layer's larger body limit (`HTTPServer.Configuration.uploadTarget`).
    public static let uploadTarget = "POST /v1/cards"

    /// The templates and palettes now; `replaceCatalog` swaps them whole (a reload).
    public var catalog: Catalog { currentCatalog.withLock { $0.catalog } }
    /// The templates' JSON documents, replaced together with `catalog`.
    public var templateDocuments: TemplateDocuments { currentCatalog.withLock { $0.documents } }
    /// What card URLs the service hands out carry as `v=` (see `ContentVersioning`): the
    /// version of the catalog in use, so a reload that changes a template or palette gives
    /// every URL a new `v`, and URLs with the old one are no longer answered `immutable`.
    public var contentVersion: String { currentCatalog.withLock { $0.version } }
    let currentCatalog: LockedValue<(catalog: Catalog, documents: TemplateDocuments, version: String)>
    public let renderer: CardRenderer
    public let configuration: ServiceConfiguration
    let cache: PNGCache
    let metrics = ServiceMetrics()
    let statisticsSource = StatisticsSource()

    /// `templateDocuments` is what `GET /v1/templates/{name}` answers (a name without one is 404).
    public init(catalog: Catalog, renderer: CardRenderer, configuration: ServiceConfiguration = ServiceConfiguration(),
                templateDocuments: TemplateDocuments = TemplateDocuments()) {
        currentCatalog = LockedValue((catalog, templateDocuments,
                                      ContentVersion.of(catalog: catalog, fontsVersion: configuration.fontsVersion)))
        self.renderer = renderer
        self.configuration = configuration
        cache = PNGCache(capacityBytes: configuration.cacheBytes)
    }

    /// Where `/metrics` reads the server's in-flight count and queue depth.
    public func setServerStatistics(_ provider: @escaping @Sendable () -> (inFlight: Int, queueDepth: Int)) {
        statisticsSource.set(provider)
    }

    /// Answers one request; never throws, never crashes on input.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let route = Route(request.path)
        do {
            return withCORS(request, try recorded(route) { try dispatch(route, request) })
        } catch {
            // Outside `answerImmediately` nothing defers a render.
            return .error(status: 500, code: "internal", message: "a render was deferred outside the fast path")
        }
    }

    /// `answer`'s response, or the JSON answer for what it threw, counted in the metrics.
    /// Only `RenderDeferred` passes through uncounted: the fast path's signal to hand the
    /// request to a worker.
    func recorded(_ route: Route, _ answer: () throws -> HTTPResponse) throws(RenderDeferred) -> HTTPResponse {
        var response: HTTPResponse
        do {
            response = try answer()
        } catch let deferred as RenderDeferred {
            throw deferred
        } catch let e as ServiceError {
            response = e.response
        } catch {
            response = .error(status: 500, code: "internal", message: "\(error)")
        }
        metrics.recordRequest(route: route.name, status: response.status)
        return response
    }

    // MARK: Routing

    enum Route {
        case playground, openAPI, health, metrics, card(template: String, format: ImageFormat), cards, palettes, palette(String),
             palettePreview(String), templates, share, unknown
        case template(String)

        init(_ path: String) {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
            switch parts.count {
            case 1 where parts[0] == "": self = .playground
            case 1 where parts[0] == "openapi.json": self = .openAPI
            case 1 where parts[0] == "healthz": self = .health
            case 1 where parts[0] == "metrics": self = .metrics
            case 2 where parts == ["v1", "cards"]: self = .cards
            case 2 where parts == ["v1", "palettes"]: self = .palettes
            case 2 where parts == ["v1", "templates"]: self = .templates
            case 2 where parts == ["v1", "share"]: self = .share
            case 3 where parts[0] == "v1" && parts[1] == "cards" && CardFormatChoice.pathFormat(parts[2]) != nil:
                let (template, format) = CardFormatChoice.pathFormat(parts[2])!
                self = .card(template: template, format: format)
            case 3 where parts[0] == "v1" && parts[1] == "palettes" && !parts[2].isEmpty: self = .palette(parts[2])
            case 3 where parts[0] == "v1" && parts[1] == "templates" && !parts[2].isEmpty: self = .template(parts[2])
            case 4 where parts[0] == "v1" && parts[1] == "palettes" && parts[3] == "preview.png": self = .palettePreview(parts[2])
            default: self = .unknown
            }
        }

        var name: String {
            switch self {
            case .playground: return "playground"
            case .openAPI: return "openapi"
            case .health: return "healthz"
            case .metrics: return "metrics"
            case .card: return "card"
            case .cards: return "cards"
            case .palettes: return "palettes"
            case .palette: return "palette"
            case .palettePreview: return "palette_preview"
            case .templates: return "templates"
            case .share: return "share"
            case .template: return "template"
            case .unknown: return "unknown"
            }
        }

        /// `Cache-Control` for an answer that sets none of its own: a health check and metrics
        /// are never stored, and the catalog, the playground and the API description may be but
        /// are asked for again each time (a reload changes them, and the `v=` of their links);
        /// nil for cards, previews and share pages, whose answers say how long they keep.
        var cacheControl: String? {
            switch self {
            case .health, .metrics: return "no-store"
            case .playground, .openAPI, .palettes, .palette, .templates, .template: return "no-cache"
            case .card, .cards, .palettePreview, .share, .unknown: return nil
            }
        }

        var methods: [String] {
            if case .cards = self { return ["POST"] }
            if case .unknown = self { return [] }
            return ["GET", "HEAD"]
        }
    }

    /// The methods of RFC 9110, PATCH and QUERY (the IETF's safe method with a body): any other
    /// is 501, one of these that a route does not take 405.
    static let standardMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "QUERY"]

    /// A 501 for a method no route knows, a 400 for the target `*` but with OPTIONS, a 404 for
    /// no such route, a 405 for a method the route does not take (with CORS on, every
    /// route also takes OPTIONS, its preflight).
    func checkMethod(_ route: Route, _ request: HTTPRequest) throws {
        guard Self.standardMethods.contains(request.method) else { throw ServiceError.notImplemented(method: request.method) }
        // The asterisk form names the server, not a resource: only OPTIONS takes it.
        if request.path == "*" {
            guard request.method == "OPTIONS" else {
                throw ServiceError.badRequest(code: "malformed_request", message: "the request target * is for OPTIONS only", field: nil)
            }
            return
        }
        guard !route.methods.isEmpty else {
            throw ServiceError.notFound(code: "not_found", message: "no such route: \(QuotedValue.quoted(request.path))", field: nil)
        }
        if request.method == "OPTIONS" && configuration.cors.isEnabled { return }
        guard route.methods.contains(request.method) else {
            // With CORS on, the route also answers OPTIONS (the preflight's own Allow says so).
            throw ServiceError.methodNotAllowed(allow: route.methods + (configuration.cors.isEnabled ? ["OPTIONS"] : []))
        }
    }

    func dispatch(_ route: Route, _ request: HTTPRequest) throws -> HTTPResponse {
        let request = request.removingQueryItems { Self.isLinkDecoration($0.name) }
        try checkMethod(route, request)
        // `OPTIONS *`: what the server as a whole takes.
        if request.path == "*" { return HTTPResponse(status: 204, headers: ["Allow": "GET, HEAD, POST, OPTIONS"]) }
        if request.method == "OPTIONS" { return try preflight(request, route) }
        try Self.checkUnexpectedQuery(route, request)
        var response = try answer(route, request)
        switch route {
        // Cards, previews and share pages check their conditions against their entity tags once
        // the request is otherwise valid; a POST checks `If-Match` before it renders.
        case .card, .palettePreview, .share, .cards: break
        // The others have no tag: only `*` holds, and only for an answer that would be a 2xx (an
        // unknown palette stays a 404, RFC 9110 §13.2.1).
        default: if (200..<300).contains(response.status) { try Self.checkIfMatch(request, etag: nil, hasRepresentation: true) }
        }
        if let policy = route.cacheControl, !response.headers.contains("Cache-Control") { response.headers.set("Cache-Control", policy) }
        return response
    }

    /// The route's answer, its method, query and conditions checked.
    private func answer(_ route: Route, _ request: HTTPRequest) throws -> HTTPResponse {
        switch route {
        case .playground: return .text(configuration.playgroundHTML, contentType: "text/html; charset=utf-8")
        case .openAPI: return .json(bytes: Array(configuration.openAPIJSON.utf8))
        case .health: return .json(.object([JSONValue.Member(key: "status", value: .string("ok"))]))
        case .metrics:
            let server = statisticsSource.get()
            return .text(metrics.exposition(inFlight: server.inFlight, queueDepth: server.queueDepth, cache: cache.statistics)
                         + FaceCacheMetrics.exposition(configuration.faceCache?.statistics)
                         + statisticsSource.text(),
                         contentType: "text/plain; version=0.0.4; charset=utf-8")
        case .card(let template, let format): return try cardFromQuery(template: template, format: format, request)
        case .cards: return try cardFromBody(request)
        case .palettes: return try .json(catalog.palettes.map { PaletteSummary($0, previewURL: previewURL($0)) })
        case .palette(let name): return try .json(PaletteDetail(try palette(name), previewURL: previewURL(try palette(name))))
        case .palettePreview(let name): return try palettePreview(name, request)
        case .templates: return try .json(catalog.templates.map { TemplateSummary($0, cardURL: cardURLPrefix($0)) })
        case .share: return try sharePage(request)
        case .template(let name): return try templateDocument(name)
        case .unknown: throw ServiceError.notFound(code: "not_found", message: "no such route: \(QuotedValue.quoted(request.path))", field: nil)
        }
    }

    func palette(_ name: String) throws -> Palette {
        do { return try catalog.palette(named: name) } catch {
            throw ServiceError.notFound(code: "unknown_palette", message: error.reason, field: "palette")
        }
    }
}

/// Holds the closure `/metrics` uses to read the server's gauges.
// @unchecked: `provider` is only read and written with `lock` held.
final class StatisticsSource: @unchecked Sendable {
    private var provider: @Sendable () -> (inFlight: Int, queueDepth: Int) = { (0, 0) }
    private var textProvider: @Sendable () -> String = { "" }
    private let lock = NSLock()
    func set(_ p: @escaping @Sendable () -> (inFlight: Int, queueDepth: Int)) { lock.lock(); provider = p; lock.unlock() }
    func get() -> (inFlight: Int, queueDepth: Int) { lock.lock(); let p = provider; lock.unlock(); return p() }
    func setText(_ p: @escaping @Sendable () -> String) { lock.withLock { textProvider = p } }
    func text() -> String { lock.withLock { textProvider }() }
}
