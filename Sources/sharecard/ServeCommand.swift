import CardService
import Cards
import Foundation
import HTTPServer
import HTTPTypes

enum ServeCommand {
    static let spec = CommandSpec(
        name: "serve",
        summary: "Serve cards over HTTP (API, playground, metrics) until SIGTERM or SIGINT.",
        usage: "serve [--host 127.0.0.1] [--port 8080] [--workers N] [--signing-key KEY]… [limits]",
        options: [
            OptionSpec(name: "host", valueName: "ADDR", help: "Address to bind (default 127.0.0.1)."),
            OptionSpec(name: "port", valueName: "N", help: "Port (default 8080; 0 picks a free one)."),
            OptionSpec(name: "workers", valueName: "N", help: "Threads that render (default: the number of cores)."),
            OptionSpec(name: "queue", valueName: "N", help: "Requests that may wait for a worker before 429 (default 64)."),
            OptionSpec(name: "busy-delay", valueName: "MS", help: "Hold a 429 this long before sending it (default 1000; 0 = at once, then close)."),
            OptionSpec(name: "signing-key", valueName: "KEY", help: "Require card URLs signed with this key (repeat to rotate keys; the first signs). Visible to every local user in ps: prefer --signing-key-file or SHARECARD_SIGNING_KEYS.", repeatable: true),
            OptionSpec(name: "max-signed-lifetime", valueName: "S", help: "Refuse signed URLs that expire more than this many seconds ahead (default 2592000, 30 days)."),
            OptionSpec(name: "max-connections", valueName: "N", help: "Open connections at most (default 1024)."),
            OptionSpec(name: "max-connections-per-ip", valueName: "N", help: "Per client address, per /64 for IPv6 (default 64)."),
            OptionSpec(name: "timeout", valueName: "S", help: "Close connections idle this long, seconds (default 15)."),
            OptionSpec(name: "header-timeout", valueName: "S", help: "Total time for a request line and header, seconds (default 10; 1 under connection pressure)."),
            OptionSpec(name: "connection-memory", valueName: "BYTES", help: "Memory per connection for the request line and headers (default 65536)."),
            OptionSpec(name: "max-body", valueName: "BYTES", help: "Largest POST body (default 65536)."),
            OptionSpec(name: "photo-origin", valueName: "URL", help: "Fetch photo=<url> from this origin (scheme://host[:port]; repeatable; off without one).", repeatable: true),
            OptionSpec(name: "max-upload", valueName: "BYTES", help: "Largest multipart POST body, an event with its photo (default 10485760; 0 refuses uploads)."),
            OptionSpec(name: "title-limit", valueName: "N", help: "Longest title in characters (default 500)."),
            OptionSpec(name: "max-scale", valueName: "N", help: "Largest scale served, 1-3 (default 3)."),
            OptionSpec(name: "max-pixels", valueName: "N", help: "Most device pixels one card may need, size × scale² (default 50000000; larger answer 422)."),
            OptionSpec(name: "cache-mb", valueName: "N", help: "Megabytes of encoded PNGs kept in memory (default 32)."),
            OptionSpec(name: "quiet", help: "No access log."),
            SigningKeyFile.option,
            OptionSpec(name: "cors-origin", valueName: "ORIGIN", help: "Let pages on ORIGIN (https://app.example.com) call the API from a browser; * for any, only when given (repeatable).", repeatable: true),
            OptionSpec(name: "public-url", valueName: "URL", help: "Where clients reach the server (https://cards.example.com): handed-out URLs are absolute under it."),
        ] + CardOptions.dataSpecs,
        details: "One JSON access-log line per request goes to standard error, written by a thread of its own: when standard error cannot keep up, lines are dropped (and counted in /metrics) rather than slowing requests. The API is described at /openapi.json; / is a playground.")

