import Cards
import Foundation
import Geometry
import Photos
import Raster
import Scene
import Typesetting

/// What the `photo` template's fallback costs: obama2.png (a face filling the frame) on the
/// square card, where neither title band is clear and the title goes into a band of the
/// palette colour under the photo (three options resolved, the photo drawn twice, the softened
/// one then covered), beside the same photo drawn full bleed (its faces not given: the first
/// option, resolved once). Resolve, draw and PNG encoding timed apart, one card after the
/// other in one run.
enum PhotoLayoutBench {
    static func run(iterations: Int, root: URL) throws {
        let catalog = try Catalog(palettesDirectory: root.appendingPathComponent("palettes"),
                                  templatesDirectory: root.appendingPathComponent("templates"))
        let renderer = CardRenderer(fonts: try FontLibrary(directory: root.appendingPathComponent("fonts").path))
        let card = try Card(Event(title: "Our first apartment together", template: "photo"), catalog: catalog, size: CardSize(parsing: "square"))
        let bytes = Array(try Data(contentsOf: root.appendingPathComponent("Tests/FacesTests/Fixtures/obama2.png")))
        let photo = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: 1)
        let text = SceneTextContext(fonts: renderer.fonts, glyphCache: renderer.glyphCache)
        let colors = card.color.sceneColors(for: card.canvasSize)
        func bindings(faces: [Rect]) -> SceneBindings {
            SceneBindings(values: [.title: card.event.title], colors: colors, photo: photo.photo.image, photoFaces: faces)
        }
        var rows: [Measurement] = []
        for (label, faces) in [("band under the photo (\(photo.faces.count) face given)", photo.faces), ("full bleed (no face given)", [])] {
            let scene = card.template.scene, b = bindings(faces: faces)
            let resolve = try measure("obama2 square, \(label): resolve", iterations: iterations) {
                _ = try scene.resolve(b, size: card.canvasSize, text: text)
            }
            let resolved = try scene.resolve(b, size: card.canvasSize, text: text)
            let images = resolved.placedElements.filter { $0.kind == "image" }.count
            let draw = try measure("… draw", iterations: iterations, note: "\(images) image\(images == 1 ? "" : "s") drawn") {
                _ = try resolved.draw()
            }
            let canvas = try resolved.draw()
            var size = 0
            let encode = try measure("… PNG encode", iterations: iterations) {
                size = try canvas.encoded(.png, content: resolved.content).count
            }
            rows += [resolve, draw, Measurement(name: encode.name, medianMilliseconds: encode.medianMilliseconds, iterations: iterations,
                                                note: "\(size) bytes")]
        }
        printTable("photo template: the band fallback beside a full-bleed card of the same photo", rows)
        let fallback = rows[0...2].reduce(0) { $0 + $1.medianMilliseconds }, fullBleed = rows[3...5].reduce(0) { $0 + $1.medianMilliseconds }
        print(String(format: "sum of the stages: fallback %.1f ms, full bleed %.1f ms (%.2f×)", fallback, fullBleed, fallback / fullBleed))
    }
}
