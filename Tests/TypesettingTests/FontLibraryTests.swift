import Foundation
import Typesetting
import XCTest

final class FontLibraryTests: XCTestCase {
    private func library() throws -> FontLibrary {
        try TestFonts.library.get()
    }

    private func weight(_ value: Int) -> FontWeight { FontWeight(value)! }

    // MARK: - Lookup

    func testTitleFaceIsQuicksandBold() throws {
        let title = try library().titleFace
        XCTAssertEqual(title.family, "Quicksand")
        XCTAssertEqual(title.weight, .bold)
        XCTAssertTrue(title.path.hasSuffix("Quicksand-Bold.ttf"))
    }

    func testLookupByFamilyAndWeight() throws {
        let fonts = try library()
        XCTAssertTrue(try XCTUnwrap(fonts.face(family: "Quicksand", weight: .regular)).path.hasSuffix("Quicksand-Regular.ttf"))
        XCTAssertTrue(try XCTUnwrap(fonts.face(family: "quicksand", weight: .medium)).path.hasSuffix("Quicksand-Medium.ttf"))
        XCTAssertTrue(try XCTUnwrap(fonts.face(family: "NOTO SANS", weight: .bold)).path.hasSuffix("NotoSans-Bold.ttf"))
        XCTAssertNil(fonts.face(family: "Comic Sans"))
    }

    func testNearestWeightFollowsCSSOrder() throws {
        let fonts = try library()
        func file(_ family: String, _ w: Int) -> String? {
            fonts.face(family: family, weight: weight(w)).map { ($0.path as NSString).lastPathComponent }
        }
        // Quicksand has 400, 500, 700.
        XCTAssertEqual(file("Quicksand", 450), "Quicksand-Medium.ttf")   // 400...500: up to 500 first
        XCTAssertEqual(file("Quicksand", 600), "Quicksand-Bold.ttf")     // > 500: heavier first
        XCTAssertEqual(file("Quicksand", 900), "Quicksand-Bold.ttf")     // nothing heavier: lighter
        XCTAssertEqual(file("Quicksand", 300), "Quicksand-Regular.ttf")  // < 400: nothing lighter: heavier
        XCTAssertEqual(file("Quicksand", 100), "Quicksand-Regular.ttf")
        // Noto Sans has 400 and 700.
        XCTAssertEqual(file("Noto Sans", 500), "NotoSans-Regular.ttf")   // 500: lighter before heavier
        XCTAssertEqual(file("Noto Sans", 550), "NotoSans-Bold.ttf")
        XCTAssertEqual(file("Noto Sans", 350), "NotoSans-Regular.ttf")
    }

    func testFontWeightNearestInIsolation() {
        let available = [100, 300, 600, 900].map(weight)
        XCTAssertEqual(weight(400).nearest(in: available), weight(300))
        XCTAssertEqual(weight(500).nearest(in: available), weight(300))
        XCTAssertEqual(weight(650).nearest(in: available), weight(900))
        XCTAssertEqual(weight(200).nearest(in: available), weight(100))
        XCTAssertEqual(weight(600).nearest(in: available), weight(600))
        XCTAssertNil(weight(400).nearest(in: []))
        XCTAssertNil(FontWeight(0))
        XCTAssertNil(FontWeight(1001))
    }

    func testItalicRequestFallsBackToUpright() throws {
        let face = try XCTUnwrap(library().face(family: "Noto Sans", weight: .bold, style: .italic))
        XCTAssertEqual(face.style, .normal)
        XCTAssertEqual(face.weight, .bold)
    }

    // MARK: - Fallback

    func testFallbackChainOrder() throws {
        let fonts = try library()
        let families = fonts.fallbackChain(weight: .bold).map(\.family)
        XCTAssertEqual(Array(families.prefix(6)), ["Quicksand", "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew",
                                                   "Noto Sans Devanagari", "Noto Sans Thai"])
        XCTAssertEqual(families.last, "Noto Color Emoji")
        // Every family with a bold face gives it (Noto Sans Symbols2 and the emoji face have one weight).
        for face in fonts.fallbackChain(weight: .bold) where fonts.entries.contains(where: { $0.family == face.family && $0.weight == .bold }) {
            XCTAssertEqual(face.weight, .bold, "\(face)")
        }
    }

