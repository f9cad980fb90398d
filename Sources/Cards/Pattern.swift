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

    /// The shapes to fill in `frame`, each with the index of its colour. Shapes never
    /// overlap within a colour, so they come in chunks of at most `piecesPerPath` pieces,
    /// well inside what one rasterizer outline holds.
    public func shapes(in frame: Rect) -> [(path: Path, colorIndex: Int)] {
        var chunks: [(path: Path, colorIndex: Int)] = []
        var path = Path(), pieces = 0
        func add(_ piece: Path) {
            path.append(contentsOf: piece)
            pieces += 1
            if pieces == Pattern.piecesPerPath {
                chunks.append((path, 0))
                path = Path()
                pieces = 0
            }
        }
        switch kind {
        case .dots:
            var y = frame.minY + spacing / 2
            var row = 0
            while y < frame.maxY {
                var x = frame.minX + spacing / 2 + (row % 2 == 1 ? spacing / 2 : 0)
                while x < frame.maxX {
                    add(Path(ellipseIn: Rect(x: x - size / 2, y: y - size / 2, width: size, height: size)))
                    x += spacing
                }
                y += spacing * 0.866  // hexagonal packing
                row += 1
            }
        case .stripes:
            // 45° bands: each a parallelogram from the bottom edge to the top edge.
            var x = frame.minX - frame.height
            while x < frame.maxX {
                add(Path(elements: [.move(Point(x: x, y: frame.maxY)), .line(Point(x: x + frame.height, y: frame.minY)),
                                    .line(Point(x: x + frame.height + size, y: frame.minY)), .line(Point(x: x + size, y: frame.maxY)), .close]))
                x += spacing
            }
        case .confetti:
            var rng = SplitMix64(seed: seed)
            var paths = [Path](repeating: Path(), count: colors.count)
            let count = Int((frame.width * frame.height) / (spacing * spacing))
            for _ in 0..<min(count, 2000) {
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
                paths[Int(rng.next() % UInt64(colors.count))].append(contentsOf: piece)
            }
            return paths.enumerated().map { ($0.element, $0.offset) }
        }
        if pieces > 0 { chunks.append((path, 0)) }
        return chunks
    }

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
