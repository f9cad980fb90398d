import CardService
import HTTPTypes

/// Request header fields from a stranger, on the routes that read them, answered by a service
/// that allows one CORS origin. The first byte picks the route and method; the rest is header
/// lines, one per `\n`, each a name picked by its first byte (`Accept`, `If-None-Match`,
/// `If-Match`, `Origin`, a preflight's `Access-Control-Request-*`, `Content-Type`, …) and the
/// fuzzer's value. Lines the server would refuse before the service sees them (a control
/// character other than a tab) are dropped, and values are trimmed as libmicrohttpd trims them.
///
/// Properties: no 5xx; no answer field holds CR, LF or NUL; `Access-Control-Allow-Origin` is the
/// allowed origin, byte for byte the request's; a 406 only when `Accept` was sent, a 304 only
/// with `If-None-Match`, a 412 only with `If-Match`; asked again, the same request gets the same
/// answer; and a GET or HEAD answered 200 with an entity tag is answered 304 when that tag, strong
/// or weak, is sent back in `If-None-Match`.
enum RequestHeadersFuzz {
    static let allowedOrigin = "https://app.example.com"

    static let service: CardService = {
        var configuration = ServiceConfiguration()
        do { configuration.cors = try CORSPolicy(origins: [allowedOrigin]) } catch { fatalError("\(error)") }
        return CardService(catalog: FuzzResources.catalog, renderer: FuzzResources.renderer, configuration: configuration)
    }()

    static let names = ["Accept", "If-None-Match", "If-Match", "Origin", "Access-Control-Request-Method",
                        "Access-Control-Request-Headers", "Content-Type", "Accept", "If-None-Match", "Origin"]

    struct Route {
        var method: String
        var target: String
        var body: [UInt8] = []
    }

    static let routes: [Route] = {
        let palette = FuzzResources.catalog.palettes.first!.name
        let event = Array(#"{"title":"Headers","template":"classic"}"#.utf8)
        return [
            Route(method: "GET", target: "/v1/cards/classic.png?title=Headers"),
            Route(method: "GET", target: "/v1/cards/classic.png?title=Headers&format=auto"),
            Route(method: "HEAD", target: "/v1/cards/classic.webp?title=Headers&quality=60"),
            Route(method: "GET", target: "/v1/palettes/\(palette)/preview.png"),
            Route(method: "GET", target: "/v1/templates/classic"),
            Route(method: "GET", target: "/v1/palettes"),
            Route(method: "POST", target: "/v1/cards", body: event),
            Route(method: "POST", target: "/v1/cards?format=jpeg", body: event),
            Route(method: "OPTIONS", target: "/v1/cards"),
            Route(method: "OPTIONS", target: "/v1/cards/classic.png"),
            Route(method: "DELETE", target: "/v1/cards/classic.png?title=Headers"),
        ]
    }()

    static func run(_ input: [UInt8]) {
        var reader = FuzzInput(input)
        let route = reader.pick(routes)
        let headers = fields(reader.rest)
        guard let request = try? HTTPRequest(method: route.method, target: route.target, headers: headers, body: route.body) else {
            FuzzCheck.that(false, "the route's own target \(route.target) is refused")
            return
        }
        let response = service.handle(request)
        let described = "\(route.method) \(route.target) with \(headers.map { "\($0.name): \($0.value)" })"
        FuzzCheck.that(response.status < 500, "status \(response.status) for \(described): \(String(decoding: response.body, as: UTF8.self))")
        for field in response.headers {
            FuzzCheck.that(!field.value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 },
                           "answer field \(field.name) holds CR, LF or NUL: \(field.value.debugDescription) for \(described)")
        }
        checkCORS(response, request, described)
        checkStatusCause(response, headers, described)

        let again = service.handle(request)
        FuzzCheck.that(again.status == response.status && again.body == response.body && again.headers == response.headers,
                       "asked twice, \(described) got \(response.status) then \(again.status)")

        guard request.method == "GET" || request.method == "HEAD", response.status == 200,
              let etag = response.headers["ETag"] else { return }
        for tag in [etag, "W/" + etag] {
            var conditional = headers
            conditional.remove("If-None-Match")
            conditional.append("If-None-Match", tag)
            guard let revalidation = try? HTTPRequest(method: route.method, target: route.target, headers: conditional) else { continue }
            let answer = service.handle(revalidation)
            FuzzCheck.that(answer.status == 304 && answer.headers["ETag"] == etag,
                           "\(described) answered 200 with ETag \(etag), then \(answer.status) to If-None-Match: \(tag)")
        }
    }

    /// The header lines as the service would receive them.
    static func fields(_ bytes: [UInt8]) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            guard let first = line.first else { continue }
            var value = line.dropFirst()
            // The server answers 400 to a control character in a value (a tab is whitespace).
            guard !value.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else { continue }
            while let byte = value.first, byte == 0x20 || byte == 0x09 { value = value.dropFirst() }
            while let byte = value.last, byte == 0x20 || byte == 0x09 { value = value.dropLast() }
            headers.append(names[Int(first) % names.count], String(decoding: value, as: UTF8.self))
        }
        return headers
    }

    static func checkCORS(_ response: HTTPResponse, _ request: HTTPRequest, _ described: String) {
        let allowed = response.headers.values(for: "Access-Control-Allow-Origin")
        guard !allowed.isEmpty else { return }
        FuzzCheck.that(allowed.count == 1 && Array(allowed[0].utf8) == Array(allowedOrigin.utf8),
                       "Access-Control-Allow-Origin \(allowed) for \(described)")
        let origin = request.headers["Origin"].map { Array($0.utf8) }
        FuzzCheck.that(origin == Array(allowedOrigin.utf8), "Access-Control-Allow-Origin \(allowed[0]) for Origin \(request.headers["Origin"] ?? "none")")
    }

    static func checkStatusCause(_ response: HTTPResponse, _ headers: HTTPHeaders, _ described: String) {
        switch response.status {
        case 406: FuzzCheck.that(headers.contains("Accept"), "406 without Accept: \(described)")
        case 304: FuzzCheck.that(headers.contains("If-None-Match"), "304 without If-None-Match: \(described)")
        case 412: FuzzCheck.that(headers.contains("If-Match"), "412 without If-Match: \(described)")
        default: break
        }
    }
}
