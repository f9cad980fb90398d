import Foundation
import Geometry
import Layout
import Raster
import Typesetting
import UnicodeText

/// What the renderer decided for the title, for API clients and tests.
public struct TitleLayout: Hashable, Sendable {
    public let fontSizeInPoints: Double
    public let lines: [String]
    public let truncated: Bool
    public let missingGlyphs: [String]
}

/// A rendered card: its pixels and what was decided while laying it out.
public struct RenderedCard {
    public let canvas: Canvas
    public let title: TitleLayout?
}

/// Draws an event with a template and a palette colour. Holds only immutable fonts and a
/// thread-safe glyph cache, so one renderer serves many threads.
public struct CardRenderer: Sendable {
    public let fonts: FontLibrary
    public let glyphCache: GlyphCache
    public static let scales: ClosedRange<Double> = 1...3

    public init(fonts: FontLibrary, glyphCache: GlyphCache = GlyphCache()) {
        self.fonts = fonts
        self.glyphCache = glyphCache
    }

    /// Renders natively at `scale` (text rasterized at the target size, never an upscaled
    /// image): 1 → 1024×576 for the classic size, 2 → 2048×1152, 3 → 3072×1728.
    public func render(_ event: Event, template: Template, color: Palette.Entry, scale: Double = 1) throws -> RenderedCard {
        guard CardRenderer.scales.contains(scale) else {
            throw EventError(field: "scale", reason: "must be 1, 2 or 3, got \(scale)")
        }
        let canvas = try Canvas(size: template.size, scale: scale, background: .black)
        canvas.fill(Path(rect: canvas.bounds), with: template.background.resolve(color, cardSize: template.size))
        var context = try LayoutContext(fonts: fonts, glyphCache: glyphCache, language: LanguageTag(event.canonicalLocale.textLanguage) ?? LanguageTag("en")!,
                                        scale: scale)
        context.hyphenates = true
        var drawing = CardDrawing(event: event, color: color, template: template, canvas: canvas, context: context)
        for element in template.elements { try drawing.draw(element) }
        return RenderedCard(canvas: canvas, title: drawing.title)
    }
}

/// One card being drawn: resolves references against the event and palette colour.
struct CardDrawing {
    let event: Event
    let color: Palette.Entry
    let template: Template
    let canvas: Canvas
    let context: LayoutContext
    var title: TitleLayout?

    init(event: Event, color: Palette.Entry, template: Template, canvas: Canvas, context: LayoutContext) {
        self.event = event
        self.color = color
        self.template = template
        self.canvas = canvas
        self.context = context
    }

    func value(_ field: EventField) throws -> String? {
        switch field {
        case .title: return event.title
        case .date: return try event.formattedDate
        case .subtitle: return event.subtitle
        case .emoji: return event.emoji
        }
    }

    /// The text with its fields filled in, or nil when one of them is missing.
    func text(_ t: TextTemplate) throws -> String? {
        var result = t.source
        for field in t.fields {
            guard let v = try value(field) else { return nil }
            result = result.replacingOccurrences(of: "{\(field.rawValue)}", with: v)
        }
        return result
    }

    func attributes(_ style: TextStyle) throws -> TextAttributes {
        try TextAttributes(family: style.family, weight: style.weight, sizeInPoints: style.sizeInPoints,
                           color: style.color.resolve(color), trackingInThousandthsOfEm: style.trackingInThousandthsOfEm)
    }

    func label(_ element: LabelElement) throws -> Label? {
        guard let string = try text(element.text) else { return nil }
        let shadow = element.shadow.flatMap {
            TextShadow(offsetInPoints: $0.offset, blurRadiusInPoints: $0.blur, color: $0.color.resolve(color))
        }
        return try Label(string, attributes: attributes(element.style), numberOfLines: element.maxLines,
                         lineBreakMode: .truncatingTail, alignment: element.alignment, wrap: element.wrap,
                         adjustsFontSizeToFitWidth: true, minimumScaleFactor: element.minimumScaleFactor,
                         lineHeightMultiple: element.lineHeightMultiple, shadow: shadow)
    }

