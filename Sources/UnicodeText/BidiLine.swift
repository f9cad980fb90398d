import CFriBiDi

/// A maximal stretch of one level within a line, to shape in one direction.
public struct BidiRun: Hashable, Sendable {
    /// UTF-16 offsets into the paragraph.
    public let range: Range<Int>
    public let level: BidiLevel
    public var direction: TextDirection { level.direction }

    public init(range: Range<Int>, level: BidiLevel) {
        self.range = range
        self.level = level
    }
}

/// A line of a `BidiParagraph` as displayed: levels after rule L1 (trailing white space
/// and separators take the paragraph level) and the order of characters from left to right.
public struct BidiLine: Sendable {
    /// UTF-16 offsets into the paragraph.
    public let range: Range<Int>
    /// The level of each code unit in `range` (index 0 is `range.lowerBound`).
    public let levels: [BidiLevel]
    /// The UTF-16 start offset of every character (scalar) in the line, left to right.
    /// Characters removed by rule X9 (embedding controls, BN such as ZWJ) are included,
    /// placed beside their neighbours.
    public let visualOrder: [Int]
    /// The line's level runs, left to right; a right-to-left run's characters are drawn
    /// from its `range.upperBound` down.
    public let runs: [BidiRun]

    init(paragraph p: BidiParagraph, scalars: Range<Int>) throws {
        let n = scalars.count
        var levels = Array(p.scalarLevels[scalars])
        var map = (0..<n).map { FriBidiStrIndex($0) }
        if n > 0 {
            let parType: FriBidiParType = p.paragraphLevel.isRightToLeft ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR
            // Flags 0: no NSM reordering (rule L3) and no mirroring; shaping handles both.
            let ok = p.types[scalars].withUnsafeBufferPointer { types in
                fribidi_reorder_line(0, types.baseAddress, FriBidiStrIndex(n), 0, parType, &levels, nil, &map)
            }
            guard ok > 0 else { throw UnicodeTextError.fribidi("cannot reorder line (out of memory?)") }
        }
        let base = scalars.lowerBound
        let offset = { (i: Int) in p.starts[base + i] }

        var unitLevels: [BidiLevel] = []
        unitLevels.reserveCapacity(p.starts[scalars.upperBound] - p.starts[base])
        for i in 0..<n {
            let l = BidiLevel(unchecked: UInt8(clamping: Int(levels[i])))
            for _ in offset(i)..<offset(i + 1) { unitLevels.append(l) }
        }

        // Runs: consecutive visual positions of one level whose logical indices step by one,
        // forwards for even levels and backwards for odd ones.
        var runs: [BidiRun] = []
        var v = 0
        while v < n {
            let level = levels[Int(map[v])]
            let step = level & 1 == 0 ? 1 : -1
            var w = v + 1
            while w < n, levels[Int(map[w])] == level, Int(map[w]) == Int(map[w - 1]) + step { w += 1 }
            let a = Int(min(map[v], map[w - 1])), b = Int(max(map[v], map[w - 1]))
            runs.append(BidiRun(range: offset(a)..<offset(b + 1), level: BidiLevel(unchecked: UInt8(clamping: Int(level)))))
            v = w
        }

        self.range = p.starts[base]..<p.starts[scalars.upperBound]
        self.levels = unitLevels
        self.visualOrder = map.map { offset(Int($0)) }
        self.runs = runs
    }
}
