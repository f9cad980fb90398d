import BufferText
import CICU

/// A place where a line may end: the UTF-16 offset just past the line's last code unit.
public struct LineBreak: Hashable, Sendable {
    public let offset: Int
    /// The line must end here (after a newline, a paragraph separator, or at the end of
    /// the text, UAX #14 rules LB3–LB6).
    public let isMandatory: Bool

    public init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
}

/// The line break opportunities of a text (UAX #14 as tailored by ICU), ascending by UTF-16
/// offset. Offset 0 is never a break; the end of a non-empty text always is, mandatory.
///
/// By default, opportunities that would split an extended grapheme cluster are dropped, so
/// a break never separates an emoji from its modifiers or a base from its marks, and Thai's
/// repetition mark is read as a space (`thaiRepetitionMarksAsSpaces`). Pass
/// `keepingGraphemeClusters: false` for ICU's rules as they are (what LineBreakTest checks).
public struct LineBreaks: RandomAccessCollection, Hashable, Sendable {
    public let utf16Count: Int
    public let breaks: [LineBreak]

    public init(_ text: String, locale: LocaleIdentifier = .root, keepingGraphemeClusters: Bool = true) throws {
        try self.init(utf16: Array(text.utf16), locale: locale, keepingGraphemeClusters: keepingGraphemeClusters)
    }

    /// Breaks of UTF-16 code units that may be malformed: an unpaired surrogate counts as
    /// one character.
    public init(utf16 units: [UInt16], locale: LocaleIdentifier = .root, keepingGraphemeClusters: Bool = true) throws {
        try self.init(utf16: units, locale: locale, keeping: keepingGraphemeClusters ? try GraphemeClusters(utf16: units, locale: locale) : nil)
    }

    /// The same with the text's grapheme clusters given (nil for ICU's rules as they are): a
    /// paragraph has found them already, and finding them again cost a one-card render a
    /// second ICU break iterator (0.03 million instructions).
    public init(utf16 units: [UInt16], locale: LocaleIdentifier = .root, keeping clusters: GraphemeClusters?) throws {
        precondition(clusters.map { $0.boundaries.last == units.count } ?? true, "grapheme clusters of another text")
        let length = try UTF16Text.checkedCount(units.count)
        var offsets = [Int32](repeating: 0, count: units.count + 1)
        var hard = [UInt8](repeating: 0, count: units.count + 1)
        var message = [CChar](repeating: 0, count: 128)
        let capacity = Int32(offsets.count)
        let analysed = clusters != nil ? Self.thaiRepetitionMarksAsSpaces(units) : units
        let count = analysed.withUnsafeBufferPointer { text in
            locale.rawValue.withCString { loc in
                sc_icu_line_breaks(text.baseAddress, length, loc, &offsets, &hard, capacity, &message, message.count)
            }
        }
        guard count >= 0 else { throw UnicodeTextError.icu(message.stringBeforeNUL) }

        var breaks: [LineBreak] = []
        breaks.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let offset = Int(offsets[i])
            breaks.append(LineBreak(offset: offset, isMandatory: hard[i] != 0 || offset == units.count))
        }
        if let clusters { breaks.removeAll { !clusters.isBoundary($0.offset) } }
        self.utf16Count = units.count
        self.breaks = breaks
    }

    /// `units` with each THAI CHARACTER MAIYAMOK (ๆ, U+0E46) read as a space. ICU 72's Thai
    /// dictionary mis-segments the words before a mark written against them: "ความสุขมากๆ"
    /// comes out ความ|สุ|ขมา|กๆ, cutting สุข ("happiness") and มาก ("very") in two, where
    /// "ความสุขมาก ๆ" gives ความ|สุข|มาก. A space for the mark ends the dictionary's run
    /// there; no line may start with a space, so the mark stays on its word's line, and one
    /// may start after it. One code unit for one: every offset is the text's own.
    static func thaiRepetitionMarksAsSpaces(_ units: [UInt16]) -> [UInt16] {
        let maiyamok: UInt16 = 0x0E46
        guard units.contains(maiyamok) else { return units }
        return units.map { $0 == maiyamok ? 0x20 : $0 }
    }

    init(utf16Count: Int, breaks: [LineBreak]) {
        self.utf16Count = utf16Count
        self.breaks = breaks
    }

    public var startIndex: Int { breaks.startIndex }
    public var endIndex: Int { breaks.endIndex }
    public subscript(position: Int) -> LineBreak { breaks[position] }

    /// The break at `offset`, or nil when a line may not end there.
    public func `break`(at offset: Int) -> LineBreak? {
        let i = firstIndex(notBefore: offset)
        return i < breaks.count && breaks[i].offset == offset ? breaks[i] : nil
    }

    /// The position of the first break whose offset is `offset` or later (`endIndex` when none).
    public func firstIndex(notBefore offset: Int) -> Int {
        var lo = 0, hi = breaks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if breaks[mid].offset < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
