import HTTPTypes

/// A request target as the server receives it (bytes that are not UTF-8 are repaired, as the
/// server's own conversion does). A target that parses must survive a round trip: its decoded
/// path and query items, percent-encoded again, parse back to the same path and items.
enum RequestTargetFuzz {
    static func run(_ input: [UInt8]) {
        let target = String(decoding: input, as: UTF8.self)
        guard let request = try? HTTPRequest(target: target) else { return }
        FuzzCheck.that(!request.path.utf8.contains(0), "NUL in the decoded path")
        guard request.path != "*" else { return }
        // Bytes, not Characters: "/" followed by a combining mark is one Character.
        FuzzCheck.that(request.path.utf8.first == UInt8(ascii: "/"), "path \"\(request.path)\" does not start with /")
        var rebuilt = PercentEncoding.encode(request.path, keepingSlashes: true)
        if request.rawQuery != nil {
            rebuilt += "?" + request.queryItems.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }
                .joined(separator: "&")
        }
        do {
            let again = try HTTPRequest(target: rebuilt)
            FuzzCheck.that(again.path == request.path, "path \"\(request.path)\" became \"\(again.path)\" via \(rebuilt)")
            FuzzCheck.that(again.queryItems == request.queryItems,
                           "query items \(request.queryItems) became \(again.queryItems) via \(rebuilt)")
        } catch {
            FuzzCheck.that(false, "re-encoded target \(rebuilt) is refused: \(error)")
        }
    }
}

/// RFC 3986 percent-encoding of everything but unreserved characters (and `/` in paths).
enum PercentEncoding {
    static func encode(_ text: String, keepingSlashes: Bool = false) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E:
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case 0x2F where keepingSlashes:
                out += "/"
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// True when `text` needs no encoding as a path: unreserved characters and `/` only.
    static func isPlainPath(_ text: String) -> Bool { encode(text, keepingSlashes: true) == text }
}
