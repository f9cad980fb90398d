/// Fullwidth CJK punctuation set side by side as CSS `text-spacing-trim: normal` sets it
/// (css-text-4, "Fullwidth Punctuation Collapsing"; Chromium's default since version 123).
///
/// A fullwidth bracket, comma or full stop sits on a full em with half of it blank, so where
/// two meet ("」「", "。」", "（「") a blank em opens between them. Where they are adjacent one
/// blank half is given back, with the face's `halt` alternate (a GPOS adjustment of that one
/// glyph), for characters A B in logical order:
///
/// - B is halved when it opens and A opens, is a middle dot or ideographic space, closes, or is
///   a narrow opening mark ("（「", "・「", "」「", "(「");
/// - A is halved when it closes and B closes, is a middle dot, or is a narrow closing mark
///   ("」」", "。」", "」、", "」)").
///
/// The classes are css-text-4's "Text Spacing Character Classes" as Chromium resolves them:
/// opening and closing are the `Ps` and `Pe` characters of the CJK Symbols and Punctuation
/// block and of the fullwidth forms; other `Ps` and `Pe` characters ("(", "[", "｢") are narrow.
/// The ideographic comma and full stop, the fullwidth comma, full stop, colon and semicolon
/// take their class from the glyph that draws them: closing where its ink sits in the left
/// half of its advance (Japanese and Simplified Chinese forms), a middle dot where it is
/// centred (Traditional Chinese). Quotation marks ‘“ ’” open and close when the face draws
/// them on a full em, and are narrow otherwise.
///
/// Only a glyph a full em wide, in a face with `halt`, is halved; a run whose author chose its
/// own spacing features (`halt`, `palt`, `chws`, the width variants) is left as set. The rules
/// read the text in logical order whatever its direction, as Chromium's do: in a right-to-left
/// run a bracket is drawn mirrored, so the half its `halt` removes is the blank that faces the
/// character before it in reading order, as in a left-to-right one. Pairs do not span a hard
/// break. An opening mark halved for the character before it is set full again when a line
/// starts with it: `text-spacing-trim: normal` trims at no line start
/// (`Paragraph.lineStartWidths`). A closing bracket or quotation mark that
/// ends a line is halved when the line would not fit otherwise (`normal`'s `allow-end`;
/// `Paragraph.lineEndHalving`); as in Chromium, a comma or full stop is not.
struct PunctuationSpacing: Sendable {
    /// The offsets of the characters set with `halt`, ascending.
    let halved: [Int]
    /// Of `halved`, the opening marks halved for the character before them, ascending.
    let halvedForPrevious: [Int]
    /// The closing brackets and quotation marks not in `halved` that a line ending with them
    /// may halve to fit, ascending.
    let halvableAtLineEnd: [Int]

    static let none = PunctuationSpacing(halved: [], halvedForPrevious: [], halvableAtLineEnd: [])

    enum SpacingClass: Equatable {
        case other, open, close, middle, openNarrow, closeNarrow
    }

    /// Author features that set the spacing of fullwidth punctuation themselves.
    static let exclusiveFeatures: Set<String> = ["halt", "palt", "chws", "vhal", "vpal", "vchw", "fwid", "hwid", "pwid",
                                                 "twid", "qwid"]

    /// Whether `units` holds a character that could ever be halved: most titles are passed over
    /// by this scan alone.
    static func mayApply(_ units: [UInt16]) -> Bool { units.contains(where: dependsOnGlyph) }

