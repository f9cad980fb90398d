import Foundation
import UnicodeText

/// Signed card URLs: `expires` (Unix seconds) and `sig`, the HMAC-SHA256 of the canonical
/// path and query (the path percent-encoded, then every parameter but `sig`, sorted,
/// percent-encoded) under a key, in canonical base64url. Several keys may verify at once, so
/// keys can be rotated: sign with the new one while URLs signed with the old one still work.
/// A URL may live at most `maximumLifetimeSeconds` from the moment it is checked, so a link
/// signed to last for years is refused rather than trusted for years.
public struct URLSigner: Sendable {
    public enum Failure: Error, Equatable, Sendable {
        case missing, malformed, expired, invalid
        /// `expires` lies further ahead than the server's maximum lifetime (in seconds).
        case lifetimeTooLong(maximumSeconds: Int)
        /// The MAC could not be computed, so nothing can be trusted.
        case unverifiable
    }

    /// 30 days.
    public static let defaultMaximumLifetimeSeconds = 30 * 86_400

    /// The first key signs; all of them verify.
    public let keys: [[UInt8]]
    /// How far ahead of the check `expires` may lie.
    public let maximumLifetimeSeconds: Int
    /// HMAC-SHA256(key, message); a seam so tests can make it fail.
    let mac: @Sendable ([UInt8], [UInt8]) throws -> [UInt8]

    public init(keys: [String], maximumLifetimeSeconds: Int = URLSigner.defaultMaximumLifetimeSeconds) throws {
        try self.init(keys: keys, maximumLifetimeSeconds: maximumLifetimeSeconds, mac: { try HMACSHA256.mac(key: $0, message: $1) })
    }

    init(keys: [String], maximumLifetimeSeconds: Int, mac: @escaping @Sendable ([UInt8], [UInt8]) throws -> [UInt8]) throws {
        guard !keys.isEmpty, keys.allSatisfy({ $0.utf8.count >= 16 }) else {
            throw ServiceError.badRequest(code: "weak_key", message: "signing keys must be at least 16 bytes", field: nil)
        }
        guard maximumLifetimeSeconds > 0 else {
            throw ServiceError.badRequest(code: "invalid_lifetime", message: "the maximum lifetime must be at least one second", field: nil)
        }
        self.keys = keys.map { Array($0.utf8) }
        self.maximumLifetimeSeconds = maximumLifetimeSeconds
        self.mac = mac
    }

    /// The canonical text a signature covers.
    static func canonical(path: String, items: [(String, String)]) -> String {
        QueryEncoding.encodePath(path) + "?" + items.filter { $0.0 != "sig" }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            .map { "\(QueryEncoding.encode($0.0))=\(QueryEncoding.encode($0.1))" }.joined(separator: "&")
    }

    /// `path?query` with `expires` and `sig` added, path and query percent-encoded, for the
    /// decoded `path` and `items` a server will read back from it. Throws when the MAC fails.
    public func sign(path: String, items: [(String, String)], expires: Int) throws -> String {
        var all = items.filter { $0.0 != "sig" && $0.0 != "expires" }
        all.append(("expires", String(expires)))
        let signature = Base64URL.encode(try mac(keys[0], Array(URLSigner.canonical(path: path, items: all).utf8)))
        all.append(("sig", signature))
        return QueryEncoding.encodePath(path) + "?" + all.map { "\(QueryEncoding.encode($0.0))=\(QueryEncoding.encode($0.1))" }.joined(separator: "&")
    }

    /// Checks the `sig` and `expires` among `items` at time `now` (Unix seconds): nil when the
    /// URL may be served.
    public func verify(path: String, items: [(String, String)], now: Int) -> Failure? {
        let sigs = items.filter { $0.0 == "sig" }, expiry = items.filter { $0.0 == "expires" }
        guard !sigs.isEmpty || !expiry.isEmpty else { return .missing }
        guard sigs.count == 1, expiry.count == 1, let expires = Self.unixSeconds(expiry[0].1),
              let given = Base64URL.decodeCanonical(sigs[0].1), given.count == 32 else { return .malformed }
        let text = Array(URLSigner.canonical(path: path, items: items).utf8)
        // Every key is tried, in constant time per comparison, whatever matched before. A MAC
        // that cannot be computed fails closed.
        var matched = false
        for key in keys {
            guard let expected = try? mac(key, text), expected.count == 32 else { return .unverifiable }
            if HMACSHA256.equal(expected, given) { matched = true }
        }
        guard matched else { return .invalid }
        if expires < now { return .expired }
        if expires - now > maximumLifetimeSeconds { return .lifetimeTooLong(maximumSeconds: maximumLifetimeSeconds) }
        return nil
    }

    /// `expires` as written by `sign`: 1 to 18 decimal digits (no sign, no spaces; 18 keep every
    /// value and its difference from now within an `Int`).
    static func unixSeconds(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    /// What makes `items` a malformed signed query (`verify` said `.malformed`), for the answer:
    /// a missing or repeated parameter first, then `expires`, then `sig`.
    static func malformation(_ items: [(String, String)]) -> String {
        let sigs = items.filter { $0.0 == "sig" }, expiry = items.filter { $0.0 == "expires" }
        if sigs.isEmpty || expiry.isEmpty { return "a signed URL needs both expires and sig (only \(sigs.isEmpty ? "expires" : "sig") is given)" }
        if sigs.count > 1 || expiry.count > 1 { return "a signed URL has one expires and one sig" }
        if unixSeconds(expiry[0].1) == nil { return expiresRule(got: expiry[0].1) }
        return Self.sigRule
    }

    /// The one wording of a well-formed `expires`, with the value given.
    static func expiresRule(got text: String) -> String {
        "expires must be Unix seconds, 1 to 18 decimal digits, got \(QuotedValue.quoted(text))"
    }

    /// The one wording of a well-formed `sig`.
    static let sigRule = "sig must be the canonical base64url of an HMAC-SHA256 (43 characters of A-Z, a-z, 0-9, '-' and '_', no padding)"
}
