import Foundation

/// An origin photos may be fetched from: scheme, host and port, as given to `--photo-origin`
/// (`https://media.example.com`, `http://127.0.0.1:8081`). Nothing else: no path, user or query.
public struct PhotoOrigin: Hashable, Sendable, CustomStringConvertible {
    public let scheme: String
    /// Lower-cased; an IPv6 literal without brackets.
    public let host: String
    public let port: Int

    public init(_ text: String) throws(PhotoFetchError) {
        guard let parts = URLParts(text), parts.path.isEmpty || parts.path == "/", parts.query == nil else {
            throw .invalidOrigin("\"\(text.prefix(200))\" is not an origin (scheme://host[:port], http or https, nothing after)")
        }
        scheme = parts.scheme
        host = parts.host
        port = parts.port
    }

    public var description: String {
        let defaultPort = scheme == "https" ? 443 : 80
        let h = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(h)" + (port == defaultPort ? "" : ":\(port)")
    }
}

/// An absolute http(s) URL taken apart, strictly: a scheme other than http and https, user
/// information, or a malformed host or port is nil.
struct URLParts {
    let scheme: String
    let host: String
    let port: Int
    let path: String
    let query: String?

    init?(_ text: String) {
        guard text.utf8.count <= PhotoFetcher.maxURLBytes, !text.contains(where: { $0.isWhitespace || $0.isNewline }),
              let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              components.user == nil, components.password == nil,
              var host = components.host?.lowercased(), !host.isEmpty else { return nil }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard host.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-.:".unicodeScalars.contains($0)) }) else {
            return nil
        }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        guard (1...65535).contains(port) else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
        path = components.percentEncodedPath
        query = components.percentEncodedQuery
    }

    var origin: PhotoOrigin? { try? PhotoOrigin("\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)") }
}
