import Foundation
import Geometry
import Scene
import UnicodeText
import XCTest

/// Constraint solving against frames worked out by hand (the arithmetic is in each comment).
final class FrameConstraintTests: XCTestCase {
    typealias Axis = FrameConstraints.Axis
    let story = Size(width: 1080, height: 1920)

    func place(_ h: Axis, _ v: Axis, canvas: Size, aspect: Double? = nil, mirrors: Bool = false,
               direction: TextDirectionName = .ltr, container: FrameConstraints.Container = .canvas, safe: Rect? = nil) -> Rect {
        Frame.constrained(FrameConstraints(container: container, horizontal: h, vertical: v, mirrors: mirrors, aspect: aspect))
            .place(in: canvas, safe: safe, direction: direction == .ltr ? .leftToRight : .rightToLeft)
    }
    enum TextDirectionName { case ltr, rtl }

    func testTwoEdgesAndFractions() {
        // x = 40, w = 1080 − 40 − 40 = 1000; y = 1920 × 140 / 576 = 466.666…, h = 1920 × 300 / 576 = 1000.
        let r = place(Axis(start: .points(40), end: .points(40)),
                      Axis(start: .share(.container, numerator: 140, denominator: 576), size: .share(.container, numerator: 300, denominator: 576)),
                      canvas: story)
        XCTAssertEqual(r.minX, 40); XCTAssertEqual(r.width, 1000)
        XCTAssertEqual(r.minY, 1920.0 * 140 / 576, accuracy: 1e-9); XCTAssertEqual(r.height, 1000)
    }

    func testClassicFrameIsExactAtCardSize() {
        // The classic label: 1024 × 40/1024 = 40, 576 × 140/576 = 140, 576 × 300/576 = 300, w = 1024 − 80 = 944.
        let share = { (a: Double, b: Double) in Length.share(.container, numerator: a, denominator: b) }
        let r = place(Axis(start: share(40, 1024), end: share(40, 1024)), Axis(start: share(140, 576), size: share(300, 576)),
                      canvas: Size(width: 1024, height: 576))
        XCTAssertEqual(r, Rect(x: 40, y: 140, width: 944, height: 300))
    }

    func testCentresAndSizes() {
        // w = 50 % of 1080 = 540, x = 540 − 270 = 270; y = 960 − 100 − 200/2 = 760.
        let r = place(Axis(center: .points(0), size: .share(.container, numerator: 50, denominator: 100)),
                      Axis(center: .points(-100), size: .points(200)), canvas: story)
        XCTAssertEqual(r, Rect(x: 270, y: 760, width: 540, height: 200))
    }

    func testAnEdgeAndTheCentreGiveTheSize() {
        // Left edge 100, centre at 500: w = 2 × (500 − 100) = 800.
        let r = place(Axis(start: .points(100), center: .points(0)), Axis(start: .points(0), size: .points(10)),
                      canvas: Size(width: 1000, height: 500))
        XCTAssertEqual(r, Rect(x: 100, y: 0, width: 800, height: 10))
    }

    func testAspectFitsInsideTheEdges() {
        // 1080 × 1920 at 16:9: 1080 / 1920 = 0.5625 < 1.78, so w = 1080, h = 1080 × 9 / 16 = 607.5,
        // centred: y = (1920 − 607.5) / 2 = 656.25.
        let edges = Axis(start: .points(0), end: .points(0))
        let r = place(edges, edges, canvas: story, aspect: 16.0 / 9)
        XCTAssertEqual(r, Rect(x: 0, y: 656.25, width: 1080, height: 607.5))
    }

    func testAspectSuppliesAMissingSize() {
        // w = 400, aspect 2 → h = 200 from the top edge 50.
        let r = place(Axis(start: .points(100), size: .points(400)), Axis(start: .points(50)), canvas: story, aspect: 2)
        XCTAssertEqual(r, Rect(x: 100, y: 50, width: 400, height: 200))
    }

    func testMaximumShrinksInsideTheSpan() {
        // Span 1080 − 20 = 1060 clamped to 500, centred in the span: x = 10 + (1060 − 500) / 2 = 290.
        // Minimum height 300 over a 100-point size: h = 300 from the top edge 0.
        let r = place(Axis(start: .points(10), end: .points(10), maximum: .points(500)),
                      Axis(start: .points(0), size: .points(100), minimum: .points(300)), canvas: story)
        XCTAssertEqual(r, Rect(x: 290, y: 0, width: 500, height: 300))
    }

