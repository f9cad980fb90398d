import Foundation

/// Each template's file as its JSON text, by template name: what `templates show NAME --json`
/// prints and `GET /v1/templates/{name}` answers. Kept beside a `Catalog` loaded from the same
/// folder (and replaced with it), so the document served is the one the cards are drawn from.
public struct TemplateDocuments: Sendable {
    public let byName: [String: [UInt8]]

    public init(_ byName: [String: [UInt8]] = [:]) {
        self.byName = byName
    }

    /// Reads `NAME.json` for every template of `catalog` from `directory`, the folder the
    /// catalog was loaded from. Throws `DataFileError` naming a file that cannot be read.
    public init(catalog: Catalog, directory: String) throws {
        var byName: [String: [UInt8]] = [:]
        for template in catalog.templates {
            let file = DataFilePath.joining(directory, template.name + ".json")
            byName[template.name] = Array(try DataFileReader.read(file, maximumBytes: Template.maximumFileBytes))
        }
        self.byName = byName
    }

    public init(catalog: Catalog, directory: URL) throws {
        try self.init(catalog: catalog, directory: directory.path)
    }

    public subscript(name: String) -> [UInt8]? { byName[name] }
}
