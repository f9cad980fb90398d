import CardService
import Foundation
import HTTPTypes
import XCTest

/// The image-format table of docs/operations.md ("Image formats"), row by row: path extension,
/// `format=`, `quality=` and `Accept`, for GET and POST; and the format's place in the ETag.
final class FormatNegotiationTests: XCTestCase {
    static let service = Result { CardService(catalog: Repository.catalog, renderer: Repository.renderer, configuration: try Repository.configuration()) }

    func answer(_ target: String, method: String = "GET", accept: String? = nil, ifNoneMatch: String? = nil,
                body: String? = nil) throws -> HTTPResponse {
        var headers = HTTPHeaders()
        if let accept { headers.append("Accept", accept) }
        if let ifNoneMatch { headers.append("If-None-Match", ifNoneMatch) }
        if body != nil { headers.append("Content-Type", "application/json") }
        return try Self.service.get().handle(HTTPRequest(method: method, target: target, headers: headers, body: Array((body ?? "").utf8)))
    }

    /// The format the body's magic bytes say.
    func sniff(_ body: [UInt8]) -> String {
        if body.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if body.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpeg" }
        if body.count > 12, body.starts(with: Array("RIFF".utf8)), Array(body[8..<12]) == Array("WEBP".utf8) { return "webp" }
        if body.first == UInt8(ascii: "{") { return "json" }
        return "?"
    }

    struct Row {
        let target: String
        let accept: String?
        /// "png", "jpeg", "webp", or an HTTP status for an error.
        let expected: String
        let vary: Bool
        var method = "GET"
    }

    static let rows: [Row] = [
        // The extension alone names the format; Accept does not count.
        Row(target: "/v1/cards/classic.png?title=T", accept: nil, expected: "png", vary: false),
        Row(target: "/v1/cards/classic.png?title=T", accept: "image/webp", expected: "png", vary: false),
        Row(target: "/v1/cards/classic.jpg?title=T", accept: nil, expected: "jpeg", vary: false),
        Row(target: "/v1/cards/classic.jpeg?title=T", accept: "image/png", expected: "jpeg", vary: false),
        Row(target: "/v1/cards/classic.webp?title=T", accept: nil, expected: "webp", vary: false),
        Row(target: "/v1/cards/classic.WEBP?title=T", accept: nil, expected: "webp", vary: false),
        // format= agreeing with the extension; disagreeing is a 400.
        Row(target: "/v1/cards/classic.webp?title=T&format=webp", accept: nil, expected: "webp", vary: false),
        Row(target: "/v1/cards/classic.jpg?title=T&format=jpeg&quality=70", accept: nil, expected: "jpeg", vary: false),
        Row(target: "/v1/cards/classic.png?title=T&format=webp", accept: nil, expected: "400", vary: false),
        Row(target: "/v1/cards/classic.png?title=T&format=gif", accept: nil, expected: "400", vary: false),
        // quality= for the lossy formats only, 1…100.
        Row(target: "/v1/cards/classic.png?title=T&quality=80", accept: nil, expected: "400", vary: false),
        Row(target: "/v1/cards/classic.jpg?title=T&quality=0", accept: nil, expected: "400", vary: false),
        Row(target: "/v1/cards/classic.webp?title=T&quality=100", accept: nil, expected: "webp", vary: false),
        // format=auto: Accept decides, WebP > PNG > JPEG on equal weights, with Vary: Accept.
        Row(target: "/v1/cards/classic.png?title=T&format=auto", accept: nil, expected: "webp", vary: true),
        Row(target: "/v1/cards/classic.png?title=T&format=auto", accept: "image/avif,image/webp,*/*;q=0.8", expected: "webp", vary: true),
        Row(target: "/v1/cards/classic.png?title=T&format=auto", accept: "image/png,image/*;q=0.5", expected: "png", vary: true),
        Row(target: "/v1/cards/classic.png?title=T&format=auto", accept: "image/jpeg", expected: "jpeg", vary: true),
        Row(target: "/v1/cards/classic.png?title=T&format=auto&quality=50", accept: "image/png", expected: "png", vary: true),
        Row(target: "/v1/cards/classic.png?title=T&format=auto", accept: "image/gif", expected: "406", vary: true),
        // jpg is jpeg in format= too, as in the path.
        Row(target: "/v1/cards/classic.jpg?title=T&format=jpg", accept: nil, expected: "jpeg", vary: false),
        Row(target: "/v1/cards/classic.png?title=T&format=jpg", accept: nil, expected: "400", vary: false),
        // POST: format= or Accept; the JSON description still answers when preferred, so every
        // answer depends on Accept and says so.
        Row(target: "/v1/cards?format=webp", accept: nil, expected: "webp", vary: true, method: "POST"),
        Row(target: "/v1/cards?format=jpeg&scale=2", accept: "image/jpeg", expected: "jpeg", vary: true, method: "POST"),
        Row(target: "/v1/cards?format=jpg", accept: nil, expected: "jpeg", vary: true, method: "POST"),
        Row(target: "/v1/cards?format=jpeg", accept: "image/png", expected: "406", vary: true, method: "POST"),
        Row(target: "/v1/cards", accept: nil, expected: "png", vary: true, method: "POST"),
        Row(target: "/v1/cards", accept: "image/webp", expected: "webp", vary: true, method: "POST"),
        Row(target: "/v1/cards", accept: "image/gif", expected: "406", vary: true, method: "POST"),
        Row(target: "/v1/cards?format=webp", accept: "application/json", expected: "json", vary: true, method: "POST"),
        Row(target: "/v1/cards", accept: "application/json", expected: "json", vary: true, method: "POST"),
        // JSON is UTF-8: clients that name the charset get it, with a format named or not.
        Row(target: "/v1/cards", accept: "application/json; charset=utf-8", expected: "json", vary: true, method: "POST"),
        Row(target: "/v1/cards?format=webp", accept: "application/json; charset=UTF-8", expected: "json", vary: true, method: "POST"),
        // format=auto on a POST is the same as leaving it out: PNG first, and the JSON description.
        Row(target: "/v1/cards?format=auto", accept: nil, expected: "png", vary: true, method: "POST"),
        Row(target: "/v1/cards?format=auto", accept: "application/json", expected: "json", vary: true, method: "POST"),
        Row(target: "/v1/cards?format=auto", accept: "application/json, image/png;q=0.5", expected: "json", vary: true, method: "POST"),
        Row(target: "/v1/cards?format=auto", accept: "image/webp", expected: "webp", vary: true, method: "POST"),
        Row(target: "/v1/cards?format=tiff", accept: nil, expected: "400", vary: false, method: "POST"),
    ]

