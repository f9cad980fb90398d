/// Errors from the Unicode text stages; each message names the problem.
public enum UnicodeTextError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidArgument(String)
    /// The text has more UTF-16 code units than the C libraries can index (`Int32`).
    case textTooLong(utf16Count: Int)
    case icu(String)
    case fribidi(String)

    public var description: String {
        switch self {
        case .invalidArgument(let m): return m
        case .textTooLong(let n): return "text of \(n) UTF-16 code units is longer than \(UTF16Text.maximumCount)"
        case .icu(let m): return "ICU: \(m)"
        case .fribidi(let m): return "FriBiDi: \(m)"
        }
    }
}
