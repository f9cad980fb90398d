import Foundation
import Geometry
import Raster
import UnicodeText

/// Parsing of the drawing vocabulary shared by scene files and card templates.
extension JSONNode {
    /// One of an enumeration's raw values.
    public func enumValue<E: RawRepresentable & CaseIterable>(_: E.Type) throws -> E where E.RawValue == String {
        let text = try string(maximumLength: 32)
        guard let v = E(rawValue: text) else {
            throw fail("expected one of \(E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), got \(QuotedValue.quoted(text))")
        }
        return v
    }

    public func contentMode() throws -> ContentMode { try enumValue(ContentMode.self) }

    /// Refuses a shape whose path or stroke is larger than one outline holds
    /// (`OutlineLimits`); the stroke is measured at `scale`, the largest it is drawn at.
    public func checkOutlineSize(_ path: Path, stroke: StrokeStyle?, scale: Double, meter: StrokeOutlineMeter) throws {
        let points = path.outlinePointCount
        if points > OutlineLimits.maximumPoints {
            throw fail("a path holds at most \(OutlineLimits.maximumPoints) points, this one has \(points)")
        }
        if let stroke, let problem = meter.problem(path, style: stroke, scale: scale) { throw fail(problem) }
    }

    public func fillRule() throws -> FillRule {
        let text = try string(maximumLength: 16)
        guard let rule = FillRule(rawValue: text) else { throw fail("expected \"nonzero\" or \"evenodd\", got \(QuotedValue.quoted(text))") }
        return rule
    }

    /// `{"paint": …, "width": w, "join": …, "cap": …, "miterLimit": m}`.
    public func stroke(paint parsePaint: ((JSONNode) throws -> Paint)? = nil) throws -> (Paint, StrokeStyle) {
        try rejectUnknownKeys(allowed: ["paint", "width", "join", "cap", "miterLimit"])
        let join = try optional("join").map { try $0.enumValue(StrokeStyle.Join.self) } ?? .miter
        let cap = try optional("cap").map { try $0.enumValue(StrokeStyle.Cap.self) } ?? .butt
        let width = try required("width")
        let paintNode = try required("paint")
        let paint = try parsePaint.map { try $0(paintNode) } ?? paintNode.paint()
        do {
            return (paint, try StrokeStyle(width: width.number(in: 0...1e4), join: join, cap: cap,
                                           miterLimit: try optional("miterLimit")?.number(in: 1...100) ?? 4))
        } catch let e as RasterError {
            throw width.fail(e.description)
        }
    }

    /// Filters: `{"hueRotate": degrees}`, `{"straighten": degrees}` (positive clockwise),
    /// `{"ciHueAdjust": radians}`, `{"ciStraighten": radians}` (Core Image's meanings: positive
    /// counter-clockwise),
    /// `{"blur": sigma, "extendEdges": bool}`, `{"dropShadow": {"offset": [dx, dy], "blur": sigma, "color": …}}`.
    public func filters() throws -> [Filter] {
        let names = ["hueRotate", "straighten", "ciHueAdjust", "ciStraighten", "blur", "dropShadow"]
        return try array(maximumCount: 32).map { f in
            // One filter an object: the array's order is the order they apply in.
            let given = try f.requireObject().map(\.key).filter(names.contains)
            guard given.count <= 1 else {
                throw f.fail("gives \(given.count) filters (\(given.map { "\"\($0)\"" }.joined(separator: ", "))); give each its own object, in the order they apply")
            }
            if let v = try f.optional("hueRotate") {
                try f.rejectUnknownKeys(allowed: ["hueRotate"])
                return .hueRotate(radians: try v.number(in: -3600...3600) * .pi / 180)
            }
            if let v = try f.optional("straighten") {
                try f.rejectUnknownKeys(allowed: ["straighten"])
                return .straighten(radians: -(try v.number(in: -3600...3600)) * .pi / 180)
            }
            if let v = try f.optional("ciHueAdjust") {
                try f.rejectUnknownKeys(allowed: ["ciHueAdjust"])
                return .hueAdjust(radians: try v.number(in: -100...100))
            }
            if let v = try f.optional("ciStraighten") {
                try f.rejectUnknownKeys(allowed: ["ciStraighten"])
                return .straighten(radians: try v.number(in: -100...100))
            }
            if let v = try f.optional("blur") {
                try f.rejectUnknownKeys(allowed: ["blur", "extendEdges"])
                return .gaussianBlur(sigma: try v.number(in: 0...250), extendEdges: try f.optional("extendEdges")?.bool() ?? false)
            }
            if let v = try f.optional("dropShadow") {
                try f.rejectUnknownKeys(allowed: ["dropShadow"])
                try v.rejectUnknownKeys(allowed: ["offset", "blur", "color"])
                let offset = try v.optional("offset")?.numbers(count: 2, in: -1000...1000) ?? [0, 4]
                return .dropShadow(offsetX: offset[0], offsetY: offset[1],
                                   sigma: try v.optional("blur")?.number(in: 0...250) ?? 4,
                                   color: try v.optional("color")?.color() ?? Color(gray: 0, alpha: 0.5))
            }
            throw f.fail("unknown filter \(try f.requireObject().map(\.key).sorted().first.map { "\"\($0)\"" } ?? "{}") (expected \(names.dropLast().joined(separator: ", ")) or \(names[names.count - 1]))")
        }
    }
}
