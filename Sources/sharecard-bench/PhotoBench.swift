import Cards
import Faces
import Foundation
import Geometry
import Photos
import Raster
import Typesetting

/// A ~12-megapixel JPEG brought to card size (DCT-scaled decode, then the aspect-fill draw),
/// beside Pillow doing the same decode + resize in the same run; then a photo card end to end
/// from that photo and from the 1024×683 faces bench photo (`PhotoCardEndToEnd`). The 12 MP
/// photo is scikit-image's chelsea (a test fixture) upscaled to 4240×2832 by the peer script.
/// Then where a photo card's time goes, stage by stage (each timed alone on the same inputs).
enum PhotoBench {
    /// The 12 MP bench photo, made by the peer script on first use; nil without Pillow.
    static func largePhotoPath(root: URL) -> String? {
        let path = root.appendingPathComponent(".build/bench-photo-12mp.jpg").path
        if !FileManager.default.fileExists(atPath: path) {
            _ = runPeer(root.appendingPathComponent("bench/peer_photo.py").path,
                        arguments: ["--make", path, root.appendingPathComponent("Tests/CardsTests/Fixtures/chelsea-exif6.jpg").path])
        }
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The 1024×683 JPEG of three faces (a collage of the face fixtures), made on first use.
    static func facesPhotoPath(root: URL) throws -> String {
        let path = root.appendingPathComponent(".build/bench-photo-faces.jpg").path
        if !FileManager.default.fileExists(atPath: path) {
            let collage = try FaceBench.collage(fixtures: root.appendingPathComponent("Tests/FacesTests/Fixtures"))
            try Data(try collage.jpegData(encoding: JPEGEncoding(quality: 90))).write(to: URL(fileURLWithPath: path))
        }
        return path
    }

    static func run(iterations: Int, root: URL) throws {
        let peerScript = root.appendingPathComponent("bench/peer_photo.py").path
        guard let photoPath = largePhotoPath(root: root) else {
            print("\n(photo stage skipped: Pillow is needed to make the bench photo; run scripts/setup --bench)")
            return
        }
        guard let data = FileManager.default.contents(atPath: photoPath) else { throw CocoaError(.fileReadNoSuchFile) }
        let bytes = Array(data)
        let cardSize = Size(width: 1024, height: 576)

        func toCard(_ photo: Photo) throws {
            let canvas = try Canvas(size: cardSize)
            // As a template's image is drawn (the separable Lanczos-3 resampler).
            canvas.draw(photo.image, in: canvas.bounds, contentMode: .aspectFill, clipsToBounds: true, clip: nil, filters: [])
        }
        var decodedSize = ""
        let faultsBefore = PhotoCardFacesKnown.minorPageFaults()
        let scaled = try measure("12 MP JPEG → 1024×576 (DCT-scaled decode + aspect fill)", iterations: iterations) {
            let photo = try Photo(data: bytes, targetWidth: 1024, targetHeight: 576)
            decodedSize = "\(photo.image.width)×\(photo.image.height) decoded"
            try toCard(photo)
        }
        let decodeOnly = try measure("12 MP JPEG, DCT-scaled decode only", iterations: iterations) {
            _ = try Photo(data: bytes, targetWidth: 1024, targetHeight: 576)
        }
        let fullIterations = max(3, iterations / 5)
        let full = try measure("12 MP JPEG → 1024×576 (full decode + aspect fill)", iterations: fullIterations) {
            try toCard(try Photo(data: bytes, limits: ImageLimits(maxPixels: 13_000_000)))
        }
        let fontsDirectory = root.appendingPathComponent("fonts").path
        let catalog = try Catalog(palettesDirectory: root.appendingPathComponent("palettes"),
                                  templatesDirectory: root.appendingPathComponent("templates"))
        let renderer = CardRenderer(fonts: try FontLibrary(directory: fontsDirectory))
        let faults = (PhotoCardFacesKnown.minorPageFaults() - faultsBefore) / (iterations + min(3, iterations))
        var rows = [Measurement(name: scaled.name, medianMilliseconds: scaled.medianMilliseconds, iterations: iterations,
                                note: "\(decodedSize), \(faults) page faults per run"),
                    decodeOnly, full]
        let peerIterations = max(5, iterations / 4)
        if let peer = runPeer(peerScript, arguments: ["--iterations", String(peerIterations), "--fonts", fontsDirectory, photoPath]) {
            for (key, label, ours) in [("decode", "Pillow: draft() decode only", decodeOnly.medianMilliseconds),
                                       ("draft", "Pillow: draft() decode + fit, bilinear", scaled.medianMilliseconds),
                                       ("lanczos", "Pillow: draft() decode + fit, LANCZOS (sharecard's filter)", scaled.medianMilliseconds),
                                       ("full", "Pillow: full decode + fit, bilinear", full.medianMilliseconds)] {
                guard let theirs = peer[key] else { continue }
                rows.append(Measurement(name: label, medianMilliseconds: theirs, iterations: key == "full" ? max(3, peerIterations / 5) : peerIterations,
                                        note: String(format: "sharecard is %.2f× as fast", theirs / ours)))
            }
        } else {
            rows.append(Measurement(name: "Pillow", medianMilliseconds: .nan, iterations: 0, note: "not installed (scripts/setup --bench)"))
        }
        printTable("Photos (\(bytes.count) byte JPEG, 4240×2832)", rows)
        try HEICPhotoBench.run(iterations: iterations, root: root, jpeg: photoPath)
        try LargePNGBench.run(iterations: iterations, root: root, jpeg: photoPath)
        // The worst case (no frontal face: the profile search runs too) and a photo with faces.
        let facesPath = try facesPhotoPath(root: root)
        let facesBytes = Array(try Data(contentsOf: URL(fileURLWithPath: facesPath)))
        let stages = try PhotoCardStages.run(photo: "12 MP JPEG, no frontal face", iterations: iterations, bytes: bytes,
                                             catalog: catalog, renderer: renderer)
            + PhotoCardStages.run(photo: "1024×683 JPEG, 3 faces", iterations: iterations, bytes: facesBytes,
                                  catalog: catalog, renderer: renderer)
        let endToEnd = try PhotoCardEndToEnd.rows(photo: "12 MP JPEG, no frontal face", bytes: bytes, path: photoPath, iterations: iterations,
                                                  catalog: catalog, renderer: renderer, peerScript: peerScript, fontsDirectory: fontsDirectory)
            + PhotoCardEndToEnd.rows(photo: "1024×683 JPEG, 3 faces", bytes: facesBytes, path: facesPath, iterations: iterations,
                                     catalog: catalog, renderer: renderer, peerScript: peerScript, fontsDirectory: fontsDirectory)
        printTable("A photo card end to end (the photo's file and an event in, the card's bytes out)", endToEnd)
        printTable("Where a photo card's time goes (each stage alone, medians)", stages)
    }
}
