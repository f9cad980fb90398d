import Foundation
import Geometry
import Raster
import Typesetting

/// A font file, as a fonts directory (`serve --fonts DIR`, a designer's font) brings one:
/// opened, shaped and drawn. The first byte picks the size (4 to 300 points), the face index
/// and a text in one of nine scripts; the rest is the file. Opening may refuse it; a face that
/// opens must shape, place and draw on a 96×48 canvas without trapping, with finite metrics.
enum FontFuzz {
    static let texts = ["Hamburgefonstiv", "Aé ﬁ 123 ‰", "שָׁלוֹם", "مرحبا بالعالم", "नमस्ते", "สวัสดี", "日本語の文", "👍🏽 1️⃣",
                        "x\u{301}\u{200D}\u{FE0F}"]
    static let sizes: [Double] = [4, 13.5, 60, 300]

    static func run(_ input: [UInt8]) {
        var reader = FuzzInput(input)
        let choice = reader.byte()
        let size = sizes[Int(choice & 3)]
        let faceIndex = Int((choice >> 2) & 1)
        let text = texts[Int(choice >> 3) % texts.count]
        // A new file each time: a face maps its file, and the previous input's mapping must
        // not see this one's bytes.
        let path = FuzzResources.scratchDirectory.appendingPathComponent("fuzz-font.ttf").path
        unlink(path)
        guard FileManager.default.createFile(atPath: path, contents: Data(reader.rest)) else {
            fatalError("cannot write \(path)")
        }
        guard let face = try? FontFace(path: path, faceIndex: faceIndex) else { return }
        FuzzCheck.that(face.unitsPerEm > 0 && face.glyphCount > 0, "upem \(face.unitsPerEm), \(face.glyphCount) glyphs")
        _ = face.covers(text.unicodeScalars)
        let shaped = Shaper.shape(text, face: face, direction: .leftToRight, script: .common, language: LanguageTag("en")!)
        guard let run = GlyphRun(shaped, fontSizeInPoints: size, origin: Point(x: 4, y: 36)) else { return }
        let cache = GlyphCache()
        if let ink = run.inkBounds(scale: 1, cache: cache) {
            FuzzCheck.that(ink.width >= 0 && ink.height >= 0, "ink bounds \(ink)")
        }
        guard let canvas = try? Canvas(size: Size(width: 96, height: 48), background: .white) else {
            fatalError("a 96×48 canvas is refused")
        }
        canvas.draw([run], cache: cache)
    }
}
