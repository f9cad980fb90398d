import CardService
import Cards
import Faces
import Foundation
import HTTPServer
import HTTPTypes
import Photos
import UnicodeText

enum ServeCommand {
    static let spec = CommandSpec(
        name: "serve",
        summary: "Serve cards over HTTP (API, playground, metrics) until SIGTERM or SIGINT.",
        usage: "serve [--host 127.0.0.1] [--port 8080] [--workers N] [--signing-key KEY]… [limits]",
        options: [
            OptionSpec(name: "host", valueName: "ADDR", help: "Address to bind (default 127.0.0.1)."),
            ServeLimit.port.spec,
            OptionSpec(name: "workers", valueName: "N", help: "Threads that render (default: the number of cores)."),
            ServeLimit.queue.spec,
            ServeLimit.busyDelay.spec,
            OptionSpec(name: "signing-key", valueName: "KEY", help: "Require card URLs signed with this key (repeat to rotate keys; the first signs). Visible to every local user in ps: prefer --signing-key-file or SHARECARD_SIGNING_KEYS.", repeatable: true),
            ServeLimit.maxSignedLifetime.spec,
            ServeLimit.maxConnections.spec,
            ServeLimit.maxConnectionsPerIP.spec,
            ServeLimit.timeout.spec,
            ServeLimit.headerTimeout.spec,
            ServeLimit.connectionMemory.spec,
            ServeLimit.maxBody.spec,
            OptionSpec(name: "photo-origin", valueName: "URL", help: "Fetch photo=<url> from this origin (scheme://host[:port]; repeatable; off without one).", repeatable: true),
            ServeLimit.fetchWorkers.spec,
            OptionSpec(name: "fetch-workers-per-origin", valueName: "N", help: "Fetch threads the photos of one origin may hold at once; its other requests wait, and other origins' go first (default: half the fetch threads, rounded up, with two or more origins; all of them with one)."),
            OptionSpec(name: "heic", help: "Take HEIC photos (uploads and photo=<url>). Off by default: HEVC costs about 80 ms of a core per megapixel (a 12 MP photo, a second). Bounded before decoding: the pixels a HEIC's streams are coded at, at most twice the photo pixel limit and 1024 cells."),
            ServeLimit.maxUpload.spec,
            ServeLimit.maxBodyMemory.spec,
            ServeLimit.titleLimit.spec,
            ServeLimit.maxScale.spec,
            ServeLimit.maxPixels.spec,
            ServeLimit.cacheMegabytes.spec,
            ServeLimit.faceCacheEntries.spec,
            OptionSpec(name: "quiet", help: "No access log."),
            SigningKeyFile.option,
            OptionSpec(name: "cors-origin", valueName: "ORIGIN", help: "Let pages on ORIGIN (https://app.example.com) call the API from a browser; * for any, only when given (repeatable).", repeatable: true),
            OptionSpec(name: "public-url", valueName: "URL", help: "Where clients reach the server (https://cards.example.com): handed-out URLs are absolute under it."),
        ] + CardOptions.dataSpecs,
        details: "One JSON access-log line per request goes to standard error, written by a thread of its own: when standard error cannot keep up, lines are dropped (and counted in /metrics) rather than slowing requests. The API is described at /openapi.json; / is a playground.")

    /// The playground page and the API description are read whole at start-up, each at most
    /// this many bytes (they are about 40 KB and 180 KB).
    static let webFileLimit = 16 << 20