    func testEveryRowOfTheTable() throws {
        for row in Self.rows {
            let r = try answer(row.target, method: row.method, accept: row.accept, body: row.method == "POST" ? #"{"title": "T"}"# : nil)
            let label = "\(row.method) \(row.target) Accept: \(row.accept ?? "-")"
            if let status = Int(row.expected) {
                XCTAssertEqual(r.status, status, label)
                XCTAssertEqual(r.headers["Content-Type"], "application/json", label)
                // a 406 was chosen by Accept too (RFC 9110 §12.5.5)
                XCTAssertEqual(r.headers["Vary"], row.vary ? "Accept" : nil, label)
                continue
            }
            XCTAssertEqual(r.status, 200, "\(label): \(String(decoding: r.body, as: UTF8.self))")
            XCTAssertEqual(sniff(r.body), row.expected, label)
            if row.expected != "json" { XCTAssertEqual(r.headers["Content-Type"], "image/\(row.expected)", label) }
            XCTAssertEqual(r.headers["Vary"], row.vary ? "Accept" : nil, label)
        }
    }

    func testFormatAndQualityArePartOfTheETagAndTheCacheKey() throws {
        let base = "/v1/cards/classic.%@?title=Launch%%20party%@"
        var tags: [String: String] = [:]
        for (ext, extra) in [("png", ""), ("jpg", ""), ("jpg", "&quality=70"), ("webp", ""), ("webp", "&quality=100"), ("webp", "&quality=70")] {
            let target = String(format: base, ext, extra)
            let r = try answer(target)
            XCTAssertEqual(r.status, 200, target)
            let tag = try XCTUnwrap(r.headers["ETag"])
            XCTAssertNil(tags[tag], "\(target) shares its ETag with \(tags[tag] ?? "")")
            tags[tag] = target
            // The tag matches only its own format: a 304 for it, a 200 for another format.
            XCTAssertEqual(try answer(target, ifNoneMatch: tag).status, 304, target)
            XCTAssertEqual(try answer(String(format: base, ext == "png" ? "webp" : "png", ""), ifNoneMatch: tag).status, 200, target)
            // Answered again from the cache, the same bytes.
            XCTAssertEqual(try answer(target).body, r.body, target)
        }
        // Each tag ends with its output and the revision of that format's encoder, so bytes
        // written differently for the same pixels never answer to an older tag.
        let suffixes = Set(tags.keys.map { String($0.split(separator: ".", maxSplits: 1).last ?? "") })
        XCTAssertEqual(suffixes, ["png.e5\"", "jpeg-q90.e3\"", "jpeg-q70.e3\"", "webp-q90.e1\"", "webp-lossless.e1\"", "webp-q70.e1\""])
        // jpg and jpeg are one format, and format=jpeg the same again.
        XCTAssertEqual(try answer("/v1/cards/classic.jpeg?title=Launch%20party").headers["ETag"],
                       try answer("/v1/cards/classic.jpg?title=Launch%20party&format=jpeg").headers["ETag"])
        // Negotiated answers carry Vary on their 304 too.
        let auto = try answer("/v1/cards/classic.png?title=Launch%20party&format=auto", accept: "image/webp")
        let again = try answer("/v1/cards/classic.png?title=Launch%20party&format=auto", accept: "image/webp", ifNoneMatch: auto.headers["ETag"])
        XCTAssertEqual(again.status, 304)
        XCTAssertEqual(again.headers["Vary"], "Accept")
    }

    func testPostedDescriptionLinksToTheChosenFormat() throws {
        let r = try answer("/v1/cards?format=jpeg&quality=80&scale=2", method: "POST", accept: "application/json", body: #"{"title": "Launch party"}"#)
        XCTAssertEqual(r.status, 200)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        let url = try XCTUnwrap(json["imageURL"] as? String)
        XCTAssertTrue(url.hasPrefix("/v1/cards/classic.jpg?"), url)
        XCTAssertTrue(url.contains("scale=2") && url.contains("quality=80"), url)
        let image = try answer(url)
        XCTAssertEqual(image.headers["Content-Type"], "image/jpeg")
        XCTAssertEqual(json["width"] as? Int, 2048)
    }
}
