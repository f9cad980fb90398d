import CardService
import Foundation
import HTTPServer
import HTTPTypes
import TestSupport
import XCTest

/// A server started with signing keys renders only signed card URLs.
final class SigningTests: XCTestCase {
    static let key = "current-key-0123456789abcdef"
    static let oldKey = "previous-key-0123456789abcdef"
    static let now = 1_700_000_000
    static let path = "/v1/cards/classic.png"
    static let items = [("title", "Signed café & more"), ("color", "user_red"), ("scale", "1")]

    func sign(_ key: String, expires: Int, items: [(String, String)] = SigningTests.items) throws -> String {
        try URLSigner(keys: [key]).sign(path: Self.path, items: items, expires: expires)
    }

    func testValidExpiredTamperedMissingAndMalformed() throws {
        let port = try startService(try Repository.configuration(signingKeys: [Self.key], now: Self.now)).port
        let valid = try sign(Self.key, expires: Self.now + 60)
        let ok = try fetch(port, valid)
        XCTAssertEqual(ok.status, 200, ok.text)
        XCTAssertEqual(ok.header("Content-Type"), "image/png")
        XCTAssertEqual(try fetch(port, "HEAD", valid).status, 200)
        // the parameters may come in any order
        let components = valid.split(separator: "?")[1].split(separator: "&").reversed().joined(separator: "&")
        XCTAssertEqual(try fetch(port, Self.path + "?" + components).status, 200)
        // valid up to and including the second it expires
        XCTAssertEqual(try fetch(port, try sign(Self.key, expires: Self.now)).status, 200)

        assertError(try fetch(port, try sign(Self.key, expires: Self.now - 1)), 403, "signature_expired", field: nil)

        let tampered = valid.replacingOccurrences(of: "Signed%20caf", with: "Signed%20Caf")
        XCTAssertNotEqual(tampered, valid)
        assertError(try fetch(port, tampered), 403, "signature_invalid", field: nil)
        assertError(try fetch(port, valid + "&palette=dark"), 403, "signature_invalid", field: nil)
        assertError(try fetch(port, valid.replacingOccurrences(of: "classic.png", with: "dated.png")), 403, "signature_invalid", field: nil)
        assertError(try fetch(port, try sign("some-other-key-0123456789", expires: Self.now + 60)), 403, "signature_invalid", field: nil)

        assertError(try fetch(port, Self.path + "?title=Unsigned"), 403, "signature_required", field: nil)
        // an unsigned share page stays a 403 whatever its conditions (RFC 9110 §13.2.1)
        assertError(try fetch(port, "/v1/share?title=x&template=classic", headers: ["If-Match: \"x\""]), 403, "signature_required", field: nil)
        assertError(try fetch(port, Self.path + "?title=x&expires=soon&sig=abc"), 403, "signature_malformed", field: nil)
        assertError(try fetch(port, Self.path + "?title=x&expires=\(Self.now + 60)"), 403, "signature_malformed", field: nil)
        // each malformation is named: an all-digit expires too long for a time says so, not "digits only"
        let sig = "&sig=" + String(repeating: "A", count: 43)
        for (query, message) in [
            ("?title=x&expires=9223372036854775807" + sig, #"expires must be Unix seconds, 1 to 18 decimal digits, got "9223372036854775807""#),
            ("?title=x&expires=soon" + sig, #"expires must be Unix seconds, 1 to 18 decimal digits, got "soon""#),
            ("?title=x&expires=\(Self.now + 60)&sig=abc", "sig must be the canonical base64url of an HMAC-SHA256 (43 characters of A-Z, a-z, 0-9, '-' and '_', no padding)"),
            ("?title=x&expires=\(Self.now + 60)", "a signed URL needs both expires and sig (only expires is given)"),
            ("?title=x" + sig, "a signed URL needs both expires and sig (only sig is given)"),
        ] {
            let response = try fetch(port, Self.path + query)
            assertError(response, 403, "signature_malformed", field: nil)
            XCTAssertEqual(try response.errorObject().message, message, query)
        }

        // posting events is refused; the catalog routes stay open
        assertError(try fetch(port, "POST", "/v1/cards", body: Array(#"{"title":"x"}"#.utf8)), 403, "signing_enabled", field: nil)
        XCTAssertEqual(try fetch(port, "/v1/palettes/default/preview.png").status, 200)
        XCTAssertEqual(try fetch(port, "/v1/templates").status, 200)
    }

    /// With keys [new, old], URLs signed with either key render: old links keep working
    /// while new ones are signed with the new key.
    func testRotatedKeys() throws {
        let port = try startService(try Repository.configuration(signingKeys: [Self.key, Self.oldKey], now: Self.now)).port
        let byOld = try fetch(port, try sign(Self.oldKey, expires: Self.now + 3600))
        XCTAssertEqual(byOld.status, 200, byOld.text)
        let byNew = try fetch(port, try sign(Self.key, expires: Self.now + 3600))
        XCTAssertEqual(byNew.status, 200, byNew.text)
        XCTAssertEqual(byOld.body, byNew.body)
        assertError(try fetch(port, try sign("retired-key-0123456789abc", expires: Self.now + 3600)), 403, "signature_invalid", field: nil)

        // a server with only the old key refuses what the new key signed
        let oldOnly = try startService(try Repository.configuration(signingKeys: [Self.oldKey], now: Self.now)).port
        assertError(try fetch(oldOnly, try sign(Self.key, expires: Self.now + 3600)), 403, "signature_invalid", field: nil)
    }

    /// What `sharecard sign` prints is accepted by a server with the same key.
    func testSignCommandOutputIsAccepted() throws {
        let port = try startService(try Repository.configuration(signingKeys: [Self.key])).port
        for url in ["/v1/cards/dated.png?title=Signed%20on%20the%20command%20line&date=2024-06-01&emoji=%F0%9F%8E%89",
                    "http://cards.example/v1/cards/classic.png?title=With%20an%20origin&palette=dark"] {
            let printed = try runSharecard(["sign", url, "--key", Self.key, "--expires-in", "600"])
            var target = printed.trimmingCharacters(in: .whitespacesAndNewlines)
            if let origin = target.range(of: "http://cards.example") {
                XCTAssertEqual(origin.lowerBound, target.startIndex)
                target.removeSubrange(origin)
            }
            XCTAssertTrue(target.contains("&expires=") && target.contains("&sig="), target)
            let response = try fetch(port, target)
            XCTAssertEqual(response.status, 200, "\(target): \(response.text)")
            XCTAssertEqual(response.header("Content-Type"), "image/png")
        }
        // signed with another key: refused
        let other = try runSharecard(["sign", "/v1/cards/classic.png?title=x", "--key", "another-key-0123456789"])
        assertError(try fetch(port, other.trimmingCharacters(in: .whitespacesAndNewlines)), 403, "signature_invalid", field: nil)
    }

    /// The URLs `sharecard sign` refuses (CLITests/SignCommandTests), signed anyway, are refused
    /// by the server with the code the shared check names.
    func testServerRefusesWhatSignRefuses() throws {
        let port = try startService(try Repository.configuration(signingKeys: [Self.key], now: Self.now)).port
        let cases: [(path: String, items: [(String, String)], code: String)] = [
            ("/v1/cards/classic.png", [("title", "x"), ("title", "y")], "duplicate_parameter"),
            ("/v1/cards/classic.png", [("title", "x"), ("nope", "1")], "unknown_parameter"),
            ("/v1/share", [("title", "x"), ("format", "jpeg")], "unknown_parameter"),
            ("/v1/palettes/default/preview.png", [], "unexpected_query"),
        ]
        for (path, items, code) in cases {
            let url = try URLSigner(keys: [Self.key]).sign(path: path, items: items, expires: Self.now + 600)
            assertError(try fetch(port, url), 400, code)
            let refusal = try XCTUnwrap(CardService.refusalOfSignedURL(try HTTPRequest(target: url)), url)
            XCTAssertTrue(refusal.hasPrefix("400 \(code): "), refusal)
        }
        let good = try URLSigner(keys: [Self.key]).sign(path: "/v1/share", items: [("title", "x")], expires: Self.now + 600)
        XCTAssertNil(CardService.refusalOfSignedURL(try HTTPRequest(target: good)))
        XCTAssertEqual(try fetch(port, good).status, 200)
        // A share link posted on a social site comes back with a click id; nothing reads it, so
        // the signature still holds. Another parameter added is still a forgery.
        XCTAssertNil(CardService.refusalOfSignedURL(try HTTPRequest(target: good + "&fbclid=IwAR0abc&utm_source=feed")))
        XCTAssertEqual(try fetch(port, good + "&fbclid=IwAR0abc&utm_source=feed").status, 200)
        XCTAssertEqual(try fetch(port, good + "&palette=dark").status, 403)
    }
}
