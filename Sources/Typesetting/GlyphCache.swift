import Caching

/// Rendered glyphs kept for reuse, bounded by bytes and evicting the least recently used.
///
/// Outline glyphs are keyed by (face, glyph, em size in 1/64 device pixel, sub-pixel phase)
/// and keep their coverage bitmap. Colour glyphs keep the decoded image at their bitmap
/// strike, keyed by (face, glyph), and its resampling to each (size, phase) drawn, so a
/// warm draw of an emoji is a plain copy. Safe to share between
/// threads: lookups take a lock, rendering a miss happens outside it (two threads missing
/// the same glyph may both render it; the second insert replaces the first).
///
/// There is no shared instance: create one where fonts are loaded and pass it down.
public final class GlyphCache: Sendable {
    /// How the cache has been used since it was created.
    public struct Statistics: Hashable, Sendable {
        public var hits = 0
        public var misses = 0
        /// Entries held now.
        public var entryCount = 0
        /// Bytes held now: pixel data plus a fixed per-entry overhead; never above the capacity.
        public var byteCount = 0
    }

    public static let defaultCapacityInBytes = 8 << 20
    /// Charged per entry on top of its pixels (key, links, array headers).
    static let entryOverheadInBytes = 128
    /// Glyphs whose em is larger than this many device pixels are rendered on every draw
    /// (outlines clipped to what is visible, colour glyphs scaled from the strike as drawn)
    /// and never cached at that size.
    static let largestCachedEmInPixels = 1024

    public let capacityInBytes: Int
    private let state: LockedValue<LRUCache<GlyphKey, GlyphEntry>>

    /// A cache holding at most `capacityInBytes` (0 caches nothing; negative is treated as 0).
    public init(capacityInBytes: Int = GlyphCache.defaultCapacityInBytes) {
        self.capacityInBytes = max(0, capacityInBytes)
        state = LockedValue(LRUCache(capacity: self.capacityInBytes))
    }

    public var statistics: Statistics {
        state.withLock { Statistics(hits: $0.hits, misses: $0.misses, entryCount: $0.count, byteCount: $0.totalCost) }
    }

    /// Drops every entry; the hit and miss counts stay.
    public func removeAll() {
        state.withLock { $0.removeAll() }
    }

    /// The coverage of an outline glyph, from the cache or rendered (and then cached).
    /// `sizeIn64thsOfAPixel` must be at most `largestCachedEmInPixels × 64`.
    func outlineGlyph(face: FontFace, glyph: UInt32, sizeIn64thsOfAPixel size: Int, phase: Int) -> GlyphBitmap {
        let key = GlyphKey(kind: .outline, face: face, glyph: glyph, sizeIn64thsOfAPixel: size, phase: phase)
        guard case .outline(let bitmap) = value(for: key, face: face, make: {
            let bitmap = GlyphRasterizer.outline(face: face, glyph: glyph, sizeIn64thsOfAPixel: size, phase: phase)
            return (.outline(bitmap), bitmap.coverage.count)
        }) else { preconditionFailure("cache entry of the wrong kind") }
        return bitmap
    }

    /// The image of a colour glyph at its strike, or nil when it has none (also cached).
    func colorGlyph(face: FontFace, glyph: UInt32) -> ColorGlyphImage? {
        let key = GlyphKey(kind: .colorStrike, face: face, glyph: glyph, sizeIn64thsOfAPixel: 0, phase: 0)
        guard case .colorStrike(let image) = value(for: key, face: face, make: {
            let image = GlyphRasterizer.color(face: face, glyph: glyph)
            return (.colorStrike(image), image.map { $0.image.width * $0.image.height * 4 } ?? 0)
        }) else { preconditionFailure("cache entry of the wrong kind") }
        return image
    }

    /// A colour glyph resampled to a device size and phase (both the strike image and the
    /// result are cached). Same size limit as `outlineGlyph`.
    func colorGlyph(face: FontFace, glyph: UInt32, sizeIn64thsOfAPixel size: Int, phase: Int) -> DeviceColorGlyph? {
        let key = GlyphKey(kind: .colorAtSize, face: face, glyph: glyph, sizeIn64thsOfAPixel: size, phase: phase)
        guard case .colorAtSize(let image) = value(for: key, face: face, make: {
            let image = colorGlyph(face: face, glyph: glyph)?.resampled(sizeIn64thsOfAPixel: size, phase: phase)
            return (.colorAtSize(image), image.map { $0.image.width * $0.image.height * 4 } ?? 0)
        }) else { preconditionFailure("cache entry of the wrong kind") }
        return image
    }

    /// The cached value for `key`, or `make`'s (then cached unless too large).
    private func value(for key: GlyphKey, face: FontFace, make: () -> (CachedGlyph, bytes: Int)) -> CachedGlyph {
        if let hit = state.withLock({ $0.value(forKey: key) { $0.glyph } }) { return hit }
        let (value, bytes) = make()
        let cost = bytes + Self.entryOverheadInBytes
        // An entry over a quarter of the capacity would flush most of the cache for one glyph.
        if cost <= capacityInBytes / 4 {
            state.withLock { _ = $0.insert(GlyphEntry(glyph: value, face: face), forKey: key, cost: cost) }
        }
        return value
    }
}

/// Identifies one rendering of a glyph.
struct GlyphKey: Hashable, Sendable {
    enum Kind: UInt8 {
        case outline, colorStrike, colorAtSize
    }

    let kind: Kind
    let face: ObjectIdentifier
    let glyph: UInt32
    let sizeIn64thsOfAPixel: Int32
    let phase: UInt8

    init(kind: Kind, face: FontFace, glyph: UInt32, sizeIn64thsOfAPixel: Int, phase: Int) {
        self.kind = kind
        self.face = ObjectIdentifier(face)
        self.glyph = glyph
        self.sizeIn64thsOfAPixel = Int32(clamping: sizeIn64thsOfAPixel)
        self.phase = UInt8(truncatingIfNeeded: phase)
    }
}

enum CachedGlyph: Sendable {
    case outline(GlyphBitmap)
    case colorStrike(ColorGlyphImage?)
    case colorAtSize(DeviceColorGlyph?)
}

/// A cached glyph with its face: each entry keeps its face alive, so the face's
/// `ObjectIdentifier` in the key cannot be reused while the entry exists.
struct GlyphEntry: Sendable {
    let glyph: CachedGlyph
    let face: FontFace
}