    /// The characters of `units` to halve, given the paragraph's hard-break `blocks` and its
    /// shaped items: `glyph` gives the face, glyph and advance (font units) of the single glyph
    /// that draws the character at an offset (nil where none or several do), and `optsOut`
    /// whether its run set spacing features of its own.
    init(units: [UInt16], blocks: [Range<Int>],
         glyph: (Int) -> (face: FontFace, glyphID: UInt32, advance: Int32)?,
         optsOut: (Int) -> Bool) {
        var halved: Set<Int> = [], forPrevious: Set<Int> = [], atLineEnd: [Int] = []
        for block in blocks {
            var previous: (offset: Int, spacing: SpacingClass)?
            for offset in block {
                let unit = units[offset]
                guard let scalar = Unicode.Scalar(unit) else {
                    previous = nil  // a surrogate: the scalar it belongs to is "other"
                    continue
                }
                let drawn = PunctuationSpacing.dependsOnGlyph(unit) ? glyph(offset) : nil
                let spacing = PunctuationSpacing.spacingClass(of: scalar, drawnBy: drawn)
                if let p = previous {
                    if spacing == .open, [.open, .middle, .close, .openNarrow].contains(p.spacing),
                       PunctuationSpacing.canHalve(drawn, optsOut: optsOut(offset)) {
                        halved.insert(offset)
                        forPrevious.insert(offset)
                    }
                    if p.spacing == .close, [.close, .middle, .closeNarrow].contains(spacing),
                       PunctuationSpacing.canHalve(glyph(p.offset), optsOut: optsOut(p.offset)) {
                        halved.insert(p.offset)
                    }
                }
                if spacing == .close, scalar.properties.generalCategory != .otherPunctuation,
                   PunctuationSpacing.canHalve(drawn, optsOut: optsOut(offset)) {
                    atLineEnd.append(offset)
                }
                previous = (offset, spacing)
            }
        }
        self.halved = halved.sorted()
        halvedForPrevious = forPrevious.sorted()
        halvableAtLineEnd = atLineEnd.filter { !halved.contains($0) }
    }

    private init(halved: [Int], halvedForPrevious: [Int], halvableAtLineEnd: [Int]) {
        self.halved = halved
        self.halvedForPrevious = halvedForPrevious
        self.halvableAtLineEnd = halvableAtLineEnd
    }

    /// Whether the class of `unit`, or whether it can be halved, depends on the glyph drawing it.
    static func dependsOnGlyph(_ unit: UInt16) -> Bool {
        (0x2018...0x201D).contains(unit) || (0x3001...0x303F).contains(unit) || (0xFF01...0xFF60).contains(unit)
            || (0xFFE0...0xFFE6).contains(unit)
    }

    private static func canHalve(_ drawn: (face: FontFace, glyphID: UInt32, advance: Int32)?,
                                 optsOut: Bool) -> Bool {
        guard let drawn, !optsOut, drawn.face.hasHalfWidthAlternates else { return false }
        return Int(drawn.advance) == drawn.face.unitsPerEm
    }

    /// The spacing class of `scalar`, given the glyph that draws it where a single one does.
    static func spacingClass(of scalar: Unicode.Scalar, drawnBy drawn: (face: FontFace, glyphID: UInt32, advance: Int32)?) -> SpacingClass {
        switch scalar.value {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B:
            guard let drawn else { return .other }
            return inkSide(drawn) ?? .other
        case 0x2018, 0x201C, 0x2019, 0x201D:
            let opens = scalar.value == 0x2018 || scalar.value == 0x201C
            let fullwidth = drawn.map { Int($0.advance) == $0.face.unitsPerEm && inkSide($0) == (opens ? .open : .close) } ?? false
            return fullwidth ? (opens ? .open : .close) : (opens ? .openNarrow : .closeNarrow)
        case 0x3000, 0x30FB, 0x00B7, 0x2027:
            return .middle
        default:
            let isFullwidth = (0x3000...0x303F).contains(scalar.value) || (0xFF01...0xFF60).contains(scalar.value)
                || (0xFFE0...0xFFE6).contains(scalar.value)
            switch scalar.properties.generalCategory {
            case .openPunctuation: return isFullwidth ? .open : .openNarrow
            case .closePunctuation: return isFullwidth ? .close : .closeNarrow
            default: return .other
            }
        }
    }

    /// Where a glyph's ink sits in its advance: `.close` in the left half, `.open` in the right
    /// half, `.middle` across the centre; nil without ink.
    private static func inkSide(_ drawn: (face: FontFace, glyphID: UInt32, advance: Int32)) -> SpacingClass? {
        guard let ink = drawn.face.inkSpan(of: drawn.glyphID) else { return nil }
        let half = Double(drawn.advance) / 2
        if Double(ink.right) <= half { return .close }
        if Double(ink.left) >= half { return .open }
        return .middle
    }
}
