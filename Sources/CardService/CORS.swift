import HTTPTypes

/// Which web pages on other origins may call the API from a browser (CORS). None by default;
/// `*` only when given explicitly. No credentials are ever allowed: the API uses no cookies.
public struct CORSPolicy: Sendable, Hashable {
    /// Exact origins (`https://app.example.com`, `http://127.0.0.1:8000`).
    public let origins: Set<String>
    /// `*` was given: any origin, answered with `Access-Control-Allow-Origin: *`.
    public let allowsAnyOrigin: Bool

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    public init() {
        origins = []
        allowsAnyOrigin = false
    }

    /// Each of `origins` is `*` or `scheme://host[:port]` as a browser sends it in `Origin`
    /// (lower case, no path, no trailing `/`).
    public init(origins given: [String]) throws(Invalid) {
        var origins = Set<String>()
        var any = false
        for origin in given {
            if origin == "*" { any = true; continue }
            guard Self.isSerializedOrigin(origin) else {
                throw Invalid(description: "--cors-origin \(origin.debugDescription) is not an origin: expected * or scheme://host[:port] in lower case, without a path (for example https://app.example.com)")
            }
            origins.insert(origin)
        }
        self.origins = origins
        allowsAnyOrigin = any
    }

    public var isEnabled: Bool { allowsAnyOrigin || !origins.isEmpty }

    /// The `Access-Control-Allow-Origin` value for a request from `origin`, or nil.
    func allowOrigin(for origin: String?) -> String? {
        if allowsAnyOrigin { return "*" }
        guard let origin, origins.contains(origin) else { return nil }
        return origin
    }

    static func isSerializedOrigin(_ text: String) -> Bool {
        guard text.utf8.count <= 256 else { return false }
        for scheme in ["http://", "https://"] where text.hasPrefix(scheme) {
            var rest = text.dropFirst(scheme.count)
            let host: Substring
            if rest.hasPrefix("[") {
                // an IPv6 literal: [hex and colons]
                guard let close = rest.firstIndex(of: "]") else { return false }
                host = rest[rest.index(after: rest.startIndex)..<close]
                guard !host.isEmpty, host.unicodeScalars.allSatisfy({ ("a"..."f").contains($0) || ("0"..."9").contains($0) || $0 == ":" || $0 == "." }) else { return false }
                rest = rest[rest.index(after: close)...]
            } else {
                host = rest.prefix { $0 != ":" }
                guard !host.isEmpty, host.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }) else { return false }
                rest = rest.dropFirst(host.count)
            }
            guard !rest.isEmpty else { return true }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65535).contains(port), String(port) == rest.dropFirst() else { return false }
            return true
        }
        return false
    }
}

extension CardService {
    /// Response fields a page may read besides the CORS-safelisted ones: the ETag, and the
    /// warning an image answer carries when glyphs could not be drawn.
    static let corsExposedHeaders = "ETag, Sharecard-Missing-Glyphs"
    /// Request fields a page may send: the body's type and conditional requests.
    static let corsAllowedHeaders = "Accept, Content-Type, If-Match, If-None-Match"
    /// How long a browser may reuse a preflight answer.
    static let corsMaxAgeSeconds = 600

    /// `response` with the CORS fields for `request`'s `Origin`. With exact origins
    /// configured, every answer varies by `Origin`, so a shared cache keeps one copy per origin
    /// (an answer without the allow field must never be reused for an allowed origin).
    func withCORS(_ request: HTTPRequest, _ response: HTTPResponse) -> HTTPResponse {
        let policy = configuration.cors
        guard policy.isEnabled else { return response }
        var response = response
        if !policy.allowsAnyOrigin { response.headers.append("Vary", "Origin") }
        guard request.method != "OPTIONS", let allowed = policy.allowOrigin(for: request.headers["Origin"]) else { return response }
        response.headers.set("Access-Control-Allow-Origin", allowed)
        response.headers.set("Access-Control-Expose-Headers", Self.corsExposedHeaders)
        return response
    }

    /// `OPTIONS` on a route, when CORS is on (otherwise it is a 405 like any method a route
    /// does not take): 204 with `Allow`; for a CORS preflight from an allowed origin
    /// also the methods and headers a page may use and how long to remember them. A
    /// preflight from an origin not allowed is refused with 403, naming the origin.
    func preflight(_ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let methods = (route.methods + ["OPTIONS"]).joined(separator: ", ")
        var response = HTTPResponse(status: 204, headers: ["Allow": methods])
        guard let origin = request.headers["Origin"], request.headers.contains("Access-Control-Request-Method") else { return response }
        guard let allowed = configuration.cors.allowOrigin(for: origin) else {
            throw ServiceError.forbidden(code: "cors_origin_not_allowed",
                                         message: "pages on \(origin.prefix(100)) may not call this API (the server's --cors-origin list does not name it)")
        }
        response.headers.append("Access-Control-Allow-Origin", allowed)
        response.headers.append("Access-Control-Allow-Methods", methods)
        response.headers.append("Access-Control-Allow-Headers", Self.corsAllowedHeaders)
        response.headers.append("Access-Control-Max-Age", String(Self.corsMaxAgeSeconds))
        return response
    }
}
