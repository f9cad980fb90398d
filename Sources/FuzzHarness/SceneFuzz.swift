import Foundation
import Scene

/// A scene file: parsed, with images read relative to the scene test cases (so seeds can name
/// `images/…`), and rendered when its canvas is at most `maximumRenderedPixels` device pixels,
/// which keeps the fuzzer fast; larger canvases are parsed only.
enum SceneFuzz {
    static let maximumRenderedPixels = 1 << 20
    static let baseDirectory = FuzzResources.root.appendingPathComponent("Tests/SceneTests/Cases")

    static func run(_ input: [UInt8]) {
        var parser = SceneParser(baseDirectory: baseDirectory)
        guard let scene = try? parser.parse(Data(input)) else { return }
        let pixels = (scene.size.width * scene.scale).rounded() * (scene.size.height * scene.scale).rounded()
        guard pixels <= Double(maximumRenderedPixels) else { return }
        _ = try? scene.render()
    }
}
