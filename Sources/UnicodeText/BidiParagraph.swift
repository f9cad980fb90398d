import CFriBiDi

/// One paragraph's bidi resolution (UAX #9 rules P2–I2 and L1 for the paragraph's end),
/// computed by FriBiDi with bracket pairs (rule N0) resolved.
///
/// Offsets and ranges are UTF-16 code unit offsets into the paragraph's text, like every
/// offset in this module; both code units of a surrogate pair share one level. The text
/// should be a single paragraph: split at paragraph separators first with
/// `BidiParagraph.paragraphRanges(in:)` (rule P1).
public struct BidiParagraph: Sendable {
    /// How the paragraph level is chosen.
    public enum BaseDirection: Hashable, Sendable {
        case leftToRight, rightToLeft
        /// From the first strong character outside isolates (rules P2–P3), `fallback` when
        /// there is none.
        case automatic(fallback: TextDirection)

        /// Automatic, left to right when the text has no strong character.
        public static let auto = BaseDirection.automatic(fallback: .leftToRight)
    }

    public let baseDirection: BaseDirection
    /// The resolved paragraph embedding level (0 or 1).
    public let paragraphLevel: BidiLevel
    public let utf16Count: Int

    /// Per scalar: FriBiDi's bidi type, resolved level, and UTF-16 start offset (plus a
    /// final entry equal to `utf16Count`).
    let types: [FriBidiCharType]
    let scalarLevels: [FriBidiLevel]
    let starts: [Int]

    /// The resolved paragraph direction.
    public var direction: TextDirection { paragraphLevel.direction }

    /// What the characters say about the paragraph's direction (`DirectionEvidence`).
    public let evidence: DirectionEvidence

    public init(_ text: String, baseDirection: BaseDirection = .auto) throws {
        try self.init(utf16: Array(text.utf16), baseDirection: baseDirection)
    }

    /// A paragraph of UTF-16 code units that may be malformed: an unpaired surrogate is
    /// resolved as U+FFFD.
    public init(utf16 units: [UInt16], baseDirection: BaseDirection = .auto) throws {
        _ = try UTF16Text.checkedCount(units.count)
        let (scalars, starts) = UTF16Text.scalars(units)
        let n = scalars.count
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var parType: FriBidiParType
        switch baseDirection {
        case .leftToRight: parType = FRIBIDI_PAR_LTR
        case .rightToLeft: parType = FRIBIDI_PAR_RTL
        case .automatic(.leftToRight): parType = FRIBIDI_PAR_WLTR
        case .automatic(.rightToLeft): parType = FRIBIDI_PAR_WRTL
        }
        if n > 0 {
            let length = FriBidiStrIndex(n)
            fribidi_get_bidi_types(scalars, length, &types)
            fribidi_get_bracket_types(scalars, length, types, &brackets)
            let maxLevelPlusOne = fribidi_get_par_embedding_levels_ex(types, brackets, length, &parType, &levels)
            guard maxLevelPlusOne > 0 else { throw UnicodeTextError.fribidi("cannot resolve embedding levels (out of memory?)") }
        }
        self.baseDirection = baseDirection
        self.evidence = DirectionEvidence(scalars: scalars, types: types)
        self.paragraphLevel = BidiParagraph.level(of: parType)
        self.utf16Count = units.count
        self.types = types
        self.scalarLevels = levels
        self.starts = starts
    }

    /// The resolved level of every UTF-16 code unit, before line-end rule L1 (see
    /// `line(_:)` for levels of a line as displayed).
    public var levels: [BidiLevel] {
        var out: [BidiLevel] = []
        out.reserveCapacity(utf16Count)
        for (i, level) in scalarLevels.enumerated() {
            let l = BidiLevel(unchecked: UInt8(clamping: Int(level)))
            for _ in starts[i]..<starts[i + 1] { out.append(l) }
        }
        return out
    }

    /// The level of the code unit at `offset` (before line-end rule L1).
    public func level(at offset: Int) -> BidiLevel {
        precondition(offset >= 0 && offset < utf16Count, "offset \(offset) outside 0..<\(utf16Count)")
        return BidiLevel(unchecked: UInt8(clamping: Int(scalarLevels[scalarIndex(of: offset)])))
    }

    /// The line spanning `range` laid out for display: levels after rule L1 and the visual
    /// order (rules L1–L2, via `fribidi_reorder_line`). The bounds must lie on scalar
    /// boundaries within the paragraph.
    public func line(_ range: Range<Int>) throws -> BidiLine {
        guard range.lowerBound >= 0, range.upperBound <= utf16Count else {
            throw UnicodeTextError.invalidArgument("line \(range) outside paragraph 0..<\(utf16Count)")
        }
        let first = scalarIndex(of: range.lowerBound), end = scalarIndex(of: range.upperBound)
        guard starts[first] == range.lowerBound, starts[end] == range.upperBound else {
            throw UnicodeTextError.invalidArgument("line \(range) splits a surrogate pair")
        }
        return try BidiLine(paragraph: self, scalars: first..<end)
    }

    /// The index of the scalar holding code unit `offset` (`scalarCount` for the end).
    func scalarIndex(of offset: Int) -> Int {
        if starts.count == utf16Count + 1 { return offset } // no surrogate pairs
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// FriBiDi reports the resolved direction as LTR or RTL (the weak forms only as input).
    private static func level(of parType: FriBidiParType) -> BidiLevel {
        parType == FRIBIDI_PAR_RTL || parType == FRIBIDI_PAR_WRTL ? .rightToLeft : .leftToRight
    }

    /// The UTF-16 ranges of the paragraphs in `text` (rule P1): each ends just after a
    /// paragraph separator (Bidi_Class B: LF, CR, CR LF, U+001C–U+001E, U+0085, U+2029) or
    /// at the end. Empty text has no paragraphs.
    public static func paragraphRanges(in text: String) -> [Range<Int>] {
        let units = Array(text.utf16)
        var ranges: [Range<Int>] = []
        var start = 0, i = 0
        while i < units.count {
            let u = units[i]
            i += 1
            switch u {
            case 0x000D:
                if i < units.count, units[i] == 0x000A { i += 1 }
                fallthrough
            case 0x000A, 0x001C...0x001E, 0x0085, 0x2029:
                ranges.append(start..<i)
                start = i
            default: break
            }
        }
        if start < units.count { ranges.append(start..<units.count) }
        return ranges
    }
}
