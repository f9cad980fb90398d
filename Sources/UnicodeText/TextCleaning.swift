/// What a title is cleaned to before it is typeset: characters that would draw as boxes or
/// shift the text off centre are removed, the rest is left exactly as typed.
///
/// The rule, in order:
/// 1. A tab (U+0009) becomes a space.
/// 2. Every other control character (General_Category Cc: U+0000…U+001F, U+007F…U+009F) is
///    removed, except the hard line breaks: LF, VT, FF, CR, U+001C…U+001E and NEL (U+0085),
///    which stay, as do U+2028 and U+2029. So are the 66 noncharacters (U+FDD0…U+FDEF and the
///    last two code points of each plane, U+FFFE, U+FFFF, U+1FFFE…): reserved for a program's
///    own use, no font draws them. (Private-use characters stay: a font may.)
/// 3. Each paragraph (the text between hard breaks; CR LF counts as one break) loses its
///    leading and trailing white space (whole characters that are white space: spaces,
///    no-break spaces, ideographic spaces, and a combining mark on one of them).
/// 4. Empty paragraphs at the start and at the end are dropped with their breaks; empty
///    paragraphs between others stay (a deliberate blank line).
///
/// Format characters (ZWJ, ZWNJ, variation selectors, bidi marks) are not controls and stay.
public enum TextCleaning {
    /// `text` cleaned by the rule above.
    public static func cleaned(_ text: String) -> String {
        // Printable ASCII with no space at either end (most titles) has nothing the rule
        // changes: no control, break or noncharacter, and no white space to trim but spaces.
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }), text.utf8.first != 0x20, text.utf8.last != 0x20 { return text }
        var paragraphs: [(body: [Unicode.Scalar], separator: [Unicode.Scalar])] = []
        var body: [Unicode.Scalar] = []
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if isHardBreak(scalar) {
                var separator = [scalar]
                if scalar == "\r", scalars.first == "\n" { separator.append(scalars.removeFirst()) }
                paragraphs.append((trimmed(body), separator))
                body = []
            } else if scalar == "\t" {
                body.append(" ")
            } else if scalar.properties.generalCategory != .control, !isNoncharacter(scalar) {
                body.append(scalar)
            }
        }
        paragraphs.append((trimmed(body), []))
        while let first = paragraphs.first, first.body.isEmpty, paragraphs.count > 1 { paragraphs.removeFirst() }
        while let last = paragraphs.last, last.body.isEmpty, paragraphs.count > 1 { paragraphs.removeLast() }
        var result = String.UnicodeScalarView()
        for (index, paragraph) in paragraphs.enumerated() {
            appendScalars(paragraph.body, to: &result)
            if index < paragraphs.count - 1 { appendScalars(paragraph.separator, to: &result) }
        }
        return String(result)
    }

    /// Whether `text` is already clean (cleaning it changes nothing).
    public static func isClean(_ text: String) -> Bool { cleaned(text) == text }

    /// U+FDD0…U+FDEF and the last two code points of each plane, by their values: the
    /// property lookup cost a short Latin title 20,000 instructions.
    static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    static func isHardBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x1C...0x1E, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// One scalar at a time: `append(contentsOf:)` and the view's initialiser from a sequence
    /// resolve the sequence's associated types at run time on first use (0.3 million
    /// instructions, most of cleaning a title).
    private static func appendScalars(_ scalars: [Unicode.Scalar], to view: inout String.UnicodeScalarView) {
        for scalar in scalars { view.append(scalar) }
    }

    /// Whole grapheme clusters are trimmed: a combining mark after a space goes with it.
    private static func trimmed(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var view = String.UnicodeScalarView()
        appendScalars(scalars, to: &view)
        var text = String(view)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return Array(text.unicodeScalars)
    }
}
