import CardService
import Foundation

enum SignCommand {
    static let spec = CommandSpec(
        name: "sign",
        summary: "Sign a card URL for a server started with --signing-key.",
        usage: "sign URL --key KEY [--expires-in SECONDS]",
        options: [
            OptionSpec(name: "key", valueName: "KEY", help: "The signing key (at least 16 bytes)."),
            OptionSpec(name: "expires-in", valueName: "S", help: "Seconds until the URL expires (default 604800, a week)."),
        ],
        positionals: ["URL"],
        minimumPositionals: 1,
        details: "URL is a path with a query, such as '/v1/cards/classic.png?title=Hello', or a full http(s) URL; the host is kept as given.")

    static func run(_ args: ParsedArguments) throws {
        guard let key = args.value("key") else { throw UsageError(description: "missing --key KEY") }
        let signer: URLSigner
        do { signer = try URLSigner(keys: [key]) } catch { throw UsageError(description: "--key must be at least 16 bytes") }
        let expiresIn = try args.int("expires-in", in: 1...(10 * 365 * 86_400)) ?? 7 * 86_400
        var text = args.positionals[0]
        var origin = ""
        if let range = text.range(of: "://") {
            let afterScheme = text[range.upperBound...]
            let slash = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
            origin = String(text[..<slash])
            text = String(text[slash...])
        }
        guard let components = URLComponents(string: text), components.path.hasPrefix("/") else {
            throw UsageError(description: "'\(args.positionals[0])' is not a URL path such as /v1/cards/classic.png?title=Hello")
        }
        let items = (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }
        print(origin + signer.sign(path: components.path, items: items, expires: Int(Date().timeIntervalSince1970) + expiresIn))
    }
}
