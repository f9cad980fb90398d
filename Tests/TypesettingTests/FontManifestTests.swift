import Foundation
@testable import Typesetting
import XCTest

/// Manifest fields of the wrong type are refused with the field's path.
final class FontManifestTests: XCTestCase {
    private func error(_ json: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try FileManager.default.copyItem(atPath: TestFonts.path("Quicksand-Bold.ttf"), toPath: url.appendingPathComponent("Q.ttf").path)
        try json.write(to: url.appendingPathComponent("fonts.json"), atomically: true, encoding: .utf8)
        do {
            _ = try FontLibrary(directory: url.path)
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testWrongTypesNameTheField() throws {
        func manifest(face: String, fallback: String = #"{"family": "Q"}"#) -> String {
            #"{"version": 1, "title": {"family": "Q", "weight": 700}, "faces": [\#(face)], "fallback": [\#(fallback)]}"#
        }
        let face = #"{"file": "Q.ttf", "family": "Q", "weight": 700}"#
        XCTAssertEqual(try error(manifest(face: face)), "")
        XCTAssertTrue(try error(manifest(face: #"{"file": "Q.ttf", "family": "Q", "weight": "bold"}"#)).contains("faces[0].weight"))
        XCTAssertTrue(try error(manifest(face: #"{"file": "Q.ttf", "family": "Q", "weight": 700.5}"#)).contains("faces[0].weight"))
        XCTAssertTrue(try error(manifest(face: #"{"file": "Q.ttf", "family": "Q", "weight": true}"#)).contains("faces[0].weight"))
        XCTAssertTrue(try error(manifest(face: #"{"file": "Q.ttf", "family": "Q", "weight": 700, "optional": 1}"#)).contains("faces[0].optional"))
        XCTAssertTrue(try error(manifest(face: #"{"file": "Q.ttf", "family": "Q", "weight": 700, "style": "oblique"}"#)).contains("faces[0].style \"oblique\""))
        XCTAssertTrue(try error(manifest(face: face, fallback: #"{"family": "Q", "scripts": "Latn"}"#)).contains("fallback[0].scripts"))
        XCTAssertTrue(try error(manifest(face: #"{"file": "Q.ttf", "weight": 700}"#)).contains(#"missing field "family" at faces[0]"#))
        XCTAssertTrue(try error(#"{"version": 1, "title": [], "faces": [], "fallback": []}"#).contains("expected an object at title"))
        XCTAssertTrue(try error("[1, 2]").contains("expected an object at top level"))
        XCTAssertTrue(try error("{not json").contains("malformed JSON"))
    }

    func testParserAgreesWithJSONSerializationOnTheShippedManifest() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestFonts.path("fonts.json")))
        func convert(_ value: Any) -> ManifestJSON {
            switch value {
            case let text as String: return .string(text)
            case let array as [Any]: return .array(array.map(convert))
            case let object as [String: Any]: return .object(object.map { ManifestJSON.Member(key: $0.key, value: convert($0.value)) })
            case let number as NSNumber where String(cString: number.objCType) == "c": return .bool(number.boolValue)
            case let number as NSNumber: return .number(number.doubleValue)
            default: return .null
            }
        }
        XCTAssertEqual(try ManifestJSON.parse(Array(data)), convert(try JSONSerialization.jsonObject(with: data)))
    }

    /// Objects keep their members in order; a repeated key is refused whether the object is
    /// small (scanned) or large (a set past 16 members), and equality ignores member order.
    func testParserObjectsRefuseRepeatedKeysAtAnySize() throws {
        func object(_ keys: [String]) -> String { "{" + keys.enumerated().map { "\"\($0.element)\": \($0.offset)" }.joined(separator: ", ") + "}" }
        let many = (0..<40).map { "k\($0)" }
        guard case .object(let members) = try ManifestJSON.parse(Array(object(many).utf8)) else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), many)
        XCTAssertEqual(members.last?.value, .number(39))
        for repeatAt in [1, 15, 16, 17, 39] {
            var keys = Array(many.prefix(repeatAt))
            keys.append(many[0])
            keys += many.suffix(3).map { $0 + "x" }
            XCTAssertThrowsError(try ManifestJSON.parse(Array(object(keys).utf8)), "repeat after \(repeatAt) keys") { error in
                XCTAssertTrue("\(error)".contains("key \"k0\" given twice"), "\(error)")
            }
        }
        XCTAssertEqual(try ManifestJSON.parse(Array(#"{"a": 1, "b": [true]}"#.utf8)), try ManifestJSON.parse(Array(#"{"b": [true], "a": 1}"#.utf8)))
        XCTAssertNotEqual(try ManifestJSON.parse(Array(#"{"a": 1}"#.utf8)), try ManifestJSON.parse(Array(#"{"a": 1, "b": 2}"#.utf8)))
        XCTAssertNotEqual(try ManifestJSON.parse(Array(#"{"a": 1, "b": 2}"#.utf8)), try ManifestJSON.parse(Array(#"{"a": 1, "c": 2}"#.utf8)))
    }

    /// Field problems name the array element the object sits at.
    func testProblemsNameTheFaceIndex() throws {
        let root = try ManifestObject(try ManifestJSON.parse(Array(#"{"faces": [{"family": "A"}, {"family": 7}]}"#.utf8)), at: "top level")
        let faces = try root.objects("faces")
        XCTAssertEqual(try faces[0].string("family"), "A")
        XCTAssertThrowsError(try faces[1].string("family")) { error in
            XCTAssertEqual((error as? ManifestObject.Problem)?.reason, "wrong type at faces[1].family: expected a string")
        }
        XCTAssertThrowsError(try root.objects("faces").first?.int("weight")) { error in
            XCTAssertEqual((error as? ManifestObject.Problem)?.reason, "missing field \"weight\" at faces[0]")
        }
        XCTAssertThrowsError(try ManifestObject(try ManifestJSON.parse(Array(#"{"faces": [3]}"#.utf8)), at: "top level").objects("faces")) { error in
            XCTAssertEqual((error as? ManifestObject.Problem)?.reason, "expected an object at faces[0]")
        }
    }

    func testParserEdgeCases() throws {
        XCTAssertEqual(try ManifestJSON.parse(Array(#" {"a": ["\u00e9\ud83c\udf82\n", -1.5e2, true, null]} "#.utf8)),
                       .object([.init(key: "a", value: .array([.string("é🎂\n"), .number(-150), .bool(true), .null]))]))
        for bad in ["{\"a\": 1,}", "[1,]", "{\"a\": 1, \"a\": 2}", "[01]", "\"\\ud800\"", "\"a", "[1] x", "{a: 1}",
                    "\"tab\there\"", String(repeating: "[", count: 40) + String(repeating: "]", count: 40), "", "-", "nul"] {
            XCTAssertThrowsError(try ManifestJSON.parse(Array(bad.utf8)), bad)
        }
    }
}
