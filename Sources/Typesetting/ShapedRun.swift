/// The glyphs HarfBuzz produced for one range of a paragraph with one face, plus the settings
/// they were shaped with. Glyphs are in visual order (left to right, also for right-to-left
/// runs), positions in font units.
public struct ShapedRun: Sendable {
    public let face: FontFace
    public let glyphs: [ShapedGlyph]
    /// The UTF-16 range of the paragraph that was shaped.
    public let range: Range<Int>
    public let direction: TextDirection
    public let script: ScriptTag
    public let language: LanguageTag
    public let features: [FontFeature]

    public init(face: FontFace, glyphs: [ShapedGlyph], range: Range<Int>, direction: TextDirection,
                script: ScriptTag, language: LanguageTag, features: [FontFeature]) {
        self.face = face
        self.glyphs = glyphs
        self.range = range
        self.direction = direction
        self.script = script
        self.language = language
        self.features = features
    }

    /// The face's units per em: the unit of every position in `glyphs`.
    public var unitsPerEm: Int { face.unitsPerEm }

    /// Sum of the horizontal advances, in font units.
    public var advance: Int { glyphs.reduce(0) { $0 + Int($1.xAdvance) } }

    /// Clusters (UTF-16 offsets) that came out as `.notdef`, ascending and without repeats.
    public var missingGlyphClusters: [Int] {
        Array(Set(glyphs.lazy.filter(\.isNotdef).map(\.cluster))).sorted()
    }

    /// The run in `hb-shape --no-glyph-names` text syntax:
    /// `[gid=cluster@xOffset,yOffset+xAdvance,yAdvance|…]`, where the offsets appear only when
    /// one is non-zero and the y advance only when non-zero, exactly as HarfBuzz serialises.
    /// `clusters` renumbers cluster values (UTF-16 offsets into the paragraph by default).
    public func hbShapeDescription(clusters: ClusterMap = .utf16) -> String {
        var out = "["
        for (i, g) in glyphs.enumerated() {
            if i > 0 { out += "|" }
            out += "\(g.glyphID)=\(clusters(g.cluster))"
            if g.xOffset != 0 || g.yOffset != 0 { out += "@\(g.xOffset),\(g.yOffset)" }
            out += "+\(g.xAdvance)"
            if g.yAdvance != 0 { out += ",\(g.yAdvance)" }
        }
        return out + "]"
    }
}
