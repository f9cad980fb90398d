import Cards
import Foundation
import Geometry
import Raster
import Scene
import XCTest

/// The `photo` template with real photos and the faces the detector finds in them: when
/// neither title band is clear of the faces the photo moves aside and the title goes into a
/// band of the palette colour; when one is clear the card keeps its full-bleed photo.
final class PhotoTemplateFallbackTests: XCTestCase {
    static let purple: UInt32 = 0xFF7B_4397

    struct Laid {
        let canvas: Image
        /// Every image element in drawing order, with the faces of the event's photo
        /// where it puts them (each box as the detector gave it, mapped through the crop).
        let images: [(frame: Rect, faces: [Rect])]
        /// The title's lines on the card.
        let lines: [Rect]
    }

    func render(_ url: URL, size preset: String, title: String = "Our first apartment together") throws -> Laid {
        let catalog = try CardGoldenTests.catalog.get()
        var card = try Card(Event(title: title, color: "user_purple", template: "photo"), catalog: catalog, size: CardSize(parsing: preset))
        let photo = try EventPhoto(data: Array(Data(contentsOf: url)), template: card.template, size: card.canvasSize, scale: 1)
        card.photo = photo
        let rendered = try CardGoldenTests.renderer.get().render(card)
        var images: [(frame: Rect, faces: [Rect])] = [], lines: [Rect] = []
        func collect(_ elements: [ResolvedElement]) {
            for element in elements {
                switch element {
                case .image(_, let frame, _, _, _, _):
                    // The crop an aspect fill with faces takes (`Framing`), mapped onto the frame.
                    let crop = Framing(imageSize: photo.photo.image.size, targetSize: frame.size, faces: photo.faces).crop
                    let sx = frame.width / crop.width, sy = frame.height / crop.height
                    images.append((frame, photo.faces.map {
                        Rect(x: frame.minX + ($0.minX - crop.minX) * sx, y: frame.minY + ($0.minY - crop.minY) * sy,
                             width: $0.width * sx, height: $0.height * sy).intersection(frame)
                    }.filter { !$0.isEmpty }))
                case .text(let text) where text.fields.contains(.title): lines += text.lineBounds
                case .group(let children, _, _): collect(children)
                default: continue
                }
            }
        }
        collect(rendered.resolved.scene.elements)
        return Laid(canvas: rendered.canvas.makeImage(), images: images, lines: lines)
    }

    /// obama2.png on the square card: the face fills the frame, so both full-bleed bands lie
    /// over it (the bottom one over the mouth). The photo takes the top 60 % and the title the
    /// palette-coloured band below, where no face can be.
    func testAFaceFillingTheSquareSendsTheTitleIntoTheBandBelowThePhoto() throws {
        let laid = try render(PhotoCardGoldenTests.faceFixtures.appendingPathComponent("obama2.png"), size: "square")
        XCTAssertEqual(laid.images.map(\.frame), [Rect(x: 0, y: 0, width: 1080, height: 1080), Rect(x: 0, y: 0, width: 1080, height: 648)])
        let faces = laid.images[1].faces
        XCTAssertEqual(faces.count, 1)
        XCTAssertFalse(laid.lines.isEmpty)
        for line in laid.lines {
            XCTAssertGreaterThanOrEqual(line.minY, 648, "under the photo")
            for face in faces {
                XCTAssertTrue(line.intersection(face).isEmpty, "line \(line) over face \(face)")
                let hair = Rect(x: face.minX, y: face.minY - 0.3 * face.height, width: face.width, height: face.height * 1.3)
                XCTAssertTrue(line.intersection(hair).isEmpty)
            }
        }
        // The band is the palette colour from edge to edge: the softened photo is covered.
        for (x, y) in [(4, 652), (1075, 652), (4, 1075), (1075, 1075), (540, 660)] {
            XCTAssertEqual(laid.canvas.pixel(x: x, y: y), Self.purple, "(\(x), \(y))")
        }
    }

    /// On the landscape card the photo takes the trailing half and the title the leading one,
    /// mirrored for a right-to-left title.
    func testOnALandscapeCardThePhotoStandsBesideTheTitle() throws {
        let url = PhotoCardGoldenTests.faceFixtures.appendingPathComponent("obama2.png")
        let ltr = try render(url, size: "card")
        XCTAssertEqual(ltr.images.last?.frame, Rect(x: 512, y: 0, width: 512, height: 576))
        XCTAssertTrue(ltr.lines.allSatisfy { $0.maxX <= 512 - 40 }, "\(ltr.lines)")
        XCTAssertEqual(ltr.canvas.pixel(x: 500, y: 4), Self.purple)
        let rtl = try render(url, size: "card", title: "יום הולדת שמח לסבתא רחל")
        XCTAssertEqual(rtl.images.last?.frame, Rect(x: 0, y: 0, width: 512, height: 576))
        XCTAssertTrue(rtl.lines.allSatisfy { $0.minX >= 512 + 40 }, "\(rtl.lines)")
        XCTAssertEqual(rtl.canvas.pixel(x: 524, y: 4), Self.purple)
    }

    /// three-faces.jpg on the square card: the faces are in the top half and the bottom band
    /// is clear, so the photo fills the card and the title stays on it, in the bottom band.
    func testAPhotoWithAClearBandKeepsTheFullBleedLayout() throws {
        let laid = try render(EventPhotoCardTests.fixtures.appendingPathComponent("three-faces.jpg"), size: "square")
        XCTAssertEqual(laid.images.map(\.frame), [Rect(x: 0, y: 0, width: 1080, height: 1080)], "one photo, the whole card")
        XCTAssertEqual(laid.images[0].faces.count, 2, "the square crop keeps two of the three")
        XCTAssertFalse(laid.lines.isEmpty)
        XCTAssertEqual(try XCTUnwrap(laid.lines.map(\.maxY).max()), 1080 - 172.5, accuracy: 30, "resting on the accent bar at the bottom")
        for line in laid.lines {
            for face in laid.images[0].faces { XCTAssertTrue(line.intersection(face).isEmpty, "line \(line) over face \(face)") }
        }
        XCTAssertNotEqual(laid.canvas.pixel(x: 4, y: 1075), Self.purple)
    }
}
