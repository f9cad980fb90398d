import Geometry
import Raster
import UnicodeText

extension JSONNode {
    /// A colour: `"#rgb"`, `"#rrggbb"`, `"#rrggbbaa"`, `{"gray": g, "alpha": a}` or
    /// `{"rgb": [r, g, b], "alpha": a}` with components in 0…1.
    public func color() throws -> Color {
        if isString {
            let text = try string(maximumLength: 16)
            guard let c = Color(hex: text) else { throw fail("expected a colour such as \"#3a7bd5\", got \(QuotedValue.quoted(text))") }
            return c
        }
        try rejectUnknownKeys(allowed: ["gray", "rgb", "alpha"])
        let alpha = try optional("alpha")?.number(in: 0...1) ?? 1
        if let gray = try optional("gray") {
            guard try optional("rgb") == nil else { throw fail("give either gray or rgb, not both") }
            return Color(gray: try gray.number(in: 0...1), alpha: alpha)
        }
        if let rgb = try optional("rgb") {
            let c = try rgb.numbers(count: 3, in: 0...1)
            return Color(red: c[0], green: c[1], blue: c[2], alpha: alpha)
        }
        throw fail("expected a colour: a hex string, {\"gray\": …} or {\"rgb\": […]}")
    }

    /// A paint: a colour, `{"linear": {"from": [x, y], "to": [x, y], "stops": [[offset, colour], …]}}`
    /// or `{"radial": {"center": [x, y], "radius": r, "stops": …}}`.
    public func paint() throws -> Paint {
        if has("linear") || has("radial") {
            try rejectUnknownKeys(allowed: ["linear", "radial"])
            guard try requireObject().count == 1 else { throw fail("give one of linear or radial") }
            if let linear = try optional("linear") {
                try linear.rejectUnknownKeys(allowed: ["from", "to", "stops"])
                return .linearGradient(start: try linear.required("from").point(),
                                       end: try linear.required("to").point(),
                                       stops: try linear.required("stops").gradientStops())
            }
            let radial = try required("radial")
            try radial.rejectUnknownKeys(allowed: ["center", "radius", "stops"])
            return .radialGradient(center: try radial.required("center").point(),
                                   radius: try radial.required("radius").number(in: 0...1e6),
                                   stops: try radial.required("stops").gradientStops())
        }
        return .solid(try color())
    }

    func gradientStops() throws -> [GradientStop] {
        try gradientStopPairs { try $0.color() }.map { GradientStop(offset: $0.offset, color: $0.color) }
    }

    /// `[[offset, colour], …]`: 1 to 256 stops, each colour read by `color`.
    func gradientStopPairs<C>(_ color: (JSONNode) throws -> C) throws -> [(offset: Double, color: C)] {
        let items = try array(maximumCount: 256)
        guard !items.isEmpty else { throw fail("a gradient needs at least one stop") }
        return try items.map { item in
            let pair = try item.array()
            guard pair.count == 2 else { throw item.fail("expected [offset, colour]") }
            return (try pair[0].number(in: 0...1), try color(pair[1]))
        }
    }

    public func point() throws -> Point {
        let v = try numbers(count: 2)
        return Point(x: v[0], y: v[1])
    }

    /// `[x, y, width, height]` with a non-negative size.
    public func rect() throws -> Rect {
        let v = try numbers(count: 4)
        guard v[2] >= 0, v[3] >= 0 else { throw fail("width and height must not be negative, got \(v[2])×\(v[3])") }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}