    func testFallbackChainPrefersCJKFaceForLanguage() throws {
        try XCTSkipUnless(TestFonts.cjkAvailable, "Noto Sans CJK is not installed")
        let fonts = try library()
        func cjk(_ language: String?) -> [String] {
            fonts.fallbackChain(language: language.flatMap(LanguageTag.init)).map(\.family).filter { $0.contains("CJK") }
        }
        XCTAssertEqual(cjk(nil), ["Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK JP", "Noto Sans CJK KR"])
        XCTAssertEqual(cjk("ja").first, "Noto Sans CJK JP")
        XCTAssertEqual(cjk("ko-KR").first, "Noto Sans CJK KR")
        XCTAssertEqual(cjk("zh-Hant-TW").first, "Noto Sans CJK TC")
        XCTAssertEqual(cjk("zh").first, "Noto Sans CJK SC")
        XCTAssertEqual(cjk("en").first, "Noto Sans CJK SC")
    }

    /// Every script of the shaping corpus has a face with the glyph, and the expected one.
    func testFallbackCoversEveryScript() throws {
        let fonts = try library()
        var expected: [(String, String, String?)] = [
            ("A", "Quicksand", nil), ("é", "Quicksand", nil), ("Ω", "Noto Sans", nil), ("Ж", "Noto Sans", nil),
            ("ب", "Noto Sans Arabic", nil), ("ש", "Noto Sans Hebrew", nil), ("क्ष", "Noto Sans Devanagari", nil),
            ("กำ", "Noto Sans Thai", nil),
            ("👨‍👩‍👧‍👦", "Noto Color Emoji", nil), ("👍🏽", "Noto Color Emoji", nil), ("🇯🇵", "Noto Color Emoji", nil),
            ("1️⃣", "Noto Color Emoji", nil), ("❤️", "Noto Color Emoji", nil), ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", "Noto Color Emoji", nil),
        ]
        if TestFonts.cjkAvailable {
            expected += [("中", "Noto Sans CJK SC", nil), ("あ", "Noto Sans CJK JP", "ja"),
                         ("한", "Noto Sans CJK KR", "ko"), ("體", "Noto Sans CJK TC", "zh-Hant")]
        }
        for (cluster, family, language) in expected {
            let face = fonts.face(for: cluster.unicodeScalars, weight: .bold, language: language.flatMap(LanguageTag.init))
            XCTAssertEqual(face?.family, family, "cluster \(cluster)")
            XCTAssertTrue(face?.covers(cluster.unicodeScalars) == true, "cluster \(cluster)")
        }
        // Every grapheme of the oracle corpus is covered by some face of the chain.
        for c in ShapingOracleTests.corpus {
            if case .system = c.font, !TestFonts.cjkAvailable { continue }
            for character in c.text {
                XCTAssertNotNil(fonts.face(for: character.unicodeScalars), "no face for \(character) in \(c.text)")
            }
        }
    }

    func testPreferredFaceWinsWhenItCovers() throws {
        let fonts = try library()
        let notoBold = try XCTUnwrap(fonts.face(family: "Noto Sans", weight: .bold))
        XCTAssertEqual(fonts.face(for: "A".unicodeScalars, preferred: notoBold), notoBold)
        XCTAssertEqual(fonts.face(for: "ب".unicodeScalars, preferred: notoBold)?.family, "Noto Sans Arabic")
        XCTAssertNil(fonts.face(for: "\u{10FFFD}".unicodeScalars), "a private-use scalar no face has")
    }

    // MARK: - Faces

