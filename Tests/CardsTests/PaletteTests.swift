@testable import Cards
import Foundation
import Raster
import XCTest

final class PaletteTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let palettes = repository.appendingPathComponent("palettes")

    func load(_ name: String) throws -> Palette { try Palette(contentsOf: Self.palettes.appendingPathComponent(name + ".json")) }

    func testDefaultPaletteHasTheOriginalTenNames() throws {
        XCTAssertEqual(try load("default").colors.map(\.name), [
            "user_purple", "user_light_blue", "user_cyan", "user_green", "user_blue",
            "user_red", "user_orange", "user_yellow", "user_brown", "user_grey",
        ])
    }

    func testAtLeastFourPalettesIncludingGradientsAndDark() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.palettes.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(names.count, 4)
        XCTAssertTrue(try load("gradients").colors.allSatisfy { if case .linear = $0.background { return true } else { return false } })
        XCTAssertTrue(try load("dark").colors.allSatisfy { $0.background.colors[0].relativeLuminance < 0.05 })
    }

    /// WCAG 2: every foreground against every stop of its background, at least 3:1 (large text).
    func testEveryForegroundMeetsLargeTextContrast() throws {
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.palettes.path) where file.hasSuffix(".json") {
            let palette = try Palette(contentsOf: Self.palettes.appendingPathComponent(file))
            for entry in palette.colors {
                for ratio in entry.contrastRatios {
                    XCTAssertGreaterThanOrEqual(ratio, Contrast.largeTextMinimum, "\(palette.name)/\(entry.name): \(ratio)")
                }
            }
        }
    }

    /// A translucent foreground is judged as it shows, blended over each background colour:
    /// white at 16/255 over black is a grey of 1.10:1, not white's 21:1.
    func testATranslucentForegroundIsJudgedAsItShows() throws {
        let entry = Palette.Entry(name: "faint", background: .solid(.black), foreground: try XCTUnwrap(Color(hex: "#ffffff10")))
        let grey = 16.0 / 255
        let luminance = grey <= 0.04045 ? grey / 12.92 : pow((grey + 0.055) / 1.055, 2.4)
        XCTAssertEqual(entry.contrastRatios, [(luminance + 0.05) / 0.05])
        XCTAssertEqual(entry.reportedContrast, 1.1)
    }

    /// A background object that is neither a colour nor a linear gradient names its unknown
    /// field against both forms' keys (a radial gradient was told only of a colour's).
    func testABackgroundOfNeitherFormNamesBothFormsKeys() {
        let json = ##"{"name": "p", "colors": [{"name": "a", "background": {"radial": {"stops": []}}, "foreground": "#ffffff"}]}"##
        XCTAssertThrowsError(try Palette(data: Array(json.utf8), fileName: "p.json")) { error in
            XCTAssertEqual("\(error)", "p.json: colors[0].background.radial: unknown field (expected one of: alpha, gray, linear, rgb)")
        }
    }

    /// The WCAG formula against its published reference points.
    func testContrastFormula() {
        XCTAssertEqual(Color.black.contrastRatio(with: .white), 21, accuracy: 1e-9)
        XCTAssertEqual(Color.white.contrastRatio(with: .white), 1, accuracy: 1e-9)
        // #767676 on white is the classic 4.54:1 grey.
        XCTAssertEqual(Color(hex: "#767676")!.contrastRatio(with: .white), 4.54, accuracy: 0.01)
    }

    func error(_ json: String, name: String = "broken") -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("palettes-\(UUID())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(name + ".json")
        try? Data(json.utf8).write(to: url)
        do {
            _ = try Palette(contentsOf: url)
            XCTFail("expected an error")
            return ""
        } catch { return "\(error)" }
    }

    func testErrorsNameFileFieldAndExpectation() {
        XCTAssertTrue(error("{").hasPrefix("broken.json: malformed JSON"))
        XCTAssertEqual(error(##"{"name": "other", "colors": []}"##), "broken.json: name \"other\" does not match the file name")
        XCTAssertEqual(error(##"{"name": "broken", "colors": []}"##), "broken.json: a palette needs at least one colour")
        XCTAssertTrue(error(##"{"name": "broken", "colors": [{"name": "a", "background": "#12", "foreground": "#fff"}]}"##)
            .hasPrefix("broken.json: colors[0].background: expected a colour"))
        XCTAssertEqual(error(##"{"name": "broken", "colors": [{"name": "a", "background": "#0008", "foreground": "#fff"}]}"##),
                       "broken.json: colors[0]: background must be opaque: cards are opaque images")
        XCTAssertEqual(error(##"{"name": "broken", "colors": [{"name": "a", "background": "#000", "foreground": "#fff"}, {"name": "a", "background": "#000", "foreground": "#fff"}]}"##),
                       "broken.json: colors[1]: colour \"a\" appears twice")
        XCTAssertTrue(error(##"{"name": "broken", "colors": [{"name": "a", "background": {"linear": {"stops": [[0, "#000"]]}}, "foreground": "#fff"}]}"##)
            .contains("a gradient needs at least two stops"))
        XCTAssertTrue(error(##"{"name": "broken", "colours": []}"##).contains("colours: unknown field"))
        // A colour no event can choose, and a title no one could read.
        for bad in ["", "a/b", "a\\u0000b", "user purple", "é"] {
            let json = ##"{"name": "broken", "colors": [{"name": "NAME", "background": "#000", "foreground": "#fff"}]}"##
                .replacingOccurrences(of: "NAME", with: bad)
            XCTAssertTrue(error(json).hasPrefix("broken.json: colors[0]: colour name "), error(json))
            XCTAssertTrue(error(json).hasSuffix("is not one an event can give: use letters, digits, '_' or '-'"), error(json))
        }
        XCTAssertEqual(error(##"{"name": "broken", "colors": [{"name": "a", "background": "#000", "foreground": "#ffffff00"}]}"##),
                       "broken.json: colors[0]: foreground is fully transparent: the title would not show")
    }
}
