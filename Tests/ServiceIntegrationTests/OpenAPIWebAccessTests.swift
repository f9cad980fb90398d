@testable import CardService
import Cards
import Foundation
import HTTPTypes
import TestSupport
import XCTest

/// The document's patterns for hex colours and `v` against the code that parses them, and the
/// share page's parameters against the card's.
final class OpenAPIWebAccessTests: XCTestCase {
    func testCustomColorPatternAgreesWithTheParser() throws {
        let regex = try OpenAPIDocumentTests.pattern("CustomColor")
        let pieces = ["#", "1", "e", "E", "8", "f", "g", ",", " ", "#1e88e5", "#abc", "０"]
        var random = SeededGenerator(seed: 11)
        var samples = ["#1e88e5", "#18E", "#1e88e5,#8e24aa", "#abc,#def", "#1e88e5,", "#1e88e5ff", "#1234", "#", ""]
        for _ in 0..<20_000 {
            samples.append("#" + (0..<random.next(below: 9)).map { _ in pieces[random.next(below: pieces.count)] }.joined())
        }
        var accepted = 0
        for text in samples {
            let parses = (try? CustomColor(text)) != nil
            accepted += parses ? 1 : 0
            XCTAssertEqual(OpenAPIDocumentTests.fullMatch(regex, text), parses, "\"\(text)\"")
        }
        XCTAssertGreaterThan(accepted, 100, "the generator reaches valid colours too")
    }

    func testVersionPatternAgreesWithTheService() throws {
        let regex = try OpenAPIDocumentTests.pattern("ContentVersionToken")
        let pieces = ["a", "Z", "0", ".", "_", "-", "/", " ", "é", "%", "+", "~"]
        var random = SeededGenerator(seed: 12)
        var samples = ["", String(repeating: "a", count: 32), String(repeating: "a", count: 33)]
        for _ in 0..<5_000 { samples.append((0..<random.next(below: 40)).map { _ in pieces[random.next(below: pieces.count)] }.joined()) }
        for text in samples {
            let request = try HTTPRequest(target: "/v1/cards/classic.png?v=" + QueryEncoding.encode(text))
            let accepted = (try? CardService.version(request)) != nil
            XCTAssertEqual(OpenAPIDocumentTests.fullMatch(regex, text), accepted, "\"\(text)\"")
        }
    }

    func testSharePagesTakeTheCardParametersAndTemplate() {
        XCTAssertEqual(CardService.shareParameters, CardService.cardParameters.subtracting(["format", "quality"]).union(["template"]))
        let paths = OpenAPIDocumentTests.document["paths"] as? [String: [String: Any]] ?? [:]
        let names = ((paths["/v1/share"]?["get"] as? [String: Any])?["parameters"] as? [[String: String]] ?? [])
            .compactMap { $0["$ref"]?.split(separator: "/").last.map(String.init) }
        XCTAssertEqual(Set(names), Set(CardService.cardParameters.subtracting(["format", "quality"]).union(["templateQuery", "ifNoneMatch"])))
    }
}
