@testable import CardService
import Cards
import HTTPTypes
import XCTest

final class AcceptHeaderTests: XCTestCase {
    func best(_ lines: [String]) -> String? {
        AcceptHeader(fieldLines: lines).best(of: [.png, .jsonOffer])?.essence
    }

    func testWeights() {
        XCTAssertEqual(AcceptHeader.weight("0"), 0)
        XCTAssertEqual(AcceptHeader.weight("0.5"), 500)
        XCTAssertEqual(AcceptHeader.weight("0.125"), 125)
        XCTAssertEqual(AcceptHeader.weight("1"), 1000)
        XCTAssertEqual(AcceptHeader.weight("1.000"), 1000)
        XCTAssertEqual(AcceptHeader.weight("0."), 0)
        for bad in ["", "1.5", "1.001", "0.1234", "2", "-0", ".5", "0,5", "q", " 1"] {
            XCTAssertNil(AcceptHeader.weight(bad), bad)
        }
    }

    func testNegotiation() {
        XCTAssertEqual(best([]), "image/png")
        XCTAssertEqual(best(["*/*"]), "image/png")
        XCTAssertEqual(best(["application/json"]), "application/json")
        XCTAssertEqual(best(["application/json;q=0"]), nil)
        XCTAssertEqual(best(["application/json;q=0, image/png"]), "image/png")
        XCTAssertEqual(best(["application/json; q=0.0, */*"]), "image/png")
        XCTAssertEqual(best(["image/png;q=0.5, application/json"]), "application/json")
        XCTAssertEqual(best(["application/json;q=0.5, image/png"]), "image/png")
        // the most specific range decides: image/png is excluded even though */* allows it
        XCTAssertEqual(best(["*/*, image/png;q=0"]), "application/json")
        XCTAssertEqual(best(["image/*;q=0, */*"]), "application/json")
        XCTAssertEqual(best(["image/*;q=0.2, */*;q=0.1"]), "image/png")
        // equal weights: the server's order (the image first)
        XCTAssertEqual(best(["application/json, image/png"]), "image/png")
        // every field line counts, and case does not matter
        XCTAssertEqual(best(["text/html", "APPLICATION/JSON"]), "application/json")
        XCTAssertEqual(best(["text/html"]), nil)
        XCTAssertEqual(best(["text/html, image/png;q=0.1"]), "image/png")
        // a substring is not a match
        XCTAssertEqual(best(["application/jsonx, image/pngx"]), nil)
        // a range with a parameter the offer lacks does not match it
        XCTAssertEqual(best(["application/json;profile=x"]), nil)
        // JSON is UTF-8 (RFC 8259): a charset asking for it matches, in any case; another does not
        XCTAssertEqual(best(["application/json; charset=utf-8"]), "application/json")
        XCTAssertEqual(best(["application/json;charset=\"UTF-8\""]), "application/json")
        XCTAssertEqual(best(["application/json; charset=iso-8859-1"]), nil)
        XCTAssertEqual(best(["application/json; charset=utf-8; q=0.5, image/png;q=0.4"]), "application/json")
        // unreadable elements are skipped; nothing readable accepts everything
        XCTAssertEqual(best(["application/json;q=2, image/png;q=0.3"]), "image/png")
        XCTAssertEqual(best(["garbage"]), "image/png")
        XCTAssertEqual(best(["*/json"]), "image/png")
    }
}

final class EntityTagConditionTests: XCTestCase {
    func condition(_ lines: [String]) throws -> EntityTagCondition? { try EntityTagCondition(fieldLines: lines) }

