import CCrypto
import Foundation

/// Signed card URLs: `expires` (Unix seconds) and `sig`, the HMAC-SHA256 of the canonical
/// path and query (every parameter but `sig`, sorted, percent-encoded) under a key, in
/// base64url. Several keys may verify at once, so keys can be rotated: sign with the new
/// one while URLs signed with the old one still work.
public struct URLSigner: Sendable {
    public enum Failure: Error, Equatable, Sendable {
        case missing, malformed, expired, invalid
    }

    /// The first key signs; all of them verify.
    public let keys: [[UInt8]]

    public init(keys: [String]) throws {
        guard !keys.isEmpty, keys.allSatisfy({ $0.utf8.count >= 16 }) else {
            throw ServiceError.badRequest(code: "weak_key", message: "signing keys must be at least 16 bytes", field: nil)
        }
        self.keys = keys.map { Array($0.utf8) }
    }

    /// The canonical text a signature covers.
    static func canonical(path: String, items: [(String, String)]) -> String {
        path + "?" + items.filter { $0.0 != "sig" }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            .map { "\(QueryEncoding.encode($0.0))=\(QueryEncoding.encode($0.1))" }.joined(separator: "&")
    }

    /// `path?query` with `expires` and `sig` added.
    public func sign(path: String, items: [(String, String)], expires: Int) -> String {
        var all = items.filter { $0.0 != "sig" && $0.0 != "expires" }
        all.append(("expires", String(expires)))
        let signature = mac(keys[0], URLSigner.canonical(path: path, items: all))
        all.append(("sig", signature))
        return path + "?" + all.map { "\(QueryEncoding.encode($0.0))=\(QueryEncoding.encode($0.1))" }.joined(separator: "&")
    }

    /// Checks the `sig` and `expires` among `items` at time `now` (Unix seconds).
    public func verify(path: String, items: [(String, String)], now: Int) -> Failure? {
        let sigs = items.filter { $0.0 == "sig" }, expiry = items.filter { $0.0 == "expires" }
        guard !sigs.isEmpty || !expiry.isEmpty else { return .missing }
        guard sigs.count == 1, expiry.count == 1, let expires = Int(expiry[0].1),
              let given = Base64URL.decode(sigs[0].1), given.count == 32 else { return .malformed }
        let text = URLSigner.canonical(path: path, items: items)
        // Every key is tried, in constant time per comparison, whatever matched before.
        var matched = false
        for key in keys {
            let expected = rawMAC(key, text)
            if expected.withUnsafeBufferPointer({ e in given.withUnsafeBufferPointer { sc_constant_time_equal(e.baseAddress, $0.baseAddress, 32) } }) == 1 {
                matched = true
            }
        }
        guard matched else { return .invalid }
        return expires < now ? .expired : nil
    }

    private func mac(_ key: [UInt8], _ text: String) -> String { Base64URL.encode(rawMAC(key, text)) }

    private func rawMAC(_ key: [UInt8], _ text: String) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        let data = Array(text.utf8)
        _ = key.withUnsafeBufferPointer { k in data.withUnsafeBufferPointer { d in sc_hmac_sha256(k.baseAddress, k.count, d.baseAddress, d.count, &out) } }
        return out
    }
}

/// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5).
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }) else { return nil }
        var s = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while s.count % 4 != 0 { s += "=" }
        return Data(base64Encoded: s).map { Array($0) }
    }
}

/// RFC 3986 percent-encoding for query names and values: everything but unreserved characters.
enum QueryEncoding {
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
