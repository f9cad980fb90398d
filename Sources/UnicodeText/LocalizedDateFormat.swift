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

    /// A range with the shared fields written once, such as "June 1 – 3, 2024".
    public func string(millisecondsSince1970 start: Double, to end: Double) throws(UnicodeTextError) -> String {
        try format { out, capacity, message, messageSize in
            sc_icu_format_date_interval(locale.formattingIdentifier, start, end, Int32(utcOffsetSeconds), showsTime ? 1 : 0,
                                        out, capacity, message, messageSize)
        }
    }

    /// Calls an ICU formatting function with a UTF-16 buffer, growing it once when too small.
    private func format(_ call: (UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<CChar>, Int) -> Int32) throws(UnicodeTextError) -> String {
        for capacity in [256, 4096] {
            var out = [UInt16](repeating: 0, count: capacity)
            var message = [CChar](repeating: 0, count: 1024)
            let length = out.withUnsafeMutableBufferPointer { o in
                message.withUnsafeMutableBufferPointer { m in call(o.baseAddress!, Int32(capacity), m.baseAddress!, m.count) }
            }
            if length >= 0, Int(length) <= capacity {
                return String(decoding: out[..<Int(length)], as: UTF16.self)
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
