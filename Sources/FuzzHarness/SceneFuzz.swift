import Foundation
import Scene

/// A scene file: parsed, with images read relative to the scene test cases (so seeds can name
/// `images/…`), then rendered. Per-pixel work is slow in an instrumented build, so a scene whose
/// canvas would exceed `maximumRenderedPixels` device pixels is rendered at a smaller scale:
/// every element is still drawn, on fewer pixels.
enum SceneFuzz {
    static let maximumRenderedPixels = 1 << 16
    static let baseDirectory = FuzzResources.root.appendingPathComponent("Tests/SceneTests/Cases")

    static func run(_ input: [UInt8]) {
        var parser = SceneParser(baseDirectory: baseDirectory)
        guard var scene = try? parser.parse(Data(input)) else { return }
        let pixels = scene.size.width * scene.scale * scene.size.height * scene.scale
        if pixels > Double(maximumRenderedPixels) {
            let scale = scene.scale * (Double(maximumRenderedPixels) / pixels).squareRoot()
            scene = Scene(size: scene.size, scale: scale, background: scene.background, elements: scene.elements)
        }
        _ = try? scene.render()
    }
}
