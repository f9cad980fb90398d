import Foundation
import Geometry
import Scene
import XCTest

/// A label's `verticalAlignment`: its lines centred in the box (UILabel, the default), or
/// resting on the box's top or bottom edge. The block of lines is as tall as its lines'
/// heights added up, so the expected places follow from the box and those heights alone.
final class VerticalTextAlignmentTests: XCTestCase {
    func texts(_ alignments: [String?], title: String = "Our first apartment") throws -> [ResolvedText] {
        let labels = alignments.map { alignment in
            #"{"type": "label", "frame": [40, 100, 600, 300], "text": "{title}", "font": {"size": 60}"#
                + (alignment.map { #", "verticalAlignment": "\#($0)""# } ?? "") + "}"
        }
        var parser = SceneParser(baseDirectory: URL(fileURLWithPath: "/"))
        let scene = try parser.parse(Data(#"{"width": 1024, "height": 576, "elements": [\#(labels.joined(separator: ","))]}"#.utf8))
        let renderer = try CardGoldenTests.renderer.get()
        let bindings = SceneBindings(values: [.title: title], colors: SceneBindings.sample.colors)
        let resolved = try scene.resolve(bindings, text: SceneTextContext(fonts: renderer.fonts, glyphCache: renderer.glyphCache))
        return resolved.elements.compactMap { if case .text(let t) = $0 { t } else { nil } }
    }

    /// The top and bottom of the block of lines, on the canvas.
    func block(_ t: ResolvedText) throws -> (top: Double, bottom: Double) {
        let first = try XCTUnwrap(t.lines.first)
        let halfLeading = (first.height - first.ascent - first.descent) / 2
        let top = t.frame.minY + t.linesOffsetY + first.origin.y - first.ascent - halfLeading
        return (top, top + t.lines.map(\.height).reduce(0, +))
    }

    func testTheBlockRestsOnTheEdgeItIsAlignedTo() throws {
        for title in ["Our first apartment", "The day we adopted Biscuit, the scruffiest little terrier in the whole shelter"] {
            let t = try texts(["top", "center", "bottom", nil], title: title)
            let (top, centre, bottom, unspecified) = (try block(t[0]), try block(t[1]), try block(t[2]), try block(t[3]))
            let height = top.bottom - top.top
            XCTAssertLessThan(height, 300, "the lines leave room in the box")
            XCTAssertEqual(top.top, 100, accuracy: 1e-6, title)
            XCTAssertEqual(centre.top, 100 + (300 - height) / 2, accuracy: 1e-6, title)
            XCTAssertEqual(bottom.bottom, 400, accuracy: 1e-6, title)
            XCTAssertEqual(unspecified.top, centre.top, "centred unless asked otherwise, as UILabel")
            XCTAssertEqual(t[0].fontSizeInPoints, t[2].fontSizeInPoints, "alignment does not change the fitting")
            XCTAssertEqual(t[0].lines.map(\.text), t[2].lines.map(\.text))
        }
    }

    func testAnUnknownAlignmentIsNamed() {
        XCTAssertThrowsError(try texts(["middle"])) { error in
            XCTAssertEqual("\(error)", #"elements[0].verticalAlignment: expected one of "top", "center", "bottom", got "middle""#)
        }
    }
}
