import Foundation
import Geometry
import Photos
import Raster
import Scene
import Typesetting

/// What the renderer decided for the title, for API clients and tests.
public struct TitleLayout: Hashable, Sendable {
    public let fontSizeInPoints: Double
    public let lines: [String]
    public let truncated: Bool
    public let missingGlyphs: [String]
    /// The title is set in the palette colour's text colour (`foreground`), as most templates
    /// set it, rather than in a colour of the template's own (`photo`'s white over a photo).
    public let isSetInForeground: Bool
    /// Its colour against the ground drawn beneath it; nil before drawing, and for a title in
    /// a gradient, in a filtered group, or with nothing on its lines.
    public internal(set) var contrast: TitleContrast?
}

/// A card resolved for drawing: the template's scene with every reference filled in, every
/// frame placed and every text fitted. What the API reports and what `draw` paints.
public struct ResolvedCard: Sendable {
    public let scene: ResolvedScene

    /// The first text showing the title (a label's, or a chip's), as placed and fitted.
    public var titleText: ResolvedText? {
        scene.texts.first(where: Self.showsTitle)
    }

    static func showsTitle(_ text: ResolvedText) -> Bool { text.fields.contains(.title) }

    /// The clusters no face can draw in any of the card's texts (labels, chips and their emoji,
    /// the subtitle and the date as well as the title), each once, in the order drawn.
    public var missingGlyphs: [String] {
        var missing: [String] = []
        for cluster in scene.texts.flatMap(\.missingGlyphs) where !missing.contains(cluster) { missing.append(cluster) }
        return missing
    }

    /// The first text showing the title, as decided.
    public var title: TitleLayout? {
        titleText.map {
            TitleLayout(fontSizeInPoints: $0.fontSizeInPoints, lines: $0.lines.map(\.text), truncated: $0.truncated,
                        missingGlyphs: $0.missingGlyphs, isSetInForeground: $0.color?.isForeground == true)
        }
    }
}

/// A rendered card: its pixels and what was decided while laying it out.
public struct RenderedCard {
    public let canvas: Canvas
    public let resolved: ResolvedCard
    /// The darkest and lightest pixels under the title's lines, read just before it was drawn.
    public let titleGround: GroundExtremes?

    /// The title as laid out, with its contrast as drawn.
    public var title: TitleLayout? {
        guard var title = resolved.title else { return nil }
        if let titleGround, let text = resolved.titleText, let color = text.solidColor {
            title.contrast = TitleContrast(color: color, ground: titleGround)
        }
        return title
    }
    public var missingGlyphs: [String] { resolved.missingGlyphs }

    /// The card in `output`'s format, encoded for what it shows (`ResolvedScene.content`):
    /// the bytes every command and the HTTP service write for it.
    public func encoded(_ output: ImageOutput) throws -> [UInt8] {
        try canvas.encoded(output, content: resolved.scene.content)
    }
}

/// Resolves an event with a template and a palette colour, then draws it. Holds only
/// immutable fonts and a thread-safe glyph cache, so one renderer serves many threads.
public struct CardRenderer: Sendable {
    public let fonts: FontLibrary
    public let glyphCache: GlyphCache
    /// The most device pixels one card may need (`Scene.pixelCost`): 50 million by default,
    /// which a 4096×4096 card at scale 3 (151 million) exceeds; the command line raises it.
    public let pixelLimit: Double
    public static let scales: ClosedRange<Double> = 1...3

    public init(fonts: FontLibrary, glyphCache: GlyphCache = GlyphCache(),
                pixelLimit: Double = SceneLimits.maximumPixelsPerRender) {
        self.fonts = fonts
        self.glyphCache = glyphCache
        self.pixelLimit = pixelLimit
    }

