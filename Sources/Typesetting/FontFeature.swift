import BufferText
import CHarfBuzz

/// An OpenType feature setting in HarfBuzz / CSS syntax: `"liga=0"`, `"tnum"`, `"-kern"`,
/// `"aalt=2"`, `"kern[3:5]"`.
///
/// A range limits the feature to glyphs whose cluster lies in `start..<end`; with `Shaper`
/// clusters are UTF-16 offsets into the paragraph, so ranges are too.
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    /// The four-character feature tag, e.g. "liga".
    public let tag: String
    /// 0 turns the feature off, 1 on; higher values pick an alternate.
    public let value: UInt32
    /// First cluster affected (0 = from the start).
    public let start: UInt32
    /// One past the last cluster affected (`UInt32.max` = to the end).
    public let end: UInt32

    /// Parses HarfBuzz feature syntax; nil when `string` is not a valid feature.
    public init?(_ string: String) {
        var feature = hb_feature_t()
        guard !string.isEmpty, hb_feature_from_string(string, Int32(string.utf8.count), &feature) != 0 else {
            return nil
        }
        self.init(feature)
    }

    /// `tag` (four printable ASCII characters) set to `value` over the whole run, or over the
    /// glyphs of `clusters` only.
    public init?(tag: String, value: UInt32 = 1, clusters: Range<Int>? = nil) {
        let bytes = Array(tag.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ (32...126).contains($0) }) else { return nil }
        if let clusters, clusters.lowerBound < 0 || clusters.upperBound >= Int(UInt32.max) { return nil }
        self.tag = tag
        self.value = value
        self.start = clusters.map { UInt32($0.lowerBound) } ?? 0
        self.end = clusters.map { UInt32($0.upperBound) } ?? UInt32.max
    }

    private init(_ feature: hb_feature_t) {
        let t = feature.tag
        tag = String(decoding: [UInt8(t >> 24 & 0xFF), UInt8(t >> 16 & 0xFF), UInt8(t >> 8 & 0xFF), UInt8(t & 0xFF)],
                     as: UTF8.self)
        value = feature.value
        start = feature.start
        end = feature.end
    }

    var harfBuzz: hb_feature_t {
        hb_feature_t(tag: hb_tag_from_string(tag, 4), value: value, start: start, end: end)
    }

    /// The canonical HarfBuzz spelling, e.g. "liga=0", "tnum", "kern[3:5]".
    public var description: String {
        var feature = harfBuzz
        var buffer = [CChar](repeating: 0, count: 128)
        hb_feature_to_string(&feature, &buffer, UInt32(buffer.count))
        return buffer.stringBeforeNUL
    }
}