    func testLists() throws {
        let tag = "\"abc\""
        XCTAssertNil(try condition([]))
        XCTAssertTrue(try condition(["*"])!.matchesWeakly(tag))
        XCTAssertTrue(try condition(["\"x\", W/\"abc\""])!.matchesWeakly(tag))
        XCTAssertTrue(try condition(["\"x\"", "\"abc\""])!.matchesWeakly(tag))
        XCTAssertTrue(try condition(["\"a,b\" , \"abc\""])!.matchesWeakly(tag))
        XCTAssertEqual(try condition(["\"a,b\", W/\"c\""])!.value, .tags([.init(weak: false, opaque: "a,b"), .init(weak: true, opaque: "c")]))
        XCTAssertFalse(try condition(["\"abcd\""])!.matchesWeakly(tag))
        XCTAssertFalse(try condition(["\"ab\""])!.matchesWeakly(tag))
        for bad in ["abc", "\"abc", "\"a\" \"b\"", "*, \"abc\"", "W/abc", "\"a b\"", ","] {
            XCTAssertThrowsError(try condition([bad]), bad)
        }
    }

    func testStrongComparisonForIfMatch() throws {
        let tag = "\"abc\""
        XCTAssertTrue(try condition(["\"abc\""])!.matchesStrongly(tag, hasRepresentation: true))
        XCTAssertTrue(try condition(["\"x\"", "\"abc\""])!.matchesStrongly(tag, hasRepresentation: true))
        XCTAssertFalse(try condition(["W/\"abc\""])!.matchesStrongly(tag, hasRepresentation: true))
        XCTAssertTrue(try condition(["*"])!.matchesStrongly(tag, hasRepresentation: true))
        XCTAssertTrue(try condition(["*"])!.matchesStrongly(nil, hasRepresentation: true))
        XCTAssertFalse(try condition(["*"])!.matchesStrongly(nil, hasRepresentation: false))
        XCTAssertFalse(try condition(["\"abc\""])!.matchesStrongly(nil, hasRepresentation: true))
    }

    /// The service reads every If-None-Match field line, not only the first.
    func testServiceReadsEveryFieldLine() throws {
        let request = try HTTPRequest(target: "/", headers: ["If-None-Match": "\"other\"", "if-none-match": "\"abc\""])
        XCTAssertEqual(try CardService.evaluateConditions(request, etag: "\"abc\"", caching: ["Cache-Control": "no-cache"])?.status, 304)
        let ifMatch = try HTTPRequest(target: "/", headers: ["If-Match": "\"other\"", "if-match": "\"abc\""])
        XCTAssertNil(try CardService.evaluateConditions(ifMatch, etag: "\"abc\"", caching: ["Cache-Control": "no-cache"]))
        let failing = try HTTPRequest(target: "/", headers: ["If-Match": "\"other\""])
        XCTAssertThrowsError(try CardService.evaluateConditions(failing, etag: "\"abc\"", caching: ["Cache-Control": "no-cache"]))
    }
}

final class CanonicalBase64URLTests: XCTestCase {
    func testOnlyTheCanonicalSpellingDecodes() {
        let mac = [UInt8](repeating: 0xAB, count: 32)
        let text = Base64URL.encode(mac)
        XCTAssertEqual(text.count, 43)
        XCTAssertEqual(Base64URL.decodeCanonical(text), mac)
        // 43 characters carry 258 bits: the last character's two low bits are unused, so
        // four characters would decode to the same bytes. Only the one with zero bits counts.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let last = alphabet.firstIndex(of: text.last!)!
        XCTAssertEqual(last & 3, 0)
        for low in 1...3 {
            let variant = String(text.dropLast()) + String(alphabet[last | low])
            XCTAssertNil(Base64URL.decodeCanonical(variant), variant)
        }
        XCTAssertNil(Base64URL.decodeCanonical(text + "="))
        XCTAssertEqual(Base64URL.decodeCanonical(text + "A")?.count, 33)  // canonical, but not 32 bytes
        XCTAssertNil(Base64URL.decodeCanonical(String(text.dropLast())))
        XCTAssertNil(Base64URL.decodeCanonical(text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "+"))
        XCTAssertNil(Base64URL.decodeCanonical(" " + text))
        XCTAssertEqual(Base64URL.decodeCanonical(""), [])
        XCTAssertNil(Base64URL.decodeCanonical("A"))
        XCTAssertEqual(Base64URL.decodeCanonical("_w"), [0xFF])
        XCTAssertNil(Base64URL.decodeCanonical("_x"))
    }
}

