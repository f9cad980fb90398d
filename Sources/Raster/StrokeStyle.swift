/// How a path's outline is stroked: SVG's stroke properties.
public struct StrokeStyle: Hashable, Sendable {
    public enum Join: String, Sendable, CaseIterable { case miter, round, bevel }
    public enum Cap: String, Sendable, CaseIterable { case butt, round, square }

    /// Line width in points.
    public let width: Double
    public let join: Join
    public let cap: Cap
    /// As SVG's `stroke-miterlimit`: a miter longer than `miterLimit × width` becomes a bevel.
    public let miterLimit: Double

    public init(width: Double, join: Join = .miter, cap: Cap = .butt, miterLimit: Double = 4) throws {
        guard width.isFinite, width > 0 else { throw RasterError.invalidArgument("stroke width must be a positive number, got \(width)") }
        guard miterLimit.isFinite, miterLimit >= 1 else { throw RasterError.invalidArgument("miter limit must be at least 1, got \(miterLimit)") }
        self.width = width
        self.join = join
        self.cap = cap
        self.miterLimit = miterLimit
    }
}

/// How overlapping subpaths decide what is inside.
public enum FillRule: String, Sendable, CaseIterable {
    case nonZero = "nonzero"
    case evenOdd = "evenodd"
}
