import Geometry
import UnicodeText

/// The size of a card in points: a named preset or any `WxH` from 320 to 4096 on each side.
/// The scale (1–3) multiplies it into device pixels.
public struct CardSize: Hashable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    public static let range = 320...4096

    /// The presets, in the order they are offered.
    public static let presets: [(name: String, size: CardSize)] = [
        ("card", CardSize(1024, 576)),   // the original share image
        ("og", CardSize(1200, 630)),     // Open Graph / link previews
        ("square", CardSize(1080, 1080)),
        ("story", CardSize(1080, 1920)),
        ("banner", CardSize(1500, 500)),
    ]

    public static let card = presets[0].size
    /// Open Graph's recommended 1200×630, what share pages point `og:image` at.
    public static let og = presets[1].size

    private init(_ width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    public init(width: Int, height: Int) throws(EventError) {
        guard CardSize.range.contains(width), CardSize.range.contains(height) else {
            throw EventError(field: "size", reason: "each side must be \(CardSize.range.lowerBound) to \(CardSize.range.upperBound) points, got \(width)×\(height)")
        }
        self.init(width, height)
    }

    /// A preset name (`card`, `og`, `square`, `story`, `banner`) or `WxH` such as `1200x630`
    /// (`X` and the multiplication sign `×`, which messages print, also separate them).
    public init(parsing text: String) throws(EventError) {
        if let preset = CardSize.presets.first(where: { $0.name == text }) {
            self = preset.size
            return
        }
        guard let (w, h) = CardSize.sides(text) else {
            throw EventError(field: "size", reason: "expected a preset (\(CardSize.presets.map(\.name).joined(separator: ", "))) or WxH such as 1200x630, got \(QuotedValue.quoted(text))\(Suggestion.didYouMean(text, in: CardSize.presets.map(\.name)))")
        }
        try self.init(width: w, height: h)
    }

    /// The two sides of `WxH` (or `W×H`, any case), each one to five ASCII digits; nil for
    /// anything else (signs, spaces, fractions). The one reading of a size's text.
    public static func sides(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "×" }
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        return (w, h)
    }

    public var size: Size { Size(width: Double(width), height: Double(height)) }

    /// The preset's name, or `WxH`.
    public var description: String {
        CardSize.presets.first { $0.size == self }?.name ?? "\(width)x\(height)"
    }
}
