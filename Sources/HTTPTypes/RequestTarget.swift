import BufferText

/// One `name=value` pair of a query string, decoded.
public struct HTTPQueryItem: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Why a request target could not be read.
public enum HTTPTargetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not origin form (`/path?query`), absolute form (`http://host/path`) or `*`.
    case unsupportedForm
    /// A `%` not followed by two hexadecimal digits, in the named part ("path" or "query").
    case invalidPercentEncoding(String)
    /// Decoded bytes that are not UTF-8, in the named part.
    case invalidUTF8(String)
    /// A space, control character or DEL in the target as received.
    case invalidCharacter
    /// A decoded NUL in the path.
    case nulInPath

    public var description: String {
        switch self {
        case .unsupportedForm: return "the request target must be a path starting with '/'"
        case .invalidPercentEncoding(let part): return "invalid percent-encoding in the \(part)"
        case .invalidUTF8(let part): return "the \(part) does not decode to UTF-8"
        case .invalidCharacter: return "the request target contains a space or control character"
        case .nulInPath: return "the path contains a NUL character"
        }
    }
}

/// A request target split and decoded: the path (`%XX` decoded) and the query (raw, and as
/// `application/x-www-form-urlencoded` items: `+` is a space, then `%XX` decoded). Items keep
/// their order and duplicates; empty pieces (`a=1&&b=2`) are skipped; a piece without `=` is
/// a name with an empty value. A fragment, if a client sends one, is ignored.
struct RequestTarget: Sendable, Equatable {
    var rawPath: String
    var path: String
    var rawQuery: String?
    var queryItems: [HTTPQueryItem]

    init(_ target: String) throws {
        if target.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) { throw HTTPTargetError.invalidCharacter }
        var rest = Substring(target)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if rest == "*" {
            rawPath = "*"
            path = "*"
            rawQuery = nil
            queryItems = []
            return
        }
        if !rest.hasPrefix("/") {
            // absolute form: scheme "://" authority, then the origin form (or nothing)
            guard let scheme = rest.range(of: "://"), !rest[..<scheme.lowerBound].isEmpty else {
                throw HTTPTargetError.unsupportedForm
            }
            let afterAuthority = rest[scheme.upperBound...]
            if let slash = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                rest = afterAuthority[slash...]
                if rest.hasPrefix("?") { rest = "/" + rest }
            } else {
                rest = "/"
            }
        }
        if let question = rest.firstIndex(of: "?") {
            rawPath = String(rest[..<question])
            let query = String(rest[rest.index(after: question)...])
            rawQuery = query
            queryItems = try Self.parseQuery(query)
        } else {
            rawPath = String(rest)
            rawQuery = nil
            queryItems = []
        }
        path = try Self.decode(Substring(rawPath), plusIsSpace: false, part: "path")
        if path.utf8.contains(0) { throw HTTPTargetError.nulInPath }
    }

    static func parseQuery(_ query: String) throws -> [HTTPQueryItem] {
        var items: [HTTPQueryItem] = []
        for piece in query.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring, value: Substring
            if let equals = piece.firstIndex(of: "=") {
                name = piece[..<equals]
                value = piece[piece.index(after: equals)...]
            } else {
                name = piece
                value = ""
            }
            items.append(HTTPQueryItem(
                name: try decode(name, plusIsSpace: true, part: "query"),
                value: try decode(value, plusIsSpace: true, part: "query")))
        }
        return items
    }

    /// Percent-decodes `text`; the result must be UTF-8.
    static func decode(_ text: Substring, plusIsSpace: Bool, part: String) throws -> String {
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high < utf8.endIndex, utf8.index(after: high) < utf8.endIndex,
                      let h = HexDigit.value(utf8[high]), let l = HexDigit.value(utf8[utf8.index(after: high)])
                else { throw HTTPTargetError.invalidPercentEncoding(part) }
                bytes.append(h << 4 | l)
                index = utf8.index(index, offsetBy: 3)
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = utf8.index(after: index)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw HTTPTargetError.invalidUTF8(part)
        }
        return decoded
    }
}
