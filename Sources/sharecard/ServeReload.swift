import CardService
import Cards
import Foundation
import HTTPServer
import Signals

/// `SIGHUP` in `serve`: the templates and palettes are loaded again from their folders and,
/// when every file is valid, swapped in whole; open connections and requests in flight are
/// untouched. A reload that fails keeps the catalog in use and logs why.
enum ServeReload {
    static func install(_ args: ParsedArguments, service: CardService, log: AccessLog) throws {
        let palettes = try Resources.directory("palettes", override: args.value("palettes"))
        let templates = try Resources.directory("templates", override: args.value("templates"))
        // One reload at a time, in signal order: the watcher runs its handlers on one thread.
        try SignalWatcher.shared.watch(SIGHUP) { _ in
            do {
                let catalog = try Catalog(palettesDirectory: palettes, templatesDirectory: templates)
                service.replaceCatalog(catalog, templateDocuments: try TemplateDocuments(catalog: catalog, directory: templates))
                log.note("sharecard serve: reloaded \(catalog.templates.count) templates and \(catalog.palettes.count) palettes")
            } catch {
                log.note("sharecard serve: reload failed, still serving the previous templates and palettes: \(error)")
            }
        }
    }
}
