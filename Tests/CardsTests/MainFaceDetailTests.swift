@testable import Cards
import Foundation
import Geometry
import Photos
import Raster
import XCTest

/// A `portrait` circle is a head and shoulders cut from the photo: a small face in a large
/// JPEG, decoded reduced for the card's size, would be enlarged into it. The photo is then
/// decoded again, as little reduced as the crop needs, and the faces carried over.
final class MainFaceDetailTests: XCTestCase {
    /// 2400×1600; the face about 280 px (the detector on the whole decode: x 961, y 238,
    /// 280×279), so its crop is ~670 px of the file and ~336 px of the card's 1200×800 decode.
    static let smallFace = EventPhotoCardTests.fixtures.appendingPathComponent("astronaut-small-face.jpg")

    func photo(template: String, size: String = "card") throws -> (EventPhoto, Card) {
        var card = try Card(Event(title: "Eileen's first flight", template: template), catalog: CardGoldenTests.catalog.get(),
                            size: CardSize(parsing: size))
        let photo = try EventPhoto(data: Array(Data(contentsOf: Self.smallFace)), template: card.template, size: card.canvasSize, scale: 1)
        card.photo = photo
        return (photo, card)
    }

    func assertTheFace(_ photo: EventPhoto, file: StaticString = #filePath, line: UInt = #line) throws {
        let face = try XCTUnwrap(photo.faces.first, "the face is found", file: file, line: line)
        XCTAssertEqual(photo.faces.count, 1, file: file, line: line)
        // In the decoded pixels: the file's box scaled by the decode's reduction.
        let k = Double(photo.photo.image.width) / 2400
        XCTAssertEqual(face.midX, (961 + 140) * k, accuracy: 16 * k, file: file, line: line)
        XCTAssertEqual(face.midY, (238 + 139.5) * k, accuracy: 16 * k, file: file, line: line)
        XCTAssertEqual(face.width, 280 * k, accuracy: 32 * k, file: file, line: line)
    }

    func testPortraitDecodesTheFileWholeForASmallFace() throws {
        let (photo, _) = try photo(template: "portrait")
        // 1200×800 would do for the card (both sides at least 1024×576); the crop needs 576.
        XCTAssertEqual([photo.photo.image.width, photo.photo.image.height], [2400, 1600])
        try assertTheFace(photo)
    }

    func testTheWholePhotoKeepsTheCardsDecode() throws {
        let (photo, _) = try photo(template: "photo")
        XCTAssertEqual([photo.photo.image.width, photo.photo.image.height], [1200, 800])
        try assertTheFace(photo)
    }

    /// Only as much less reduced as the crop needs: for a 160-pixel canvas the first decode is
    /// 1/8 (300×200, a crop of ~84 px), and 2/8 (600×400, ~168 px) gives the crop its 160.
    func testTheSecondDecodeIsNoLargerThanTheCropNeeds() throws {
        let photo = try EventPhoto(data: Array(Data(contentsOf: Self.smallFace)), canvas: Size(width: 160, height: 160), scale: 1,
                                   cropsToMainFace: true)
        XCTAssertEqual([photo.photo.image.width, photo.photo.image.height], [600, 400])
        try assertTheFace(photo)
    }

    /// No second decode when the first one's crop has the pixels: for an 80-pixel canvas the
    /// 1/8 decode (300×200) gives a crop of ~84 px.
    func testNoSecondDecodeWhenTheCropHasItsPixels() throws {
        let data = Array(try Data(contentsOf: Self.smallFace))
        let first = try Photo(data: data, targetWidth: 80, targetHeight: 80, limits: .photo)
        XCTAssertEqual([first.image.width, first.image.height], [300, 200])
        let faces = try EventPhoto(data: data, canvas: Size(width: 80, height: 80), scale: 1).faces
        XCTAssertEqual(faces.count, 1)
        XCTAssertNil(EventPhoto.targetForMainFace(first, faces: faces, target: (80, 80)))
        XCTAssertNotNil(EventPhoto.targetForMainFace(first, faces: faces, target: (100, 100)))
        let photo = try EventPhoto(data: data, canvas: Size(width: 80, height: 80), scale: 1, cropsToMainFace: true)
        XCTAssertEqual([photo.photo.image.width, photo.photo.image.height], [300, 200])
    }

    /// The first decode may be well over its target (the decoder's steps are halvings): the
    /// second is sized from what was decoded, not from the target. A 16:9 canvas of 320×180
    /// gets the 1/4 decode (600×400, a crop of ~168 px, short of 180); enlarging the target
    /// (320×180) by 180/168 would ask for no more than 600×400 has, and change nothing.
    func testTheSecondDecodeIsSizedFromTheFirst() throws {
        let photo = try EventPhoto(data: Array(Data(contentsOf: Self.smallFace)), canvas: Size(width: 320, height: 180), scale: 1,
                                   cropsToMainFace: true)
        XCTAssertEqual([photo.photo.image.width, photo.photo.image.height], [1200, 800])
        try assertTheFace(photo)
    }

    /// What the second decode is for: the circle keeps the file's detail. Mean absolute
    /// Laplacian of the grey value inside the circle, against the same card drawn from the
    /// card-sized decode.
    func testTheCircleIsSharperThanFromTheCardSizedDecode() throws {
        let (sharp, card) = try photo(template: "portrait")
        var reducedCard = card
        reducedCard.photo = try EventPhoto(data: Array(Data(contentsOf: Self.smallFace)), canvas: card.canvasSize, scale: 1)
        XCTAssertEqual(reducedCard.photo?.photo.image.width, 1200)
        XCTAssertEqual(sharp.photo.image.width, 2400)
        let renderer = try CardGoldenTests.renderer.get()
        let resolved = try renderer.resolve(card.event, template: card.template, color: card.color, size: card.canvasSize)
        let circle = try XCTUnwrap(resolved.scene.placedElements.first { $0.kind == "image" }).frame
        let inner = Rect(x: circle[0], y: circle[1], width: circle[2], height: circle[3]).insetBy(dx: circle[2] * 0.2, dy: circle[3] * 0.2)
        let detail = try renderer.render(card).canvas.makeImage().meanAbsoluteLaplacian(in: inner)
        let enlarged = try renderer.render(reducedCard).canvas.makeImage().meanAbsoluteLaplacian(in: inner)
        XCTAssertGreaterThan(detail, enlarged * 1.3, "circle detail \(detail) against \(enlarged) from the reduced decode")
    }
}

extension Image {
    /// The mean of |4p − (left + right + up + down)| of the grey value (R + 2G + B) / 4, over the
    /// whole pixels inside `rect`.
    func meanAbsoluteLaplacian(in rect: Rect) -> Double {
        func grey(_ x: Int, _ y: Int) -> Int {
            let p = pixel(x: x, y: y)
            return (Int((p >> 16) & 0xff) + 2 * Int((p >> 8) & 0xff) + Int(p & 0xff)) / 4
        }
        let x0 = max(1, Int(rect.minX.rounded(.up))), x1 = min(width - 1, Int(rect.maxX))
        let y0 = max(1, Int(rect.minY.rounded(.up))), y1 = min(height - 1, Int(rect.maxY))
        var sum = 0, count = 0
        for y in y0..<y1 {
            for x in x0..<x1 {
                sum += abs(4 * grey(x, y) - grey(x - 1, y) - grey(x + 1, y) - grey(x, y - 1) - grey(x, y + 1))
                count += 1
            }
        }
        return count == 0 ? 0 : Double(sum) / Double(count)
    }
}
