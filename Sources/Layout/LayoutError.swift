/// Errors from building layout values; each names the argument and what was expected.
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidArgument(String)

    public var description: String {
        switch self {
        case .invalidArgument(let message): return message
        }
    }
}