    func testLeadingAndTrailingMirrorRightToLeft() {
        // The photo template's accent bar on 1024 × 576: leading 48, width 96, bottom 68, height 8.
        // Left to right: x = 48. Right to left: 48 from the right, x = 1024 − 48 − 96 = 880. y = 576 − 68 − 8 = 500.
        let h = Axis(start: .points(48), size: .points(96)), v = Axis(end: .points(68), size: .points(8))
        let card = Size(width: 1024, height: 576)
        XCTAssertEqual(place(h, v, canvas: card, mirrors: true), Rect(x: 48, y: 500, width: 96, height: 8))
        XCTAssertEqual(place(h, v, canvas: card, mirrors: true, direction: .rtl), Rect(x: 880, y: 500, width: 96, height: 8))
        // Left and right never mirror; a centre offset mirrors with leading/trailing: 512 − 100 − 50 = 362 → 512 + 100 − 50 = 562.
        XCTAssertEqual(place(h, v, canvas: card, direction: .rtl).minX, 48)
        XCTAssertEqual(place(Axis(center: .points(-100), size: .points(100)), v, canvas: card, mirrors: true, direction: .rtl).minX, 562)
    }

    func testSafeAreaContainer() {
        // Safe area (50, 50, 900, 400) in 1000 × 500: right 0, width 100 → x = 50 + 900 − 100 = 850; top 0 → y = 50.
        let r = place(Axis(end: .points(0), size: .points(100)), Axis(start: .points(0), size: .points(100)),
                      canvas: Size(width: 1000, height: 500), container: .safe, safe: Rect(x: 50, y: 50, width: 900, height: 400))
        XCTAssertEqual(r, Rect(x: 850, y: 50, width: 100, height: 100))
    }

    func testLengths() {
        let story = Size(width: 1080, height: 1920)
        XCTAssertEqual(Length("60/576vmin")?.points(along: 0, canvas: story), 112.5)  // 1080 × 60 / 576
        XCTAssertEqual(Length("12.5%")?.points(along: 800, canvas: story), 100)
        XCTAssertEqual(Length("10vh")?.points(along: 0, canvas: story), 192)
        XCTAssertEqual(Length("5vmax")?.points(along: 0, canvas: story), 96)
        for bad in ["12", "x%", "1/0", "3/4%", "vmin", ""] { XCTAssertNil(Length(bad), bad) }
    }

