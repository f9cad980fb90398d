import Cards
import Foundation
import Geometry
import Raster
import Scene
import Typesetting

enum DrawCommand {
    static let spec = CommandSpec(
        name: "draw",
        summary: "Render a scene file or a template (shapes, images, text, filters) to an opaque PNG, JPEG or WebP.",
        usage: "draw SCENE.json -o OUT.png|.jpg|.webp [--photo FILE] [--format F] [--quality Q] [--size PRESET|WxH] [--scale N]",
        options: [
            OutputFormatOptions.imageOutput,
            OptionSpec(name: "size", valueName: "PRESET|WxH",
                       help: "Draw on a canvas of this size instead of the scene's own: card (1024×576), og (1200×630), square (1080×1080), story (1080×1920), banner (1500×500), or WxH with sides of 320 to 4096 points.",
                       values: CardSize.presets.map(\.name)),
            OptionSpec(name: "scale", valueName: "N", help: "Device pixels per point, overriding the scene's scale (0.25-4, as a scene's own)."),
            OptionSpec(name: "photo", valueName: "FILE",
                       help: "The event's photo (JPEG, PNG, WebP or HEIC, '-' for standard input) for the scene's images whose src is {\"from\": \"eventPhoto\"}, cropped to its faces as on a card; without it they show their placeholder."),
        ] + OutputFormatOptions.specs,
        positionals: ["SCENE.json"],
        minimumPositionals: 1,
        details: "The scene language is described in docs/templates.md; a template is drawn with a sample event on the default palette's first colour, and with --photo the event's photo (found faces and all, as render --photo draws it). --size draws on another canvas, its elements placed by their constraints and choices as render --size places a card's. '-' reads the scene from standard input.")

    static func run(_ args: ParsedArguments) throws {
        guard let output = args.value("output") else { throw UsageError(description: "sharecard draw: missing -o FILE") }
        let path = args.positionals[0]
        guard path != "-" || args.value("photo") != "-" else {
            throw UsageError(description: "sharecard draw: the scene and the photo cannot both be read from standard input")
        }
        let scale = try args.double("scale", in: 0.25...4)
        let size = try CardOptions.size(args)?.size
        let format = try OutputFormatOptions.output(args, path: output)
        let target = try OutputTarget(output)
        // Messages name the scene file as it was typed (README: paths in messages). It is read
        // no further than one byte past the scene document limit, whether a file or a stream.
        let file = path == "-" ? nil : URL(fileURLWithPath: path)
        let name = path == "-" ? "<stdin>" : path
        let data = try readInput(path, maxBytes: JSONNode.maximumDocumentBytes, what: "a scene")
        let scene: Scene
        var parser = SceneParser(baseDirectory: file?.deletingLastPathComponent() ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        do { scene = try parser.parse(data) } catch let e as JSONInputError {
            throw CommandError("\(shown: name): \(e.description)")
        }
        // Text is set only when the scene has some: a drawing of shapes opens no fonts. A family
        // the library lacks is named at its element before anything is laid out.
        let text = try scene.hasText ? SceneTextContext(fonts: Resources.fontLibrary(override: nil), glyphCache: GlyphCache()) : nil
        if let fonts = text?.fonts {
            do { try parser.uses.checkFamilies(in: fonts) } catch {
                throw CommandError("\(shown: name): \(error.description)")
            }
        }
        let resolved: ResolvedScene
        do {
            resolved = try scene.resolve(try bindings(photo: args.value("photo"), scene: scene, named: name,
                                                      size: size, scale: scale),
                                         size: size, scale: scale, text: text)
        } catch let e as SceneLimitError {
            throw CommandError("\(shown: name): \(e.description)")
        }
        for empty in resolved.emptyFrames { StandardError.write("sharecard draw: warning: \(shown: name): \(empty)\n") }
        let canvas = try resolved.draw()
        if let failure = text?.fonts.optionalFacesFailure { throw CommandError("\(failure)") }
        try target.write(try canvas.encoded(format, content: resolved.content))
    }

    /// The sample event's fields, with the photo at `path` (decoded for the canvas drawn, its
    /// faces found as for a card) when one is given.
    static func bindings(photo path: String?, scene: Scene, named name: String, size: Size?, scale: Double?) throws -> SceneBindings {
        guard let path else { return .sample }
        guard scene.showsEventPhoto else {
            throw CommandError("\(shown: name): the scene shows no photo (give it an image whose src is {\"from\": \"eventPhoto\"})")
        }
        let photo = try PhotoInput.load(path, canvas: size ?? scene.size, scale: scale ?? scene.scale)
        if let warning = photo.photo.profile.warning { StandardError.write("sharecard draw: warning: \(shown: path): \(warning)\n") }
        let sample = SceneBindings.sample
        return SceneBindings(values: sample.values, colors: sample.colors, photo: photo.photo.image, photoFaces: photo.faces)
    }
}
