import Foundation
import JSONData
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
        func convert(_ value: Any) -> JSONValue {
            switch value {
            case let text as String: return .string(text)
            case let array as [Any]: return .array(array.map(convert))
            case let object as [String: Any]: return .object(object.map { JSONValue.Member(key: $0.key, value: convert($0.value)) })
            case let number as NSNumber where String(cString: number.objCType) == "c": return .bool(number.boolValue)
            case let number as NSNumber: return .number(number.doubleValue)
            default: return .null
            }
        }
        XCTAssertEqual(try JSONValue.parse(Array(data), maximumDepth: 32), convert(try JSONSerialization.jsonObject(with: data)))
    }

    /// Field problems name the array element the object sits at.
    func testProblemsNameTheFaceIndex() throws {
        let root = try ManifestObject(try JSONValue.parse(Array(#"{"faces": [{"family": "A"}, {"family": 7}]}"#.utf8)), at: "top level")
        let faces = try root.objects("faces")
        XCTAssertEqual(try faces[0].string("family"), "A")
        XCTAssertThrowsError(try faces[1].string("family")) { error in
            XCTAssertEqual((error as? ManifestObject.Problem)?.reason, "wrong type at faces[1].family: expected a string")
        }
        XCTAssertThrowsError(try root.objects("faces").first?.int("weight")) { error in
            XCTAssertEqual((error as? ManifestObject.Problem)?.reason, "missing field \"weight\" at faces[0]")
        }
        XCTAssertThrowsError(try ManifestObject(try JSONValue.parse(Array(#"{"faces": [3]}"#.utf8)), at: "top level").objects("faces")) { error in
            XCTAssertEqual((error as? ManifestObject.Problem)?.reason, "expected an object at faces[0]")
        }
    }
}
