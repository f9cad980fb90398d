import BufferText
import CICU

/// Formats instants in a locale's long date style (and short time style) with ICU, in a
/// fixed UTC offset. Every failure is a thrown error, never a trap: this is the only date
/// formatting that untrusted locales reach.
public struct LocalizedDateFormat: Hashable, Sendable {
    public let locale: CanonicalLocale
    /// Seconds east of UTC that dates are shown in (-18 h...18 h).
    public let utcOffsetSeconds: Int
    /// Whether the time of day follows the date.
    public let showsTime: Bool

    public init(locale: CanonicalLocale, utcOffsetSeconds: Int, showsTime: Bool) throws(UnicodeTextError) {
        guard (-18 * 3600...18 * 3600).contains(utcOffsetSeconds) else {
            throw .invalidArgument("UTC offset of \(utcOffsetSeconds) s is outside -18:00...+18:00")
        }
        self.locale = locale
        self.utcOffsetSeconds = utcOffsetSeconds
        self.showsTime = showsTime
    }

    /// One instant, such as "June 1, 2024" or "June 1, 2024 at 6:30 PM".
    public func string(millisecondsSince1970 instant: Double) throws(UnicodeTextError) -> String {
        try format { out, capacity, message, messageSize in
            sc_icu_format_date(locale.formattingIdentifier, instant, Int32(utcOffsetSeconds), showsTime ? 1 : 0,
                               out, capacity, message, messageSize)
        }
    }

    /// A range with the shared fields written once, such as "June 1 – 3, 2024", with each
    /// date's own part in a first-strong isolate (`isolatingEnds`).
    public func string(millisecondsSince1970 start: Double, to end: Double) throws(UnicodeTextError) -> String {
        var ends: [Int32] = [-1, -1, -1, -1]
        let units = try formatUnits { out, capacity, message, messageSize in
            ends.withUnsafeMutableBufferPointer { e in
                sc_icu_format_date_interval(locale.formattingIdentifier, start, end, Int32(utcOffsetSeconds), showsTime ? 1 : 0,
                                            out, capacity, e.baseAddress!, message, messageSize)
            }
        }
        var spans: [Range<Int>] = []
        for pair in [0, 2] {
            let begin = Int(ends[pair]), end = Int(ends[pair + 1])
            if begin >= 0, begin <= end, end <= units.count { spans.append(begin..<end) }
        }
        return String(utf16Units: LocalizedDateFormat.isolatingEnds(units, spans: spans)[...])
    }

    /// `units` with each of `spans` (a range's start and end, ascending and apart) wrapped in
    /// U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, so that bidi reordering never
    /// joins one date's runs to the other's: in Urdu, "1 جون، 2025 کو 6:30 PM – 2 جون، 2025 کو 9:00
    /// PM" read "PM – 2" as one left-to-right run and set the end's day beside the start's time.
    /// The whole range is then one isolate of the direction ICU's text had (U+2067 RIGHT-TO-LEFT
    /// or U+2066 LEFT-TO-RIGHT ISOLATE … U+2069), so that it keeps its order wherever it is put:
    /// after a Latin title in a share text read left to right, its start still reads right of its
    /// end. A range bidi leaves in logical order (every level 0: no right-to-left letter or
    /// Arabic digit) is returned as ICU wrote it, since isolates would change nothing there; so
    /// are spans out of order, overlapping or out of bounds.
    static func isolatingEnds(_ units: [UInt16], spans: [Range<Int>]) -> [UInt16] {
        guard !spans.isEmpty, spans.allSatisfy({ $0.upperBound <= units.count }),
              zip(spans, spans.dropFirst()).allSatisfy({ $0.upperBound <= $1.lowerBound }),
              spans.contains(where: { !$0.isEmpty }),
              let plain = try? BidiParagraph(utf16: units), plain.scalarLevels.contains(where: { $0 != 0 }) else { return units }
        var isolated: [UInt16] = [plain.direction == .rightToLeft ? 0x2067 : 0x2066]
        isolated.reserveCapacity(units.count + 2 * spans.count + 2)
        var next = 0
        for span in spans where !span.isEmpty {
            isolated += units[next..<span.lowerBound]
            isolated.append(0x2068)
            isolated += units[span]
            isolated.append(0x2069)
            next = span.upperBound
        }
        isolated += units[next...]
        isolated.append(0x2069)
        return isolated
    }

    /// Calls an ICU formatting function with a UTF-16 buffer, growing it once when too small.
    private func format(_ call: (UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<CChar>, Int) -> Int32) throws(UnicodeTextError) -> String {
        String(decoding: try formatUnits(call), as: UTF16.self)
    }

    /// The UTF-16 text an ICU formatting function writes, growing the buffer once when too small.
    private func formatUnits(_ call: (UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<CChar>, Int) -> Int32) throws(UnicodeTextError) -> [UInt16] {
        for capacity in [256, 4096] {
            var out = [UInt16](repeating: 0, count: capacity)
            var message = [CChar](repeating: 0, count: 1024)
            let length = out.withUnsafeMutableBufferPointer { o in
                message.withUnsafeMutableBufferPointer { m in call(o.baseAddress!, Int32(capacity), m.baseAddress!, m.count) }
            }
            if length >= 0, Int(length) <= capacity {
                return Array(out[..<Int(length)])
            }
            guard length == SC_ICU_ERROR_CAPACITY else {
                throw .icu("formatting a date for \(locale.tag): \(message.stringBeforeNUL)")
            }
        }
        throw .icu("formatting a date for \(locale.tag): text longer than 4096 UTF-16 code units")
    }
}

extension LocalizedDateFormat {
    /// Why dates could not be formatted in this process, or nil: ICU's formatting library is
    /// opened on the first date or locale keyword, and this opens it now (for a server, which
    /// would rather not start than fail every dated card). The message names the file tried
    /// and the Debian package.
    public static func libraryProblem() -> String? {
        var message = [CChar](repeating: 0, count: 1024)
        guard sc_icu_i18n_open(&message, message.count) != 0 else { return nil }
        return message.stringBeforeNUL
    }
}
