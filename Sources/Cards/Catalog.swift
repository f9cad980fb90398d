import BufferText
import Foundation
import UnicodeText

/// Every palette and template, loaded once from their folders and passed down explicitly.
public struct Catalog: Sendable {
    public let palettes: [Palette]
    public let templates: [Template]

    /// Loads `palettes/*.json` and `templates/*.json` (sorted by name). The first bad file
    /// stops loading with an error naming it.
    public init(palettesDirectory: String, templatesDirectory: String) throws {
        palettes = try Catalog.files(in: palettesDirectory).map { try Palette(path: $0) }
        templates = try Catalog.files(in: templatesDirectory).map { try Template(path: $0) }
        guard !palettes.isEmpty else { throw DataFileError(file: palettesDirectory, field: "", reason: "no palettes found") }
        guard !templates.isEmpty else { throw DataFileError(file: templatesDirectory, field: "", reason: "no templates found") }
    }

    /// Loads only the palette and the template named (`<name>.json` in each folder): what one
    /// card needs, without listing the folders or parsing the other files. When either file
    /// is absent, or a name is not a plain file name (`..`, a path), it loads everything, so
    /// that the error for an unknown name lists the names there are, as the full load's does.
    public init(palettesDirectory: String, templatesDirectory: String, palette: String, template: String) throws {
        let paletteFile = PathText.joining(palettesDirectory, palette + ".json")
        let templateFile = PathText.joining(templatesDirectory, template + ".json")
        guard Self.isPlainName(palette), Self.isPlainName(template), access(paletteFile, F_OK) == 0, access(templateFile, F_OK) == 0
        else {
            try self.init(palettesDirectory: palettesDirectory, templatesDirectory: templatesDirectory)
            return
        }
        self.init(palettes: [try Palette(path: paletteFile)], templates: [try Template(path: templateFile)])
    }

    public init(palettesDirectory: URL, templatesDirectory: URL) throws {
        try self.init(palettesDirectory: palettesDirectory.path, templatesDirectory: templatesDirectory.path)
    }

    public init(palettesDirectory: URL, templatesDirectory: URL, palette: String, template: String) throws {
        try self.init(palettesDirectory: palettesDirectory.path, templatesDirectory: templatesDirectory.path,
                      palette: palette, template: template)
    }

    private init(palettes: [Palette], templates: [Template]) {
        self.palettes = palettes
        self.templates = templates
    }

    /// A name that is a file name in its folder, not a path.
    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.utf8.contains(UInt8(ascii: "/"))  // not Foundation's substring search
    }

    /// The paths of the `.json` files in `directory`, sorted by name.
    static func files(in directory: String) throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            // Why, as the system says it: opening the folder again sets errno.
            let reason: String
            if let handle = opendir(directory) {
                closedir(handle)
                reason = "unreadable"
            } else {
                reason = errno == ENOTDIR ? "not a folder" : BoundedFile.describe(errno)
            }
            throw DataFileError(file: directory, field: "", reason: "cannot read the folder: \(reason)")
        }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { PathText.joining(directory, $0) }
    }

    public func palette(named name: String) throws(EventError) -> Palette {
        guard let p = palettes.first(where: { $0.name == name }) else {
            throw EventError(field: "palette", reason: "unknown palette \(QuotedValue.quoted(name))\(Suggestion.didYouMean(name, in: palettes.map(\.name))) (expected one of: \(palettes.map(\.name).joined(separator: ", ")))")
        }
        return p
    }

    public func template(named name: String) throws(EventError) -> Template {
        guard let t = templates.first(where: { $0.name == name }) else {
            throw EventError(field: "template", reason: "unknown template \(QuotedValue.quoted(name))\(Suggestion.didYouMean(name, in: templates.map(\.name))) (expected one of: \(templates.map(\.name).joined(separator: ", ")))")
        }
        return t
    }

    /// The event's template, palette and colour, or an error naming the field at fault.
    public func resolve(_ event: Event) throws(EventError) -> (template: Template, palette: Palette, color: Palette.Entry) {
        let template = try template(named: event.template)
        let palette = try palette(named: event.palette)
        if CustomColor.isHex(event.color) { return (template, palette, try CustomColor(event.color).entry) }
        guard let color = palette.color(named: event.color) else {
            // Six or three hex digits are most likely a hex colour that lost its `#` (a URL's
            // fragment marker unless written %23).
            let digits = event.color.utf8.allSatisfy { UInt8(ascii: "0") <= $0 && $0 <= UInt8(ascii: "9") || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0 | 0x20) }
            let hex = [3, 6].contains(event.color.utf8.count) && digits
                ? "; a hex colour takes a #, written %23 in a URL: #\(event.color) (color=%23\(event.color))" : ""
            throw EventError(field: "color", reason: "unknown colour \"\(event.color)\" in palette \"\(palette.name)\"\(Suggestion.didYouMean(event.color, in: palette.colors.map(\.name)))\(hex) (expected one of: \(palette.colors.map(\.name).joined(separator: ", ")))")
        }
        return (template, palette, color)
    }
}