    func testFaceMetrics() throws {
        let fonts = try library()
        let quicksand = fonts.titleFace
        XCTAssertEqual(quicksand.unitsPerEm, 1000)
        XCTAssertEqual(quicksand.metrics, FontMetrics(ascender: 1000, descender: -250, lineGap: 0, usesTypoMetrics: true))
        XCTAssertEqual(quicksand.metrics.lineHeight, 1250)
        XCTAssertFalse(quicksand.isColorBitmap)
        XCTAssertNil(quicksand.bitmapStrikePPEM)
        XCTAssertTrue(quicksand.hasGlyph("A"))
        XCTAssertFalse(quicksand.hasGlyph("Ж"))
        XCTAssertGreaterThan(quicksand.advance(of: try XCTUnwrap(quicksand.glyphID(for: "A"))), 0)

        let noto = try XCTUnwrap(fonts.face(family: "Noto Sans"))
        XCTAssertEqual(noto.metrics.ascender, 1069)
        XCTAssertEqual(noto.metrics.descender, -293)
        XCTAssertFalse(noto.metrics.usesTypoMetrics)
    }

    func testColorEmojiFace() throws {
        let emoji = try XCTUnwrap(library().face(family: "Noto Color Emoji"))
        XCTAssertTrue(emoji.isColorBitmap)
        XCTAssertEqual(emoji.bitmapStrikePPEM, 109)
        XCTAssertEqual(emoji.unitsPerEm, 2048)
        XCTAssertTrue(emoji.hasGlyph("😀"))
        XCTAssertNotNil(emoji.glyphID(for: "❤", variationSelector: "\u{FE0F}"))
    }

    func testCJKCollectionFaceChosenByFamilyName() throws {
        try XCTSkipUnless(TestFonts.cjkAvailable, "Noto Sans CJK is not installed")
        let names = try FontCollection.familyNames(path: TestFonts.cjkBold)
        XCTAssertTrue(names.contains("Noto Sans CJK SC"), "\(names)")
        let index = try FontCollection.faceIndex(ofFamily: "Noto Sans CJK SC", path: TestFonts.cjkBold)
        let face = try FontFace(path: TestFonts.cjkBold, faceIndex: index)
        XCTAssertEqual(face.family, "Noto Sans CJK SC")
        XCTAssertEqual(face.weight, .bold)
        XCTAssertEqual(face.metrics, FontMetrics(ascender: 1160, descender: -288, lineGap: 0, usesTypoMetrics: false))
        XCTAssertTrue(face.hasGlyph("中") && face.hasGlyph("あ") && face.hasGlyph("한"))
        let sc = try XCTUnwrap(library().face(family: "Noto Sans CJK SC", weight: .bold))
        XCTAssertEqual(sc.faceIndex, index)
        XCTAssertThrowsError(try FontCollection.faceIndex(ofFamily: "Noto Sans CJK XX", path: TestFonts.cjkBold)) {
            XCTAssertEqual($0 as? FontError, .familyNotInCollection(path: TestFonts.cjkBold, family: "Noto Sans CJK XX"))
        }
    }

    // MARK: - Errors

    func testMissingDirectoryGivesClearError() {
        let path = "/nonexistent/sharecard-fonts"
        XCTAssertThrowsError(try FontLibrary(directory: path)) { error in
            XCTAssertEqual(error as? FontError, .directoryNotFound(path: path))
            XCTAssertEqual("\(error)", "fonts directory not found: /nonexistent/sharecard-fonts")
        }
        // A path that is there but is no directory says so; an empty one is shown in quotes.
        XCTAssertThrowsError(try FontLibrary(directory: "/dev/null")) { XCTAssertEqual("\($0)", "fonts directory /dev/null is not a directory") }
        XCTAssertThrowsError(try FontLibrary(directory: "")) { XCTAssertEqual("\($0)", #"fonts directory not found: """#) }
    }

    func testDirectoryWithoutManifestNamesTheManifest() throws {
        let dir = try temporaryDirectory()
        XCTAssertThrowsError(try FontLibrary(directory: dir)) { error in
            guard case .invalidManifest(let path, _)? = error as? FontError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, (dir as NSString).appendingPathComponent("fonts.json"))
        }
    }

    /// The manifest is read as a palette is: a FIFO, a folder or an oversized file in its place is
    /// refused at once with its reason, never waited on or read whole.
    func testManifestThatIsNoSmallRegularFileIsRefused() throws {
        func reason(_ make: (String) throws -> Void) throws -> String? {
            let dir = try temporaryDirectory()
            try make((dir as NSString).appendingPathComponent("fonts.json"))
            do { _ = try FontLibrary(directory: dir); return nil } catch {
                guard case .invalidManifest(_, let reason) = error else { return "\(error)" }
                return reason
            }
        }
        XCTAssertEqual(try reason { XCTAssertEqual(mkfifo($0, 0o600), 0) }, "cannot read the file: it is not a regular file")
        XCTAssertEqual(try reason { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) },
                       "cannot read the file: it is a directory")
        XCTAssertEqual(try reason { XCTAssertEqual(symlink("/nonexistent/fonts.json", $0), 0) },
                       "cannot read the file: No such file or directory")
        let limit = 1 << 20
        XCTAssertEqual(try reason { try Data(repeating: 0x20, count: limit + 1).write(to: URL(fileURLWithPath: $0)) },
                       "the file is \(limit + 1) bytes, over the limit of \(limit)")
    }