    /// Constraints in a scene file, resolved: the frames reported are the hand-computed ones.
    func testConstraintsInAScene() throws {
        let json = ##"""
        {"size": [1024, 576], "safeArea": 32, "elements": [
          {"type": "snapshot", "frame": {"trailing": 0, "bottom": 0, "width": "50%", "height": "50%"}},
          {"type": "snapshot", "frame": {"in": "safe", "left": 0, "top": 0, "width": "25%", "aspect": 2}}]}
        """##
        var parser = SceneParser(baseDirectory: URL(fileURLWithPath: "/"))
        let scene = try parser.parse(Data(json.utf8))
        // Second: safe area (32, 32, 960, 512); w = 960 / 4 = 240, h = 240 / 2 = 120.
        XCTAssertEqual(try scene.resolve().placedElements.map(\.frame), [[512, 288, 512, 288], [32, 32, 240, 120]])
        // Right to left, trailing is the left edge.
        let rtl = SceneBindings(values: [:], colors: .sample, direction: .rightToLeft)
        XCTAssertEqual(try scene.resolve(rtl).placedElements.first?.frame, [0, 288, 512, 288])
        // At another size the same scene adapts: 1080 × 1920 → the lower right quadrant (540, 960, 540, 960).
        XCTAssertEqual(try scene.resolve(size: Size(width: 1080, height: 1920)).placedElements.first?.frame, [540, 960, 540, 960])
    }

    func testBadConstraintsAreNamed() {
        func error(_ frame: String) -> String {
            var parser = SceneParser(baseDirectory: URL(fileURLWithPath: "/"))
            do {
                _ = try parser.parse(Data(##"{"size": [100, 100], "elements": [{"type": "snapshot", "frame": \##(frame)}]}"##.utf8))
                return "no error"
            } catch { return "\(error)" }
        }
        XCTAssertEqual(error(#"{"left": 1, "right": 1, "width": 5}"#),
                       "elements[0].frame: the horizontal position is over-constrained: give at most two of the edges, the centre and the size")
        XCTAssertEqual(error(#"{"left": 1, "trailing": 1}"#), "elements[0].frame: give left and right, or leading and trailing, not both")
        XCTAssertTrue(error(#"{"top": "12"}"#).hasPrefix("elements[0].frame.top: expected a length"), error(#"{"top": "12"}"#))
        XCTAssertTrue(error(#"{"middle": 3}"#).hasPrefix("elements[0].frame.middle: unknown field"))
        // No size may be negative, written as points or as any term of a function.
        for (key, value) in [("width", "-100"), ("maxWidth", "-5"), ("minHeight", "\"-10%\""), ("height", "\"max(-1vw, -2vh)\"")] {
            XCTAssertEqual(error("{\"left\": 1, \"top\": 1, \"\(key)\": \(value)}"), "elements[0].frame.\(key): a size cannot be negative")
        }
        XCTAssertEqual(error(#"{"left": 1, "top": 1, "width": 0, "height": "min(10%, 0)"}"#), "no error")
    }

    /// An edge follows an edge of its own axis: `left` to `a.top` is refused, naming the field.
    func testAnAnchorKeepsToItsAxis() throws {
        func error(_ frame: String) -> String {
            var parser = SceneParser(baseDirectory: URL(fileURLWithPath: "/"))
            do {
                _ = try parser.parse(Data(##"{"size": [100, 100], "elements": [{"id": "a", "type": "snapshot", "frame": [10, 10, 20, 20]}, {"type": "snapshot", "frame": \##(frame)}]}"##.utf8))
                return "no error"
            } catch { return "\(error)" }
        }
        XCTAssertEqual(error(#"{"left": {"to": "a.top"}, "width": 5, "top": 0, "height": 5}"#),
                       #"elements[1].frame.left.to: a horizontal edge follows a horizontal one (a's left, right or centerX), not "a.top""#)
        XCTAssertEqual(error(#"{"left": 0, "width": 5, "centerY": {"to": "a.centerX"}, "height": 5}"#),
                       #"elements[1].frame.centerY.to: a vertical edge follows a vertical one (a's top, bottom or centerY), not "a.centerX""#)
        XCTAssertEqual(error(#"{"left": {"to": "a.centerX"}, "width": 5, "top": {"to": "a.bottom", "offset": 2}, "height": 5}"#), "no error")
    }

    /// Frames relative to each other: an element's edges anchored to an earlier one's.
    func testAnchorsToEarlierElements() throws {
        let json = ##"""
        {"size": [1024, 576], "elements": [
          {"id": "panel", "type": "rect", "frame": {"left": 40, "width": 400, "top": 100, "height": 200}, "fill": "#000"},
          {"type": "snapshot", "frame": {"left": {"to": "panel.left"}, "right": {"to": "panel.centerX", "offset": -10},
                                         "top": {"to": "panel.bottom", "offset": 24}, "height": 50}},
          {"id": "badge", "type": "snapshot", "frame": {"centerX": {"to": "panel.right"}, "centerY": {"to": "panel.top"}, "width": 20, "height": 20}}]}
        """##
        var parser = SceneParser(baseDirectory: URL(fileURLWithPath: "/"))
        let placed = try parser.parse(Data(json.utf8)).resolve().placedElements.map(\.frame)
        // Panel (40, 100, 400, 200): left edge 40; right edge at its centre 240 − 10 = 230, so
        // width 190; top 300 + 24 = 324. The badge centred on the panel's top-right corner
        // (440, 100): (430, 90, 20, 20).
        XCTAssertEqual(placed, [[40, 324, 190, 50], [430, 90, 20, 20]])
    }

    /// A minimum over the maximum, both in points, is refused (300 used to win silently);
    /// shares are compared only once laid out.
    func testAMinimumOverTheMaximumIsRefused() throws {
        func parse(_ frame: String) throws {
            var parser = SceneParser(baseDirectory: URL(fileURLWithPath: "/"))
            _ = try parser.parse(Data(##"{"size": [100, 100], "elements": [{"type": "snapshot", "frame": \##(frame)}]}"##.utf8))
        }
        XCTAssertThrowsError(try parse(##"{"left": 0, "minWidth": 300, "maxWidth": 100, "top": 0, "height": 10}"##)) {
            XCTAssertEqual("\($0)", "elements[0].frame.minWidth: minWidth 300 is more than maxWidth 100: no size meets both")
        }
        XCTAssertThrowsError(try parse(##"{"left": 0, "width": 10, "top": 0, "minHeight": 20.5, "maxHeight": 20}"##)) {
            XCTAssertEqual("\($0)", "elements[0].frame.minHeight: minHeight 20.5 is more than maxHeight 20: no size meets both")
        }
        XCTAssertNoThrow(try parse(##"{"left": 0, "minWidth": 100, "maxWidth": 100, "top": 0, "height": 10}"##))
        XCTAssertNoThrow(try parse(##"{"left": 0, "minWidth": "50%", "maxWidth": 10, "top": 0, "height": 10}"##))
    }

    func testAnchorsMustNameAnEarlierElement() {
        func error(_ elements: String) -> String {
            var parser = SceneParser(baseDirectory: URL(fileURLWithPath: "/"))
            do { _ = try parser.parse(Data(##"{"size": [100, 100], "elements": [\##(elements)]}"##.utf8)); return "no error" } catch { return "\(error)" }
        }
        let later = ##"{"type": "snapshot", "frame": {"top": {"to": "later.bottom"}, "height": 5}}, {"id": "later", "type": "snapshot", "frame": [0, 0, 5, 5]}"##
        XCTAssertEqual(error(later), #"elements[0].frame.top.to: refers to "later", which names no earlier element with a frame (groups, choices and paths have none; no earlier element with a frame has an id)"#)
        let unknown = ##"{"id": "b", "type": "snapshot", "frame": [0, 0, 5, 5]}, {"id": "a", "type": "snapshot", "frame": [0, 0, 5, 5]}, {"type": "snapshot", "frame": {"top": {"to": "c.bottom"}, "height": 5}}"##
        XCTAssertEqual(error(unknown), #"elements[2].frame.top.to: refers to "c", which names no earlier element with a frame (groups, choices and paths have none; ids: a, b)"#)
        let twice = ##"{"id": "a", "type": "snapshot", "frame": [0, 0, 5, 5]}, {"id": "a", "type": "snapshot", "frame": [0, 0, 5, 5]}"##
        XCTAssertEqual(error(twice), #"elements[1].id: the id "a" is used twice"#)
        let edge = ##"{"id": "a", "type": "snapshot", "frame": [0, 0, 5, 5]}, {"type": "snapshot", "frame": {"top": {"to": "a.middle"}, "height": 5}}"##
        XCTAssertTrue(error(edge).hasPrefix(#"elements[1].frame.top.to: expected "ID.EDGE""#), error(edge))
        // A group, a choice and a path have no frame: anchoring to one placed the element as if
        // the edge were at 0. Their ids still count once.
        for frameless in [##"{"id": "g", "type": "group", "elements": [{"type": "snapshot", "frame": [50, 50, 10, 10]}]}"##,
                          ##"{"id": "g", "type": "path", "d": "M 0 0 L 10 10", "stroke": {"paint": "#000", "width": 1}}"##,
                          ##"{"id": "g", "type": "choice", "by": "canvasShape", "landscape": []}"##] {
            XCTAssertEqual(error(frameless + ##", {"id": "a", "type": "snapshot", "frame": {"left": {"to": "g.right"}, "width": 10, "top": 0, "height": 10}}"##),
                           #"elements[1].frame.left.to: refers to "g", which names no earlier element with a frame (groups, choices and paths have none; no earlier element with a frame has an id)"#)
            XCTAssertEqual(error(frameless + ##", {"id": "g", "type": "snapshot", "frame": [0, 0, 5, 5]}"##), #"elements[1].id: the id "g" is used twice"#)
        }
    }
}
