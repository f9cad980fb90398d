/// Errors from face detection; each message names the problem.
public enum FacesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No cascade file was found, or it could not be loaded.
    case cascade(String)
    case invalidSettings(String)
    case detection(String)
    /// The OpenCV plug-in (`libsharecard-faces.so`) is missing or cannot be loaded; the
    /// message names each file tried.
    case plugin(String)

    public var description: String {
        switch self {
        case .cascade(let m): return "face cascade: \(m)"
        case .invalidSettings(let m): return "face detector settings: \(m)"
        case .detection(let m): return "face detection failed: \(m)"
        case .plugin(let m): return "the face detector plug-in could not be loaded: \(m)"
        }
    }
}

extension FacesError {
    /// Whether this is `.plugin`: detection is unavailable on this install, whatever the photo.
    public var isMissingPlugin: Bool {
        if case .plugin = self { return true }
        return false
    }
}
