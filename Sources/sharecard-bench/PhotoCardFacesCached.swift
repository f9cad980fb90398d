import Cards
import Faces
import Foundation
import Raster
import Typesetting

/// A photo card end to end (file bytes and event in, JPEG out) whose photo was seen before, so
/// its faces come from a `FaceCache` — the same event at another size, in another template or
/// with an edited title — beside the same card detecting them. The two are timed in turn, one
/// of each per round, so the shared machine's load falls on both alike. Uses the bench photos
/// `PhotoBench` makes.
enum PhotoCardFacesCached {
    static func run(iterations: Int, root: URL) throws {
        let photos = [("12 MP JPEG, no frontal face", ".build/bench-photo-12mp.jpg"), ("1024×683 JPEG, 3 faces", ".build/bench-photo-faces.jpg")]
        let catalog = try Catalog(palettesDirectory: root.appendingPathComponent("palettes"),
                                  templatesDirectory: root.appendingPathComponent("templates"))
        let renderer = CardRenderer(fonts: try FontLibrary(directory: root.appendingPathComponent("fonts").path))
        let jpeg = try ImageOutput(format: .jpeg)
        var rows: [Measurement] = []
        for (label, relative) in photos {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path) else {
                print("\n(faces-cached rows skipped: \(relative) is made by the photo stage, which needs Pillow: scripts/setup --bench)")
                return
            }
            let bytes = Array(data)
            let cache = try FaceCache(capacity: 16)
            func card(_ faceCache: FaceCache?) throws -> [UInt8] {
                var card = try Card(try Event(title: "Biscuit's first birthday", template: "photo"), catalog: catalog)
                card.photo = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: 1, faceCache: faceCache)
                return try renderer.encoded(card, as: jpeg).bytes
            }
            let reference = try card(nil)
            guard try card(cache) == reference, try card(cache) == reference else { throw Mismatch(photo: label) }
            var cold: [Double] = [], warm: [Double] = []
            for _ in 0..<iterations {
                cold.append(try measure("", iterations: 1) { _ = try card(nil) }.medianMilliseconds)
                warm.append(try measure("", iterations: 1) { _ = try card(cache) }.medianMilliseconds)
            }
            let (coldMedian, warmMedian) = (median(cold), median(warm))
            rows.append(Measurement(name: "\(label) → photo card as JPEG q90, faces detected", medianMilliseconds: coldMedian,
                                    iterations: iterations, note: "\(reference.count) bytes"))
            rows.append(Measurement(name: "… photo card, faces cached", medianMilliseconds: warmMedian, iterations: iterations,
                                    note: String(format: "%.2f× the detecting card's time; the same bytes", warmMedian / coldMedian)))
        }
        printTable("A photo card seen before: faces from the face cache (cold and warm in turn, same run)", rows)
    }

    struct Mismatch: Error, CustomStringConvertible {
        let photo: String
        var description: String { "\(photo): a card with cached faces differs from one that detected them" }
    }
}
