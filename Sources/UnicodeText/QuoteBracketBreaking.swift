import CICU

/// Unicode 15.1's line breaking around quotation marks, where ICU 72 applies Unicode 15.0's.
///
/// Unicode 15.0's LB15 (`QU SP* × OP`) kept a quotation mark, the spaces after it and an
/// opening bracket together, so `“congratulations” (and cried)` could not break before the
/// parenthesis: the word was hyphenated or the title shrunk to keep `” (and` on one line.
/// Unicode 15.1 (UAX #14 revision 51, proposal L2/23-063) replaced the rule by LB15a–d: only an
/// *initial* quotation mark at the start of a quotation (after the start of the text, a
/// space, an opening bracket, another quote, a no-break glue or a hard break) keeps the
/// spaces after it with what follows. So a break after the spaces is allowed again wherever
/// the quote before them is a closing one (`”`, `»`), or a quote of neither kind (`"`),
/// or an initial quote that does not start a quotation (German `„Hallo“ (und)`).
extension LineBreaks {
    /// These breaks with one added before each opening bracket that follows spaces after a
    /// quotation mark, unless LB15a keeps them together (`units`: the text they were found in).
    public func breakingBeforeBracketsAfterQuotes(in units: [UInt16]) -> LineBreaks {
        precondition(units.count == utf16Count, "the breaks of another text")
        var added: [Int] = []
        var offset = 1
        while offset < units.count {
            defer { offset += 1 }
            guard units[offset - 1] == 0x20, let open = UTF16Text.scalar(startingAt: offset, in: units),
                  QuoteBracketBreaking.lineBreakClass(open) == Int32(SC_ICU_LB_OPEN) else { continue }
            var spaces = offset - 1
            while spaces > 0, units[spaces - 1] == 0x20 { spaces -= 1 }
            guard spaces > 0, let quote = UTF16Text.scalar(endingAt: spaces, in: units),
                  QuoteBracketBreaking.lineBreakClass(quote) == Int32(SC_ICU_LB_QUOTATION),
                  !QuoteBracketBreaking.startsQuotation(quote, at: spaces - quote.utf16.count, in: units) else { continue }
            added.append(offset)
        }
        guard !added.isEmpty else { return self }
        var merged: [LineBreak] = []
        merged.reserveCapacity(breaks.count + added.count)
        var next = added.makeIterator(), pending = next.next()
        for b in breaks {
            while let p = pending, p <= b.offset {
                if p < b.offset { merged.append(LineBreak(offset: p, isMandatory: false)) }
                pending = next.next()
            }
            merged.append(b)
        }
        return LineBreaks(utf16Count: utf16Count, breaks: merged)
    }
}

enum QuoteBracketBreaking {
    static func lineBreakClass(_ scalar: Unicode.Scalar) -> Int32 { sc_icu_line_break_class(scalar.value) }

    /// LB15a: an initial quotation mark (Pi) at the start of the text or after a hard break,
    /// an opening bracket, a quotation mark, a no-break glue, a space or a zero-width space.
    static func startsQuotation(_ quote: Unicode.Scalar, at start: Int, in units: [UInt16]) -> Bool {
        guard quote.properties.generalCategory == .initialPunctuation else { return false }
        guard start > 0, let before = UTF16Text.scalar(endingAt: start, in: units) else { return true }
        switch lineBreakClass(before) {
        case Int32(SC_ICU_LB_HARD), Int32(SC_ICU_LB_OPEN), Int32(SC_ICU_LB_QUOTATION), Int32(SC_ICU_LB_GLUE),
             Int32(SC_ICU_LB_SPACE), Int32(SC_ICU_LB_ZW_SPACE): return true
        default: return false
        }
    }
}
