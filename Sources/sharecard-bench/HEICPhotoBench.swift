import Foundation
import Geometry
import Photos
import Raster

/// The 12 MP bench photo as HEIC (heif-enc from Debian's libheif-examples, quality 90, made on
/// first use) brought to card size: libheif decodes it whole (HEVC has no reduced decode) and
/// the aspect-fill draw resamples it, as for a PNG. Beside Pillow with pillow-heif, which is
/// not a Debian package: its interpreter comes from SHARECARD_BENCH_HEIF_PYTHON (see
/// bench/peer_heic.py).
enum HEICPhotoBench {
    static let pythonVariable = "SHARECARD_BENCH_HEIF_PYTHON"

    /// The HEIC made from `jpeg` beside it, or nil when heif-enc is missing or fails.
    static func photoPath(from jpeg: String) -> String? {
        let path = (jpeg as NSString).deletingPathExtension + ".heic"
        if !FileManager.default.fileExists(atPath: path) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/heif-enc")
            process.arguments = ["-q", "90", "-o", path, jpeg]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return nil }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                try? FileManager.default.removeItem(atPath: path)
                return nil
            }
        }
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    static func run(iterations: Int, root: URL, jpeg: String) throws {
        guard let path = photoPath(from: jpeg) else {
            print("\n(HEIC photo rows skipped: heif-enc is needed to make the bench photo; apt-get install libheif-examples)")
            return
        }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let cardSize = Size(width: 1024, height: 576)
        let runs = max(3, iterations / 5)
        var decodedSize = ""
        let decodeOnly = try measure("12 MP HEIC, whole decode only", iterations: runs) {
            let photo = try Photo(data: bytes, targetWidth: 1024, targetHeight: 576, limits: ImageLimits(maxPixels: 13_000_000))
            decodedSize = "\(photo.image.width)×\(photo.image.height) decoded"
        }
        let toCard = try measure("12 MP HEIC → 1024×576 (whole decode + aspect fill)", iterations: runs, note: decodedSize) {
            let photo = try Photo(data: bytes, targetWidth: 1024, targetHeight: 576, limits: ImageLimits(maxPixels: 13_000_000))
            let canvas = try Canvas(size: cardSize)
            canvas.draw(photo.image, in: canvas.bounds, contentMode: .aspectFill, clipsToBounds: true, clip: nil, filters: [])
        }
        // What Photo reads before libheif sees the file (HEICStructure): microseconds, so
        // timed a thousand at a time.
        var structureNote = ""
        let structure = try measure("12 MP HEIC, box structure read only (1000 reads)", iterations: runs) {
            for _ in 0..<1000 {
                let read = try HEICStructure(data: bytes, maxCodedPixels: 26_000_000, maxCells: 1024)
                structureNote = "\(read.cells) HEVC image(s) coded at \(read.codedPixels) pixels; the median ms is µs per read"
            }
        }
        var rows = [decodeOnly, toCard, Measurement(name: structure.name, medianMilliseconds: structure.medianMilliseconds,
                                                    iterations: structure.iterations, note: structureNote)]
        let python = ProcessInfo.processInfo.environment[pythonVariable] ?? "/usr/bin/python3"
        if let peer = runPeer(root.appendingPathComponent("bench/peer_heic.py").path, arguments: ["--iterations", String(runs), path],
                              python: python) {
            let version = peer["version"].map { v in "libheif \(Int(v) / 10000).\(Int(v) / 100 % 100).\(Int(v) % 100)" } ?? "libheif ?"
            for (key, label, ours) in [("decode", "Pillow + pillow-heif: decode only", decodeOnly.medianMilliseconds),
                                       ("fit", "Pillow + pillow-heif: decode + fit, LANCZOS", toCard.medianMilliseconds)] {
                guard let theirs = peer[key] else { continue }
                rows.append(Measurement(name: label, medianMilliseconds: theirs, iterations: runs,
                                        note: String(format: "sharecard is %.2f× as fast", theirs / ours) + " (\(version), one decoding thread)"))
            }
        } else {
            rows.append(Measurement(name: "Pillow + pillow-heif", medianMilliseconds: .nan, iterations: 0,
                                    note: "not installed: pip install pillow-heif into a venv, then \(pythonVariable)=VENV/bin/python3"))
        }
        printTable("HEIC photo (\(bytes.count) byte HEIC, 4240×2832)", rows)
    }
}
