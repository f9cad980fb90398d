@testable import CardService
import Foundation
import HTTPServer
import HTTPTypes
import TestSupport
import XCTest

/// Signed answers are cached no longer than the signature lives; each signature has exactly
/// one accepted spelling; no signature lives longer than the server allows; `sharecard sign`
/// reads a query as the server does.
final class SignedCachingTests: XCTestCase {
    static let key = SigningTests.key
    static let now = SigningTests.now
    static let path = "/v1/cards/classic.png"

    func sign(expires: Int, items: [(String, String)] = [("title", "Cached until expiry")]) throws -> String {
        try URLSigner(keys: [Self.key]).sign(path: Self.path, items: items, expires: expires)
    }

    func testCacheLifetimeEndsWithTheSignature() throws {
        let port = try startService(try Repository.configuration(signingKeys: [Self.key], now: Self.now)).port
        let url = try sign(expires: Self.now + 600)
        let ok = try fetch(port, url)
        XCTAssertEqual(ok.status, 200, ok.text)
        XCTAssertEqual(ok.header("Cache-Control"), "public, max-age=600")
        let notModified = try fetch(port, url, headers: ["If-None-Match: \(try XCTUnwrap(ok.header("ETag")))"])
        XCTAssertEqual(notModified.status, 304)
        XCTAssertEqual(notModified.header("Cache-Control"), "public, max-age=600")
        // the same limit as an absolute time, for caches that do not send Age
        XCTAssertEqual(ok.header("Expires"), "Tue, 14 Nov 2023 22:23:20 GMT")
        XCTAssertEqual(notModified.header("Expires"), "Tue, 14 Nov 2023 22:23:20 GMT")
        // expiring this very second: served, but not to be kept
        let last = try fetch(port, try sign(expires: Self.now))
        XCTAssertEqual(last.status, 200)
        XCTAssertEqual(last.header("Cache-Control"), "public, max-age=0")
        for response in [ok, notModified, last] {
            XCTAssertFalse(response.header("Cache-Control")!.contains("immutable"))
        }
    }

    /// The last of 43 characters carries two unused bits: the three spellings with those bits
    /// set, and a padded one, decode to the same bytes and are refused.
    func testOnlyTheCanonicalSignatureSpellingIsAccepted() throws {
        let port = try startService(try Repository.configuration(signingKeys: [Self.key], now: Self.now)).port
        let url = try sign(expires: Self.now + 600)
        XCTAssertEqual(try fetch(port, url).status, 200)
        let sig = String(url[try XCTUnwrap(url.range(of: "&sig=")).upperBound...])
        XCTAssertEqual(sig.count, 43)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let last = try XCTUnwrap(alphabet.firstIndex(of: sig.last!))
        var variants = (1...3).map { String(sig.dropLast()) + String(alphabet[last ^ $0]) }
        variants.append(sig + "%3D")
        for variant in variants {
            let target = url.replacingOccurrences(of: "&sig=" + sig, with: "&sig=" + variant)
            XCTAssertNotEqual(target, url)
            assertError(try fetch(port, target), 403, "signature_malformed", field: nil)
        }
    }

    func testExpiriesBeyondTheMaximumLifetimeAreRefused() throws {
        let port = try startService(try Repository.configuration(signingKeys: [Self.key], now: Self.now)).port
        XCTAssertEqual(try fetch(port, try sign(expires: Self.now + 30 * 86_400)).status, 200)
        let far = try fetch(port, try sign(expires: Self.now + 30 * 86_400 + 1))
        assertError(far, 403, "signature_lifetime_too_long", field: nil)
        XCTAssertTrue(far.text.contains("2592000 seconds"), far.text)
        assertError(try fetch(port, try sign(expires: Self.now + 10 * 365 * 86_400)), 403, "signature_lifetime_too_long", field: nil)
    }

    /// A MAC that cannot be computed refuses every URL, even one whose `sig` is what a
    /// zeroed output buffer would give.
    func testAFailingMACFailsClosed() throws {
        struct Broken: Error {}
        var configuration = try Repository.configuration(now: Self.now)
        configuration.signer = try URLSigner(keys: [Self.key], maximumLifetimeSeconds: 3600, mac: { _, _ in throw Broken() })
        let port = try startService(configuration).port
        let zeros = String(repeating: "A", count: 43)
        assertError(try fetch(port, Self.path + "?title=x&expires=\(Self.now + 60)&sig=\(zeros)"), 500, "signature_unverifiable", field: nil)
    }

    /// The signed path is percent-encoded: `?` in a segment stays in the path, so the
    /// signature verifies and the request fails only for what it names (a template name
    /// cannot hold `?`), not with 403.
    func testSignedPathsKeepTheirEscapes() throws {
        let port = try startService(try Repository.configuration(signingKeys: [Self.key])).port
        let printed = try runSharecard(["sign", "/v1/cards/x%3F~.png?title=x", "--key", Self.key, "--expires-in", "600"])
        let target = printed.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(target.hasPrefix("/v1/cards/x%3F~.png?title=x&expires="), target)
        assertError(try fetch(port, target), 422, "invalid_event", field: "template")
    }

    /// `+` is a space to the server, so it is one to `sign` too: a URL built by
    /// URLSearchParams or urlencode renders the same title once signed.
    func testSignReadsPlusAsASpace() throws {
        let port = try startService(try Repository.configuration(signingKeys: [Self.key])).port
        let now = Int(Date().timeIntervalSince1970)
        let title = "1+1 = 2, café"
        let expected = try fetch(port, try sign(expires: now + 600, items: [("title", title)]))
        XCTAssertEqual(expected.status, 200, expected.text)
        // URLSearchParams: spaces as +, a plus as %2B
        let formEncoded = "/v1/cards/classic.png?title=1%2B1+%3D+2%2C+caf%C3%A9"
        let printed = try runSharecard(["sign", formEncoded, "--key", Self.key, "--expires-in", "600"])
        let signed = try fetch(port, printed.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual(signed.status, 200, "\(printed): \(signed.text)")
        XCTAssertEqual(signed.header("ETag"), expected.header("ETag"), printed)
        XCTAssertEqual(signed.body, expected.body)
    }
}
