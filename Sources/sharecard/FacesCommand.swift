import Faces
import Foundation
import Raster

enum FacesCommand {
    static let spec = CommandSpec(
        name: "faces",
        summary: "Find the faces in a photo and print their boxes.",
        usage: "faces IMAGE [--json]",
        options: [OptionSpec(name: "json", help: "Print {\"width\", \"height\", \"faces\": [{\"x\", \"y\", \"width\", \"height\"}]} as JSON.")],
        positionals: ["IMAGE"],
        minimumPositionals: 1,
        details: "Boxes are in the image's pixels, origin top-left, rounded to whole pixels. '-' reads the image from standard input. The cascades come from Debian's opencv-data (/usr/share/opencv4).")

    struct Report: Encodable {
        struct Box: Encodable {
            let x: Int
            let y: Int
            let width: Int
            let height: Int
        }
        let width: Int
        let height: Int
        let faces: [Box]
    }

    static func run(_ args: ParsedArguments) throws {
        let path = args.positionals[0]
        let image: Image
        do { image = try Image(pngData: Array(try readInput(path))) } catch let e as RasterError {
            throw CommandError("\(path): \(e)")
        }
        let faces = try FaceDetector().faces(in: image)
        let report = Report(width: image.width, height: image.height, faces: faces.map {
            Report.Box(x: Int($0.bounds.minX.rounded()), y: Int($0.bounds.minY.rounded()),
                       width: Int($0.bounds.width.rounded()), height: Int($0.bounds.height.rounded()))
        })
        if args.has("json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        print("\(report.width)×\(report.height), \(report.faces.count) face\(report.faces.count == 1 ? "" : "s")")
        for (i, f) in report.faces.enumerated() {
            print("face \(i + 1): x \(f.x), y \(f.y), \(f.width)×\(f.height)")
        }
    }
}
