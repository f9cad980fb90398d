import Geometry
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
    /// The canvas in points; nil: the template's own size (1024×576 for every shipped one).
    public let size: CardSize?
    /// The event's own photo, decoded for this card's template, size and scale.
    public var photo: EventPhoto?
    /// The URL the photo comes from (`photo=`), so links to the card name it again; nil for an
    /// uploaded or local file. Set even where the photo is not fetched (a share page's HTML
    /// does not depend on the photo's bytes).
    public var photoURL: String?
    /// The digest of a photo not decoded (yet): enough to name the card (`key`) and answer
    /// from a cache, never to draw it; `photo` wins when both are set.
    public var undecodedPhotoDigest: String?

    public init(_ event: Event, catalog: Catalog, scale: Int = 1, size: CardSize? = nil) throws(EventError) {
        guard (1...3).contains(scale) else { throw EventError(field: "scale", reason: "must be 1, 2 or 3, got \(scale)") }
        let resolved = try catalog.resolve(event)
        self.event = event
        template = resolved.template
        palette = resolved.palette
        color = resolved.color
        self.scale = scale
        self.size = size
    }

    /// The same card on another canvas (nil: the template's own size), its photo decoded
    /// again for that canvas: the card draws exactly as one made at that size.
    public func resized(to size: CardSize?) throws(PhotoInputError) -> Card {
        var card = Card(event: event, template: template, palette: palette, color: color, scale: scale, size: size)
        card.photo = try photo?.fitted(for: template, size: card.canvasSize, scale: scale)
        card.photoURL = photoURL
        card.undecodedPhotoDigest = undecodedPhotoDigest
        return card
    }

    private init(event: Event, template: Template, palette: Palette, color: Palette.Entry, scale: Int, size: CardSize?) {
        self.event = event
        self.template = template
        self.palette = palette
        self.color = color
        self.scale = scale
        self.size = size
    }

    /// The canvas in points.
    public var canvasSize: Geometry.Size { size?.size ?? template.size }

    /// Pixel size of the PNG.
    public var pixelWidth: Int { Int(canvasSize.width) * scale }
    public var pixelHeight: Int { Int(canvasSize.height) * scale }
}

extension CardRenderer {
    public func render(_ card: Card) throws -> RenderedCard {
        try checkPhotoDecoded(card)
        return try render(card.event, template: card.template, color: card.color, size: card.canvasSize, scale: Double(card.scale),
                          photo: card.photo)
    }

    /// The card with every decision made and nothing drawn.
    public func resolve(_ card: Card) throws -> ResolvedCard {
        try checkPhotoDecoded(card)
        return try resolve(card.event, template: card.template, color: card.color, size: card.canvasSize, scale: Double(card.scale),
                           photo: card.photo)
    }

    /// Drawn without its photo, the card would be cached under the photo's key.
    private func checkPhotoDecoded(_ card: Card) throws {
        if card.photo == nil, card.undecodedPhotoDigest != nil { throw UndecodedPhotoError() }
    }

    /// The card as PNG bytes, the title's layout and the clusters no face can draw.
    public func png(_ card: Card) throws -> (bytes: [UInt8], title: TitleLayout?, missingGlyphs: [String]) {
        try encoded(card, as: .png)
    }

    /// The card in `output`'s format, the title's layout, and the clusters no face can draw in
    /// any of the card's texts (`ResolvedCard.missingGlyphs`).
    public func encoded(_ card: Card, as output: ImageOutput) throws -> (bytes: [UInt8], title: TitleLayout?, missingGlyphs: [String]) {
        let rendered = try render(card)
        return (try rendered.encoded(output), rendered.title, rendered.missingGlyphs)
    }
}

/// A card known only by its photo's digest was asked to be drawn: a caller's mistake, never
/// the input's.
public struct UndecodedPhotoError: Error, CustomStringConvertible {
    public var description: String { "a card whose photo was not decoded cannot be drawn" }
}
