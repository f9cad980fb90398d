import Cards
import HTTPTypes
import UnicodeText

/// Versioned URLs. A card or preview URL may carry `v=`, a short token; the URLs the service
/// hands out carry the current `ContentVersion`. Only an answer for the current version is
/// `immutable`: fonts, palettes and templates change with deploys, and a URL without `v` (or
/// with an old one) would otherwise keep showing a browser or CDN the old design for a year.
/// Those are answered with a short lifetime and revalidated with their ETag, which is cheap.
extension CardService {
    static let versionParameter = "v"
    /// A `v` is a short token: at most 32 of `A-Z a-z 0-9 . _ -`.
    static let maximumVersionLength = 32
    /// How long an answer whose URL does not name the current version may be reused.
    static let unversionedMaxAgeSeconds = 300
    static let unversionedCacheControl = "public, max-age=\(unversionedMaxAgeSeconds), must-revalidate"

    /// The request's `v`, checked; nil when absent.
    static func version(_ request: HTTPRequest) throws -> String? {
        guard let text = request.queryValue(versionParameter) else { return nil }
        guard !text.isEmpty, text.utf8.count <= maximumVersionLength,
              text.utf8.allSatisfy({ isVersionByte($0) }) else {
            throw ServiceError.badRequest(code: "invalid_parameter",
                                          message: "v must be 1 to \(maximumVersionLength) characters of A-Z, a-z, 0-9, '.', '_' and '-' (the content version the catalog hands out), got \(QuotedValue.quoted(text, maximumScalars: 40))",
                                          field: versionParameter)
        }
        return text
    }

    private static func isVersionByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E || b == 0x5F || b == 0x2D
    }

    /// The caching fields for an answer to a URL with `version` (nil: none): `immutable` for
    /// the current version, a short `max-age` with `must-revalidate` otherwise. Signed URLs
    /// keep their expiry-bounded lifetime (never `immutable` either way).
    func caching(version: String?, signedExpires: Int?, now: Int) -> HTTPHeaders {
        if signedExpires != nil { return Self.cachingHeaders(signedExpires: signedExpires, now: now) }
        return ["Cache-Control": version == contentVersion ? Self.cacheControl : Self.unversionedCacheControl]
    }

    /// A strong ETag for the entity named `key` at the URL's `version`: the version is part
    /// of it, so answers cached under different rules never share a tag.
    static func entityTag(key: String, version: String?) -> String {
        guard let version else { return "\"" + key.prefix(40) + "\"" }
        return "\"" + ContentHash.hex(Array("\(key)|v=\(version)".utf8)).prefix(40) + "\""
    }

    /// `path` as the service hands it out: under the public URL when one is configured.
    func publicLink(_ path: String) -> String {
        (configuration.publicURL?.text ?? "") + path
    }
}
