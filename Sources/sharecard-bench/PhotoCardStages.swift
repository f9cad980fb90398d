import Cards
import Faces
import Foundation
import Geometry
import Photos
import Raster

/// A photo card's stages timed one at a time on the same inputs, so their sum can be set
/// against the end-to-end time: decode (DCT-scaled, oriented, in sRGB), the bytes' hash, face detection on the
/// decoded photo, the aspect-fill crop and resample into the frame (as the card crops it to its
/// faces; alone, then with the
/// template's blur and the composite onto the canvas), resolving the card (the title fitted,
/// the band clear of the faces chosen), painting it, and each encoding.
enum PhotoCardStages {
    static func run(photo label: String, iterations: Int, bytes: [UInt8], catalog: Catalog, renderer: CardRenderer) throws -> [Measurement] {
        let cardSize = Size(width: 1024, height: 576)
        let photo = try Photo(data: bytes, targetWidth: 1024, targetHeight: 576)
        let decoded = "\(photo.image.width)×\(photo.image.height)"
        let decode = try measure("\(label): decode (DCT-scaled, oriented, sRGB)", iterations: iterations, note: decoded) {
            _ = try Photo(data: bytes, targetWidth: 1024, targetHeight: 576)
        }
        let hash = measure("… hash the photo's bytes (SHA-256, part of the card's key)", iterations: iterations,
                               note: "\(bytes.count) bytes") {
            _ = ContentHash.hex(bytes)
        }
        let detector = try FaceDetector()
        let found = try detector.faces(in: photo.image).map(\.bounds)
        let faces = try measure("… face detection on the decoded photo", iterations: iterations,
                                note: found.isEmpty ? "no frontal face: the profile fallback runs" : "\(found.count) faces") {
            _ = try detector.faces(in: photo.image)
        }
        // What the card draws: with faces, the part of the photo `Framing` keeps, cut in whole
        // pixels when the card is resolved (as the scene resolver does); without, the whole photo.
        var shown = photo.image
        if !found.isEmpty {
            let crop = Framing(imageSize: photo.image.size, targetSize: cardSize, faces: found).crop
            let x = max(0, crop.minX.rounded()), y = max(0, crop.minY.rounded())
            let width = min(Double(photo.image.width) - x, crop.width.rounded()), height = min(Double(photo.image.height) - y, crop.height.rounded())
            shown = try photo.image.cropped(to: Rect(x: x, y: y, width: width, height: height), scaledToWidth: Int(width), height: Int(height))
        }
        let drawn = "\(shown.width)×\(shown.height) drawn"
        let resample = try measure("… the photo into 1024×576: aspect fill (Lanczos-3 when shrunk), composited", iterations: iterations, note: drawn) {
            let canvas = try Canvas(size: cardSize)
            canvas.draw(shown, in: canvas.bounds, contentMode: .aspectFill, clipsToBounds: true, clip: nil, filters: [])
        }
        let blur = Filter.gaussianBlur(sigma: 2, extendEdges: true)
        let resampleAndBlur = try measure("… the same with the template's blur σ 2 (on the visible frame)", iterations: iterations, note: drawn) {
            let canvas = try Canvas(size: cardSize)
            canvas.draw(shown, in: canvas.bounds, contentMode: .aspectFill, clipsToBounds: true, clip: nil, filters: [blur])
        }
        var card = try Card(try Event(title: "Biscuit's first birthday", template: "photo"), catalog: catalog)
        card.photo = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: 1)
        let faultsBefore = PhotoCardFacesKnown.minorPageFaults()
        var resolve = try measure("… resolve the card: title fitted, the band clear of faces chosen, the face crop cut", iterations: iterations) {
            _ = try renderer.resolve(card.event, template: card.template, color: card.color, size: card.canvasSize, photo: card.photo)
        }
        resolve.note = "\((PhotoCardFacesKnown.minorPageFaults() - faultsBefore) / (iterations + min(3, iterations))) page faults per run"
        let resolved = try renderer.resolve(card.event, template: card.template, color: card.color, size: card.canvasSize, photo: card.photo)
        let draw = try measure("… paint it: photo (crop, resample, blur, composite), gradient, bar, title and its shadow", iterations: iterations) {
            _ = try renderer.draw(resolved)
        }
        // The paint without the photo: each run's paint less a photo draw timed right after it
        // (medians taken apart are too noisy on a shared machine to subtract).
        var rest: [Double] = []
        for _ in 0..<iterations {
            let whole = try measure("", iterations: 1) { _ = try renderer.draw(resolved) }
            let photoAlone = try measure("", iterations: 1) {
                let canvas = try Canvas(size: cardSize)
                canvas.draw(shown, in: canvas.bounds, contentMode: .aspectFill, clipsToBounds: true, clip: nil, filters: [blur])
            }
            rest.append(whole.medianMilliseconds - photoAlone.medianMilliseconds)
        }
        let notPhoto = Measurement(name: "… of which not the photo: gradient, bar, title and its shadow",
                                   medianMilliseconds: median(rest), iterations: iterations, note: "median of paired differences")
        let rendered = try renderer.render(card)
        var rows = [decode, hash, faces, resample, resampleAndBlur, resolve, draw, notPhoto]
        for (name, output) in [("PNG", ImageOutput.png), ("JPEG q90", try ImageOutput(format: .jpeg))] {
            var size = 0
            let m = try measure("… encode the card as \(name)", iterations: iterations) { size = try rendered.encoded(output).count }
            rows.append(Measurement(name: m.name, medianMilliseconds: m.medianMilliseconds, iterations: iterations, note: "\(size) bytes"))
        }
        return rows
    }
}
