/// One positioned glyph of a shaped run. Positions are in font units (the face's units per
/// em), y up, as HarfBuzz reports them at scale = upem.
public struct ShapedGlyph: Hashable, Sendable {
    /// Glyph index in the face; 0 is `.notdef` (the face has no glyph for the character).
    public var glyphID: UInt32
    /// UTF-16 offset, into the whole paragraph, of the first code unit of the cluster this
    /// glyph belongs to. Glyphs of one cluster share the value.
    public var cluster: Int
    public var xAdvance: Int32
    public var yAdvance: Int32
    public var xOffset: Int32
    public var yOffset: Int32
    /// HarfBuzz's `UNSAFE_TO_BREAK`: breaking the line before this glyph's cluster would change
    /// shaping, so the text on either side must be reshaped rather than split here.
    public var isUnsafeToBreak: Bool

    public init(glyphID: UInt32, cluster: Int, xAdvance: Int32, yAdvance: Int32 = 0,
                xOffset: Int32 = 0, yOffset: Int32 = 0, isUnsafeToBreak: Bool = false) {
        self.glyphID = glyphID
        self.cluster = cluster
        self.xAdvance = xAdvance
        self.yAdvance = yAdvance
        self.xOffset = xOffset
        self.yOffset = yOffset
        self.isUnsafeToBreak = isUnsafeToBreak
    }

    /// True for glyph 0, drawn as a box: the face has no glyph for this cluster.
    public var isNotdef: Bool { glyphID == 0 }
}
