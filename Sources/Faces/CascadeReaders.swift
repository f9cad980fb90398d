import BufferText
import CFacesLoader

/// Whether the plug-in's own cascade reader and OpenCV's FileStorage read a cascade file the
/// same, bit for bit, or refuse it for the same reason (`sc_faces_cascade_readers_agree`): for
/// the tests of the reader that replaced FileStorage on the detector's path.
enum CascadeReaders {
    enum Outcome: Equatable {
        /// The same cascade (or the same refusal), the own reader having read the file.
        case agreeByOwnReader
        /// The same, the own reader having handed the file, outside its subset, to FileStorage.
        case agreeByFileStorage
        /// Refused by the own reader as broken XML, with its reason (FileStorage not asked).
        case malformed(String)
        case differ(String)
    }

    static func compare(at path: String) throws -> Outcome {
        var message = [CChar](repeating: 0, count: 512)
        guard let plugin = sc_faces_plugin_load(&message, message.count) else { throw FacesError.plugin(message.stringBeforeNUL) }
        switch plugin.pointee.cascade_readers_agree(path, &message, message.count) {
        case 0: return .agreeByOwnReader
        case 2: return .agreeByFileStorage
        case 3: return .malformed(message.stringBeforeNUL)
        case 1: return .differ(message.stringBeforeNUL)
        default: throw FacesError.detection(message.stringBeforeNUL)
        }
    }
}
