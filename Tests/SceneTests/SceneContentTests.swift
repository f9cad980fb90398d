import Geometry
import Raster
@testable import Scene
import XCTest

/// What a resolved scene shows, which picks a JPEG's Huffman tables: a picture when it draws
/// an image element anywhere (inside groups too), grey when every such image is grey.
final class SceneContentTests: XCTestCase {
    func testSceneContentLooksInsideGroups() throws {
        let grey = try Image(width: 2, height: 1, premultipliedARGB: [0xFF80_8080, 0xFF10_1010])
        let colour = try Image(width: 2, height: 1, premultipliedARGB: [0xFF80_8080, 0xFF10_2030])
        func image(_ i: Image) -> ResolvedElement {
            .image(i, frame: .init(x: 0, y: 0, width: 2, height: 1), contentMode: .scaleToFill, clipsToBounds: false, cornerRadius: 0, filters: [])
        }
        func scene(_ elements: [ResolvedElement]) -> ResolvedScene {
            ResolvedScene(size: .init(width: 4, height: 4), scale: 1, background: .solid(.white), elements: elements, glyphCache: nil,
                          emptyFrames: [])
        }
        XCTAssertEqual(scene([]).content, .drawing)
        XCTAssertEqual(scene([image(grey)]).content, .greyPicture)
        XCTAssertEqual(scene([image(grey), .group([image(colour)], clip: nil, filters: [])]).content, .colourPicture)
        XCTAssertEqual(scene([.group([.group([image(grey)], clip: nil, filters: [])], clip: nil, filters: [])]).content, .greyPicture)
    }
}
