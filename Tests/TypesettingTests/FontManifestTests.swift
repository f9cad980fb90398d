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
        for name in ["fonts.json", "fallback.json"] {
            try checkParserAgreesWithJSONSerialization(TestFonts.path(name))
        }
    }

    private func checkParserAgreesWithJSONSerialization(_ path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
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

    /// Field problems name the array element the object sits at; `null` counts as absent.
    func testProblemsNameTheFaceIndex() throws {
        func manifest(faces: String) -> String {
            #"{"version": 1, "title": {"family": "Q", "weight": 700}, "faces": [\#(faces)], "fallback": [{"family": "Q"}]}"#
        }
        let face = #"{"file": "Q.ttf", "family": "Q", "weight": 700}"#
        XCTAssertTrue(try error(manifest(faces: face + #", {"file": "Q.ttf", "family": 7, "weight": 400}"#))
            .contains("wrong type at faces[1].family: expected a string"))
        XCTAssertTrue(try error(manifest(faces: face + #", {"file": "Q.ttf", "family": "Q"}"#)).contains(#"missing field "weight" at faces[1]"#))
        XCTAssertTrue(try error(manifest(faces: face + #", {"file": "Q.ttf", "family": "Q", "weight": null}"#)).contains(#"missing field "weight" at faces[1]"#))
        XCTAssertTrue(try error(manifest(faces: face + ", 3")).contains("expected an object at faces[1]"))
        XCTAssertTrue(try error(#"{"version": 1, "title": {"family": "Q", "weight": 700}, "faces": {}, "fallback": []}"#)
            .contains("wrong type at faces: expected an array"))
        XCTAssertTrue(try error(manifest(faces: face) .replacingOccurrences(of: #"[{"family": "Q"}]"#, with: #"[{"family": "Q", "scripts": ["Latn", 4]}]"#))
            .contains("wrong type at fallback[0].scripts: expected an array of strings"))
        XCTAssertEqual(try error(manifest(faces: #"{"file": "Q.ttf", "family": "Q", "weight": 700, "style": null, "faceIndex": null, "optional": null}"#)), "")
        // An unknown field is named with the fields expected there: a misspelt "optional" at
        // the top level used to drop the whole optional part without a word.
        XCTAssertTrue(try error(manifest(faces: #"{"file": "Q.ttf", "family": "Q", "weight": 700, "note": [1, {"x": null}]}"#))
            .contains(#"unknown field "note" at faces[0] (expected file, path, family, weight, style, faceIndex or optional)"#))
        XCTAssertTrue(try error(#"{"version": 1, "optionl": "fallback.json", "title": {"family": "Q", "weight": 700}, "faces": [], "fallback": []}"#)
            .contains(#"unknown field "optionl" at top level (expected version, title, optional, faces or fallback)"#))
        XCTAssertTrue(try error(manifest(faces: face).replacingOccurrences(of: #""weight": 700}, "faces""#, with: #""wieght": 700}, "faces""#))
            .contains(#"unknown field "wieght" at title (expected family, weight or style)"#))
        XCTAssertTrue(try error(manifest(faces: face).replacingOccurrences(of: #"[{"family": "Q"}]"#, with: #"[{"family": "Q", "script": ["Latn"]}]"#))
            .contains(#"unknown field "script" at fallback[0] (expected family, scripts or languages)"#))
        XCTAssertTrue(try error(manifest(faces: #"{"file": "Q.ttf", "family": "Q", "weight": 700,}"#)).contains("malformed JSON"))
        XCTAssertTrue(try error(manifest(faces: #"{"file": "Q.ttf", "family": "Q", "weight": 700, "weight": 400}"#)).contains(#"key "weight" given twice"#))
    }

    /// The reader's specs are what Foundation's parser finds in the shipped manifest.
    func testTheShippedManifestReadsAsFoundationSeesIt() throws {
        let path = TestFonts.path("fonts.json")
        let manifest = try FontManifest.load(path: path)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let faces = try XCTUnwrap(json["faces"] as? [[String: Any]])
        XCTAssertEqual(manifest.faces.count, faces.count)
        for (spec, face) in zip(manifest.faces, faces) {
            XCTAssertEqual(spec.file, face["file"] as? String)
            XCTAssertEqual(spec.path, face["path"] as? String)
            XCTAssertEqual(spec.family, face["family"] as? String)
            XCTAssertEqual(spec.weight, face["weight"] as? Int)
            XCTAssertEqual(spec.style?.rawValue, face["style"] as? String)
            XCTAssertEqual(spec.faceIndex, face["faceIndex"] as? Int)
            XCTAssertEqual(spec.optional, face["optional"] as? Bool)
        }
        let fallback = try XCTUnwrap(json["fallback"] as? [[String: Any]])
        XCTAssertEqual(manifest.fallback.map(\.family), fallback.map { $0["family"] as? String })
        XCTAssertEqual(manifest.fallback.map(\.scripts), fallback.map { $0["scripts"] as? [String] })
        XCTAssertEqual(manifest.fallback.map(\.languages), fallback.map { $0["languages"] as? [String] })
        let title = try XCTUnwrap(json["title"] as? [String: Any])
        XCTAssertEqual(manifest.title.family, title["family"] as? String)
        XCTAssertEqual(manifest.title.weight, title["weight"] as? Int)
    }
}
