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
/// information, or a malformed host or port is nil. So is a host that URL parsers read in
/// different ways: one written other than as read (percent-escapes, characters mapped to
/// ASCII) and a number that is not a dotted-quad IPv4 address (`0x7f.1`, `2130706433`,
/// `127.1`, which libcurl reads as 127.0.0.1). libcurl, which makes the connection, must read
/// the same host and port from every URL taken here (the `photo-url` fuzz target checks it, and
/// each fetch asks libcurl's own parser before connecting).
struct URLParts {
    let scheme: String
    let host: String
    let port: Int
    let path: String
    let query: String?

    init?(_ text: String) {
        guard text.utf8.count <= PhotoFetcher.maxURLBytes, !text.contains(where: { $0.isWhitespace || $0.isNewline }),
              !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),  // libcurl refuses control characters
              let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              components.user == nil, components.password == nil,
              var host = components.host?.lowercased(), !host.isEmpty else { return nil }
        // The port as written: none (or an empty one) is the scheme's.
        guard let writtenPort = Self.portWrittenAfter(host, in: text, scheme: scheme) else { return nil }
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
            guard HostAddresses.isIPv6Literal(host) else { return nil }  // brackets hold IPv6 only
        }
        guard host.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-.:".unicodeScalars.contains($0)) }),
              !Self.endsInNumber(host) || HostAddresses.isLiteral(host) else {
            return nil
        }
        let port = writtenPort ?? (scheme == "https" ? 443 : 80)
        guard (1...65535).contains(port), components.port == writtenPort else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
        path = components.percentEncodedPath
        query = components.percentEncodedQuery
    }

    /// The port written after `host` (lower-cased, IPv6 in brackets) in the URL's authority as
    /// `text` has it: `.some(nil)` for none or an empty one, nil unless the authority is exactly
    /// `host`, then at most `:` and decimal digits (no escape or mapping made the host `host`,
    /// and the port is not one a parser gave up on: Foundation reads a port past `Int`'s range
    /// as none, which libcurl refuses).
    ///
    /// Read byte by byte, upper-case ASCII letters folded: the text must start with `scheme`
    /// and `://`, and the authority after it is compared with `host`. As Swift strings, a
    /// combining mark after the second slash (`http:/\u{34F}/`) makes one character with it,
    /// so a search for `://` finds a later one; Unicode's case mapping and canonical
    /// equivalence would take `\u{212A}.com` (KELVIN SIGN) for `k.com`, which libcurl reads as
    /// written.
    private static func portWrittenAfter(_ host: String, in text: String, scheme: String) -> Int?? {
        func folded(_ bytes: some Sequence<UInt8>) -> [UInt8] {
            bytes.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
        }
        let opening = Array((scheme + "://").utf8)
        guard folded(text.utf8.prefix(opening.count)) == opening else { return nil }
        let authority = Array(text.utf8.dropFirst(opening.count).prefix { !"/?#".utf8.contains($0) })
        let written = Array(host.utf8)
        guard folded(authority.prefix(written.count)) == written else { return nil }
        let rest = authority.dropFirst(written.count)
        if rest.isEmpty || Array(rest) == [UInt8(ascii: ":")] { return .some(nil) }
        let digits = rest.dropFirst()
        guard rest.first == UInt8(ascii: ":"), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let number = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
        return .some(number)
    }

    /// WHATWG's "ends in a number": the last label (before a final dot) is decimal digits or
    /// `0x` and hex digits, so the host is read as an IPv4 address in one of its many forms.
    private static func endsInNumber(_ host: String) -> Bool {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        guard let last = labels.last?.lowercased().utf8, !last.isEmpty else { return false }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        if last.allSatisfy(isDigit) { return true }
        return last.starts(with: "0x".utf8) && last.dropFirst(2).allSatisfy { isDigit($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    var origin: PhotoOrigin? { try? PhotoOrigin("\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)") }
}
