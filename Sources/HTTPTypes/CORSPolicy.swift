/// Which web pages on other origins may call the API from a browser (CORS). None by default;
/// `*` only when given explicitly. No credentials are ever allowed: the API uses no cookies.
///
/// The one place that decides the CORS fields of an actual (not preflight) answer, for the
/// service's answers and for the errors the server layer makes itself (429, 503, 413, 414,
/// 431, 400) alike: without them a page sees a network error instead of the JSON error.
public struct CORSPolicy: Sendable, Hashable {
    /// Exact origins (`https://app.example.com`, `http://127.0.0.1:8000`).
    public let origins: Set<String>
    /// `*` was given: any origin, answered with `Access-Control-Allow-Origin: *`.
    public let allowsAnyOrigin: Bool

    /// Response fields a page may read besides the CORS-safelisted ones: the ETag, the warning
    /// an image answer carries when glyphs could not be drawn, and what an error tells a client
    /// to do next (`Retry-After` on 429 and 503, `Allow` on 405, `Accept-Post` on 415).
    public static let exposedHeaders = "ETag, Sharecard-Missing-Glyphs, Retry-After, Allow, Accept-Post"

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

    /// The `Access-Control-Allow-Origin` value for a request from `origin`, or nil. Spaces
    /// and tabs around the field's value are not part of it (RFC 9110 §5.5); libmicrohttpd
    /// 0.9.75 drops those before a value but keeps those after it.
    public func allowOrigin(for origin: String?) -> String? {
        if allowsAnyOrigin { return "*" }
        guard var origin = origin?.utf8[...] else { return nil }
        while let byte = origin.first, byte == 0x20 || byte == 0x09 { origin = origin.dropFirst() }
        while let byte = origin.last, byte == 0x20 || byte == 0x09 { origin = origin.dropLast() }
        let trimmed = String(decoding: origin, as: UTF8.self)
        return origins.contains(trimmed) ? trimmed : nil
    }

    /// Adds the CORS fields to the answer to a `method` request whose `Origin` field is
    /// `origin`. With exact origins configured, every answer varies by `Origin`, so a shared
    /// cache keeps one copy per origin (an answer without the allow field must never be
    /// reused for an allowed origin). A preflight's own fields are the service's business.
    public func addFields(to response: inout HTTPResponse, origin: String?, method: String) {
        guard isEnabled else { return }
        if !allowsAnyOrigin { response.headers.append("Vary", "Origin") }
        guard method != "OPTIONS", let allowed = allowOrigin(for: origin) else { return }
        response.headers.set("Access-Control-Allow-Origin", allowed)
        response.headers.set("Access-Control-Expose-Headers", Self.exposedHeaders)
    }

    /// Whether `text` is an origin as a browser serializes it: `http` or `https`, a lowercase
    /// host (dot-separated labels of letters, digits and inner hyphens, or a bracketed IPv6
    /// literal) and an optional port from 1 to 65535.
    public static func isSerializedOrigin(_ text: String) -> Bool {
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
                let labels = host.split(separator: ".", omittingEmptySubsequences: false)
                guard labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 && $0.first != "-" && $0.last != "-" }) else { return false }
                rest = rest.dropFirst(host.count)
            }
            guard !rest.isEmpty else { return true }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65535).contains(port), String(port) == rest.dropFirst() else { return false }
            return true
        }
        return false
    }
}
