import Foundation
import XCTest

/// `sharecard sign` signs only URLs whose route and parameter names the server takes: the
/// server's own check runs on the signed URL, so a refusal names the server's code.
final class SignCommandTests: XCTestCase {
    static let key = "sign-command-test-key-0123"

    func testSignsACardAndASharePage() throws {
        for url in ["/v1/cards/classic.png?title=x&palette=dark", "/v1/share?template=classic&title=x",
                    "http://cards.example/v1/cards/classic.jpg?title=x&quality=80"] {
            let result = try Sharecard.run(["sign", url, "--key", Self.key])
            XCTAssertEqual(result.status, 0, "\(url): \(result.stderr)")
            let printed = String(decoding: result.stdout, as: UTF8.self)
            XCTAssertTrue(printed.contains("&expires=") && printed.contains("&sig="), printed)
        }
    }

    /// Campaign tags and click ids are left out of the signed URL, as the server drops them
    /// before it verifies, and the note says so.
    func testLeavesOutWhatTheServerIgnores() throws {
        let result = try Sharecard.run(["sign", "/v1/share?title=x&utm_source=news&fbclid=abc", "--key", Self.key])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "sharecard sign: note: left out utm_source, fbclid: the server ignores them\n")
        let printed = String(decoding: result.stdout, as: UTF8.self)
        XCTAssertTrue(printed.hasPrefix("/v1/share?title=x&expires="), printed)
        XCTAssertFalse(printed.contains("utm_") || printed.contains("fbclid"), printed)
    }

    /// A signed URL is signed again with a note, its old expires and sig replaced (before, an
    /// expires the user wrote became a week without a word); either given twice is refused,
    /// as the server refuses it (before, it was signed).
    func testASignedURLIsSignedAgainAndDuplicatesAreRefused() throws {
        let first = try Sharecard.run(["sign", "/v1/cards/classic.png?title=Hi", "--key", Self.key])
        let signed = String(decoding: first.stdout, as: UTF8.self).trimmingCharacters(in: .newlines)
        let again = try Sharecard.run(["sign", signed, "--key", Self.key, "--expires-in", "60"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stderr, "sharecard sign: note: replaced the URL's expires and sig: the new signature expires in 60 seconds (--expires-in)\n")
        let resigned = String(decoding: again.stdout, as: UTF8.self)
        XCTAssertEqual(resigned.components(separatedBy: "expires=").count, 2, resigned)
        XCTAssertEqual(resigned.components(separatedBy: "sig=").count, 2, resigned)
        let expiresOnly = try Sharecard.run(["sign", "/v1/cards/classic.png?title=Hi&expires=1", "--key", Self.key])
        XCTAssertEqual(expiresOnly.status, 0, expiresOnly.stderr)
        XCTAssertTrue(expiresOnly.stderr.hasPrefix("sharecard sign: note: replaced the URL's expires: "), expiresOnly.stderr)
        for url in ["/v1/cards/classic.png?title=Hi&expires=5&expires=6", "/v1/cards/classic.png?title=Hi&sig=a&sig=b"] {
            let twice = try Sharecard.run(["sign", url, "--key", Self.key])
            XCTAssertEqual(twice.status, 2, url)
            XCTAssertTrue(twice.stdout.isEmpty, url)
            XCTAssertTrue(twice.stderr.contains("the server would refuse this URL (400 duplicate_parameter: query parameter"), twice.stderr)
        }
    }

    func testRefusesWhatTheServerRefuses() throws {
        let cases: [(url: String, expected: String)] = [
            ("/v1/cards/classic.png?title=x&title=y", "400 duplicate_parameter: query parameter \"title\" given twice"),
            ("/v1/cards/classic.png?title=x&nope=1", "400 unknown_parameter: unknown query parameter \"nope\""),
            ("/v1/share?title=x&format=jpeg", "400 unknown_parameter: unknown query parameter \"format\""),
            ("/v1/palettes/default/preview.png", "400 unexpected_query: a palette preview takes no signature (it needs none on a "
                + "server that signs URLs); card URLs and share pages are signed"),
            ("/v1/palettes/default/preview.png?v=1", "400 unexpected_query: a palette preview takes no signature"),
            ("/v1/templates", "400 unexpected_query: this route takes no signature (it needs none on a server that signs URLs)"),
            ("/v1/nowhere", "404 not_found: no such route: \"/v1/nowhere\""),
            ("/v1/cards", "403 signing_enabled"),
        ]
        let ftp = try Sharecard.run(["sign", "ftp://example.com/v1/cards/classic.png?title=Hi", "--key", Self.key])
        XCTAssertEqual(ftp.status, 2)
        XCTAssertEqual(ftp.stderr, "sharecard sign: 'ftp://example.com/v1/cards/classic.png?title=Hi': the server answers http and https URLs, not ftp\n")
        for (url, expected) in cases {
            let result = try Sharecard.run(["sign", url, "--key", Self.key])
            XCTAssertEqual(result.status, 2, "\(url) was signed: \(String(decoding: result.stdout, as: UTF8.self))")
            XCTAssertTrue(result.stdout.isEmpty, url)
            XCTAssertTrue(result.stderr.hasPrefix("sharecard sign: '\(url)': the server would refuse this URL ("), result.stderr)
            XCTAssertTrue(result.stderr.contains(expected), "\(url): \(result.stderr)")
        }
    }
}
