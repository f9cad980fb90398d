import Foundation
import Geometry
import Raster
import Scene

/// A scene file: parsed, with images read relative to the scene test cases (so seeds can name
/// `images/…`), then rendered. Per-pixel work is slow in an instrumented build, so a scene whose
/// canvas would exceed `maximumRenderedPixels` device pixels is rendered at a smaller scale:
/// every element is still drawn, on fewer pixels. A scene that shows the event's photo is also
/// drawn with one, so its framing, face crops and filter lengths in points are reached.
enum SceneFuzz {
    static let maximumRenderedPixels = 1 << 16
    static let baseDirectory = FuzzResources.root.appendingPathComponent("Tests/SceneTests/Cases")
    /// A 48×32 gradient with one face near its right edge.
    static let photo: Image = {
        var pixels = [UInt32](repeating: 0, count: 48 * 32)
        for y in 0..<32 {
            for x in 0..<48 {
                let red = UInt32(x * 5) << 16, green = UInt32(y * 7) << 8
                pixels[y * 48 + x] = 0xFF00_0040 | red | green
            }
        }
        return try! Image(width: 48, height: 32, premultipliedARGB: pixels)
    }()
    static let photoFaces = [Rect(x: 36, y: 6, width: 10, height: 12)]

    static func run(_ input: [UInt8]) {
        var parser = SceneParser(baseDirectory: baseDirectory)
        guard var scene = try? parser.parse(Data(input)) else { return }
        let pixels = scene.size.width * scene.scale * scene.size.height * scene.scale
        if pixels > Double(maximumRenderedPixels) {
            let scale = scene.scale * (Double(maximumRenderedPixels) / pixels).squareRoot()
            scene = Scene(size: scene.size, scale: scale, background: scene.background, elements: scene.elements)
        }
        _ = try? scene.render()
        if scene.showsEventPhoto {
            _ = try? scene.render(SceneBindings(values: SceneBindings.sample.values, colors: SceneBindings.sample.colors,
                                                photo: photo, photoFaces: photoFaces))
        }
    }
}
