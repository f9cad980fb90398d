/// A complete request as a handler sees it. Built by the server from the wire, or directly
/// (tests, services without sockets) with the same validation.
public struct HTTPRequest: Sendable {
    /// As sent, e.g. "GET", "HEAD" (a HEAD response's body is never sent).
    public let method: String
    /// The request target exactly as received: path and query, not decoded.
    public let target: String
    /// The path, percent-decoded (`+` stays a plus sign).
    public let path: String
    /// The path as received, not decoded.
    public let rawPath: String
    /// The query string after `?`, not decoded; nil when the target has no `?`.
    public let rawQuery: String?
    /// The query as form items: `+` is a space, `%XX` decoded, order and duplicates kept.
    public private(set) var queryItems: [HTTPQueryItem]
    /// "HTTP/1.1" or "HTTP/1.0".
    public let version: String
    public let headers: HTTPHeaders
    public let body: [UInt8]
    /// The peer's IP address as text ("127.0.0.1", "::1"); empty when unknown.
    public let remoteAddress: String
    public let remotePort: Int

    /// Throws `HTTPTargetError` when the target is not a path (or absolute URL, or `*`), or
    /// its path or query has malformed percent-encoding or does not decode to UTF-8.
    public init(method: String = "GET", target: String, version: String = "HTTP/1.1",
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
                remoteAddress: String = "", remotePort: Int = 0) throws {
        let parsed = try RequestTarget(target)
        self.method = method
        self.target = target
        self.path = parsed.path
        self.rawPath = parsed.rawPath
        self.rawQuery = parsed.rawQuery
        self.queryItems = parsed.queryItems
        self.version = version
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.remotePort = remotePort
    }

    /// The first value of the query item named `name` (case-sensitive), or nil.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The same request without the query items `drop` picks; `target` and `rawQuery` stay
    /// as received (the access log shows what came).
    public func removingQueryItems(where drop: (HTTPQueryItem) -> Bool) -> HTTPRequest {
        var copy = self
        copy.queryItems.removeAll(where: drop)
        return copy
    }

    /// Every value of the query items named `name`, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }

    /// What an access log needs, without the body.
    public var summary: HTTPRequestSummary {
        HTTPRequestSummary(method: method, target: target, remoteAddress: remoteAddress,
                           remotePort: remotePort, userAgent: headers["User-Agent"])
    }
}

/// A request reduced to what an access log line shows.
public struct HTTPRequestSummary: Sendable, Hashable {
    /// Longest target kept, in UTF-8 bytes; longer ones are cut and end with "...".
    public static let maxTargetBytes = 2048

    public let method: String
    /// The raw request target, cut to `maxTargetBytes`.
    public let target: String
    public let remoteAddress: String
    public let remotePort: Int
    public let userAgent: String?

    public init(method: String, target: String, remoteAddress: String, remotePort: Int,
                userAgent: String?) {
        self.method = method
        self.target = Self.cut(target)
        self.remoteAddress = remoteAddress
        self.remotePort = remotePort
        self.userAgent = userAgent.map(Self.cut)
    }

    private static func cut(_ text: String) -> String {
        guard text.utf8.count > maxTargetBytes else { return text }
        let bytes = Array(text.utf8)
        var end = maxTargetBytes - 3
        while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 } // not inside a character
        return String(decoding: bytes[..<end], as: UTF8.self) + "..."
    }
}
