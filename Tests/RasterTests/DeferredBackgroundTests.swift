import Geometry
@testable import Raster
import TestSupport
import XCTest

/// A canvas writes its background into a row only when something is first drawn there
/// (`Canvas.clear(to:)`). Each drawing below is made on such a canvas and on one whose rows were
/// all written first; the two must give the same pixels, the same ground readings and the same
/// encoded bytes, while the deferred one leaves the rows nothing touched unwritten.
final class DeferredBackgroundTests: XCTestCase {
    static let purple = Color(hex: "#7b4397")!
    static let size = Size(width: 320, height: 180)

    /// A picture with every kind of pixel: opaque, translucent and clear.
    static let picture: Image = {
        var rng = SeededGenerator(seed: 11)
        let pixels = (0..<(40 * 30)).map { i -> UInt32 in
            switch i % 5 {
            case 0: return 0
            case 1: return 0x8040_2010
            default: return 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng)
            }
        }
        return try! Image(width: 40, height: 30, premultipliedARGB: pixels)
    }()

    /// Drawings, each a list of steps; named for the rows they reach.
    static var drawings: [(String, [(Canvas) -> Void])] { [
        ("nothing", []),
        ("a band of whole pixels", [{ $0.fill(Path(rect: Rect(x: 0, y: 60, width: 320, height: 30)), with: .solid(.white)) }]),
        ("an ellipse, then a rectangle above it, then one below", [
            { $0.fill(Path(ellipseIn: Rect(x: 100.3, y: 80.6, width: 90, height: 20.2)), with: .solid(.white.withAlpha(0.6))) },
            { $0.fill(Path(rect: Rect(x: 10, y: 20, width: 50, height: 5)), with: .solid(.black)) },
            { $0.fill(Path(rect: Rect(x: 200, y: 150.5, width: 50, height: 10)), with: .solid(Color(hex: "#ffcc00")!)) },
        ]),
        ("a stroke across the top and bottom rows", [
            { $0.stroke(Path(roundedRect: Rect(x: 4, y: 0.5, width: 300, height: 179), cornerRadius: 12), with: .solid(.white),
                        style: try! StrokeStyle(width: 3)) },
        ]),
        ("a vertical gradient over a band", [
            { $0.fill(Path(rect: Rect(x: 0, y: 100, width: 320, height: 60)), with: .linearGradient(
                start: Point(x: 0, y: 100), end: Point(x: 0, y: 160),
                stops: [GradientStop(offset: 0, color: .clear), GradientStop(offset: 1, color: .black.withAlpha(0.7))])) },
        ]),
        ("pictures, scaled and at device pixels", [
            { $0.draw(Self.picture, in: Rect(x: 30, y: 40, width: 85, height: 60), contentMode: .aspectFill, clipsToBounds: true) },
            { $0.draw(Self.picture, atDevicePixelX: 250, y: 5) },
        ]),
        ("a picture blurred", [
            { $0.draw(Self.picture, in: Rect(x: 60, y: 90, width: 20, height: 15), contentMode: .scaleToFill, clipsToBounds: false, clip: nil,
                      clipLiesInRect: false, filters: [.gaussianBlur(sigma: 3, extendEdges: true)]) },
        ]),
        ("cleared to another colour after a band, then drawn on", [
            { $0.fill(Path(rect: Rect(x: 0, y: 10, width: 320, height: 30)), with: .solid(.white)) },
            { $0.clear(to: Color(hex: "#1e88e5")!) },
            { $0.fill(Path(ellipseIn: Rect(x: 20, y: 120, width: 40, height: 40)), with: .solid(.white)) },
        ]),
        ("the whole canvas", [{ $0.fill(Path(rect: $0.bounds), with: .solid(.black.withAlpha(0.3))) }]),
    ] }

    static let backgrounds: [(String, Color)] = [
        ("opaque", purple), ("translucent", Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.55)), ("clear", .clear),
    ]

    func canvas(_ background: Color, deferred: Bool, scale: Double = 1) throws -> Canvas {
        let canvas = try Canvas(size: Self.size, scale: scale, background: background)
        if !deferred { _ = canvas.writtenBuffer }
        return canvas
    }

    func testDeferredRowsGiveThePixelsOfWrittenOnes() throws {
        for (ground, color) in Self.backgrounds {
            for (name, steps) in Self.drawings {
                for scale in [1.0, 1.5] {
                    let deferred = try canvas(color, deferred: true, scale: scale), written = try canvas(color, deferred: false, scale: scale)
                    for step in steps { step(deferred); step(written) }
                    let label = "\(name) on \(ground) at scale \(scale)"
                    // Reading changes nothing: the ground, single pixels and the PNG come first.
                    let rows = deferred.writtenRows
                    let everywhere = [Rect(x: 0, y: 0, width: Self.size.width, height: Self.size.height)]
                    XCTAssertEqual(deferred.groundExtremes(in: everywhere), written.groundExtremes(in: everywhere), label)
                    let lines = [Rect(x: 10, y: 15, width: 200, height: 40), Rect(x: 50, y: 95, width: 260, height: 70)]
                    XCTAssertEqual(deferred.groundExtremes(in: lines), written.groundExtremes(in: lines), label)
                    for (x, y) in [(0, 0), (deferred.pixelWidth - 1, deferred.pixelHeight - 1), (17, 95), (160, 130), (300, 20)] {
                        XCTAssertEqual(deferred.pixel(x: x, y: y), written.pixel(x: x, y: y), "\(label), pixel (\(x), \(y))")
                    }
                    XCTAssertEqual(deferred.writtenRows, rows, "\(label): reading wrote rows")
                    // An opaque canvas is encoded as it lies; a translucent one is flattened
                    // over the matte from its pixels, all of them written.
                    let png = try deferred.pngData()
                    XCTAssertEqual(png, try written.pngData(), label)
                    XCTAssertEqual(png, try written.makeImage().pngData(), "\(label): the same bytes as an image of the pixels")
                    XCTAssertEqual(deferred.writtenRows, deferred.isKnownOpaque ? rows : 0..<deferred.pixelHeight, "\(label): encoding")
                    XCTAssertEqual(try deferred.encoded(ImageOutput(format: .jpeg, quality: 90), content: .drawing),
                                   try written.encoded(ImageOutput(format: .jpeg, quality: 90), content: .drawing), label)
                    XCTAssertEqual(deferred.makeImage().premultipliedARGB, written.makeImage().premultipliedARGB, label)
                    XCTAssertEqual(deferred.writtenRows, 0..<deferred.pixelHeight, "\(label): a copy of the pixels writes them all")
                }
            }
        }
    }

    func testOnlyTheRowsDrawnOnAreWritten() throws {
        let canvas = try Canvas(size: Self.size, background: Self.purple)
        XCTAssertEqual(canvas.writtenRows, 0..<0)
        _ = canvas.groundExtremes(in: [canvas.bounds])
        _ = try canvas.pngData()
        XCTAssertEqual(canvas.writtenRows, 0..<0, "reading and encoding write nothing")
        canvas.fill(Path(rect: Rect(x: 0, y: 60, width: 320, height: 30)), with: .solid(.white))
        XCTAssertEqual(canvas.writtenRows, 60..<90)
        // A soft edge reaches one row further each way; the band grows to hold every row between.
        canvas.fill(Path(ellipseIn: Rect(x: 10, y: 119.5, width: 30, height: 10)), with: .solid(.white))
        XCTAssertEqual(canvas.writtenRows, 60..<130)
        canvas.fill(Path(rect: Rect(x: 0, y: 30, width: 5, height: 2)), with: .solid(.white))
        XCTAssertEqual(canvas.writtenRows, 30..<130)
        // Drawing outside the canvas writes nothing.
        canvas.fill(Path(rect: Rect(x: 0, y: 200, width: 5, height: 2)), with: .solid(.white))
        XCTAssertEqual(canvas.writtenRows, 30..<130)
        canvas.clear(to: .white)
        XCTAssertEqual(canvas.writtenRows, 0..<0, "a clear is deferred like the first background")
        XCTAssertEqual(canvas.pixel(x: 3, y: 31), Color.white.premultipliedARGB32)
    }

    /// A first band too small to be worth a huge page is written in small pages, and the rest
    /// of the canvas stays unmarked; a larger one marks the memory first.
    func testHugePagesAreAskedForOnlyByABandWorthOne() throws {
        let card = Size(width: 1024, height: 576), rowBytes = 1024 * 4
        let threshold = PixelBuffer.hugePageRoundingThreshold
        let narrow = try Canvas(size: card, background: Self.purple)
        XCTAssertTrue(narrow.awaitsHugePageAdvice, "a 1024×576 canvas is laid out for a huge page and not marked")
        let fewRows = threshold / rowBytes - 1
        narrow.fill(Path(rect: Rect(x: 0, y: 200, width: 1024, height: Double(fewRows))), with: .solid(.white))
        XCTAssertTrue(narrow.awaitsHugePageAdvice, "\(fewRows) rows stay in small pages")
        let wide = try Canvas(size: card, background: Self.purple)
        wide.fill(Path(rect: Rect(x: 0, y: 200, width: 1024, height: Double(threshold / rowBytes))), with: .solid(.white))
        XCTAssertFalse(wide.awaitsHugePageAdvice, "\(threshold / rowBytes) rows are worth a huge page")
    }
}
