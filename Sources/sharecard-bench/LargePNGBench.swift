import Foundation
import Geometry
import Photos
import Raster

/// A 12 MP PNG (the photo stage's bench photo, stored as PNG) brought to card size: read row by
/// row and reduced by whole boxes as it is read (the default for a PNG at least twice the
/// card), against the whole decode that every PNG had before; beside Pillow's decode + LANCZOS
/// resize with and without `reducing_gap=2.0` in the same run. The decoded image's bytes are
/// what a decode holds at its peak beyond the file.
enum LargePNGBench {
    static func run(iterations: Int, root: URL, jpeg: String) throws {
        let path = root.appendingPathComponent(".build/bench-photo-12mp.png").path
        let peerScript = root.appendingPathComponent("bench/peer_photo.py").path
        if !FileManager.default.fileExists(atPath: path) { _ = runPeer(peerScript, arguments: ["--make-png", path, jpeg]) }
        guard let data = FileManager.default.contents(atPath: path) else {
            print("\n(large PNG rows skipped: Pillow is needed to make the bench PNG; run scripts/setup --bench)")
            return
        }
        let bytes = Array(data), card = Size(width: 1024, height: 576)
        func toCard(_ photo: Photo) throws {
            let canvas = try Canvas(size: card)
            canvas.draw(photo.image, in: canvas.bounds, contentMode: .aspectFill, clipsToBounds: true, clip: nil, filters: [])
        }
        func held(_ photo: Photo) -> String {
            "\(photo.image.width)×\(photo.image.height) decoded, \((photo.image.width * photo.image.height * 4) >> 20) MiB"
        }
        var reducedNote = "", wholeNote = ""
        let reduced = try measure("12 MP PNG → 1024×576 (reduced as it is read + aspect fill)", iterations: iterations) {
            let photo = try Photo(data: bytes, targetWidth: 1024, targetHeight: 576, limits: .photo)
            reducedNote = held(photo)
            try toCard(photo)
        }
        // The whole decode and Pillow are slower: fewer runs of each.
        let wholeIterations = max(3, iterations / 4)
        let whole = try measure("12 MP PNG → 1024×576 (whole decode + aspect fill)", iterations: wholeIterations) {
            let photo = try Photo(data: bytes, limits: .photo)
            wholeNote = held(photo)
            try toCard(photo)
        }
        var rows = [Measurement(name: reduced.name, medianMilliseconds: reduced.medianMilliseconds, iterations: iterations, note: reducedNote),
                    Measurement(name: whole.name, medianMilliseconds: whole.medianMilliseconds, iterations: wholeIterations,
                                note: wholeNote + String(format: "; the reduced decode takes %.2f× its time",
                                                         reduced.medianMilliseconds / whole.medianMilliseconds))]
        if let peer = runPeer(peerScript, arguments: ["--png", "--iterations", String(wholeIterations), path]) {
            for (key, label) in [("png-gap", "Pillow: decode + resize LANCZOS, reducing_gap=2.0"),
                                 ("png-full", "Pillow: decode + resize LANCZOS")] {
                guard let theirs = peer[key] else { continue }
                rows.append(Measurement(name: label, medianMilliseconds: theirs, iterations: wholeIterations,
                                        note: String(format: "sharecard (reduced) is %.2f× as fast", theirs / reduced.medianMilliseconds)))
            }
        }
        printTable("A large PNG photo (\(bytes.count) bytes, 4240×2832)", rows)
    }
}
