import Cards
import HTTPTypes
import UnicodeText

extension CardService {
    /// Serves `catalog` from the next lookup on: a request sees the old templates and palettes
    /// or the new ones, never a mix of one catalog's half. Cards of the old catalog stay in
    /// the PNG cache under their own keys (a key names the template's and palette's
    /// versions), so nothing stale is served for a changed file.
    public func replaceCatalog(_ catalog: Catalog, templateDocuments: TemplateDocuments = TemplateDocuments()) {
        let version = ContentVersion.of(catalog: catalog, fontsVersion: configuration.fontsVersion)
        currentCatalog.withLock { $0 = (catalog, templateDocuments, version) }
    }

    /// Counts a reload in `/metrics` (`sharecard_catalog_reloads_total`): one that replaced
    /// the catalog, or one that failed and left it as it was.
    public func recordReload(succeeded: Bool) {
        metrics.recordReload(succeeded: succeeded)
    }

    /// `GET /v1/templates/{name}`: the template's JSON document, as `templates show NAME --json`
    /// prints it; 404 `unknown_template` for a name the catalog does not have.
    func templateDocument(_ name: String) throws -> HTTPResponse {
        let (catalog, documents) = currentCatalog.withLock { ($0.catalog, $0.documents) }
        guard catalog.templates.contains(where: { $0.name == name }), let document = documents[name] else {
            let names = catalog.templates.map(\.name).joined(separator: ", ")
            throw ServiceError.notFound(code: "unknown_template", message: "no template named \(QuotedValue.quoted(name)) (available: \(names))", field: "template")
        }
        return .json(bytes: document)
    }
}
