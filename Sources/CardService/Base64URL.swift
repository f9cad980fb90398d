import Foundation

/// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5).
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of `text` when it is the one canonical spelling of them: URL-safe alphabet
    /// only, no padding, the exact length for its byte count, and the unused low bits of the
    /// last character zero. Any other spelling (which a lenient decoder would map to the
    /// same bytes) gives nil, so a signature has exactly one accepted form.
    static func decodeCanonical(_ text: String) -> [UInt8]? {
        guard text.utf8.allSatisfy(isAlphabet), text.utf8.count % 4 != 1 else { return nil }
        var padded = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while padded.utf8.count % 4 != 0 { padded += "=" }
        guard let data = Data(base64Encoded: padded) else { return nil }
        let bytes = Array(data)
        return encode(bytes) == text ? bytes : nil
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
    }
}

/// RFC 3986 percent-encoding: everything but unreserved characters (and `/` in a path).
enum QueryEncoding {
    /// For query names and values.
    static func encode(_ text: String) -> String { encode(text, keepingSlash: false) }

    /// For a path: segments encoded, `/` kept, so `?`, `#` and `%` in a segment stay data.
    static func encodePath(_ path: String) -> String { encode(path, keepingSlash: true) }

    private static func encode(_ text: String, keepingSlash: Bool) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
            case 0x2F where keepingSlash: out += "/"
            default: out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
