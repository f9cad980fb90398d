import CardService
import Foundation
import HTTPTypes

enum SignCommand {
    static let spec = CommandSpec(
        name: "sign",
        summary: "Sign a card URL for a server started with --signing-key.",
        usage: "sign URL --key KEY [--expires-in SECONDS]",
        options: [
            OptionSpec(name: "key", valueName: "KEY", help: "The signing key (at least 16 bytes)."),
            OptionSpec(name: "expires-in", valueName: "S", help: "Seconds until the URL expires (default 604800, a week; servers refuse more than their --max-signed-lifetime, 30 days by default)."),
        ],
        positionals: ["URL"],
        minimumPositionals: 1,
        details: "URL is a path with a query, such as '/v1/cards/classic.png?title=Hello', or a full http(s) URL; the host is kept as given. The query is read as the server reads it (application/x-www-form-urlencoded: '+' is a space), and the printed URL is percent-encoded. A URL the server refuses for its route or its parameters' names (a parameter unknown or given twice, a route that takes no signature) is not signed (exit 2); values are judged by the server. A URL signed before is signed again: its expires and sig are replaced (with a note), so --expires-in sets the new lifetime.")

    static func run(_ args: ParsedArguments) throws {
        guard let key = args.value("key") else { throw UsageError(description: "missing --key KEY") }
        try HashingLibrary.require()
        let signer: URLSigner
        do { signer = try URLSigner(keys: [key]) } catch { throw UsageError(description: "--key must be at least 16 bytes") }
        let expiresIn = try args.int("expires-in", in: 1...(10 * 365 * 86_400)) ?? 7 * 86_400
        if expiresIn > URLSigner.defaultMaximumLifetimeSeconds {
            StandardError.write("sharecard sign: note: a server with the default --max-signed-lifetime refuses URLs that expire more than \(URLSigner.defaultMaximumLifetimeSeconds) seconds ahead\n")
        }
        var text = args.positionals[0]
        var origin = ""
        if !text.hasPrefix("/"), let range = text.range(of: "://") {
            let scheme = text[..<range.lowerBound].lowercased()
            guard scheme == "http" || scheme == "https" else {
                throw UsageError(description: "'\(escaped: args.positionals[0])': the server answers http and https URLs, not \(scheme)")
            }
            let afterScheme = text[range.upperBound...]
            let end = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
            origin = String(text[..<end])
            text = String(text[end...])
            if !text.hasPrefix("/") { text = "/" + text }
        }
        // The server's own request-target parser, so the URL is read exactly as it will be:
        // `+` in the query is a space, `%2B` a plus sign, the path percent-decoded.
        let request: HTTPRequest
        do { request = try HTTPRequest(target: text) } catch {
            throw UsageError(description: "'\(escaped: args.positionals[0])' is not a URL path such as /v1/cards/classic.png?title=Hello: \(error)")
        }
        guard request.path.hasPrefix("/") else {
            throw UsageError(description: "'\(escaped: args.positionals[0])' is not a URL path such as /v1/cards/classic.png?title=Hello")
        }
        // The server's own check of the route and its query's names, on the URL as given: the
        // signed URL has the same names, less the link decorations the check leaves out too and
        // with one expires and one sig, so this also refuses an expires or sig given twice, which
        // signing would otherwise replace unseen.
        if let refusal = CardService.refusalOfSignedURL(request) {
            throw UsageError(description: "'\(escaped: args.positionals[0])': the server would refuse this URL (\(refusal))")
        }
        // A URL signed before is signed again: its expires and sig are replaced, and said.
        let replaced = ["expires", "sig"].filter { name in request.queryItems.contains { $0.name == name } }
        if !replaced.isEmpty {
            StandardError.write("sharecard sign: note: replaced the URL's \(replaced.joined(separator: " and ")): the new signature expires in \(expiresIn) seconds (--expires-in)\n")
        }
        // What the server drops before it verifies is left out of the signed URL, and said.
        let dropped = request.queryItems.filter { CardService.isLinkDecoration($0.name) }.map(\.name)
        if !dropped.isEmpty {
            StandardError.write("sharecard sign: note: left out \(dropped.joined(separator: ", ")): the server ignores them\n")
        }
        let items = request.removingQueryItems { CardService.isLinkDecoration($0.name) }.queryItems.map { ($0.name, $0.value) }
        let signed = try signer.sign(path: request.path, items: items, expires: Int(Date().timeIntervalSince1970) + expiresIn)
        print(origin + signed)
    }
}
