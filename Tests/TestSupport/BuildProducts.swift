import Foundation

/// What SwiftPM builds beside the tests: the `sharecard` executable and the face libraries.
public enum BuildProducts {
    /// The products directory: the folder of the `.xctest` bundle the tests run from.
    public static var directory: URL {
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        if let runner = CommandLine.arguments.first(where: { $0.hasSuffix(".xctest") }) {
            return URL(fileURLWithPath: runner).deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
    }
}
