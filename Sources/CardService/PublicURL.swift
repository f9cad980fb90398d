import Foundation
import HTTPTypes

/// Where clients reach the service, such as `https://cards.example.com` (or with a path
/// prefix, `https://example.com/cards`): URLs the service hands out (`imageURL`, share
/// pages, catalog links) are made absolute under it. Only http and https, a host, an optional
/// port and path; no user, query or fragment. A trailing `/` is dropped.
public struct PublicURL: Sendable, Hashable {
    /// The URL without a trailing `/`, ready to have an absolute path appended.
    public let text: String
    /// `scheme://host[:port]`, for a Content-Security-Policy source.
    public let origin: String

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ input: String) throws(Invalid) {
        func fail(_ why: String) -> Invalid { Invalid(description: "--public-url \(input.debugDescription): \(why)") }
        guard input.utf8.count <= 512, input.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw fail("must be printable ASCII without spaces, at most 512 bytes (percent-encode anything else)")
        }
        guard let parts = URLComponents(string: input), let scheme = parts.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw fail("must be an absolute http:// or https:// URL")
        }
        guard let host = parts.host, !host.isEmpty else { throw fail("has no host") }
        guard parts.user == nil, parts.password == nil else { throw fail("must not carry a user or password") }
        guard parts.query == nil, parts.fragment == nil else { throw fail("must not have a query or fragment") }
        guard !input.contains("\""), !input.contains("'"), !input.contains("<"), !input.contains(">"), !input.contains("\\") else {
            throw fail("must not contain quotes, angle brackets or backslashes")
        }
        var path = parts.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        if let port = parts.port, !(1...65535).contains(port) { throw fail("port must be from 1 to 65535, got \(port)") }
        let authority = parts.port.map { "\(host.lowercased()):\($0)" } ?? host.lowercased()
        guard CORSPolicy.isSerializedOrigin("\(scheme)://\(authority)") else {
            throw fail("host must be a name of dot-separated labels (letters, digits, inner '-'), an IPv4 address or a bracketed IPv6 one")
        }
        origin = "\(scheme)://\(authority)"
        text = origin + path
    }
}
