/// Each template's file as its JSON text, by template name: what `templates show NAME --json`
/// prints and `GET /v1/templates/{name}` answers. Taken from the catalog's templates, whose
/// files were read once and parsed from these very bytes, so the document served is the one
/// the cards are drawn from even when a file changes on disk after loading (a `SIGHUP` reload
/// racing an edit).
public struct TemplateDocuments: Sendable {
    public let byName: [String: [UInt8]]

    public init(_ byName: [String: [UInt8]] = [:]) {
        self.byName = byName
    }

    /// The documents of every template of `catalog`.
    public init(catalog: Catalog) {
        byName = Dictionary(catalog.templates.map { ($0.name, $0.document) }, uniquingKeysWith: { first, _ in first })
    }

    public subscript(name: String) -> [UInt8]? { byName[name] }
}
