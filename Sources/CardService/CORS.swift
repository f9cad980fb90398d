import HTTPTypes

extension CardService {
    /// Request fields a page may send: the body's type and conditional requests.
    static let corsAllowedHeaders = "Accept, Content-Type, If-Match, If-None-Match"
    /// How long a browser may reuse a preflight answer.
    static let corsMaxAgeSeconds = 600

    /// `response` with the CORS fields for `request`'s `Origin` (`CORSPolicy.addFields`).
    func withCORS(_ request: HTTPRequest, _ response: HTTPResponse) -> HTTPResponse {
        var response = response
        configuration.cors.addFields(to: &response, origin: request.headers.combined("Origin"), method: request.method)
        return response
    }

    /// `OPTIONS` on a route, when CORS is on (otherwise it is a 405 like any method a route
    /// does not take): 204 with `Allow`; for a CORS preflight from an allowed origin
    /// also the methods and headers a page may use and how long to remember them. A
    /// preflight from an origin not allowed is refused with 403, naming the origin.
    func preflight(_ request: HTTPRequest, _ route: Route) throws -> HTTPResponse {
        let methods = (route.methods + ["OPTIONS"]).joined(separator: ", ")
        var response = HTTPResponse(status: 204, headers: ["Allow": methods])
        guard let origin = request.headers.combined("Origin"), request.headers.contains("Access-Control-Request-Method") else { return response }
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
