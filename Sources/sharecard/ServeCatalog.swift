import Cards
import Typesetting

/// The templates and palettes `serve` draws with: read from their folders, checked against
/// the font library (every family known and able to draw Latin, every image decoded) and laid
/// out at every preset and the corners of the size range (`Template.checkLayout`), with
/// each template's JSON document as the catalog read it. Start-up and every `SIGHUP` reload
/// go through `load`, so a reload refuses exactly what start-up refuses.
struct ServeCatalog {
    let palettesDirectory: String
    let templatesDirectory: String
    let fonts: FontLibrary

    /// The catalog and its documents, or the first problem found (a `DataFileError` naming
    /// the file and, for a template, the element's path).
    func load() throws -> (catalog: Catalog, documents: TemplateDocuments) {
        let catalog = try Catalog(palettesDirectory: palettesDirectory, templatesDirectory: templatesDirectory)
        try catalog.check(fonts: fonts)
        for template in catalog.templates { try template.checkLayout(fonts: fonts) }
        return (catalog, TemplateDocuments(catalog: catalog))
    }
}
