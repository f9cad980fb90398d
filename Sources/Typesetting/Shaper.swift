import CHarfBuzz
import Synchronization

/// Shapes text with HarfBuzz, one face and one set of run properties at a time.
///
/// The whole paragraph goes into the buffer (`hb_buffer_add_utf16` with an item offset and
/// length), so characters just outside the range still act as context — an Arabic letter at
/// the edge of a run joins as it would in the full text. The beginning/end-of-text flags are
/// set only when the range touches the paragraph's start/end. Direction, script and language
/// are always set explicitly, never guessed. Cluster values are UTF-16 offsets into the
/// paragraph, with HarfBuzz's default cluster level (monotone graphemes).
///
/// Safe to call from several threads at once, also with the same face.
public enum Shaper {
    /// HarfBuzz shapings since the process started: a statistic for benchmarks and tests of
    /// how often text is shaped, never an input to layout.
    public static var shapingCallCount: Int { calls.load(ordering: .relaxed) }
    private static let calls = Atomic<Int>(0)

    /// Shapes `text[range]` (UTF-16 offsets; the whole text when nil).
    public static func shape(utf16 text: [UInt16], range: Range<Int>? = nil, face: FontFace,
                             direction: TextDirection, script: ScriptTag, language: LanguageTag,
                             features: [FontFeature] = []) -> ShapedRun {
        let range = range ?? 0..<text.count
        precondition(range.lowerBound >= 0 && range.upperBound <= text.count,
                     "range \(range) is outside the text (0..<\(text.count))")
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
            fatalError("HarfBuzz could not allocate a buffer")
        }
        defer { hb_buffer_destroy(buffer) }
        calls.add(1, ordering: .relaxed)

        text.withUnsafeBufferPointer { units in
            hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count),
                                UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, direction.harfBuzz)
        hb_buffer_set_script(buffer, script.harfBuzz)
        hb_buffer_set_language(buffer, language.harfBuzz)
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if range.upperBound == text.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))

        let hbFeatures = features.map(\.harfBuzz)
        hb_shape(face.hbFont, buffer, hbFeatures, UInt32(hbFeatures.count))

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        if let infos, let positions {
            for i in 0..<Int(count) {
                let info = infos[i], pos = positions[i]
                let flags = hb_glyph_info_get_glyph_flags(infos + i).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
                glyphs.append(ShapedGlyph(glyphID: info.codepoint, cluster: Int(info.cluster),
                                          xAdvance: pos.x_advance, yAdvance: pos.y_advance,
                                          xOffset: pos.x_offset, yOffset: pos.y_offset,
                                          isUnsafeToBreak: flags != 0))
            }
        }
        return ShapedRun(face: face, glyphs: glyphs, range: range, direction: direction,
                         script: script, language: language, features: features)
    }

    /// Shapes `text[range]` (the whole string when nil). Clusters are UTF-16 offsets into `text`.
    public static func shape(_ text: String, range: Range<String.Index>? = nil, face: FontFace,
                             direction: TextDirection, script: ScriptTag, language: LanguageTag,
                             features: [FontFeature] = []) -> ShapedRun {
        let utf16Range = range.map {
            text.utf16.distance(from: text.startIndex, to: $0.lowerBound)
                ..< text.utf16.distance(from: text.startIndex, to: $0.upperBound)
        }
        return shape(utf16: Array(text.utf16), range: utf16Range, face: face, direction: direction,
                     script: script, language: language, features: features)
    }
}
