import Foundation
import Geometry
import Raster
import Scene
import XCTest

/// The limits a scene is held to when it is parsed: each a clear error naming the element
/// and the limit, checked before any pixel is allocated.
final class SceneLimitTests: XCTestCase {
    func parse(_ json: String) throws -> Scene {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        return try parser.parse(Data(json.utf8))
    }

    func error(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try parse(json)
            XCTFail("expected an error", file: file, line: line)
            return ""
        } catch { return "\(error)" }
    }

    /// A zigzag of `count` outline points in as few bytes as path data allows (path data is
    /// limited to 100,000 bytes): "M0 0" then "h1", "v9", "h1", "v-9", … in turn.
    func zigzag(_ count: Int) -> String {
        let steps = ["h1", "v9", "h1", "v-9"]
        return "M0 0" + (1..<count).map { steps[$0 % 4] }.joined()
    }

    func dark(_ canvas: Canvas) -> Int {
        var count = 0
        for y in 0..<canvas.pixelHeight { for x in 0..<canvas.pixelWidth where canvas.pixel(x: x, y: y) & 0xFF < 128 { count += 1 } }
        return count
    }

    /// Curves with round joins: the stroker's outline grows most per point there.
    func curves(_ count: Int) -> String {
        "M0 0" + (0..<count).map { i in " C \(i % 50) 60 \((i + 1) % 50) -20 \((i + 2) % 50) \(i % 2 == 0 ? 50 : 3)" }.joined()
    }

    func stroked(_ d: String, join: String = "round") -> String {
        ##"{"width": 64, "height": 64, "elements": [{"type": "path", "d": "\##(d)", "stroke": {"paint": "#000", "width": 2, "join": "\##(join)", "cap": "round"}}]}"##
    }

    func testPathsLargerThanAnOutlineAreRefused() throws {
        let filled = ##"{"width": 64, "height": 64, "elements": [{"type": "path", "d": "\##(zigzag(32_768))", "fill": "#000"}]}"##
        XCTAssertEqual(error(filled), "elements[0]: a path holds at most 32767 points, this one has 32768")
        for d in [zigzag(10_000), curves(400)] {
            let message = error(stroked(d))
            XCTAssertTrue(message.hasPrefix("elements[0]: the outline of this stroke would hold "), message)
            XCTAssertTrue(message.contains("points at scale 4.0, over FreeType's limit of 32767"), message)
        }
        // Thousands of zero-length subpaths are drawn as their caps: those count too.
        let dots = String(repeating: "M1 1z", count: 2_600)
        XCTAssertTrue(error(stroked(dots)).contains("zero-length subpaths"), error(stroked(dots)))
    }

    /// Paths and strokes the parser lets through are drawn, not silently dropped: before,
    /// FreeType's own limit left a larger outline out without a word.
    func testTheLargestAllowedPathsAreDrawn() throws {
        let filled = ##"{"width": 64, "height": 64, "elements": [{"type": "path", "d": "\##(zigzag(32_767))", "fill": "#000", "fillRule": "evenodd"}]}"##
        XCTAssertGreaterThan(dark(try parse(filled).render()), 100)
        for (d, join) in [(zigzag(3_000), "round"), (zigzag(3_000), "miter"), (curves(200), "round")] {
            let scene = try parse(stroked(d, join: join))
            for scale in [1.0, 4] {
                let canvas = try Scene(size: scene.size, scale: scale, background: scene.background, elements: scene.elements).render()
                XCTAssertGreaterThan(dark(canvas), 100, "\(join) at scale \(scale)")
            }
        }
    }

    func testPixelsPerRenderAreLimited() {
        XCTAssertTrue(error(##"{"width": 8192, "height": 8192}"##)
            .hasPrefix("at scale 1.0 the scene needs 67108864 device pixels"), error(##"{"width": 8192, "height": 8192}"##))
        // Each filtered group is a canvas-sized layer (and a copy per filter).
        let group = ##"{"type": "group", "filters": [{"blur": 1}], "elements": []}"##
        let groups = Array(repeating: group, count: 12).joined(separator: ",")
        XCTAssertTrue(error(##"{"width": 2000, "height": 2000, "elements": [\##(groups)]}"##).contains("over the limit of 50000000 per render"))
        // Each snapshot level copies the canvas.
        XCTAssertTrue(error(##"{"width": 4000, "height": 2000, "elements": [{"type": "snapshot", "rect": [0, 0, 1, 1], "levels": 12}]}"##)
            .contains("over the limit of 50000000 per render"))
        XCTAssertNoThrow(try parse(##"{"width": 1024, "height": 576, "scale": 4, "elements": [\##(group), {"type": "snapshot", "rect": [0, 0, 1, 1], "levels": 2}]}"##))
    }

    /// A scene's images are decoded only once the pixel budget, read from their headers,
    /// allows them: four references to a 4000×4000 PNG are refused for the budget, not for
    /// the file's broken data (which decoding first would have reached, after decoding each:
    /// forty references to an 8192×4882 PNG took 40 s and 6.3 GB before the refusal).
    func testImagesOverTheBudgetAreRefusedBeforeTheyAreDecoded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scene-budget-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
        // A PNG signature and IHDR that declare 4000×4000, then nothing decodable.
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(4000) + be32(4000)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        try Data(header).write(to: directory.appendingPathComponent("large.png"))
        func scene(_ references: Int) -> String {
            let images = Array(repeating: ##"{"type": "image", "frame": [0, 0, 10, 10], "src": "large.png"}"##, count: references)
            return ##"{"width": 100, "height": 100, "elements": [\##(images.joined(separator: ", "))]}"##
        }
        func error(_ references: Int) -> String {
            var parser = SceneParser(baseDirectory: URL(fileURLWithPath: directory.path, isDirectory: true))
            do { _ = try parser.parse(Data(scene(references).utf8)); return "" } catch { return "\(error)" }
        }
        XCTAssertTrue(error(4).contains("over the limit of 50000000 per render"), error(4))
        XCTAssertTrue(error(1).contains("elements[0].src: large.png:"), "within the budget, the file is decoded and refused: \(error(1))")
    }

    func testRenderingAtALargerScaleIsCheckedAgain() throws {
        let scene = try parse(##"{"width": 3000, "height": 3000, "elements": [{"type": "snapshot", "rect": [0, 0, 1, 1], "levels": 3}]}"##)
        let larger = Scene(size: scene.size, scale: 2, background: scene.background, elements: scene.elements)
        XCTAssertThrowsError(try larger.render()) { XCTAssertTrue("\($0)".hasPrefix("at scale 2.0 the scene needs"), "\($0)") }
    }

    /// The reproducers as found: each used to crash or hang the renderer.
    func testFuzzerScenesRender() throws {
        let scenes = [
            ##"{"width":96,"height":96,"elements":[{"type":"path","d":"M1 0 1 2m1 20000001 0 2","stroke":{"paint":"#000","width":1}}]}"##,
            ##"{"width":96,"height":96,"scale":4,"elements":[{"type":"path","d":"M 1 1 L 1 2 M 2 -1000000 L 2 -999999.98","stroke":{"paint":"#000","width":1}}]}"##,
            ##"{"width":1000,"height":1000,"elements":[{"type":"snapshot","rect":[0.5,0.5,0.0625,0.0625],"levels":12}]}"##,
        ]
        for json in scenes { XCTAssertNoThrow(try parse(json).render(), json) }
    }
}
