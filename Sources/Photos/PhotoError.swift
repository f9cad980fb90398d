/// Why a photo could not be used; each message names the problem.
public enum PhotoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Over a byte or pixel limit, refused before decoding.
    case tooLarge(String)
    /// Not an image format sharecard reads (a text file named `.jpg`, a GIF, HEIC…).
    case unsupportedFormat(String)
    /// Truncated or malformed data.
    case corrupt(String)

    /// The problem alone, without the words saying it was a photo (for images that are not).
    public var reason: String {
        switch self {
        case .tooLarge(let m), .unsupportedFormat(let m), .corrupt(let m): return m
        }
    }

    public var description: String {
        switch self {
        case .tooLarge(let m): return "photo too large: \(m)"
        case .unsupportedFormat(let m): return "unsupported photo: \(m)"
        case .corrupt(let m): return "cannot read photo: \(m)"
        }
    }
}
