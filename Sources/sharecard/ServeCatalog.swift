import Cards
import Typesetting

/// The templates and palettes `serve` draws with: read from their folders, checked against
/// the font library (every family known and able to draw Latin, every image decoded) and laid
/// out at every preset and the corners of the size range (`Template.checkLayout`), with
/// each template's JSON document as the catalog read it. Start-up and every `SIGHUP` reload
/// go through `load`, so a reload refuses exactly what start-up refuses and warns of what
/// start-up warns of.
struct ServeCatalog {
    let palettesDirectory: String
    let templatesDirectory: String
    let fonts: FontLibrary

    /// The catalog and its documents, or the first problem found (a `DataFileError` naming
    /// the file and, for a template, the element's path). `warnings` are what `templates
    /// validate` warns of, one line each naming the template's file: a frame that lays out to
    /// nothing at some size, which a card still draws without.
    func load() throws -> (catalog: Catalog, documents: TemplateDocuments, warnings: [String]) {
        let catalog = try Catalog(palettesDirectory: palettesDirectory, templatesDirectory: templatesDirectory)
        try catalog.check(fonts: fonts)
        var warnings: [String] = []
        for template in catalog.templates {
            warnings += try template.checkLayout(fonts: fonts).map { "\(shown: template.path): \($0)" }
        }
        return (catalog, TemplateDocuments(catalog: catalog), warnings)
    }
}
