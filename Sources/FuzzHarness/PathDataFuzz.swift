import Geometry
import Raster

/// SVG path data as scene files and templates give it: parsed, then filled (both rules) and
/// stroked on a small canvas, as a `path` element would be drawn.
enum PathDataFuzz {
    static let canvasSize = Size(width: 64, height: 64)

    static func run(_ input: [UInt8]) {
        var reader = FuzzInput(input)
        let join = reader.pick(StrokeStyle.Join.allCases)
        let cap = reader.pick(StrokeStyle.Cap.allCases)
        let width = reader.fraction(in: 0.25...32)
        guard let text = String(validating: reader.rest, as: UTF8.self),
              let path = try? Path(svgPathData: text),
              let canvas = try? Canvas(size: canvasSize),
              let style = try? StrokeStyle(width: width, join: join, cap: cap) else { return }
        canvas.fill(path, with: .solid(.black), rule: .nonZero)
        canvas.fill(path, with: .solid(.black), rule: .evenOdd)
        canvas.stroke(path, with: .solid(.black), style: style)
    }
}
