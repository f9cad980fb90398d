import Caching
import Raster

/// Faces already found, by what determines them, so a photo seen before (the same event at
/// another size, in another template, with another title; a batch repeating a photo) costs
/// no detection. Bounded by entry count, the least recently used going first; a capacity of
/// 0 keeps nothing (every lookup misses and detects). Safe to share between threads.
///
/// Two threads missing the same photo at once both detect, and the second stores the same
/// faces again: detection is deterministic, so nothing differs but the time spent. Making the
/// second wait would hold a worker idle instead of detecting, and would need a table of
/// detections in progress whose failures reach their waiters; the case is the first burst
/// for a photo, not its steady state.
public final class FaceCache: Sendable {
    /// Everything a detection's result depends on, so an equal key means equal faces.
    ///
    /// The pixels searched are the photo's bytes decoded, upright, at some reduction: the bytes
    /// fix the format, the EXIF orientation and the colour profile, and the decoded size fixes
    /// the reduction (a JPEG's DCT scale or WebP's scaled size, chosen from the card's size).
    /// Two reductions of one JPEG give the same size only when both sides are under 8 pixels,
    /// far below the smallest face a cascade finds (20 pixels), so both find none. The search
    /// itself is fixed by the settings and the cascade files loaded.
    public struct Key: Hashable, Sendable {
        public let photo: PhotoDigest
        /// The decoded, upright image searched, in pixels.
        public let decodedWidth: Int
        public let decodedHeight: Int
        public let settings: FaceDetector.Settings
        public let cascadeFiles: [String]

        /// The key for `image`, which must be the decode of the bytes `photo` digests, searched by `detector`.
        public init(photo: PhotoDigest, decoded image: Image, detector: FaceDetector) {
            self.init(photo: photo, decodedWidth: image.width, decodedHeight: image.height,
                      settings: detector.settings, cascadeFiles: detector.cascadeFiles)
        }

        public init(photo: PhotoDigest, decodedWidth: Int, decodedHeight: Int, settings: FaceDetector.Settings, cascadeFiles: [String]) {
            self.photo = photo
            self.decodedWidth = decodedWidth
            self.decodedHeight = decodedHeight
            self.settings = settings
            self.cascadeFiles = cascadeFiles
        }
    }

    /// Lookups so far and what is held now.
    public struct Statistics: Hashable, Sendable {
        /// Lookups answered from the cache.
        public let hits: Int
        /// Lookups that ran a detection (every lookup, when the capacity is 0).
        public let misses: Int
        public let entries: Int
        public let capacity: Int

        public init(hits: Int, misses: Int, entries: Int, capacity: Int) {
            self.hits = hits
            self.misses = misses
            self.entries = entries
            self.capacity = capacity
        }
    }

    /// About 550 bytes an entry (resident memory grew by 108–113 MB for 200,000 photos with
    /// 0–3 faces; the key, with the settings, is stored twice: in the table and in its slot),
    /// so the default holds the cache near 2.2 MB.
    public static let defaultCapacity = 4096
    /// The most entries accepted, a bound on memory for a mistyped flag (about 550 MB).
    public static let maxCapacity = 1_000_000

    /// The most entries held.
    public let capacity: Int
    private let entries: LockedValue<LRUCache<Key, [Face]>>

    /// A cache of at most `capacity` photos' faces (0…`maxCapacity`; 0 disables it).
    public init(capacity: Int = FaceCache.defaultCapacity) throws(FacesError) {
        guard (0...Self.maxCapacity).contains(capacity) else {
            throw FacesError.invalidSettings("face cache entries \(capacity) is outside 0…\(Self.maxCapacity)")
        }
        self.capacity = capacity
        entries = LockedValue(LRUCache(capacity: capacity))
    }

    /// The faces held for `key`, else `detect()`'s, then held (a failed detection stores
    /// nothing). `detect` runs without the cache's lock, so other threads' lookups do not wait
    /// for it.
    public func faces(for key: Key, detect: () throws -> [Face]) rethrows -> [Face] {
        if let held = entries.withLock({ $0.value(forKey: key) }) { return held }
        let found = try detect()
        entries.withLock { _ = $0.insert(found, forKey: key, cost: 1) }
        return found
    }

    /// The faces `detector` finds in `image`, the decode of the bytes `photo` digests.
    public func faces(inPhoto photo: PhotoDigest, decoded image: Image, detector: FaceDetector) throws -> [Face] {
        try faces(for: Key(photo: photo, decoded: image, detector: detector)) { try detector.faces(in: image) }
    }

    public var statistics: Statistics {
        entries.withLock { Statistics(hits: $0.hits, misses: $0.misses, entries: $0.count, capacity: capacity) }
    }
}
