import Cards
import Foundation
import Geometry
import Raster
import Scene
import XCTest

/// Hostile template files: each is a clear error naming the file and the field, never a
/// crash, and a folder holding one stops loading with that error.
final class TemplateLimitTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("template-limits-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    func write(_ name: String, _ json: String, in folder: URL? = nil) throws -> URL {
        let url = (folder ?? directory).appendingPathComponent(name + ".json")
        try Data(json.utf8).write(to: url)
        return url
    }

    func error(_ elements: String, size: String = "[1024, 576]") throws -> String {
        let url = try write("fuzz", #"{"name": "fuzz", "size": \#(size), "elements": [\#(elements)]}"#)
        do {
            _ = try Template(contentsOf: url)
            XCTFail("expected an error for \(elements)")
            return ""
        } catch { return "\(error)" }
    }

    func testChipIconsThatAreNotNamesAreErrors() throws {
        for icon in ["", ".", "..", ".filled", "star.", "star..filled", "star.filled.x"] {
            let message = try error(#"{"type": "chip", "icon": "\#(icon)", "frame": [0, 0, 100, 40], "text": "{title}", "font": {}}"#)
            XCTAssertTrue(message.hasPrefix("fuzz.json: elements[0].icon: unknown icon \"\(icon)\""), message)
        }
        // The reproducer as found: no text, font or frame.
        XCTAssertTrue(try error(#"{"type":"chip","icon":""}"#).hasPrefix("fuzz.json: elements[0].icon: unknown icon"))
        // Valid names still parse.
        for icon in ["star", "star.filled", "pin.outline", "{emoji}"] {
            let url = try write("ok", #"{"name": "ok", "size": [64, 64], "elements": [{"type": "chip", "icon": "\#(icon)", "frame": [0, 0, 60, 40], "text": "{title}", "font": {}}]}"#)
            XCTAssertNoThrow(try Template(contentsOf: url), icon)
        }
    }

    func testAFolderHoldingABadTemplateNamesTheFileAtStartUp() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let templates = directory.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("templates/classic.json"),
                                         to: templates.appendingPathComponent("classic.json"))
        try write("fuzz", #"{"name":"fuzz","size":[64,64],"elements":[{"type":"chip","icon":""}]}"#, in: templates)
        XCTAssertThrowsError(try Catalog(palettesDirectory: root.appendingPathComponent("palettes"), templatesDirectory: templates)) {
            XCTAssertTrue("\($0)".hasPrefix("fuzz.json: elements[0].icon: unknown icon \"\""), "\($0)")
        }
    }

    func testPatternPiecesAreCountedOnTheCard() throws {
        // A million-point frame used to ask for ~7·10¹⁰ dots; only the part on the card counts.
        let huge = ##"{"type": "pattern", "kind": "dots", "frame": [-500000, -500000, 1000000, 1000000], "colors": ["#fff"], "spacing": 4, "size": 2}"##
        let message = try error(huge, size: "[2000, 2000]")
        XCTAssertTrue(message.hasPrefix("fuzz.json: elements[0].frame: the pattern would draw "), message)
        XCTAssertTrue(message.hasSuffix("pieces on the card, over the limit of 50000: use a larger spacing or a smaller frame"), message)
        // The same frame with a spacing that keeps the card's share small is fine, and draws
        // only what is on the card.
        let url = try write("ok", ##"{"name": "ok", "size": [1024, 576], "elements": [{"type": "pattern", "kind": "stripes", "frame": [-500000, -500000, 1000000, 1000000], "colors": ["#fff"], "spacing": 8, "size": 2}]}"##)
        let template = try Template(contentsOf: url)
        guard case .pattern(let pattern, let placement) = template.elements[0] else { return XCTFail("not a pattern") }
        let card = Rect(x: 0, y: 0, width: 1024, height: 576)
        let frame = placement.place(in: card.size)
        let pieces = pattern.shapes(in: frame, within: card).reduce(0) { $0 + Self.pieceCount($1.path) }
        XCTAssertEqual(Double(pieces), pattern.pieceCount(in: frame, within: card))
        XCTAssertLessThan(pieces, 300)
    }

    /// Leaving out the pieces off the card changes no pixel on it.
    func testVisiblePiecesDrawTheSameCardAsTheWholeFrame() throws {
        let card = Rect(x: 0, y: 0, width: 300, height: 200)
        for kind in [Pattern.Kind.dots, .stripes] {
            let pattern = try Pattern(kind: kind, colors: [.foreground(alpha: 1)], spacing: 17, size: 9)
            let frame = Rect(x: -137, y: -91, width: 600, height: 500)
            func draw(_ shapes: [(path: Path, colorIndex: Int)]) throws -> [UInt32] {
                let canvas = try Canvas(size: card.size, background: .white)
                for (path, _) in shapes { canvas.fill(path, with: .solid(.black)) }
                return canvas.makeImage().premultipliedARGB
            }
            let all = pattern.shapes(in: frame), visible = pattern.shapes(in: frame, within: card)
            XCTAssertEqual(try draw(visible), try draw(all), "\(kind)")
            let count = { (shapes: [(path: Path, colorIndex: Int)]) in shapes.reduce(0) { $0 + Self.pieceCount($1.path) } }
            XCTAssertLessThan(count(visible), count(all), "\(kind)")
            XCTAssertGreaterThan(count(visible), 20, "\(kind)")
        }
    }

    static func pieceCount(_ path: Path) -> Int {
        path.elements.filter { if case .move = $0 { return true } else { return false } }.count
    }

    func testPathsAndPixelsAreLimited() throws {
        let zigzag = "M0 0" + (1..<32_768).map { ["h1", "v9", "h1", "v-9"][$0 % 4] }.joined()
        XCTAssertEqual(try error(##"{"type": "path", "d": "\##(zigzag)", "fill": "#000"}"##),
                       "fuzz.json: elements[0]: a path holds at most 32767 points, this one has 32768")
        // 4096 × 4096 at scale 3 is 151 million pixels.
        XCTAssertTrue(try error("", size: "[4096, 4096]").hasPrefix("fuzz.json: elements: at scale 3.0 the scene needs 150994944 device pixels"))
        // Each snapshot level copies the canvas.
        let snapshot = ##"{"type": "snapshot", "frame": [0, 0, 10, 10], "levels": 8}"##
        XCTAssertTrue(try error(snapshot, size: "[1080, 1920]").contains("over the limit of 50000000 per render"))
    }

    /// 2,000 confetti pieces of one colour made one path of about 31,500 points, just inside
    /// what FreeType takes in one outline; chunks keep every path far from that limit.
    func testDenseConfettiIsDrawnInChunks() throws {
        let pattern = try Pattern(kind: .confetti, colors: [.fixed(.black)], spacing: 4, size: 16, seed: 3)
        let frame = Rect(x: 0, y: 0, width: 1024, height: 576)
        let shapes = pattern.shapes(in: frame)
        XCTAssertEqual(shapes.reduce(0) { $0 + Self.pieceCount($1.path) }, 2000)
        XCTAssertTrue(shapes.allSatisfy { $0.path.outlinePointCount <= OutlineLimits.maximumPoints / 3 })
        let canvas = try Canvas(size: frame.size, background: .white)
        for (path, _) in shapes { canvas.fill(path, with: .solid(.black)) }
        var dark = 0
        for y in stride(from: 0, to: 576, by: 4) { for x in stride(from: 0, to: 1024, by: 4) where canvas.pixel(x: x, y: y) & 0xFF < 128 { dark += 1 } }
        XCTAssertGreaterThan(dark, 5000, "confetti covers much of the card")
    }

    func testElementCountsAreLimited() throws {
        let rect = ##"{"type": "rect", "rect": [0, 0, 1, 1], "fill": "#000"}"##
        XCTAssertTrue(try error(Array(repeating: rect, count: 501).joined(separator: ","))
            .hasPrefix("fuzz.json: elements: "), "501 elements")
        XCTAssertTrue(try error(Array(repeating: rect, count: 501).joined(separator: ",")).contains("500"))
        let label = ##"{"type": "label", "text": "{title}", "font": {}}"##
        let stack = ##"{"type": "stack", "frame": [0, 0, 100, 100], "items": [\##(Array(repeating: label, count: 17).joined(separator: ","))]}"##
        let message = try error(stack)
        XCTAssertTrue(message.hasPrefix("fuzz.json: elements[0].items: ") && message.contains("16"), message)
    }
}
