import Cards
import HTTPTypes
import Raster

/// `GET /v1/palettes` items.
struct PaletteSummary: Encodable {
    let name: String
    let description: String
    let colors: [String]
    let previewURL: String

    init(_ p: Palette, previewURL: String) {
        self.previewURL = previewURL
        name = p.name
        description = p.description
        colors = p.colors.map(\.name)
    }
}

/// `GET /v1/palettes/{name}`: every colour with its background, foreground and contrast.
struct PaletteDetail: Encodable {
    struct Entry: Encodable {
        let name: String
        let background: [String]
        let gradientAngle: Double?
        let foreground: String
        let contrast: Double
    }

    let name: String
    let description: String
    let version: String
    let colors: [Entry]
    let previewURL: String

    init(_ p: Palette, previewURL: String) {
        self.previewURL = previewURL
        name = p.name
        description = p.description
        version = p.version
        colors = p.colors.map { e in
            var angle: Double?
            if case .linear(let a, _) = e.background { angle = a }
            return Entry(name: e.name, background: e.background.colors.map(\.hexString), gradientAngle: angle,
                         foreground: e.foreground.hexString, contrast: ((e.contrastRatios.min() ?? 0) * 100).rounded() / 100)
        }
    }
}

/// `GET /v1/templates` items.
struct TemplateSummary: Encodable {
    let name: String
    let description: String
    let width: Double
    let height: Double
    let version: String
    /// The template's card URL at the current content version, to which a client adds the
    /// event's parameters (`&title=…`).
    let cardURL: String

    init(_ t: Template, cardURL: String) {
        self.cardURL = cardURL
        name = t.name
        description = t.description
        width = t.size.width
        height = t.size.height
        version = t.version
    }
}

extension CardService {
    /// `/v1/palettes/{name}/preview.png?v=…`, as handed out.
    func previewURL(_ palette: Palette) -> String {
        publicLink("/v1/palettes/\(QueryEncoding.encode(palette.name))/preview.png?\(Self.versionParameter)=\(contentVersion)")
    }

    /// `/v1/cards/{name}.png?v=…`, as handed out.
    func cardURLPrefix(_ template: Template) -> String {
        publicLink("/v1/cards/\(QueryEncoding.encode(template.name)).png?\(Self.versionParameter)=\(contentVersion)")
    }
}
