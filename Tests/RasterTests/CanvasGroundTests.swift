import Geometry
@testable import Raster
import XCTest

/// A canvas made with a ground must hold exactly the pixels of a clear canvas whose bounds
/// were then filled with that paint (how every card was drawn before), for solid colours,
/// translucent ones and gradients, at whole and fractional pixel sizes. It also knows when
/// it is opaque, which lets encoding skip reading every pixel's alpha, and must never claim
/// that for a canvas that is not.
final class CanvasGroundTests: XCTestCase {
    static let purple = Color(hex: "#7b4397")!
    static let grounds: [(String, Paint)] = [
        ("opaque solid", .solid(purple)),
        ("translucent solid", .solid(Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.55))),
        ("clear", .solid(.clear)),
        ("diagonal linear gradient", .linearGradient(start: Point(x: 0, y: 0), end: Point(x: 300, y: 170), stops: [
            GradientStop(offset: 0, color: purple), GradientStop(offset: 1, color: Color(hex: "#dc2430")!)])),
        ("translucent linear gradient", .linearGradient(start: Point(x: 10, y: 90), end: Point(x: 250, y: 20), stops: [
            GradientStop(offset: 0, color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.3)),
            GradientStop(offset: 0.4, color: purple), GradientStop(offset: 1, color: .clear)])),
        ("radial gradient", .radialGradient(center: Point(x: 120, y: 60), radius: 140, stops: [
            GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: purple)])),
        ("gradient without stops", .linearGradient(start: Point(x: 0, y: 0), end: Point(x: 10, y: 0), stops: [])),
        ("degenerate gradient", .linearGradient(start: Point(x: 5, y: 5), end: Point(x: 5, y: 5), stops: [
            GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: purple)])),
    ]

    func filledTheLongWay(_ size: Size, scale: Double, _ paint: Paint) throws -> Canvas {
        let canvas = try Canvas(size: size, scale: scale, background: .clear)
        canvas.fill(Path(rect: canvas.bounds), with: paint)
        return canvas
    }

    func pixels(_ canvas: Canvas) -> [UInt32] { canvas.makeImage().premultipliedARGB }

    func testEveryGroundGivesThePixelsOfFillingTheBounds() throws {
        let sizes = [(Size(width: 300, height: 170), 1.0), (Size(width: 300, height: 170), 2.0),
                     (Size(width: 97.5, height: 40.25), 1.0), (Size(width: 61, height: 33), 1.5)]
        for (size, scale) in sizes {
            for (name, paint) in Self.grounds {
                let ground = try Canvas(size: size, scale: scale, ground: paint)
                let reference = try filledTheLongWay(size, scale: scale, paint)
                XCTAssertEqual(ground.pixelWidth, reference.pixelWidth)
                XCTAssertEqual(ground.pixelHeight, reference.pixelHeight)
                XCTAssertEqual(pixels(ground), pixels(reference), "\(name) at \(size.width)×\(size.height) scale \(scale)")
            }
        }
    }

    func testOnlyAnOpaqueGroundIsKnownOpaque() throws {
        let size = Size(width: 64, height: 36)
        for (name, paint) in Self.grounds {
            let canvas = try Canvas(size: size, ground: paint)
            let readOpaque = canvas.makeImage().isOpaque
            // Known opaque must imply opaque; for these grounds it is exactly the paint's opacity.
            XCTAssertEqual(canvas.isKnownOpaque, paint.isOpaque, name)
            if canvas.isKnownOpaque { XCTAssertTrue(readOpaque, name) }
        }
        XCTAssertTrue(try Canvas(size: size, background: Self.purple).isKnownOpaque)
        XCTAssertFalse(try Canvas(size: size).isKnownOpaque)
    }

    func testDrawingKeepsOpacityAndClearingCanLoseIt() throws {
        let canvas = try Canvas(size: Size(width: 64, height: 36), ground: .solid(Self.purple))
        canvas.fill(Path(roundedRect: Rect(x: 4, y: 4, width: 30, height: 20), cornerRadius: 6),
                    with: .solid(Color(red: 1, green: 1, blue: 1, alpha: 0.4)))
        XCTAssertTrue(canvas.isKnownOpaque)
        XCTAssertTrue(canvas.makeImage().isOpaque)
        canvas.clear(to: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        XCTAssertFalse(canvas.isKnownOpaque)
        canvas.clear(to: .white)
        XCTAssertTrue(canvas.isKnownOpaque)
    }

    /// A translucent ground is still flattened over the matte when encoded; an opaque one
    /// encodes to the bytes of the same pixels handed over as an image.
    func testEncodingFlattensWhatIsNotKnownOpaque() throws {
        let size = Size(width: 40, height: 20)
        let translucent = try Canvas(size: size, ground: .solid(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
        let decoded = try Image(pngData: try translucent.pngData(matte: .white))
        // Premultiplied (128, 0, 0, 128) over white: red and green 255 × 127/255 = 127, blue 128 + 127.
        XCTAssertEqual(decoded.pixel(x: 3, y: 3), 0xFF7F_7FFF)
        let opaque = try Canvas(size: size, ground: CanvasGroundTests.grounds[3].1)
        XCTAssertEqual(try opaque.pngData(), try opaque.makeImage().pngData())
    }
}
