import CardService
import Foundation
import HTTPServer
import Signals

/// `SIGHUP` in `serve`: the templates and palettes are loaded and checked again as at start-up
/// (`ServeCatalog.load`) and, when every file passes, swapped in whole; open connections and
/// requests in flight are untouched. A reload that fails keeps the catalog in use entirely,
/// logs the file and the problem, and is counted in `/metrics`. A reload that passes logs the
/// same warnings start-up prints (`ServeCatalog.load`).
enum ServeReload {
    static func install(_ source: ServeCatalog, service: CardService, log: AccessLog) throws {
        // One reload at a time, in signal order: the watcher runs its handlers on one thread.
        try SignalWatcher.shared.watch(SIGHUP) { _ in
            do {
                let (catalog, documents, warnings) = try source.load()
                service.replaceCatalog(catalog, templateDocuments: documents)
                service.recordReload(succeeded: true)
                for warning in warnings { log.note("sharecard serve: warning: \(warning)") }
                log.note("sharecard serve: reloaded \(catalog.templates.count) templates and \(catalog.palettes.count) palettes")
            } catch {
                service.recordReload(succeeded: false)
                log.note("sharecard serve: reload failed, still serving the previous templates and palettes: \(error)")
            }
        }
    }
}
