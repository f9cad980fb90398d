/// The SHA-256 digest of a photo's bytes as received (before any decoding), held inline in
/// 32 bytes so a key built from it costs no allocation.
public struct PhotoDigest: Hashable, Sendable {
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// nil unless `sha256` is exactly 32 bytes. The caller computes the digest (this target
    /// has no hash function), once, and uses it for its own keys too.
    public init?(sha256: [UInt8]) {
        guard sha256.count == 32 else { return nil }
        func word(_ at: Int) -> UInt64 { sha256[at..<at + 8].reduce(0) { $0 << 8 | UInt64($1) } }
        words = (word(0), word(8), word(16), word(24))
    }

    public static func == (a: PhotoDigest, b: PhotoDigest) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
