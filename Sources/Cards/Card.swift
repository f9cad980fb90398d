import Raster

/// A card ready to draw: an event with its template, palette and colour resolved, and the
/// output scale. Everything here has been checked; rendering a `Card` cannot fail on input.
public struct Card: Sendable {
    public let event: Event
    public let template: Template
    public let palette: Palette
    public let color: Palette.Entry
    /// Device pixels per point: 1, 2 or 3.
    public let scale: Int

    public init(_ event: Event, catalog: Catalog, scale: Int = 1) throws(EventError) {
        guard (1...3).contains(scale) else { throw EventError(field: "scale", reason: "must be 1, 2 or 3, got \(scale)") }
        let resolved = try catalog.resolve(event)
        self.event = event
        template = resolved.template
        palette = resolved.palette
        color = resolved.color
        self.scale = scale
    }

    /// Pixel size of the PNG.
    public var pixelWidth: Int { Int(template.size.width) * scale }
    public var pixelHeight: Int { Int(template.size.height) * scale }
}

extension CardRenderer {
    public func render(_ card: Card) throws -> RenderedCard {
        try render(card.event, template: card.template, color: card.color, scale: Double(card.scale))
    }

    /// The card as PNG bytes, and the title's layout.
    public func png(_ card: Card) throws -> (bytes: [UInt8], title: TitleLayout?) {
        try encoded(card, as: .png)
    }

    /// The card in `output`'s format, and the title's layout.
    public func encoded(_ card: Card, as output: ImageOutput) throws -> (bytes: [UInt8], title: TitleLayout?) {
        let rendered = try render(card)
        return (try rendered.canvas.encoded(output), rendered.title)
    }
}
