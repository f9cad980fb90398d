import Foundation

/// The trained cascades Debian's `opencv-data` installs, found by path.
public enum FaceCascade: String, CaseIterable, Sendable {
    case haarDefault = "haarcascades/haarcascade_frontalface_default.xml"
    case haarAlt = "haarcascades/haarcascade_frontalface_alt.xml"
    case haarAlt2 = "haarcascades/haarcascade_frontalface_alt2.xml"
    case lbp = "lbpcascades/lbpcascade_frontalface.xml"
    case lbpImproved = "lbpcascades/lbpcascade_frontalface_improved.xml"
    /// Faces turned to the viewer's left; searched in the mirror image too for the other side.
    case haarProfile = "haarcascades/haarcascade_profileface.xml"

    /// Where `opencv-data` puts the cascades (OpenCV 4, then 3).
    public static let searchDirectories = ["/usr/share/opencv4", "/usr/share/opencv"]

    /// The cascade's file in the first of `directories` that has it, or nil.
    public func path(in directories: [String] = FaceCascade.searchDirectories) -> String? {
        for directory in directories {
            let path = directory + "/" + rawValue
            if FileManager.default.isReadableFile(atPath: path) { return path }
        }
        return nil
    }
}
