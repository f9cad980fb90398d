import Caching
import Dispatch
import Foundation
import Geometry
import Raster
import TestSupport
import Typesetting
import XCTest

final class GlyphDrawingTests: XCTestCase {
    private let golden = GoldenImage(directory: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Golden"))

    private func titleFace() throws -> FontFace { try TestFonts.library.get().titleFace }

    private func emojiFace() throws -> FontFace {
        try XCTUnwrap(TestFonts.library.get().entries.first { $0.face?.isColorBitmap == true }?.face)
    }

    /// `text` shaped with `face` and placed with its pen starting at `origin` (baseline).
    private func run(_ text: String, face: FontFace, size: Double, at origin: Point,
                     paint: Paint = .solid(.black), script: ScriptTag = .latin) throws -> GlyphRun {
        let shaped = Shaper.shape(text, face: face, direction: .leftToRight, script: script,
                                  language: LanguageTag("en")!)
        return try XCTUnwrap(GlyphRun(shaped, fontSizeInPoints: size, origin: origin, paint: paint))
    }

    /// Coverage bytes of `mask`, row by row.
    private func bytes(_ mask: CoverageMask) -> [UInt8] {
        (0..<mask.bounds.height).flatMap { y in mask.withRow(y) { Array($0) } }
    }

    // MARK: - Goldens

    func testLatinTitleAtTwoSizesMatchesGolden() throws {
        let face = try titleFace()
        let canvas = try Canvas(size: Size(width: 520, height: 110), background: .white)
        let cache = GlyphCache()
        let large = try run("Hamburgefonstiv", face: face, size: 60, at: Point(x: 10, y: 62))
        let small = try run("Hamburgefonstiv", face: face, size: 13.5, at: Point(x: 10.3, y: 94))
        canvas.draw([large, small], cache: cache)
        // Nothing clipped: all ink lies inside the canvas.
        for r in [large, small] {
            let ink = try XCTUnwrap(r.inkBounds(scale: 1, cache: cache))
            XCTAssertEqual(ink.intersection(canvas.pixelBounds), ink)
        }
        try golden.check(canvas.makeImage(), named: "glyphs-hamburgefonstiv")
    }

    func testEmojiLineFromShapingMatchesGolden() throws {
        let face = try emojiFace()
        // As layout would do it: each emoji shaped with the colour face, the spaces between
        // them from the text face (Noto Color Emoji's own space is a full emoji wide).
        let size = 48.0
        let text = try titleFace()
        let space = Double(text.advance(of: try XCTUnwrap(text.glyphID(for: " ")))) * size / Double(text.unitsPerEm)
        var pen = 8.0
        var runs: [GlyphRun] = []
        for emoji in "😀 👍🏽 🇯🇵 1️⃣ 👨‍👩‍👧".split(separator: " ") {
            let shaped = Shaper.shape(String(emoji), face: face, direction: .leftToRight, script: .common,
                                      language: LanguageTag("en")!)
            XCTAssertEqual(shaped.glyphs.count, 1, "\(emoji) should be one glyph")
            XCTAssertTrue(shaped.missingGlyphClusters.isEmpty)
            runs.append(try XCTUnwrap(GlyphRun(shaped, fontSizeInPoints: size, origin: Point(x: pen, y: 58))))
            pen += Double(shaped.advance) * size / Double(face.unitsPerEm) + space
        }
        let canvas = try Canvas(size: Size(width: 372, height: 76), background: .white)
        let cache = GlyphCache()
        canvas.draw(runs, cache: cache)
        for run in runs {
            let ink = try XCTUnwrap(run.inkBounds(scale: 1, cache: cache))
            XCTAssertEqual(ink.intersection(canvas.pixelBounds), ink)
        }
        // Text colour does not tint colour glyphs: the same runs in red draw the same pixels.
        let red = runs.map { run -> GlyphRun in
            var r = run
            r.paint = .solid(Color(red: 1, green: 0, blue: 0))
            return r
        }
        let other = try Canvas(size: canvas.size, background: .white)
        other.draw(red, cache: cache)
        XCTAssertEqual(other.makeImage().premultipliedARGB, canvas.makeImage().premultipliedARGB)
        try golden.check(canvas.makeImage(), named: "glyphs-emoji-48pt")
    }

    func testColouredTextWithShadowMatchesGolden() throws {
        let face = try titleFace()
        let canvas = try Canvas(size: Size(width: 330, height: 90), background: Color(hex: "#f4f1ea")!)
        let purple = Color(hex: "#6b3fa0")!
        let text = try run("Shadow!", face: face, size: 56, at: Point(x: 14, y: 64), paint: .solid(purple))
        let shadow = try XCTUnwrap(TextShadow(offsetInPoints: Point(x: 3, y: 4), blurRadiusInPoints: 6,
                                              color: Color.black.withAlpha(0.45)))
        let emoji = try run("🎉", face: try emojiFace(), size: 44, at: Point(x: 262, y: 62), script: .common)
        canvas.draw([text, emoji], cache: GlyphCache(), shadow: shadow)
        try golden.check(canvas.makeImage(), named: "glyphs-colour-shadow")
    }

    // MARK: - Colour and positioning

    func testTextColourFillsFullyCoveredPixels() throws {
        let face = try titleFace()
        let cache = GlyphCache()
        let red = Color(red: 1, green: 0, blue: 0)
        let text = try run("IH", face: face, size: 40, at: Point(x: 5, y: 45), paint: .solid(red))
        let canvas = try Canvas(size: Size(width: 80, height: 60), background: .white)
        canvas.draw(text, cache: cache)
        let mask = try XCTUnwrap(text.coverageMask(scale: 1, cache: cache, within: canvas.pixelBounds))
        var full = 0
        for y in 0..<mask.bounds.height {
            for x in 0..<mask.bounds.width {
                let px = canvas.pixel(x: x + mask.bounds.x, y: y + mask.bounds.y)
                switch mask[x, y] {
                case 255: XCTAssertEqual(px, 0xFFFF_0000); full += 1
                case 0: XCTAssertEqual(px, 0xFFFF_FFFF)
                default: XCTAssertEqual(px >> 16 & 0xFF, 0xFF)  // red over white: red stays full
                }
            }
        }
        XCTAssertGreaterThan(full, 200)
    }

    func testQuarterPixelStepsChangeCoverageAndWholePixelStepsShiftIt() throws {
        let face = try titleFace()
        let cache = GlyphCache()
        let area = PixelRect(x: 0, y: 0, width: 200, height: 100)
        func mask(_ x: Double, _ y: Double = 50) throws -> CoverageMask {
            try XCTUnwrap(run("o", face: face, size: 40, at: Point(x: x, y: y)).coverageMask(scale: 1, cache: cache, within: area))
        }
        let base = try mask(20.0)
        let quarter = try mask(20.25)
        XCTAssertNotEqual(bytes(base), bytes(quarter), "a ¼-pixel move must change the coverage")
        for step in [20.5, 20.75] { XCTAssertNotEqual(bytes(try mask(step)), bytes(base)) }
        // Four quarter steps make a whole pixel: identical coverage, one pixel to the right.
        let whole = try mask(21.0)
        XCTAssertEqual(bytes(whole), bytes(base))
        XCTAssertEqual(whole.bounds, PixelRect(x: base.bounds.x + 1, y: base.bounds.y,
                                               width: base.bounds.width, height: base.bounds.height))
        // y snaps to whole pixels: a third of a pixel changes nothing, one pixel moves it.
        XCTAssertEqual(bytes(try mask(20, 50.3)), bytes(base))
        XCTAssertEqual(try mask(20, 51).bounds.y, base.bounds.y + 1)
        // Positions between quarters round to the nearest one.
        XCTAssertEqual(bytes(try mask(20.3)), bytes(quarter))
    }

    func testScaleTwoRendersAtDoubleResolution() throws {
        let face = try titleFace()
        let cache = GlyphCache()
        let atScale2 = try Canvas(size: Size(width: 260, height: 60), scale: 2, background: .white)
        atScale2.draw(try run("Rounded", face: face, size: 30, at: Point(x: 8.3, y: 42)), cache: cache)
        let doubled = try Canvas(size: Size(width: 520, height: 120), scale: 1, background: .white)
        doubled.draw(try run("Rounded", face: face, size: 60, at: Point(x: 16.6, y: 84)), cache: cache)
        // The same device pixels as drawing twice as large at scale 1: rendered, not upsampled.
        XCTAssertEqual(atScale2.makeImage().premultipliedARGB, doubled.makeImage().premultipliedARGB)

        // An upsampled scale-1 rendering has softer edges: more partly covered pixels.
        let atScale1 = try Canvas(size: Size(width: 260, height: 60), scale: 1, background: .white)
        atScale1.draw(try run("Rounded", face: face, size: 30, at: Point(x: 8.3, y: 42)), cache: cache)
        let upsampled = try Canvas(size: Size(width: 260, height: 60), scale: 2, background: .white)
        upsampled.draw(atScale1.makeImage(), transform: .identity)
        func partlyCovered(_ image: Image) -> Int {
            image.premultipliedARGB.filter { let g = $0 & 0xFF; return g > 16 && g < 240 }.count
        }
        XCTAssertLessThan(partlyCovered(atScale2.makeImage()), partlyCovered(upsampled.makeImage()) * 3 / 4)
    }

    func testRunFromShapingConvertsFontUnitsToPoints() throws {
        let face = try titleFace()
        let shaped = Shaper.shape("AVo", face: face, direction: .leftToRight, script: .latin, language: LanguageTag("en")!)
        let placed = try XCTUnwrap(GlyphRun(shaped, fontSizeInPoints: 50, origin: Point(x: 7, y: 30)))
        let k = 50 / Double(face.unitsPerEm)
        var pen = 0.0
        for (g, p) in zip(shaped.glyphs, placed.glyphs) {
            XCTAssertEqual(p.id, g.glyphID)
            XCTAssertEqual(p.position.x, 7 + pen + Double(g.xOffset) * k, accuracy: 1e-9)
            XCTAssertEqual(p.position.y, 30 - Double(g.yOffset) * k, accuracy: 1e-9)
            pen += Double(g.xAdvance) * k
        }
        let tail = try XCTUnwrap(GlyphRun(shaped, range: 1..<3, fontSizeInPoints: 50, origin: .zero))
        XCTAssertEqual(tail.glyphs.map(\.id), Array(shaped.glyphs[1...].map(\.glyphID)))
    }

    func testInvalidRunsAndShadowsAreRejected() throws {
        let face = try titleFace()
        let glyph = GlyphRun.Glyph(id: 1, position: .zero)
        XCTAssertNil(GlyphRun(face: face, fontSizeInPoints: 0, glyphs: [glyph]))
        XCTAssertNil(GlyphRun(face: face, fontSizeInPoints: .nan, glyphs: [glyph]))
        XCTAssertNil(GlyphRun(face: face, fontSizeInPoints: 5000, glyphs: [glyph]))
        XCTAssertNil(GlyphRun(face: face, fontSizeInPoints: 12, glyphs: [GlyphRun.Glyph(id: 1, position: Point(x: .infinity, y: 0))]))
        XCTAssertNil(TextShadow(offsetInPoints: .zero, blurRadiusInPoints: -1))
        XCTAssertNil(TextShadow(offsetInPoints: Point(x: .nan, y: 0)))
        // Glyph ids past the font's glyph count, far-away positions and empty runs draw nothing.
        let canvas = try Canvas(size: Size(width: 20, height: 20), background: .white)
        let odd = try XCTUnwrap(GlyphRun(face: face, fontSizeInPoints: 12, glyphs: [
            GlyphRun.Glyph(id: 1_000_000, position: Point(x: 5, y: 15)),
            GlyphRun.Glyph(id: 40, position: Point(x: 1e300, y: -1e300)),
        ]))
        canvas.draw([odd, try XCTUnwrap(GlyphRun(face: face, fontSizeInPoints: 12, glyphs: []))], cache: GlyphCache())
        XCTAssertTrue(canvas.makeImage().premultipliedARGB.allSatisfy { $0 == 0xFFFF_FFFF })
    }

    func testCoverageBlurMatchesTheImageFilter() throws {
        // The one-plane blur behind shadows against Raster's four-channel Gaussian filter.
        let face = try titleFace()
        let area = PixelRect(x: 0, y: 0, width: 120, height: 90)
        let mask = try XCTUnwrap(run("Ag", face: face, size: 40, at: Point(x: 30, y: 60)).coverageMask(scale: 1, cache: GlyphCache(), within: area))
        var pixels = [UInt32](repeating: 0, count: area.width * area.height)
        for y in 0..<mask.bounds.height {
            for x in 0..<mask.bounds.width {
                pixels[(y + mask.bounds.y) * area.width + x + mask.bounds.x] = UInt32(mask[x, y]) << 24
            }
        }
        for sigma in [0.1, 1.0, 2.5, 6.0] {
            let blurred = mask.gaussianBlurred(sigmaInPixels: sigma)
            XCTAssertEqual(blurred.bounds.intersection(mask.bounds), mask.bounds)
            let reference = try Image(width: area.width, height: area.height, premultipliedARGB: pixels)
                .applying(.gaussianBlur(sigma: sigma, extendEdges: false))
            var differing = 0
            for y in 0..<area.height {
                for x in 0..<area.width {
                    let bx = x - blurred.bounds.x, by = y - blurred.bounds.y
                    let mine = bx >= 0 && by >= 0 && bx < blurred.bounds.width && by < blurred.bounds.height ? blurred[bx, by] : 0
                    if UInt32(mine) != reference.pixel(x: x, y: y) >> 24 { differing += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "sigma \(sigma)")
        }
    }

    func testLargeEmojiAreScaledFromTheStrikeWhenDrawn() throws {
        let face = try emojiFace()
        let cache = GlyphCache()
        let big = try run("😀", face: face, size: 1100, at: Point(x: -200, y: 900), script: .common)
        let canvas = try Canvas(size: Size(width: 200, height: 150), background: .white)
        canvas.draw(big, cache: cache, shadow: TextShadow(offsetInPoints: Point(x: 4, y: 4), blurRadiusInPoints: 8))
        let image = canvas.makeImage()
        // The smiley's yellow fills the middle of the canvas.
        let centre = image.pixel(x: 100, y: 75)
        XCTAssertGreaterThan(centre >> 16 & 0xFF, 0xE0)
        XCTAssertGreaterThan(centre >> 8 & 0xFF, 0x90)
        XCTAssertLessThan(centre & 0xFF, 0x80)
        XCTAssertEqual(cache.statistics.entryCount, 1, "only the strike image is kept, not the huge resampling")
        let ink = try XCTUnwrap(big.inkBounds(scale: 1, cache: cache))
        XCTAssertGreaterThan(ink.width, 1200)
    }

    // MARK: - Cache

    func testCacheStaysWithinItsBoundUnderManyDistinctGlyphs() throws {
        let face = try titleFace()
        let capacity = 96 << 10
        let cache = GlyphCache(capacityInBytes: capacity)
        let area = PixelRect(x: 0, y: 0, width: 400, height: 400)
        let ids = (1..<UInt32(min(face.glyphCount, 201))).map { $0 }
        var requests = 0
        for step in 0..<50 {
            let size = 10 + Double(step) * 0.5
            for id in ids where requests < 10_000 {
                let r = try XCTUnwrap(GlyphRun(face: face, fontSizeInPoints: size,
                                               glyphs: [GlyphRun.Glyph(id: id, position: Point(x: 100, y: 200))]))
                _ = r.coverageMask(scale: 1, cache: cache, within: area)
                requests += 1
                XCTAssertLessThanOrEqual(cache.statistics.byteCount, capacity)
            }
        }
        let stats = cache.statistics
        XCTAssertEqual(requests, 10_000)
        XCTAssertEqual(stats.misses, 10_000)
        XCTAssertEqual(stats.hits, 0)
        XCTAssertGreaterThan(stats.entryCount, 50)
        XCTAssertLessThanOrEqual(stats.byteCount, capacity)
        cache.removeAll()
        XCTAssertEqual(cache.statistics.byteCount, 0)
        XCTAssertEqual(cache.statistics.entryCount, 0)
    }

    func testSecondDrawOfARunHitsTheCache() throws {
        let face = try titleFace()
        let cache = GlyphCache()
        let text = try run("Hamburgefonstiv", face: face, size: 60, at: Point(x: 10, y: 70))
        let canvas = try Canvas(size: Size(width: 520, height: 100), background: .white)
        canvas.draw(text, cache: cache)
        let first = cache.statistics
        XCTAssertEqual(first.hits + first.misses, text.glyphs.count)
        XCTAssertGreaterThan(first.misses, 0)
        let image = canvas.makeImage()
        canvas.clear(to: .white)
        canvas.draw(text, cache: cache)
        let second = cache.statistics
        XCTAssertEqual(second.misses, first.misses, "nothing new to render")
        XCTAssertEqual(second.hits, first.hits + text.glyphs.count)
        XCTAssertEqual(canvas.makeImage().premultipliedARGB, image.premultipliedARGB)
    }

    func testLeastRecentlyUsedGlyphIsEvictedFirst() throws {
        let face = try titleFace()
        let o = try XCTUnwrap(face.glyphID(for: "o"))
        let area = PixelRect(x: 0, y: 0, width: 100, height: 100)
        // Keys k0…k5: one glyph at sizes 1/64 pixel apart, so every entry costs about the same.
        func touch(_ k: Int, _ cache: GlyphCache) throws {
            let r = try XCTUnwrap(GlyphRun(face: face, fontSizeInPoints: 30 + Double(k) / 64,
                                           glyphs: [GlyphRun.Glyph(id: o, position: Point(x: 20, y: 60))]))
            _ = r.coverageMask(scale: 1, cache: cache, within: area)
        }
        let probe = GlyphCache()
        var largest = 0
        for k in 0..<6 {
            let before = probe.statistics.byteCount
            try touch(k, probe)
            largest = max(largest, probe.statistics.byteCount - before)
        }
        // Room for four entries, not five.
        let cache = GlyphCache(capacityInBytes: largest * 9 / 2)
        for k in 0..<4 { try touch(k, cache) }
        XCTAssertEqual(cache.statistics.entryCount, 4)
        try touch(0, cache)  // k0 becomes the most recent; k1 is now the least recent
        try touch(4, cache)  // evicts k1
        XCTAssertEqual(cache.statistics.entryCount, 4)
        let before = cache.statistics
        for k in [0, 2, 3, 4] { try touch(k, cache) }
        XCTAssertEqual(cache.statistics.hits, before.hits + 4, "recently used entries survive")
        try touch(1, cache)
        XCTAssertEqual(cache.statistics.misses, before.misses + 1, "the least recently used entry was evicted")
    }

    func testConcurrentDrawsShareOneCache() throws {
        let face = try titleFace()
        let cache = GlyphCache(capacityInBytes: 64 << 10)
        let text = try run("Hamburgefonstiv", face: face, size: 24, at: Point(x: 4, y: 30))
        let reference = try Canvas(size: Size(width: 240, height: 40), background: .white)
        reference.draw(text, cache: GlyphCache())
        let expected = reference.makeImage().premultipliedARGB
        let results = LockedValue([[UInt32]]())
        // Other sizes drawn in between keep the cache busy evicting.
        let noise = try (0..<80).map { try run("Quick", face: face, size: 10 + Double($0), at: Point(x: 0, y: 20)) }
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            guard let canvas = try? Canvas(size: Size(width: 240, height: 40), background: .white) else { return }
            for j in 0..<10 {
                _ = noise[i * 10 + j].coverageMask(scale: 1, cache: cache, within: canvas.pixelBounds)
                canvas.clear(to: .white)
                canvas.draw(text, cache: cache)
            }
            let pixels = canvas.makeImage().premultipliedARGB
            results.withLock { $0.append(pixels) }
        }
        let all = results.withLock { $0 }
        XCTAssertEqual(all.count, 8)
        for pixels in all { XCTAssertEqual(pixels, expected) }
        XCTAssertLessThanOrEqual(cache.statistics.byteCount, 64 << 10)
    }

    // MARK: - Bounds and large glyphs

    func testInkBoundsHoldEveryPaintedPixel() throws {
        let face = try titleFace()
        let cache = GlyphCache()
        let text = try run("Jiggly Qy", face: face, size: 37.3, at: Point(x: 12.4, y: 50.2))
        let canvas = try Canvas(size: Size(width: 220, height: 80), scale: 1.5)
        canvas.draw(text, cache: cache)
        let ink = try XCTUnwrap(text.inkBounds(scale: 1.5, cache: cache))
        var painted = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for y in 0..<canvas.pixelHeight {
            for x in 0..<canvas.pixelWidth where canvas.pixel(x: x, y: y) != 0 {
                let p = PixelRect(x: x, y: y, width: 1, height: 1)
                XCTAssertEqual(ink.intersection(p), p, "painted pixel (\(x), \(y)) outside the ink bounds")
                painted = painted.isEmpty ? p : PixelRect(x: min(painted.x, x), y: min(painted.y, y),
                                                          width: max(painted.maxX, x + 1) - min(painted.x, x),
                                                          height: max(painted.maxY, y + 1) - min(painted.y, y))
            }
        }
        // Tight: the bounds are the control boxes, at most a pixel beyond the painted pixels.
        XCTAssertLessThanOrEqual(ink.width - painted.width, 2)
        XCTAssertLessThanOrEqual(ink.height - painted.height, 2)
        let points = try XCTUnwrap(text.inkBoundsInPoints(scale: 1.5, cache: cache))
        XCTAssertEqual(points.minX, Double(ink.x) / 1.5, accuracy: 1e-12)
        XCTAssertEqual(points.height, Double(ink.height) / 1.5, accuracy: 1e-12)
    }

    func testHugeGlyphsRenderOnlyTheVisiblePartAndAreNotCached() throws {
        let face = try titleFace()
        let cache = GlyphCache()
        let huge = try run("O", face: face, size: 1500, at: Point(x: -300, y: 1100))
        let area = PixelRect(x: 0, y: 0, width: 300, height: 200)
        let inner = PixelRect(x: 100, y: 50, width: 150, height: 100)
        let wide = try XCTUnwrap(huge.coverageMask(scale: 1, cache: cache, within: area))
        let narrow = try XCTUnwrap(huge.coverageMask(scale: 1, cache: cache, within: inner))
        XCTAssertEqual(wide.bounds.intersection(area), wide.bounds)
        XCTAssertEqual(narrow.bounds.intersection(inner), narrow.bounds)
        // The clipped rendering equals the same pixels of the larger one.
        for y in narrow.bounds.y..<narrow.bounds.maxY {
            for x in narrow.bounds.x..<narrow.bounds.maxX {
                XCTAssertEqual(narrow[x - narrow.bounds.x, y - narrow.bounds.y], wide[x - wide.bounds.x, y - wide.bounds.y])
            }
        }
        XCTAssertEqual(cache.statistics.entryCount, 0)
        let ink = try XCTUnwrap(huge.inkBounds(scale: 1, cache: cache))
        XCTAssertGreaterThan(ink.width, 1000)
    }

    // MARK: - Work for what can be seen

    func testColourGlyphsOutsideTheVisibleAreaAreNeitherResampledNorDrawn() throws {
        let face = try emojiFace()
        let faces = "😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙😚🙂🤗🤩🤔🤨😐😑😶🙄😏😣😥😮🤐😯😪😫🥱😴😌😛😜"
        XCTAssertEqual(faces.count, 40)
        let canvas = try Canvas(size: Size(width: 300, height: 120), background: .white)
        let cache = GlyphCache()
        let all = try run(faces, face: face, size: 100, at: Point(x: 4, y: 100), script: .common)
        XCTAssertEqual(all.glyphs.count, 40)
        canvas.draw(all, cache: cache)
        // One strike image per emoji (to find where it lands) and resampled images only for
        // the three that reach the canvas, not for all forty.
        XCTAssertLessThanOrEqual(cache.statistics.entryCount, 40 + 3)
        let visible = try Canvas(size: canvas.size, background: .white)
        visible.draw(try run(String(faces.prefix(3)), face: face, size: 100, at: Point(x: 4, y: 100), script: .common),
                     cache: GlyphCache())
        XCTAssertEqual(canvas.makeImage().premultipliedARGB, visible.makeImage().premultipliedARGB)
        // Ink bounds still count every glyph, found without resampling.
        let ink = try XCTUnwrap(all.inkBounds(scale: 1, cache: cache))
        XCTAssertGreaterThan(ink.width, 40 * 100)
        XCTAssertLessThanOrEqual(cache.statistics.entryCount, 40 + 3)
    }
}
