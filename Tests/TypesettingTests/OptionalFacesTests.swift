import Foundation
@testable import Typesetting
import XCTest

/// The manifest's optional part (`fallback.json`): read only when a lookup goes past
/// `fonts.json`'s fallback entries, once however many threads ask, choosing exactly the faces
/// the whole manifest in one file chooses, and failing with the file named.
final class OptionalFacesTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("optional-faces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    /// A fonts folder in the scratch directory: the shipped faces linked, the shipped
    /// `fonts.json`, and `fallback` as its optional part (the shipped one when nil).
    private func folder(_ name: String, fallback: String? = nil) throws -> String {
        let dir = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: TestFonts.directory) where file.hasSuffix(".ttf") {
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent(file).path,
                                                       withDestinationPath: TestFonts.path(file))
        }
        try FileManager.default.copyItem(atPath: TestFonts.path("fonts.json"), toPath: dir.appendingPathComponent("fonts.json").path)
        let part = try fallback ?? String(contentsOfFile: TestFonts.path("fallback.json"), encoding: .utf8)
        try part.write(to: dir.appendingPathComponent("fallback.json"), atomically: true, encoding: .utf8)
        return dir.path
    }

    /// The shipped manifest as one file: `fonts.json` without `optional`, its part appended.
    private func oneFileFolder() throws -> String {
        let dir = try folder("whole")
        func object(_ name: String) throws -> [String: Any] {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: TestFonts.path(name)))) as? [String: Any])
        }
        var first = try object("fonts.json")
        let part = try object("fallback.json")
        XCTAssertEqual(first.removeValue(forKey: "optional") as? String, "fallback.json")
        first["faces"] = try XCTUnwrap(first["faces"] as? [Any]) + XCTUnwrap(part["faces"] as? [Any])
        first["fallback"] = try XCTUnwrap(first["fallback"] as? [Any]) + XCTUnwrap(part["fallback"] as? [Any])
        try JSONSerialization.data(withJSONObject: first).write(to: URL(fileURLWithPath: dir + "/fonts.json"))
        try FileManager.default.removeItem(atPath: dir + "/fallback.json")
        return dir
    }

    private static let clusters: [String] = [
        "O", "é", "ß", "1", "!", "—", "€", "←", "∑", "ℝ", "\u{2764}\u{FE0E}", "\u{2764}\u{FE0F}", "😀", "👍🏽", "🇯🇵",
        "ب", "لا", "ש", "שׁ", "ก", "กำ", "नि", "क्ष", "あ", "カ", "漢", "骨", "한", "ㄅ", "Ꭰ", "ሀ", "অ", "த", "ᠮ",
        "Ω", "Ж", "\u{11F04}", "\u{10FFFD}",
    ]

    /// A face named by its file (the two folders link the same shipped files), index and family.
    private static func name(_ face: FontFace) -> String {
        "\((face.path as NSString).lastPathComponent)#\(face.faceIndex) \(face.family) \(face.weight)"
    }

    /// Every cluster, in several languages and weights, with and without a preferred face and a
    /// run script, gets the face the manifest in one file gives it.
    func testLookupsChooseWhatTheWholeManifestChooses() throws {
        let lazy = try FontLibrary(directory: try folder("lazy"))
        let whole = try FontLibrary(directory: try oneFileFolder())
        let arab = try XCTUnwrap(ScriptTag("Arab")), hani = try XCTUnwrap(ScriptTag("Hani"))
        for language in [nil, "en", "ja", "zh-Hant", "ko", "ar"].map({ $0.flatMap(LanguageTag.init) }) {
            for weight in [FontWeight.regular, .bold] {
                for script in [nil, ScriptTag.common, arab, hani] {
                    for cluster in Self.clusters {
                        for (preferredLazy, preferredWhole) in [(nil, nil), (lazy.titleFace, whole.titleFace)] as [(FontFace?, FontFace?)] {
                            let a = lazy.face(for: cluster.unicodeScalars, preferred: preferredLazy, weight: weight,
                                              language: language, script: script)
                            let b = whole.face(for: cluster.unicodeScalars, preferred: preferredWhole, weight: weight,
                                               language: language, script: script)
                            XCTAssertEqual(a.map(Self.name), b.map(Self.name),
                                           "\(cluster) \(language?.tag ?? "-") \(weight) \(script?.code ?? "-")")
                        }
                    }
                }
            }
        }
        XCTAssertEqual(lazy.fallbackChain(language: LanguageTag("ja")).map(Self.name), whole.fallbackChain(language: LanguageTag("ja")).map(Self.name))
        XCTAssertEqual(lazy.entries.map { ($0.path as NSString).lastPathComponent }, whole.entries.map { ($0.path as NSString).lastPathComponent })
        XCTAssertEqual(lazy.families, whole.families)
        XCTAssertNil(lazy.optionalFacesFailure)
    }

    /// A Latin title never reads the part: a broken one goes unnoticed until a cluster needs it,
    /// and then is reported with the file's name while the lookup goes on without it.
    func testLatinLookupsDoNotReadThePart() throws {
        let fonts = try FontLibrary(directory: try folder("broken", fallback: "{ not json"))
        for cluster in "Our first apartment together, 2026!".map(String.init) {
            XCTAssertEqual(fonts.face(for: cluster.unicodeScalars, preferred: fonts.titleFace)?.family, "Quicksand", cluster)
        }
        XCTAssertEqual(fonts.face(family: "Noto Sans", weight: .bold)?.family, "Noto Sans")
        XCTAssertNil(fonts.optionalFacesFailure, "nothing needed the optional part yet")

        XCTAssertNil(fonts.face(for: "ب".unicodeScalars, preferred: fonts.titleFace), "without the part no entry reaches Arabic")
        let failure = try XCTUnwrap(fonts.optionalFacesFailure)
        XCTAssertTrue("\(failure)".contains(scratch.appendingPathComponent("broken/fallback.json").path), "\(failure)")
        XCTAssertTrue("\(failure)".contains("malformed JSON"), "\(failure)")
        XCTAssertThrowsError(try fonts.loadOptionalFaces()) { XCTAssertEqual($0 as? FontError, failure) }
    }

    /// The part's problems name its file and its own indices, and are found by
    /// `loadOptionalFaces()` however the lookups went.
    func testBrokenPartsAreNamed() throws {
        func problem(_ part: String) throws -> String {
            let fonts = try FontLibrary(directory: try folder("p\(UUID().uuidString.prefix(8))", fallback: part))
            do {
                try fonts.loadOptionalFaces()
                return ""
            } catch {
                return "\(error)"
            }
        }
        let face = #"{"path": "/nonexistent/X.ttf", "family": "X", "weight": 400, "optional": true}"#
        XCTAssertEqual(try problem(#"{"version": 1, "faces": [\#(face)], "fallback": [{"family": "X"}, {"family": "Noto Color Emoji"}]}"#), "")
        XCTAssertTrue(try problem(#"{"version": 1, "faces": [\#(face)], "fallback": [{"family": "Y"}]}"#)
            .contains(#"fallback.json: fallback[0] family "Y" is not among the faces"#))
        XCTAssertTrue(try problem(#"{"version": 1, "faces": [\#(face), {"file": "Q.ttf", "family": "Quicksand", "weight": 300}], "fallback": []}"#)
            .contains(#"faces[1] family "Quicksand" already has faces in fonts.json"#))
        XCTAssertTrue(try problem(#"{"version": 1, "faces": [\#(face)], "fallback": [{"family": "X", "scripts": ["Arabic"]}]}"#)
            .contains(#"fallback[0] script "Arabic""#))
        XCTAssertTrue(try problem(#"{"version": 1, "title": {"family": "X", "weight": 400}, "faces": [\#(face)], "fallback": []}"#)
            .contains(#""title" belongs in fonts.json"#))
        XCTAssertTrue(try problem(#"{"version": 2, "faces": [\#(face)], "fallback": []}"#).contains("version 2"))
        XCTAssertTrue(try problem(#"{"version": 1, "faces": [{"file": "Absent.ttf", "family": "Z", "weight": 400}], "fallback": []}"#)
            .contains("font file not found: \(scratch.path)/"))
        XCTAssertTrue(try problem(#"{"version": 1, "faces": [{"file": "../x.ttf", "family": "Z", "weight": 400}], "fallback": []}"#)
            .contains("faces[0].file"))
        XCTAssertTrue(try problem(#"{"version": 1, "faces": 3, "fallback": []}"#).contains("wrong type at faces"))
        XCTAssertTrue(try problem("").contains("malformed JSON"))

        let dir = try folder("absent")
        try FileManager.default.removeItem(atPath: dir + "/fallback.json")
        XCTAssertThrowsError(try FontLibrary(directory: dir).loadOptionalFaces()) {
            XCTAssertTrue("\($0)".contains("fallback.json: cannot read the file: No such file or directory"), "\($0)")
        }
    }

    /// `fonts.json`'s own rules for an optional part: a plain file name, and no language-tied
    /// entries before it (they are ordered as one block, which must not span the two files).
    func testFirstFileRules() throws {
        let dir = try folder("rules")
        func load(_ manifest: String) -> String {
            do {
                try manifest.write(toFile: dir + "/fonts.json", atomically: true, encoding: .utf8)
                _ = try FontLibrary(directory: dir)
                return ""
            } catch { return "\(error)" }
        }
        let head = #""version": 1, "title": {"family": "Quicksand", "weight": 700}, "faces": [{"file": "Quicksand-Bold.ttf", "family": "Quicksand", "weight": 700}]"#
        XCTAssertEqual(load(#"{\#(head), "optional": "fallback.json", "fallback": [{"family": "Quicksand"}]}"#), "")
        XCTAssertTrue(load(#"{\#(head), "optional": "../fallback.json", "fallback": []}"#).contains("must be a plain file name"))
        XCTAssertTrue(load(#"{\#(head), "optional": 7, "fallback": []}"#).contains("wrong type at optional"))
        XCTAssertTrue(load(#"{\#(head), "optional": "fallback.json", "fallback": [{"family": "Quicksand", "languages": ["ja"]}]}"#)
            .contains("fallback[0] is tied to languages"))
        XCTAssertEqual(load(#"{\#(head), "fallback": [{"family": "Quicksand", "languages": ["ja"]}]}"#), "", "allowed without a part")
    }

    /// Threads that need the part at the same moment get it read once: every one of them
    /// finds the very same face object (a second reading would make new ones).
    func testConcurrentFirstUseReadsThePartOnce() throws {
        for round in 0..<4 {
            let fonts = try FontLibrary(directory: try folder("threads\(round)"))
            let clusters = ["ب", "ש", "ก", "नि", "←", "😀", "ب", "ש"]
            let found = LockedFaces()
            DispatchQueue.concurrentPerform(iterations: 16) { i in
                let cluster = clusters[i % clusters.count]
                found.add(i, fonts.face(for: cluster.unicodeScalars, preferred: fonts.titleFace))
            }
            for i in 0..<16 {
                let cluster = clusters[i % clusters.count]
                let again = fonts.face(for: cluster.unicodeScalars, preferred: fonts.titleFace)
                XCTAssertNotNil(again, cluster)
                XCTAssertTrue(found.face(i) === again, "\(cluster): the same face after concurrent first use")
            }
            XCTAssertNil(fonts.optionalFacesFailure)
        }
    }

    /// Concurrent first use of a broken part: every thread gets an answer, and all see the
    /// one error.
    func testConcurrentFirstUseOfABrokenPart() throws {
        let fonts = try FontLibrary(directory: try folder("broken-threads", fallback: #"{"version": 1}"#))
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            _ = fonts.face(for: (i % 2 == 0 ? "ب" : "O").unicodeScalars, preferred: fonts.titleFace)
        }
        XCTAssertTrue("\(String(describing: fonts.optionalFacesFailure))".contains(#"missing field "faces""#))
    }
}

/// Faces found by index from several threads.
private final class LockedFaces: @unchecked Sendable {
    private let lock = NSLock()
    private var faces: [Int: FontFace] = [:]

    func add(_ index: Int, _ face: FontFace?) {
        lock.lock()
        defer { lock.unlock() }
        faces[index] = face
    }

    func face(_ index: Int) -> FontFace? {
        lock.lock()
        defer { lock.unlock() }
        return faces[index]
    }
}
