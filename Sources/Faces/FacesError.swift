/// Errors from face detection; each message names the problem.
public enum FacesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No cascade file was found, or it could not be loaded.
    case cascade(String)
    case invalidSettings(String)
    case detection(String)

    public var description: String {
        switch self {
        case .cascade(let m): return "face cascade: \(m)"
        case .invalidSettings(let m): return "face detector settings: \(m)"
        case .detection(let m): return "face detection failed: \(m)"
        }
    }
}