    func chip(_ element: ChipElement) throws -> Button? {
        guard let string = try text(element.text) else { return nil }
        let attributes = try attributes(element.style)
        var image: ButtonImage?
        switch element.glyph {
        case .icon(let icon, let style)?:
            image = try .icon(icon, sizeInPoints: element.style.sizeInPoints * 1.1, color: attributes.color, style: style)
        case .emoji?:
            if let emoji = event.emoji { image = try .emoji(emoji, sizeInPoints: element.style.sizeInPoints) }
        case nil:
            break
        }
        var button = Button(title: string, attributes: attributes, image: image)
        button.contentEdgeInsets = element.contentInsets
        // A right-to-left title puts the icon on the right, as the reader starts there.
        if let direction = try? BidiParagraph(string).direction { button.layoutDirection = direction }
        if image != nil { button.spacing = element.spacing }
        if let background = element.background {
            button.background = try Background(paint: .solid(background.resolve(color)), cornerRadius: element.cornerRadius ?? .infinity)
        }
        return button
    }

    /// Remembers the layout of the label showing the title, once.
    mutating func noteTitle(_ element: LabelElement, _ label: Label, size: Size) throws {
        guard title == nil, element.text.fields.contains(.title) else { return }
        let layout = try label.layout(in: size, context: context)
        title = TitleLayout(fontSizeInPoints: element.style.sizeInPoints * layout.fontScale,
                            lines: layout.lines.map(\.text), truncated: layout.truncated, missingGlyphs: layout.missingGlyphs)
    }

    mutating func draw(_ element: TemplateElement) throws {
        switch element {
        case .label(let spec, let frame):
            guard let label = try label(spec) else { return }
            try noteTitle(spec, label, size: frame.size)
            try label.draw(in: frame, on: canvas, context: context)

        case .chip(let spec, let frame, let alignment):
            guard let button = try chip(spec) else { return }
            let size = try button.sizeThatFits(Size(width: frame.width, height: frame.height), context: context)
            let width = min(size.width, frame.width), height = min(size.height, frame.height)
            let x: Double
            switch alignment {
            case .left: x = frame.minX
            case .right: x = frame.maxX - width
            default: x = frame.midX - width / 2
            }
            try button.draw(in: context.grid.snap(Rect(x: x, y: frame.midY - height / 2, width: width, height: height)),
                            on: canvas, context: context)

        case .stack(let items, let frame, let spacing):
            var views: [any LayoutView] = []
            var labels: [(Int, LabelElement, Label)] = []
            for item in items {
                switch item {
                case .label(let spec):
                    if let l = try label(spec) {
                        labels.append((views.count, spec, l))
                        views.append(l)
                    }
                case .chip(let spec):
                    if let b = try chip(spec) { views.append(b) }
                }
            }
            guard !views.isEmpty else { return }
            let stack = try Stack(axis: .vertical, children: views, spacing: spacing, alignment: .center, distribution: .center)
            let frames = try stack.frames(in: frame, context: context)
            for (index, spec, l) in labels { try noteTitle(spec, l, size: frames[index].size) }
            try stack.draw(in: frame, on: canvas, context: context)

        case .shape(let path, let fill, let rule, let stroke):
            if let fill { canvas.fill(path, with: fill.resolve(color, cardSize: template.size), rule: rule) }
            if let (paint, style) = stroke { canvas.stroke(path, with: paint.resolve(color, cardSize: template.size), style: style) }

        case .pattern(let pattern, let frame):
            let clip = canvas.makeClip(rect: frame)
            for (path, index) in pattern.shapes(in: frame, within: Rect(origin: .zero, size: template.size)) {
                canvas.fill(path, with: .solid(pattern.colors[index].resolve(color)), clip: clip)
            }

        case .image(let image, let frame, let mode, let radius, let filters):
            let clip = radius > 0 ? canvas.makeClip(rect: frame, cornerRadius: radius) : nil
            canvas.draw(image.applying(filters), in: frame, contentMode: mode, clipsToBounds: true, clip: clip)

        case .snapshot(let frame, let levels):
            for _ in 0..<levels {
                canvas.draw(canvas.makeImage(), in: frame, contentMode: .scaleToFill, clipsToBounds: true)
            }
        }
    }
}
