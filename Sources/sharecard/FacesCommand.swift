import Cards
import Faces
import Foundation
import Geometry
import JSONData
import Photos
import Raster

enum FacesCommand {
    static let spec = CommandSpec(
        name: "faces",
        summary: "Find the faces in a photo (JPEG, PNG, WebP or HEIC) and print their boxes.",
        usage: "faces IMAGE [--frame WxH] [--json]",
        options: [
            OptionSpec(name: "json", help: "Print {\"width\", \"height\", \"faces\": [{\"x\", \"y\", \"width\", \"height\"}]} as JSON."),
            OptionSpec(name: "frame", valueName: "PRESET|WxH", help: "Also print the aspect-fill crop for a box of that size (a preset's name or WxH, as --size reads it) that keeps the faces in, and the edge clear for a title."),
        ],
        positionals: ["IMAGE"],
        minimumPositionals: 1,
        details: "Boxes are in the whole upright image's pixels (EXIF orientation applied), origin top-left, rounded to whole pixels, however small the image was decoded for the search (a large JPEG or WebP is decoded reduced, to no less than four times the detector's working side). '-' reads the image from standard input. The cascades come from Debian's opencv-data (/usr/share/opencv4).")

    struct Report: Encodable {
        struct Box: Encodable {
            let x: Int
            let y: Int
            let width: Int
            let height: Int
        }
        struct Frame: Encodable {
            let crop: Box
            /// "top", "bottom", or null when a title band would cover a face at either edge.
            let clearEdge: String?

            enum CodingKeys: String, CodingKey { case crop, clearEdge }

            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(crop, forKey: .crop)
                try c.encode(clearEdge, forKey: .clearEdge)
            }
        }
        let width: Int
        let height: Int
        let faces: [Box]
        let frame: Frame?
    }

    /// "1024x576" → (1024, 576); each side 1…16384.
    /// `WxH` as `--size` reads it (or a preset's name), with sides of 1 to 16384.
    static func parseSize(_ text: String) throws -> (width: Int, height: Int) {
        if let preset = CardSize.presets.first(where: { $0.name == text }) { return (preset.size.width, preset.size.height) }
        guard let (w, h) = CardSize.sides(text), (1...16_384).contains(w), (1...16_384).contains(h) else {
            throw UsageError(description: "--frame: expected a preset or WxH with whole numbers 1-16384, got '\(escaped: text)'")
        }
        return (w, h)
    }

    static func box(_ r: Rect) -> Report.Box {
        Report.Box(x: Int(r.minX.rounded()), y: Int(r.minY.rounded()), width: Int(r.width.rounded()), height: Int(r.height.rounded()))
    }

    /// A crop in whole pixels of an image `width`×`height`: its origin and size rounded to the
    /// nearest, as `box` does, but at least one pixel each way and inside the image. A very thin
    /// frame (16384×1 of a 225-pixel-wide photo: 0.014 pixels tall) crops one row, not none.
    static func cropBox(_ r: Rect, width: Int, height: Int) -> Report.Box {
        func span(_ origin: Double, _ length: Double, in size: Int) -> (start: Int, length: Int) {
            let length = min(max(1, Int(length.rounded())), size)
            return (min(max(0, Int(origin.rounded())), size - length), length)
        }
        let x = span(r.minX, r.width, in: width), y = span(r.minY, r.height, in: height)
        return Report.Box(x: x.start, y: y.start, width: x.length, height: y.length)
    }

    static func run(_ args: ParsedArguments) throws {
        let target = try args.value("frame").map(parseSize)
        let path = args.positionals[0]
        let settings = FaceDetector.Settings.standard
        let photo: Photo
        // Decoded as a card decodes the event's photo (upright by its EXIF orientation, in sRGB),
        // but only as large as the search needs: a 48 MP JPEG at 2/8 (2016×1512), not whole.
        let data = try PhotoInput.read(path)
        do { photo = try Photo(data: data, longerSideAtLeast: settings.decodeSidePixels, limits: PhotoInput.limits) } catch {
            throw CommandError("\(shown: path): \(error)")
        }
        // Found in the decoded pixels, reported in the whole photo's.
        let faces = try FaceDetector(settings: settings).faces(in: photo.image).map { photo.inSourcePixels($0.bounds) }
        let size = Size(width: Double(photo.sourceWidth), height: Double(photo.sourceHeight))
        let frame = target.map { t -> Report.Frame in
            let framing = Framing(imageSize: size, targetSize: Size(width: Double(t.width), height: Double(t.height)), faces: faces)
            return Report.Frame(crop: cropBox(framing.crop, width: photo.sourceWidth, height: photo.sourceHeight), clearEdge: framing.clearEdge?.rawValue)
        }
        let report = Report(width: photo.sourceWidth, height: photo.sourceHeight, faces: faces.map(box), frame: frame)
        if args.has("json") {
            print(try JSONValueEncoder().encode(report).text(.sortedCompact))
            return
        }
        print("\(report.width)×\(report.height), \(report.faces.count) face\(report.faces.count == 1 ? "" : "s")")
        for (i, f) in report.faces.enumerated() {
            print("face \(i + 1): x \(f.x), y \(f.y), \(f.width)×\(f.height)")
        }
        if let frame {
            let c = frame.crop
            print("crop: x \(c.x), y \(c.y), \(c.width)×\(c.height); title band clear at: \(frame.clearEdge ?? "neither edge")")
        }
    }
}