    /// The card for `event` on a canvas of `size` points (the template's design size when
    /// nil) at `scale` device pixels per point: every decision made, nothing drawn yet.
    public func resolve(_ event: Event, template: Template, color: Palette.Entry, size: Size? = nil,
                        scale: Double = 1, photo: EventPhoto? = nil) throws -> ResolvedCard {
        guard CardRenderer.scales.contains(scale) else {
            throw EventError(field: "scale", reason: "must be 1, 2 or 3, got \(scale)")
        }
        let size = size ?? template.size
        let used = template.scene.fields
        var values: [EventField: String] = [.title: event.title]
        if used.contains(.date), let date = try event.formattedDate { values[.date] = date }
        if let subtitle = event.subtitle { values[.subtitle] = subtitle }
        if let emoji = event.emoji { values[.emoji] = emoji }
        let colors = color.sceneColors(for: size)
        let text = SceneTextContext(fonts: fonts, glyphCache: glyphCache,
                                    language: event.textLanguage,
                                    hyphenates: true)
        let scene: ResolvedScene
        do {
            scene = try template.scene.resolve(SceneBindings(values: values, colors: colors, direction: event.readingDirection,
                                                             photo: photo?.photo.image,
                                                             photoFaces: photo?.faces ?? []),
                                               size: size, scale: scale, text: text, pixelLimit: pixelLimit)
        } catch let error as ImageAssetError {
            // Its images are decoded on first use (a one-card render decodes no other template's).
            throw error.within("template \"\(template.name)\"")
        }
        // A lookup that needed the fonts' optional part and could not read it went on without
        // it: the layout is not the one the fonts describe, so the card is refused.
        if let failure = fonts.optionalFacesFailure { throw failure }
        return ResolvedCard(scene: scene)
    }

    /// Paints a resolved card, reading the ground under its title on the way.
    public func draw(_ card: ResolvedCard) throws -> RenderedCard {
        let (canvas, ground) = try card.scene.draw(measuringGroundOf: ResolvedCard.showsTitle)
        return RenderedCard(canvas: canvas, resolved: card, titleGround: ground)
    }

    /// Resolves and draws: 1 → 1024×576 for the classic size, 2 → 2048×1152, 3 → 3072×1728
    /// (text rasterized at the target size, never an upscaled image).
    ///
    /// A chosen foreground (a hex colour's) is chosen again against the ground drawn under
    /// the title, which a template may have lit or shaded away from the colour's stops: when
    /// the other text colour contrasts more there, the card is drawn again in it, and of the
    /// two cards the one whose title contrasts more with its own ground is kept (a template may
    /// tint the ground with the text colour, so the second card's ground is not the first's).
    ///
    /// The choice is made on the card at scale 1 and kept at 2 and 3, whose finer pixels read
    /// the ground a little differently: every scale of a card shows the same text colour.
    public func render(_ event: Event, template: Template, color: Palette.Entry, size: Size? = nil,
                       scale: Double = 1, photo: EventPhoto? = nil) throws -> RenderedCard {
        func rendered(in color: Palette.Entry, scale: Double) throws -> RenderedCard {
            try draw(try resolve(event, template: template, color: color, size: size, scale: scale, photo: photo))
        }
        guard color.isForegroundChosen, scale != 1 else {
            return try choosingForeground(color) { try rendered(in: $0, scale: scale) }
        }
        let atOne = try choosingForeground(color) { try rendered(in: $0, scale: 1) }
        // A title in a colour of the template's own leaves the foreground as the stops chose it.
        let chosen = atOne.title.flatMap { $0.isSetInForeground ? $0.contrast?.color : nil } ?? color.foreground
        return try rendered(in: color.settled(foreground: chosen), scale: scale)
    }

    /// `render(color)`, drawn again in the other text colour when `color`'s is chosen and the
    /// first card's ground under the title favours the other; the card that reads better kept.
    private func choosingForeground(_ color: Palette.Entry, render rendered: (Palette.Entry) throws -> RenderedCard) throws -> RenderedCard {
        let first = try rendered(color)
        guard color.isForegroundChosen, let title = first.title, title.isSetInForeground, let ground = first.titleGround,
              let firstContrast = title.contrast else { return first }
        let other = CustomColor.foreground(against: [ground.darkest, ground.lightest])
        guard other != color.foreground else { return first }
        let second = try rendered(color.settled(foreground: other))
        return (second.title?.contrast?.ratio ?? 0) > firstContrast.ratio ? second : first
    }
}