    static func run(_ args: ParsedArguments) throws {
        // The libraries other commands open on first use: a server finds a broken installation
        // at start rather than in every request that needs one.
        try HashingLibrary.require()
        for problem in [Photo.decoderLibrariesProblem(), LocalizedDateFormat.libraryProblem()] {
            if let problem { throw CommandError(problem) }
        }
        let palettesDirectory = try Resources.directory("palettes", override: args.value("palettes"))
        let templatesDirectory = try Resources.directory("templates", override: args.value("templates"))
        let fontsDirectory = try Resources.directory("fonts", override: args.value("fonts"))
        let renderer = try CardOptions.renderer(args)
        let catalogSource = ServeCatalog(palettesDirectory: palettesDirectory, templatesDirectory: templatesDirectory,
                                         fonts: renderer.fonts)
        // A template naming a font the library lacks, or a broken optional part of the font
        // manifest, would answer 500 for cards later: refuse to start.
        let (catalog, templateDocuments, catalogWarnings): (Catalog, TemplateDocuments, [String])
        do {
            try renderer.fonts.loadOptionalFaces()
            (catalog, templateDocuments, catalogWarnings) = try catalogSource.load()
        } catch { throw CommandError("\(error)") }
        for warning in catalogWarnings { StandardError.write("sharecard serve: warning: \(warning)\n") }
        let web = try Resources.directory("web")
        var configuration = ServiceConfiguration()
        configuration.titleLimit = try ServeLimit.titleLimit.value(args)
        configuration.maxScale = try ServeLimit.maxScale.value(args)
        configuration.maxPixelsPerCard = Double(try ServeLimit.maxPixels.value(args))
        configuration.maxBodyBytes = try ServeLimit.maxBody.value(args)
        configuration.maxUploadBytes = try ServeLimit.maxUpload.value(args)
        configuration.photoFetcher = try PhotoOrigins.fetcher(args.all("photo-origin"), maxBytes: configuration.photoLimits.maxFileBytes)
        configuration.photoLimits = configuration.photoLimits.withMaxFileBytes(min(configuration.photoLimits.maxFileBytes, configuration.maxUploadBytes))
        if args.has("heic") { configuration.photoFormats.insert(.heic) }
        configuration.cacheBytes = (try ServeLimit.cacheMegabytes.value(args)) << 20
        configuration.faceCache = try FaceCache(capacity: try ServeLimit.faceCacheEntries.value(args))
        configuration.fontsVersion = ContentHash.fontsVersion(directory: fontsDirectory)
        configuration.playgroundHTML = String(decoding: try readInput((web as NSString).appendingPathComponent("index.html"), maxBytes: webFileLimit, what: "a web file"), as: UTF8.self)
        configuration.openAPIJSON = String(decoding: try readInput((web as NSString).appendingPathComponent("openapi.json"), maxBytes: webFileLimit, what: "a web file"), as: UTF8.self)
        let keys = args.all("signing-key") + (try SigningKeyFile.keys(args)) + (try SigningKeyFile.environmentKeys())
        if !keys.isEmpty {
            let lifetime = try ServeLimit.maxSignedLifetime.value(args)
            do { configuration.signer = try URLSigner(keys: keys, maximumLifetimeSeconds: lifetime) } catch {
                throw UsageError(description: "--signing-key must be at least 16 bytes")
            }
        }
        do {
            configuration.cors = try CORSPolicy(origins: args.all("cors-origin"))
            configuration.publicURL = try args.value("public-url").map { try PublicURL($0) }
        } catch let e as CORSPolicy.Invalid {
            throw UsageError(description: e.description)
        } catch let e as PublicURL.Invalid {
            throw UsageError(description: e.description)
        }
        let service = CardService(catalog: catalog, renderer: renderer, configuration: configuration,
                                  templateDocuments: templateDocuments)

        var serverConfiguration: HTTPServer.Configuration
        let fetchWorkers = try ServeLimit.fetchWorkers.value(args)
        do {
            serverConfiguration = try HTTPServer.Configuration(
                host: args.value("host") ?? "127.0.0.1", port: try ServeLimit.port.value(args),
                workers: try args.int("workers", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount,
                queueLimit: try ServeLimit.queue.value(args),
                fetchWorkers: fetchWorkers,
                fetchWorkersPerSource: try args.int("fetch-workers-per-origin", in: 1...ServeLimit.fetchWorkers.range.upperBound)
                    ?? ((configuration.photoFetcher?.origins.count ?? 0) > 1 ? (fetchWorkers + 1) / 2 : fetchWorkers),
                busyAnswerDelayMilliseconds: try ServeLimit.busyDelay.value(args),
                maxConnections: try ServeLimit.maxConnections.value(args),
                maxConnectionsPerIP: try ServeLimit.maxConnectionsPerIP.value(args),
                connectionTimeoutSeconds: try ServeLimit.timeout.value(args),
                headerTimeoutSeconds: try ServeLimit.headerTimeout.value(args),
                connectionMemoryLimitBytes: try ServeLimit.connectionMemory.value(args),
                maxBodyBytes: configuration.maxBodyBytes, maxMultipartBodyBytes: configuration.maxUploadBytes,
                uploadTarget: CardService.uploadTarget,
                maxBodyMemoryBytes: try ServeLimit.maxBodyMemory.value(args),
                maxURLBytes: ServeLimit.maxURLBytes, maxHeaderBytes: ServeLimit.maxHeaderBytes)
        } catch let e as HTTPServer.ConfigurationError {
            // The server names its properties; the ones a flag can put out of range by itself
            // are checked by ServeLimit, these depend on what is given.
            switch e.field {
            case "host": throw UsageError(description: "--host must be an IPv4 or IPv6 address (a name is not resolved), got '\(args.value("host") ?? "")'")
            case "maxConnectionsPerIP":
                throw UsageError(description: "--max-connections-per-ip must be at most --max-connections (\(try ServeLimit.maxConnections.value(args)))")
            case "maxBodyMemoryBytes":
                throw UsageError(description: "--max-body-memory must be 0 or at least the largest body taken, --max-upload and --max-body (\(max(configuration.maxBodyBytes, configuration.maxUploadBytes)))")
            case "fetchWorkersPerSource":
                throw UsageError(description: "--fetch-workers-per-origin must be at most --fetch-workers (\(fetchWorkers))")
            default: throw UsageError(description: e.description)
            }
        }
        serverConfiguration.cors = configuration.cors
        // Standard error is written by the log's own thread, never by libmicrohttpd's: the
        // access log (unless --quiet) and the server's diagnostics alike.
        let log = AccessLog()
        // A reader of standard error that goes away must not end the server: the log's
        // writes then fail with EPIPE and are dropped.
        signal(SIGPIPE, SIG_IGN)
        let server = HTTPServer(configuration: serverConfiguration,
                                triage: { service.triage($0) },
                                checkHead: { service.refusalBeforeBody($0) },
                                handler: { service.handle($0) },
                                onRequestCompleted: args.has("quiet") ? nil : log.observer,
                                diagnostics: { message in log.note("sharecard serve: \(message)") })
        service.setServerStatistics { [weak server] in
            let s = server?.statistics
            return (s?.inFlight ?? 0, s?.queueDepth ?? 0)
        }
        service.setServerMetrics { [weak server] in
            ServerMetricsText.exposition(server?.statistics ?? HTTPServer.Statistics(),
                                         droppedLogEntries: log.droppedEntries)
        }
        var photoURLs = ""
        if let origins = configuration.photoFetcher?.origins.count {
            photoURLs = ", photo URLs from \(origins) origin\(origins == 1 ? "" : "s") on \(serverConfiguration.fetchWorkers) fetch threads"
                + (origins > 1 ? ", at most \(serverConfiguration.fetchWorkersPerSource) per origin" : "")
        }
        // Share pages unfold in chat apps only with an absolute og:image: say which kind is handed out.
        let handedOutURLs = configuration.publicURL.map { "handed-out URLs under \($0.text)" }
            ?? "handed-out URLs relative (no --public-url)"
        let port: Int
        do { port = try server.start() } catch {
            throw CommandError("\(error)")
        }
        StandardError.write("sharecard serve: listening on http://\(serverConfiguration.host.contains(":") ? "[\(serverConfiguration.host)]" : serverConfiguration.host):\(port)/ with \(serverConfiguration.workers) workers\(keys.isEmpty ? "" : ", signed URLs only")\(photoURLs), \(handedOutURLs)\n")
        do {
            try server.shutdownOnSignals(then: {
                log.note("sharecard serve: shut down")
                log.close(waitingAtMost: 2) // a stuck standard error does not keep the process alive
                exit(0)
            })
        } catch {
            throw CommandError("\(error)")
        }
        do { try ServeReload.install(catalogSource, service: service, log: log) } catch { throw CommandError("\(error)") }
        dispatchMain()
    }
}