final class URLSignerSeamTests: XCTestCase {
    /// libcrypto refuses a key longer than an `int` can count; the status reaches Swift as an
    /// error. (The C function checks the length before reading the key, so the short buffer
    /// behind the claimed count is never read.)
    func testAFailingHMACCallIsAnError() throws {
        let key: [UInt8] = Array("a-key-of-sixteen-bytes".utf8)
        XCTAssertEqual(try HMACSHA256.mac(key: key, message: Array("x".utf8)).count, 32)
        try key.withUnsafeBufferPointer { buffer in
            let claimed = UnsafeBufferPointer(start: buffer.baseAddress, count: 1 << 31)
            XCTAssertThrowsError(try HMACSHA256.mac(key: claimed, message: Array("x".utf8)))
        }
    }

    /// With a MAC that fails (as one returning zeros would have been taken for a result), no
    /// signature verifies, not even all zeros, and nothing can be signed.
    func testAFailingMACFailsClosed() throws {
        struct Broken: Error {}
        let signer = try URLSigner(keys: ["a-key-of-sixteen-bytes"], maximumLifetimeSeconds: 3600, mac: { _, _ in throw Broken() })
        let zeros = Base64URL.encode([UInt8](repeating: 0, count: 32))
        XCTAssertEqual(signer.verify(path: "/v1/cards/classic.png", items: [("title", "x"), ("expires", "2000"), ("sig", zeros)], now: 1000), .unverifiable)
        XCTAssertThrowsError(try signer.sign(path: "/v1/cards/classic.png", items: [("title", "x")], expires: 2000))
    }

    /// The path is percent-encoded in the URL, so a `?` in a segment stays in the path, and
    /// what the server parses back verifies.
    func testSignedPathsArePercentEncoded() throws {
        let signer = try URLSigner(keys: ["a-key-of-sixteen-bytes"])
        for path in ["/x?~", "/v1/cards/a b#c%.png", "/v1/cards/é.png"] {
            let url = try signer.sign(path: path, items: [("title", "A+B C")], expires: 2000)
            let request = try HTTPRequest(target: url)
            XCTAssertEqual(request.path, path, url)
            XCTAssertEqual(request.queryValue("title"), "A+B C", url)
            XCTAssertNil(signer.verify(path: request.path, items: request.queryItems.map { ($0.name, $0.value) }, now: 1000), url)
        }
        XCTAssertTrue(try signer.sign(path: "/x?~", items: [], expires: 5).hasPrefix("/x%3F~?expires=5&sig="))
    }

    func testMaximumLifetime() throws {
        let signer = try URLSigner(keys: ["a-key-of-sixteen-bytes"], maximumLifetimeSeconds: 3600)
        func check(expires: Int) throws -> URLSigner.Failure? {
            let request = try HTTPRequest(target: try signer.sign(path: "/p", items: [], expires: expires))
            return signer.verify(path: request.path, items: request.queryItems.map { ($0.name, $0.value) }, now: 1000)
        }
        XCTAssertNil(try check(expires: 1000 + 3600))
        XCTAssertEqual(try check(expires: 1000 + 3601), .lifetimeTooLong(maximumSeconds: 3600))
        XCTAssertEqual(try check(expires: 999), .expired)
        XCTAssertThrowsError(try URLSigner(keys: ["a-key-of-sixteen-bytes"], maximumLifetimeSeconds: 0))
        XCTAssertEqual(URLSigner.defaultMaximumLifetimeSeconds, 30 * 86_400)
        XCTAssertEqual(CardService.signedCacheControl(expires: 1600, now: 1000), "public, max-age=600")
        XCTAssertEqual(CardService.signedCacheControl(expires: 1000, now: 1000), "public, max-age=0")
        XCTAssertEqual(CardService.cachingHeaders(signedExpires: 1_700_000_600, now: 1_700_000_000).fields,
                       [HTTPField(name: "Cache-Control", value: "public, max-age=600"), HTTPField(name: "Expires", value: "Tue, 14 Nov 2023 22:23:20 GMT")])
    }

