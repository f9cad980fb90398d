import Foundation
import Raster

/// The JPEG Huffman tables per card kind (`--stage lossy`): each card of the encode corpus at
/// q90 4:4:4 with the standard and the optimised tables (bytes, median ms, the two timed in
/// alternation so a change of load hits both), what the card shows (`ResolvedScene.content`,
/// and the time it takes to find out), the tables `JPEGEncoding.HuffmanTables(for:)` picks for
/// it, and Pillow's `quality=90, subsampling=0` with `optimize=False` and `optimize=True` on
/// the same pixels in the same run.
enum JPEGTablesBench {
    static func run(iterations: Int, root: URL) throws {
        let cards = try EncodeBench.corpus(root: root)
        let peer = try EncodeBench.runPeers(cards, options: ["--iterations", String(iterations), "--jpeg-only"], root: root)
        print("\n## JPEG q90 4:4:4 Huffman tables per card: bytes and median ms (\(iterations) runs each)\n")
        print("| card | shows (deciding it) | standard | optimized | optimized saves | and costs | cards use | Pillow optimize=False | Pillow optimize=True |")
        print("|---|---|---:|---:|---:|---:|---|---:|---:|")
        for (index, card) in cards.enumerated() {
            let standard = try JPEGEncoding(quality: 90, huffmanTables: .standard)
            let optimized = try JPEGEncoding(quality: 90, huffmanTables: .optimized)
            let standardBytes = try card.image.jpegData(encoding: standard).count
            let optimizedBytes = try card.image.jpegData(encoding: optimized).count
            let (standardMs, optimizedMs) = try pairedMedians(iterations: iterations,
                                                              { _ = try card.image.jpegData(encoding: standard) },
                                                              { _ = try card.image.jpegData(encoding: optimized) })
            var content = ImageContent.drawing
            let deciding = measure("content", iterations: iterations) { content = card.scene.content }
            func pillow(_ key: String) -> String {
                guard let bytes = peer["bytes\t\(key)\t\(index)"], let ms = peer["ms\t\(key)\t\(index)"] else { return "–" }
                return String(format: "%.0f %.2f ms", bytes, ms)
            }
            let saved = 100 * Double(standardBytes - optimizedBytes) / Double(standardBytes)
            print("| \(card.name) | \(content) (\(String(format: "%.3f", deciding.medianMilliseconds)) ms) | \(standardBytes) \(String(format: "%.2f", standardMs)) ms"
                  + " | \(optimizedBytes) \(String(format: "%.2f", optimizedMs)) ms"
                  + " | \(String(format: "%.1f", saved)) % (\(standardBytes - optimizedBytes) B)"
                  + " | \(String(format: "+%.2f ms (%.2f×)", optimizedMs - standardMs, optimizedMs / standardMs))"
                  + " | \(JPEGEncoding.HuffmanTables(for: content).rawValue)"
                  + " | \(pillow("pillow-jpeg-q90-444")) | \(pillow("pillow-jpeg-q90-444-optimize")) |")
        }
        if peer.isEmpty { print("\n(Pillow not run: `scripts/setup --bench` installs it)") }
    }

    /// Medians of `a` and `b` timed in turn, `iterations` times each, after a warm-up of both.
    static func pairedMedians(iterations: Int, _ a: () throws -> Void, _ b: () throws -> Void) rethrows -> (Double, Double) {
        var samplesA: [Double] = [], samplesB: [Double] = []
        for i in 0..<iterations + 3 {
            let ta = try timeOnce(a), tb = try timeOnce(b)
            if i >= 3 { samplesA.append(ta); samplesB.append(tb) }
        }
        return (median(samplesA), median(samplesB))
    }
}
