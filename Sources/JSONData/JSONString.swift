/// The one way the project writes a JSON string: every JSON it writes (HTTP answers and
/// error bodies, the access log, the batch journal, `measure --json`, `faces --json`, the
/// benchmarks' JSON) quotes its text here.
///
/// RFC 8259 asks for `"`, `\` and U+0000–U+001F to be escaped; U+0008, U+0009, U+000A,
/// U+000C and U+000D get their two-character forms (`\b`, `\t`, `\n`, `\f`, `\r`), the rest
/// `\u00XX` in lower-case hex. Three more classes are escaped, each for a reader other than
/// a JSON parser:
/// - U+007F and U+0080–U+009F (DEL and the C1 controls): with C0 these are every control
///   character (category Cc), so text from a request (a title, a user agent) reaches an
///   access-log line or a terminal as visible `\u009b`, never as a byte a terminal or a log
///   viewer acts on (U+009B is CSI in terminals that take C1 controls encoded in UTF-8).
/// - U+2028 and U+2029: JavaScript before ES2019 ends a string literal at them, so JSON
///   pasted into a script would break.
///
/// Everything else is written as it is, in UTF-8 (RFC 8259 §8.1), `/` included: `\/` only
/// matters inside an HTML `<script>`, and so would `<`, `>` and `&`, which are not escaped
/// either: the project serves JSON as `application/json` and never inlines it into HTML.
/// Lone surrogates cannot occur in a Swift `String`, so every output is valid UTF-8.
public enum JSONString {
    /// `string` as a JSON string literal, quotes included, appended in UTF-8 to `out`.
    /// Runs of text that need no escape (the usual case: all of it) are copied in one piece.
    public static func append(_ string: String, to out: inout [UInt8]) {
        out.append(quote)
        var string = string
        string.withUTF8 { appendEscaped($0, to: &out) }
        out.append(quote)
    }

    /// `string` as a JSON string literal, quotes included.
    public static func literal(_ string: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count + 2)
        append(string, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// The escaped form of valid UTF-8 `bytes`, without quotes. U+0080–U+009F are `C2 80`–`C2 9F`
    /// and U+2028/U+2029 are `E2 80 A8`/`E2 80 A9`: only lead bytes C2 and E2 are looked past.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let count = bytes.count
        var copied = 0
        var i = 0
        while i < count {
            let byte = bytes[i]
            if byte >= 0x20 && byte < 0x7F && byte != quote && byte != backslash { i += 1; continue }
            let scalar: UInt32
            let length: Int
            switch byte {
            case 0x80...:
                if byte == 0xC2, i + 1 < count, bytes[i + 1] < 0xA0 {
                    scalar = UInt32(bytes[i + 1])
                    length = 2
                } else if byte == 0xE2, i + 2 < count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    scalar = 0x2000 | UInt32(bytes[i + 2] - 0x80)
                    length = 3
                } else {
                    i += 1
                    continue
                }
            default:
                scalar = UInt32(byte)
                length = 1
            }
            if copied < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i])) }
            appendEscape(scalar, to: &out)
            i += length
            copied = i
        }
        if copied < count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count])) }
    }

    private static func appendEscape(_ scalar: UInt32, to out: inout [UInt8]) {
        let short: UInt8
        switch scalar {
        case 0x22: short = quote
        case 0x5C: short = backslash
        case 0x08: short = UInt8(ascii: "b")
        case 0x09: short = UInt8(ascii: "t")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0C: short = UInt8(ascii: "f")
        case 0x0D: short = UInt8(ascii: "r")
        default:
            func hex(_ nibble: UInt32) -> UInt8 { nibble < 10 ? 0x30 + UInt8(nibble) : 0x57 + UInt8(nibble) }
            out.append(backslash)
            out.append(UInt8(ascii: "u"))
            out.append(hex(scalar >> 12))
            out.append(hex(scalar >> 8 & 0xF))
            out.append(hex(scalar >> 4 & 0xF))
            out.append(hex(scalar & 0xF))
            return
        }
        out.append(backslash)
        out.append(short)
    }
}
