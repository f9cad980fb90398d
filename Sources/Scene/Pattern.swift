import Foundation
import Geometry

/// A decoration generated from a few numbers: a dot grid, diagonal stripes or confetti.
/// Deterministic: confetti comes from a seeded generator, so a card never changes between
/// renders.
public struct Pattern: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case dots, stripes, confetti
    }

    public let kind: Kind
    /// Colours used in turn (confetti) or the single colour (dots, stripes).
    public let colors: [ColorReference]
    /// Distance between dots or stripes, in points; for confetti, the average gap.
    public let spacing: Double
    /// Dot diameter, stripe width or confetti piece length, in points.
    public let size: Double
    public let seed: UInt64

    public init(kind: Kind, colors: [ColorReference], spacing: Double, size: Double, seed: UInt64 = 1) throws {
        guard !colors.isEmpty else { throw PatternError("a pattern needs at least one colour") }
        guard spacing.isFinite, spacing >= 4, spacing <= 1000 else { throw PatternError("spacing must be 4…1000 points, got \(spacing)") }
        guard size.isFinite, size > 0, size <= spacing * 4 else { throw PatternError("size must be positive and at most 4 × spacing, got \(size)") }
        self.kind = kind
        self.colors = colors
        self.spacing = spacing
        self.size = size
        self.seed = seed
    }

    /// The most pieces one pattern may draw, counted within the part of its frame on the card,
    /// and all of a render's patterns together.
    public static let maximumPieces = 50_000
    /// Confetti pieces in a whole frame, at most.
    static let maximumConfetti = 2000

    /// The pieces the pattern draws in the part of `frame` inside `bounds` (the card): what
    /// `shapes(in:within:)` generates.
    public func pieceCount(in frame: Rect, within bounds: Rect) -> Double {
        let visible = frame.intersection(bounds)
        guard !visible.isEmpty else { return 0 }
        switch kind {
        case .dots:
            let rows = Double(dotRows(frame, visible).count), columns = (visible.width + size) / spacing + 2
            return rows * columns
        case .stripes:
            return Double(stripeIndices(frame, visible).count)
        case .confetti:
            return Double(min(Int(min((frame.width * frame.height) / (spacing * spacing), 1e9)), Pattern.maximumConfetti))
        }
    }

    /// Rows of dots that can touch `visible`, as indices from the frame's first row.
    private func dotRows(_ frame: Rect, _ visible: Rect) -> Range<Int> {
        let step = spacing * 0.866  // hexagonal packing
        let first = frame.minY + spacing / 2
        guard first < frame.maxY else { return 0..<0 }
        let all = Int(((frame.maxY - first) / step).rounded(.up))
        let low = max(0, Int(((visible.minY - size / 2 - first) / step).rounded(.down)))
        let high = min(all, Int(((visible.maxY + size / 2 - first) / step).rounded(.up)) + 1)
        return low..<max(low, high)
    }

    /// Stripes that can touch `visible`, as indices from the frame's first stripe.
    private func stripeIndices(_ frame: Rect, _ visible: Rect) -> Range<Int> {
        let first = frame.minX - frame.height
        // Stripe k starts at x = first + k·spacing on the bottom edge and leans right by the
        // frame's height; it meets `visible` when it spans some of it on some row.
        let lowX = visible.minX - size - (frame.maxY - visible.minY)
        let highX = visible.maxX - (frame.maxY - visible.maxY)
        let all = Int(((frame.maxX - first) / spacing).rounded(.up))
        let low = max(0, Int(((lowX - first) / spacing).rounded(.down)))
        let high = min(all, Int(((highX - first) / spacing).rounded(.up)) + 1)
        return low..<max(low, high)
    }

    /// The shapes to fill in `frame`, each with the index of its colour, leaving out pieces
    /// that cannot touch `bounds` (the card; pieces keep their places in the whole frame).
    /// They come in chunks of at most `piecesPerPath` pieces, well inside what one
    /// rasterizer outline holds. Dots and stripes never overlap within a colour, so chunks
    /// fill exactly as one path would; confetti pieces may overlap, and where they do across
    /// chunks their soft edges blend twice.
    public func shapes(in frame: Rect, within bounds: Rect) -> [(path: Path, colorIndex: Int)] {
        let visible = frame.intersection(bounds)
        guard !visible.isEmpty else { return [] }
        var chunks: [(path: Path, colorIndex: Int)] = []
        var paths = [Path](repeating: Path(), count: colors.count), pieces = [Int](repeating: 0, count: colors.count)
        func add(_ piece: Path, color: Int = 0) {
            paths[color].append(contentsOf: piece)
            pieces[color] += 1
            if pieces[color] == Pattern.piecesPerPath {
                chunks.append((paths[color], color))
                paths[color] = Path()
                pieces[color] = 0
            }
        }
        switch kind {
        case .dots:
            for row in dotRows(frame, visible) {
                let y = frame.minY + spacing / 2 + Double(row) * spacing * 0.866
                let start = frame.minX + spacing / 2 + (row % 2 == 1 ? spacing / 2 : 0)
                let low = max(0, Int(((visible.minX - size / 2 - start) / spacing).rounded(.down)))
                var x = start + Double(low) * spacing
                while x < frame.maxX, x <= visible.maxX + size / 2 {
                    add(Path(ellipseIn: Rect(x: x - size / 2, y: y - size / 2, width: size, height: size)))
                    x += spacing
                }
            }
        case .stripes:
            // 45° bands: each a parallelogram from the bottom edge to the top edge.
            for k in stripeIndices(frame, visible) {
                let x = frame.minX - frame.height + Double(k) * spacing
                add(Path(elements: [.move(Point(x: x, y: frame.maxY)), .line(Point(x: x + frame.height, y: frame.minY)),
                                    .line(Point(x: x + frame.height + size, y: frame.minY)), .line(Point(x: x + size, y: frame.maxY)), .close]))
            }
        case .confetti:
            var rng = SplitMix64(seed: seed)
            let count = Int(min((frame.width * frame.height) / (spacing * spacing), 1e9))
            for _ in 0..<min(count, Pattern.maximumConfetti) {
                let cx = frame.minX + rng.unit() * frame.width, cy = frame.minY + rng.unit() * frame.height
                let angle = rng.unit() * .pi
                let length = size * (0.6 + 0.8 * rng.unit()), width = max(size * 0.35, 1.5)
                let piece: Path
                if rng.unit() < 0.3 {
                    piece = Path(ellipseIn: Rect(x: cx - width, y: cy - width, width: 2 * width, height: 2 * width))
                } else {
                    piece = Path(roundedRect: Rect(x: -length / 2, y: -width / 2, width: length, height: width), cornerRadius: width / 2)
                        .applying(Transform.rotation(radians: angle).concatenating(.translation(x: cx, y: cy)))
                }
                add(piece, color: Int(rng.next() % UInt64(colors.count)))
            }
        }
        for (color, path) in paths.enumerated() where pieces[color] > 0 { chunks.append((path, color)) }
        return chunks
    }

    /// The shapes for the whole of `frame`.
    public func shapes(in frame: Rect) -> [(path: Path, colorIndex: Int)] { shapes(in: frame, within: frame) }

    static let piecesPerPath = 500
}

public struct PatternError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// SplitMix64: small, fast and the same on every machine.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A uniform value in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
