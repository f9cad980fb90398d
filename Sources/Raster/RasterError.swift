/// Errors from the raster engine; each message names the problem.
public enum RasterError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidArgument(String)
    case imageTooLarge(String)
    case pngDecoding(String)
    case pngEncoding(String)
    /// A JPEG or WebP encoder failed; the message names the format.
    case imageEncoding(String)
    case freeType(String)

    public var description: String {
        switch self {
        case .invalidArgument(let m): return m
        case .imageTooLarge(let m): return m
        case .pngDecoding(let m): return "cannot read PNG: \(m)"
        case .pngEncoding(let m): return "cannot write PNG: \(m)"
        case .imageEncoding(let m): return "cannot write image: \(m)"
        case .freeType(let m): return "FreeType: \(m)"
        }
    }
}
