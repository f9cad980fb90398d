/// Renumbers cluster values for display. `ShapedGlyph.cluster` is a UTF-16 offset into the
/// paragraph; `hb-shape` prints Unicode scalar (character) indices by default and UTF-8 byte
/// offsets with `--utf8-clusters`, counted from the start of the shaped text.
public struct ClusterMap: Sendable {
    /// For each UTF-16 offset 0...count, the index in the target unit; nil means identity.
    private let table: [Int]?
    private let origin: Int

    private init(table: [Int]?, origin: Int) {
        self.table = table
        self.origin = origin
    }

    /// Clusters as they are: UTF-16 offsets into the paragraph.
    public static let utf16 = ClusterMap(table: nil, origin: 0)

    /// Unicode scalar indices (hb-shape's default), counted from UTF-16 offset `origin`.
    public static func unicodeScalars(of text: some Collection<UInt16>, from origin: Int = 0) -> ClusterMap {
        build(text, origin: origin) { unit, next in
            UTF16.isLeadSurrogate(unit) && next.map(UTF16.isTrailSurrogate) == true ? (1, 2) : (1, 1)
        }
    }

    /// UTF-8 byte offsets (hb-shape's `--utf8-clusters`), counted from UTF-16 offset `origin`.
    /// A lone surrogate counts as the three bytes of U+FFFD, as Swift's transcoding produces.
    public static func utf8(of text: some Collection<UInt16>, from origin: Int = 0) -> ClusterMap {
        build(text, origin: origin) { unit, next in
            if UTF16.isLeadSurrogate(unit) && next.map(UTF16.isTrailSurrogate) == true { return (4, 2) }
            return (unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3, 1)
        }
    }

    /// `step(unit, nextUnit)` gives (size in the target unit, UTF-16 units consumed).
    private static func build(_ text: some Collection<UInt16>, origin: Int,
                              step: (UInt16, UInt16?) -> (Int, Int)) -> ClusterMap {
        let units = Array(text)
        var table = [Int](repeating: 0, count: units.count + 1)
        var i = 0, index = 0
        while i < units.count {
            let (size, consumed) = step(units[i], i + 1 < units.count ? units[i + 1] : nil)
            for k in 0..<consumed { table[i + k] = index }
            index += size
            i += consumed
        }
        table[units.count] = index
        let base = table[min(max(origin, 0), units.count)]
        return ClusterMap(table: table, origin: base)
    }

    /// The renumbered value of UTF-16 offset `cluster`.
    public func callAsFunction(_ cluster: Int) -> Int {
        guard let table else { return cluster - origin }
        return table[min(max(cluster, 0), table.count - 1)] - origin
    }
}
