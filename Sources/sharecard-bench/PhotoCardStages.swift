import Cards
import Faces
import Foundation
import Geometry
import Photos
import Raster

/// A photo card's stages timed one at a time on the same inputs, so their sum can be set
/// against the end-to-end time: decode (DCT-scaled, oriented, in sRGB), face detection on the
/// decoded photo, the aspect-fill resample into the frame, the template's blur (before: on the
/// decoded photo; now: on the frame's visible pixels, after resampling), the whole card drawn
/// (photo, gradient, title with its shadow) and each encoding.
enum PhotoCardStages {
    static func run(iterations: Int, bytes: [UInt8], catalog: Catalog, renderer: CardRenderer) throws -> [Measurement] {
        let cardSize = Size(width: 1024, height: 576)
        let photo = try Photo(data: bytes, targetWidth: 1024, targetHeight: 576)
        let decoded = "\(photo.image.width)×\(photo.image.height)"
        let decode = try measure("decode: DCT-scaled, oriented, sRGB", iterations: iterations, note: decoded) {
            _ = try Photo(data: bytes, targetWidth: 1024, targetHeight: 576)
        }
        let detector = try FaceDetector()
        let faces = try measure("face detection on the decoded photo", iterations: iterations,
                                note: "\(try detector.faces(in: photo.image).count) faces") { _ = try detector.faces(in: photo.image) }
        let resample = try measure("aspect-fill resample into 1024×576 (Lanczos-3, separable)", iterations: iterations) {
            let canvas = try Canvas(size: cardSize)
            canvas.draw(photo.image, in: canvas.bounds, contentMode: .aspectFill, clipsToBounds: true, clip: nil, filters: [])
        }
        let blur = Filter.gaussianBlur(sigma: 2, extendEdges: true)
        let blurDecoded = try measure("blur σ 2 on the whole decoded photo (the old order)", iterations: iterations, note: decoded) {
            _ = photo.image.applying(blur)
        }
        let resampleAndBlur = try measure("resample + blur on the visible frame (the order used)", iterations: iterations) {
            let canvas = try Canvas(size: cardSize)
            canvas.draw(photo.image, in: canvas.bounds, contentMode: .aspectFill, clipsToBounds: true, clip: nil, filters: [blur])
        }
        var card = try Card(try Event(title: "Biscuit's first birthday", template: "photo"), catalog: catalog)
        card.photo = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: 1)
        let render = try measure("the card drawn (photo given, faces known)", iterations: iterations) { _ = try renderer.render(card) }
        let resolve = try measure("… of which resolving it (title fitted, the band clear of faces chosen)", iterations: iterations) {
            _ = try renderer.resolve(card.event, template: card.template, color: card.color, size: card.canvasSize, photo: card.photo)
        }
        let resolved = try renderer.resolve(card.event, template: card.template, color: card.color, size: card.canvasSize, photo: card.photo)
        let draw = try measure("… and painting it (photo, gradient, bar, title and its shadow)", iterations: iterations) {
            _ = try renderer.draw(resolved)
        }
        let rendered = try renderer.render(card)
        var rows = [decode, faces, resample, blurDecoded, resampleAndBlur, render, resolve, draw]
        for (label, output) in [("PNG", ImageOutput.png), ("JPEG q90", try ImageOutput(format: .jpeg))] {
            var size = 0
            let m = try measure("encode the drawn card as \(label)", iterations: iterations) { size = try rendered.canvas.encoded(output).count }
            rows.append(Measurement(name: m.name, medianMilliseconds: m.medianMilliseconds, iterations: iterations, note: "\(size) bytes"))
        }
        return rows
    }
}