    func testManifestErrorsNameFileAndField() throws {
        let dir = try temporaryDirectory()
        let manifest = (dir as NSString).appendingPathComponent("fonts.json")
        func load(_ json: String) -> FontError? {
            try? json.write(toFile: manifest, atomically: true, encoding: .utf8)
            do { _ = try FontLibrary(directory: dir); return nil } catch { return error }
        }
        let face = #"{"file": "Missing.ttf", "family": "X", "weight": 400}"#
        XCTAssertEqual(load(#"{"version": 1, "title": {"family": "X", "weight": 400}, "faces": [\#(face)], "fallback": []}"#),
                       .fileNotFound(path: (dir as NSString).appendingPathComponent("Missing.ttf")))
        guard case .invalidManifest(manifest, let reason)? = load("{not json") else { return XCTFail() }
        XCTAssertFalse(reason.isEmpty)
        guard case .invalidManifest(_, let missing)? = load(#"{"version": 1, "faces": [], "fallback": []}"#) else { return XCTFail() }
        XCTAssertTrue(missing.contains("title"), missing)
        guard case .invalidManifest(_, let weight)? = load(#"{"version": 1, "title": {"family": "X", "weight": 400}, "faces": [{"file": "a.ttf", "family": "X", "weight": 1200}], "fallback": []}"#)
        else { return XCTFail() }
        XCTAssertTrue(weight.contains("faces[0].weight"), weight)
        guard case .invalidManifest(_, let escape)? = load(#"{"version": 1, "title": {"family": "X", "weight": 400}, "faces": [{"file": "../a.ttf", "family": "X", "weight": 400}], "fallback": []}"#)
        else { return XCTFail() }
        XCTAssertTrue(escape.contains("faces[0].file"), escape)
        guard case .invalidManifest(_, let fallback)? = load(#"{"version": 1, "title": {"family": "X", "weight": 400}, "faces": [\#(face)], "fallback": [{"family": "Y"}]}"#)
        else { return XCTFail() }
        XCTAssertTrue(fallback.contains("fallback[0]"), fallback)
    }

    /// A family of tabs and space separators is blank (Foundation's `.whitespaces`); a newline
    /// is not one of them. The same family, weight and style twice is named at its repeat.
    func testBlankFamiliesAndRepeatedFacesAreNamed() throws {
        let dir = try temporaryDirectory()
        let manifest = (dir as NSString).appendingPathComponent("fonts.json")
        func load(_ faces: String) -> FontError? {
            try? #"{"version": 1, "title": {"family": "X", "weight": 400}, "faces": [\#(faces)], "fallback": []}"#
                .write(toFile: manifest, atomically: true, encoding: .utf8)
            do { _ = try FontLibrary(directory: dir); return nil } catch { return error }
        }
        let x = #"{"file": "a.ttf", "family": "X", "weight": 400}"#
        guard case .invalidManifest(_, let blank)? = load(#"\#(x), {"file": "b.ttf", "family": "\t\u2003 ", "weight": 400}"#)
        else { return XCTFail() }
        XCTAssertEqual(blank, "faces[1].family is empty")
        XCTAssertEqual(load(#"\#(x), {"file": "b.ttf", "family": "\n", "weight": 400}"#),
                       .fileNotFound(path: (dir as NSString).appendingPathComponent("a.ttf")))
        guard case .invalidManifest(_, let repeated)? = load(#"\#(x), {"file": "b.ttf", "family": "x", "weight": 400, "style": "normal"}"#)
        else { return XCTFail() }
        XCTAssertEqual(repeated, "faces[1] repeats family \"x\" weight 400 style normal")
        XCTAssertEqual(load(#"\#(x), {"file": "b.ttf", "family": "x", "weight": 400, "style": "italic"}"#),
                       .fileNotFound(path: (dir as NSString).appendingPathComponent("a.ttf")))
    }

    func testOptionalSystemFaceMayBeAbsent() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.copyItem(atPath: TestFonts.path("Quicksand-Bold.ttf"),
                                         toPath: (dir as NSString).appendingPathComponent("Q.ttf"))
        let json = #"""
        {"version": 1, "title": {"family": "Q", "weight": 700},
         "faces": [{"file": "Q.ttf", "family": "Q", "weight": 700},
                   {"path": "/nonexistent/CJK.ttc", "family": "CJK", "weight": 400, "optional": true}],
         "fallback": [{"family": "Q"}, {"family": "CJK", "languages": ["ja"]}]}
        """#
        try json.write(toFile: (dir as NSString).appendingPathComponent("fonts.json"), atomically: true, encoding: .utf8)
        let fonts = try FontLibrary(directory: dir)
        XCTAssertEqual(fonts.unavailablePaths, ["/nonexistent/CJK.ttc"])
        XCTAssertEqual(fonts.fallbackChain(language: LanguageTag("ja")).count, 1)
        XCTAssertEqual(fonts.titleFace.weight, .bold)
    }

    func testFaceErrorsNameTheFile() throws {
        let text = TestFonts.path("OFL.txt")
        XCTAssertThrowsError(try FontFace(path: text)) { error in
            guard case .unreadableFont(text, _)? = error as? FontError else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".contains("OFL.txt"))
        }
        let font = TestFonts.path("NotoSans-Regular.ttf")
        XCTAssertThrowsError(try FontFace(path: font, faceIndex: 3)) {
            XCTAssertEqual($0 as? FontError, .faceIndexOutOfRange(path: font, index: 3, faceCount: 1))
        }
        XCTAssertThrowsError(try FontFace(path: "/nonexistent/X.ttf")) {
            XCTAssertEqual($0 as? FontError, .fileNotFound(path: "/nonexistent/X.ttf"))
        }
    }

    /// A face's file that is not a regular file is refused at once, saying what it is: a FIFO
    /// used to block the open until a writer came, a folder and a loop of symlinks were "not
    /// found", `/dev/zero` "cannot be read".
    func testAFaceThatIsNotARegularFileIsRefusedSayingWhatItIs() throws {
        let dir = try temporaryDirectory()
        func path(_ name: String) -> String { (dir as NSString).appendingPathComponent(name) }
        XCTAssertEqual(mkfifo(path("fifo.ttf"), 0o644), 0)
        XCTAssertEqual(mkdir(path("folder.ttf"), 0o755), 0)
        XCTAssertEqual(symlink("loop-b.ttf", path("loop-a.ttf")), 0)
        XCTAssertEqual(symlink("loop-a.ttf", path("loop-b.ttf")), 0)
        XCTAssertEqual(symlink("/dev/zero", path("zero.ttf")), 0)
        let expected = [
            "fifo.ttf": "not a regular file (a FIFO)", "folder.ttf": "it is a directory",
            "loop-a.ttf": "Too many levels of symbolic links", "zero.ttf": "not a regular file (a character device)",
        ]
        for (name, reason) in expected {
            // On a thread of its own, so that a blocking open fails the test instead of hanging it.
            let file = path(name), done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var message = "opened"
            DispatchQueue.global().async {
                do { _ = try FontFace(path: file) } catch { message = "\(error)" }
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "\(name): the open blocked")
            XCTAssertEqual(message, "cannot read font \(file): \(reason)")
        }
        // A required face of a manifest that is one of them is named the same way.
        let manifest = #"{"version": 1, "title": {"family": "X", "weight": 400}, "faces": [{"file": "loop-a.ttf", "family": "X", "weight": 400}], "fallback": []}"#
        try manifest.write(toFile: path("fonts.json"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try FontLibrary(directory: dir)) {
            XCTAssertEqual("\($0)", "cannot read font \(path("loop-a.ttf")): Too many levels of symbolic links")
        }
    }

    /// Validation opens every face and checks that its file calls it by the family the
    /// manifest files it under (the legacy name of a medium weight, "Quicksand Medium", is
    /// Quicksand's); one filed under another family would draw every emoji as a box.
    func testValidationRefusesAFaceFiledUnderAnotherFamily() throws {
        let dir = try temporaryDirectory()
        for file in ["Quicksand-Bold.ttf", "Quicksand-Medium.ttf", "NotoSansArabic-Bold.ttf"] {
            XCTAssertEqual(symlink(TestFonts.path(file), (dir as NSString).appendingPathComponent(file)), 0)
        }
        func validate(_ faces: String) throws {
            let manifest = #"{"version": 1, "title": {"family": "Quicksand", "weight": 700}, "faces": [\#(faces)], "fallback": []}"#
            try manifest.write(toFile: (dir as NSString).appendingPathComponent("fonts.json"), atomically: true, encoding: .utf8)
            try FontLibrary(directory: dir).openAllFaces()
        }
        let quicksand = #"{"file": "Quicksand-Bold.ttf", "family": "Quicksand", "weight": 700}, {"file": "Quicksand-Medium.ttf", "family": "quicksand", "weight": 500}"#
        XCTAssertNoThrow(try validate(quicksand))
        XCTAssertThrowsError(try validate(quicksand + #", {"file": "Quicksand-Bold.ttf", "family": "Noto Color Emoji", "weight": 400}"#)) {
            XCTAssertEqual("\($0)", "font \((dir as NSString).appendingPathComponent("Quicksand-Bold.ttf")) is of family \"Quicksand\", "
                + "but the manifest lists it as \"Noto Color Emoji\"")
        }
        // A family whose name begins another's is not that family.
        XCTAssertThrowsError(try validate(quicksand + #", {"file": "NotoSansArabic-Bold.ttf", "family": "Noto Sans", "weight": 700}"#)) {
            XCTAssertEqual(($0 as? FontError).map { if case .familyMismatch = $0 { return true } else { return false } }, true, "\($0)")
        }
        // Rendering does not read the names: a title still draws with the face as filed.
        XCTAssertNoThrow(try FontLibrary(directory: dir).titleFace)
    }

    func testAFontCutShortIsRefusedNamingTheTableThatRunsPastItsEnd() throws {
        // A partial download: the table directory is whole, 'glyf' (and what follows) is not.
        // HarfBuzz and FreeType open such a file, and its glyphs then draw as nothing.
        let whole = try Data(contentsOf: URL(fileURLWithPath: TestFonts.path("NotoSansThai-Bold.ttf")))
        let dir = try temporaryDirectory()
        let cut = (dir as NSString).appendingPathComponent("NotoSansThai-Bold.ttf")
        try whole.prefix(30_000).write(to: URL(fileURLWithPath: cut))
        XCTAssertThrowsError(try FontFace(path: cut)) {
            XCTAssertEqual("\($0)", "cannot read font \(cut): face 0: its 'glyf' table runs past the end of the file (30000 bytes); "
                + "the file is cut short")
        }
        // Cut inside the directory itself: not a font at all, for HarfBuzz.
        try whole.prefix(40).write(to: URL(fileURLWithPath: cut))
        XCTAssertThrowsError(try FontFace(path: cut)) {
            XCTAssertEqual("\($0)", "cannot read font \(cut): not an OpenType font or font collection")
        }
        // Every shipped face is whole.
        for name in try FileManager.default.contentsOfDirectory(atPath: TestFonts.path("")) where name.hasSuffix(".ttf") {
            XCTAssertNoThrow(try FontFace(path: TestFonts.path(name)), name)
        }
    }

    private func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fontlib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }
}
