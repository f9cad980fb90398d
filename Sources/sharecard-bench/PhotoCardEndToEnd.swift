import Cards
import Foundation
import Raster

/// A photo card end to end — the photo's file bytes and an event in, PNG or JPEG bytes out,
/// face detection included — beside Pillow drawing the same card from the same file in the
/// same run (bench/peer_photo.py --cards: decode, fit, blur, gradient, accent bar, shadowed
/// title, encode; no face detection, and the title's place and size given, not fitted). Then
/// the same card with its faces known (`PhotoCardFacesKnown`), which is what Pillow's card
/// compares with most closely.
enum PhotoCardEndToEnd {
    /// Our PNG and JPEG rows for `bytes` (the file at `path`), then Pillow's with the ratios.
    static func rows(photo label: String, bytes: [UInt8], path: String, iterations: Int, catalog: Catalog,
                     renderer: CardRenderer, peerScript: String, fontsDirectory: String) throws -> [Measurement] {
        var faces = 0
        func card() throws -> Card {
            var card = try Card(try Event(title: "Biscuit's first birthday", template: "photo"), catalog: catalog)
            card.photo = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: 1)
            faces = card.photo?.faces.count ?? 0
            return card
        }
        var rows: [Measurement] = []
        var ours: [String: Double] = [:]
        for (key, name, output) in [("card", "PNG", ImageOutput.png), ("card-jpeg", "JPEG q90 4:4:4", try ImageOutput(format: .jpeg))] {
            var size = 0
            let m = try measure("\(label) → photo card as \(name), end to end", iterations: iterations) {
                size = try renderer.encoded(try card(), as: output).bytes.count
            }
            ours[key] = m.medianMilliseconds
            rows.append(Measurement(name: m.name, medianMilliseconds: m.medianMilliseconds, iterations: iterations,
                                    note: "\(faces) faces found, \(size) bytes"))
        }
        var known: [String: Double] = [:]
        for (key, name, output) in [("card", "PNG", ImageOutput.png), ("card-jpeg", "JPEG q90 4:4:4", try ImageOutput(format: .jpeg))] {
            let m = try PhotoCardFacesKnown.measureCard(label: label, bytes: bytes, output: output, outputName: name,
                                                        iterations: iterations, catalog: catalog, renderer: renderer)
            known[key] = m.medianMilliseconds
            rows.append(m)
        }
        let peerIterations = max(5, iterations / 4)
        guard let peer = runPeer(peerScript, arguments: ["--cards", "--iterations", String(peerIterations), "--fonts", fontsDirectory, path]) else {
            rows.append(Measurement(name: "Pillow", medianMilliseconds: .nan, iterations: 0, note: "not installed (scripts/setup --bench)"))
            return rows
        }
        for (key, name) in [("card", "PNG level 1"), ("card-jpeg", "JPEG q90 4:4:4")] {
            guard let theirs = peer[key], let mine = ours[key], let mineKnown = known[key] else { continue }
            rows.append(Measurement(name: "… Pillow, the same card as \(name)", medianMilliseconds: theirs, iterations: peerIterations,
                                    note: String(format: "sharecard takes %.2f× Pillow's time; with faces known %.2f×",
                                                 mine / theirs, mineKnown / theirs)))
        }
        return rows
    }
}