    /// Against Foundation's formatter, over four centuries and both sides of the epoch.
    func testHTTPDates() {
        XCTAssertEqual(HTTPDate.format(unixSeconds: 784_111_777), "Sun, 06 Nov 1994 08:49:37 GMT")  // RFC 9110's example
        XCTAssertEqual(HTTPDate.format(unixSeconds: 0), "Thu, 01 Jan 1970 00:00:00 GMT")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var seconds = -2_208_988_800  // 1900-01-01
        while seconds < 10_000_000_000 {
            XCTAssertEqual(HTTPDate.format(unixSeconds: seconds), formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))), "\(seconds)")
            seconds += 86_400 * 97 + 3_917
        }
    }
}

final class MediaTypeTests: XCTestCase {
    func testParsing() throws {
        let json = try XCTUnwrap(MediaType("Application/JSON ; charset=\"UTF-8\""))
        XCTAssertEqual(json.essence, "application/json")
        XCTAssertEqual(json.parameter("charset"), "UTF-8")
        XCTAssertEqual(MediaType("application/json;")?.essence, "application/json")
        XCTAssertEqual(MediaType("multipart/form-data; boundary=\"a;b\"")?.parameter("boundary"), "a;b")
        for bad in ["", "json", "application/", "/json", "application/json/x", "application/json; charset", "text/plain; a=b c", "a b/c"] {
            XCTAssertNil(MediaType(Substring(bad)), bad)
        }
    }

    /// Quoted values are quoted-strings (RFC 9110 §5.6.4): `\x` is `x`, the closing quote ends
    /// the value, and an escaped last quote closes nothing.
    func testQuotedValues() {
        let cases: [(String, String?)] = [
            (#"a/b; p="x""#, "x"), (#"a/b; p="""#, ""), (#"a/b; p="a\"b""#, #"a"b"#), (#"a/b; p="a\\b""#, #"a\b"#),
            (#"a/b; p="\a\b""#, "ab"), (#"a/b; p="a;b=c""#, "a;b=c"),
            (#"a/b; p="abc\""#, nil), (#"a/b; p="abc"d"#, nil), (#"a/b; p="abc"""#, nil), (#"a/b; p=""#, nil), (#"a/b; p="\""#, nil),
        ]
        for (text, value) in cases {
            let type = MediaType(Substring(text))
            XCTAssertEqual(type?.parameter("p"), value, text)
            if value == nil { XCTAssertNil(type, text) }
        }
    }

    func testContentTypeRule() throws {
        func status(_ lines: [String]) -> Int? {
            let request = try! HTTPRequest(method: "POST", target: "/v1/cards", headers: HTTPHeaders(lines.map { HTTPField(name: "Content-Type", value: $0) }))
            do { _ = try CardService.checkContentType(request); return nil } catch let e as ServiceError { return e.response.status } catch { return -1 }
        }
        XCTAssertNil(status(["application/json"]))
        XCTAssertNil(status(["application/json; charset=utf-8"]))
        XCTAssertNil(status(["APPLICATION/JSON;charset=UTF-8"]))
        XCTAssertNil(status(["multipart/form-data; boundary=x"]))
        for refused in [[], ["text/json"], ["application/json; charset=iso-8859-1"], ["multipart/form-data"],
                        ["application/json", "application/json"], ["application/json, text/plain"], ["*/*"]] {
            XCTAssertEqual(status(refused), 415, "\(refused)")
        }
    }
}