    static func run(_ args: ParsedArguments) throws {
        let catalog = try CardOptions.catalog(args)
        let fontsDirectory = try Resources.directory("fonts", override: args.value("fonts"))
        let renderer = try CardOptions.renderer(args)
        // A template naming a font the library lacks would answer 500 for every card: refuse to start.
        do { try catalog.check(fonts: renderer.fonts) } catch { throw CommandError("\(error)") }
        let web = try Resources.directory("web")
        var configuration = ServiceConfiguration()
        configuration.titleLimit = try args.int("title-limit", in: 1...5000) ?? Event.defaultTitleLimit
        configuration.maxScale = try args.int("max-scale", in: 1...3) ?? 3
        configuration.maxPixelsPerCard = Double(try args.int("max-pixels", in: 1_000_000...400_000_000) ?? 50_000_000)
        configuration.maxBodyBytes = try args.int("max-body", in: 256...(1 << 20)) ?? 64 << 10
        configuration.maxUploadBytes = try args.int("max-upload", in: 0...(256 << 20)) ?? 10 << 20
        configuration.photoFetcher = try PhotoOrigins.fetcher(args.all("photo-origin"), maxBytes: configuration.photoLimits.maxFileBytes)
        configuration.photoLimits = configuration.photoLimits.withMaxFileBytes(min(configuration.photoLimits.maxFileBytes, configuration.maxUploadBytes))
        configuration.cacheBytes = (try args.int("cache-mb", in: 0...4096) ?? 32) << 20
        configuration.fontsVersion = ContentHash.fontsVersion(directory: fontsDirectory)
        configuration.playgroundHTML = String(decoding: try readInput((web as NSString).appendingPathComponent("index.html")), as: UTF8.self)
        configuration.openAPIJSON = String(decoding: try readInput((web as NSString).appendingPathComponent("openapi.json")), as: UTF8.self)
        let keys = args.all("signing-key") + (try SigningKeyFile.keys(args)) + (try SigningKeyFile.environmentKeys())
        if !keys.isEmpty {
            let lifetime = try args.int("max-signed-lifetime", in: 1...(10 * 365 * 86_400)) ?? URLSigner.defaultMaximumLifetimeSeconds
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
                                  templateDocuments: try TemplatesCommand.documents(catalog, args))

        var serverConfiguration: HTTPServer.Configuration
        do {
            serverConfiguration = try HTTPServer.Configuration(
                host: args.value("host") ?? "127.0.0.1", port: try args.int("port", in: 0...65535) ?? 8080,
                workers: try args.int("workers", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount,
                queueLimit: try args.int("queue", in: 0...100_000) ?? 64,
                busyAnswerDelayMilliseconds: try args.int("busy-delay", in: 0...60_000) ?? 1000,
                maxConnections: try args.int("max-connections", in: 1...100_000) ?? 1024,
                maxConnectionsPerIP: try args.int("max-connections-per-ip", in: 0...100_000) ?? 64,
                connectionTimeoutSeconds: try args.int("timeout", in: 1...3600) ?? 15,
                headerTimeoutSeconds: try args.int("header-timeout", in: 1...3600) ?? 10,
                connectionMemoryLimitBytes: try args.int("connection-memory", in: 1...(16 << 20)) ?? 64 * 1024,
                maxBodyBytes: max(configuration.maxBodyBytes, configuration.maxUploadBytes),
                // A card URL with a 500-character title and subtitle of 4-byte characters,
                // percent-encoded, is about 12 KB: room for the longest canonical imageURL.
                maxURLBytes: 16 * 1024)
        } catch let e as HTTPServer.ConfigurationError {
            throw UsageError(description: e.description)
        }
        serverConfiguration.cors = configuration.cors
        // Standard error is written by the log's own thread, never by libmicrohttpd's: the
        // access log (unless --quiet) and the server's diagnostics alike.
        let log = AccessLog()
        // A reader of standard error that goes away must not end the server: the log's
        // writes then fail with EPIPE and are dropped.
        signal(SIGPIPE, SIG_IGN)
        let server = HTTPServer(configuration: serverConfiguration,
                                answerImmediately: { service.answerImmediately($0) },
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
        let port: Int
        do { port = try server.start() } catch {
            throw CommandError("\(error)")
        }
        FileHandle.standardError.write(Data("sharecard serve: listening on http://\(serverConfiguration.host):\(port)/ with \(serverConfiguration.workers) workers\(keys.isEmpty ? "" : ", signed URLs only")\n".utf8))
        do {
            try server.shutdownOnSignals(then: {
                log.note("sharecard serve: shut down")
                log.close(waitingAtMost: 2) // a stuck standard error does not keep the process alive
                exit(0)
            })
        } catch {
            throw CommandError("\(error)")
        }
        do { try ServeReload.install(args, service: service, log: log) } catch { throw CommandError("\(error)") }
        dispatchMain()
    }
}
