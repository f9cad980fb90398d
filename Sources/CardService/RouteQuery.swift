import HTTPTypes
import UnicodeText

/// The query names each route takes, judged before any value is read: the one check the
/// server makes and `sharecard sign` repeats on the URL it signed, so that sign never prints a
/// URL the server refuses for its names.
extension CardService {
    /// Query names that links pick up on their way to a reader and that no route reads: the
    /// campaign tags of newsletters and shorteners (`utm_*`), the click ids social sites and
    /// ad networks append (`fbclid`, `gclid` …) and the cache-buster `_`. They are dropped
    /// before anything else looks at the query, signatures included: a share link posted on a
    /// social site still opens, and since nothing reads them they cannot change an answer.
    public static func isLinkDecoration(_ name: String) -> Bool {
        name.hasPrefix("utm_") || linkDecorations.contains(name)
    }

    private static let linkDecorations: Set<String> = [
        "_", "fbclid", "gclid", "gbraid", "wbraid", "dclid", "msclkid", "twclid", "igshid", "yclid", "mc_cid", "mc_eid",
    ]

    /// The request's own optional parameters, which an HTML form sends empty when a field is
    /// left blank (`size=`): read as not given, once names and any signature have been checked
    /// on the query as sent. The event's fields (`date=`, a share page's `template=`) are the
    /// event decoder's to treat so (`EventDecoder.blankMeansAbsent`); `v`, `expires` and `sig`,
    /// which programs write, are not.
    static let blankMeansAbsent: Set = ["size", "scale", "photo", "format", "quality"]

    /// The request with its blank optional parameters (`blankMeansAbsent`) left out.
    static func withoutBlankFields(_ request: HTTPRequest) -> HTTPRequest {
        request.removingQueryItems { $0.value.isEmpty && blankMeansAbsent.contains($0.name) }
    }

    /// A route that takes no query (all but card URLs, share pages and `POST /v1/cards`; a
    /// palette preview takes only `v`) refuses one: 400 `unexpected_query`.
    static func checkUnexpectedQuery(_ route: Route, _ request: HTTPRequest) throws(ServiceError) {
        switch route {
        case .cards, .card, .share: return
        case .palettePreview:
            guard let other = request.queryItems.first(where: { $0.name != versionParameter }) else {
                return try checkParameterNames(request.queryItems, allowed: [versionParameter])  // `v` twice
            }
            throw .badRequest(code: "unexpected_query", message: "a palette preview takes no query parameter but \(versionParameter)",
                              field: other.name)
        default:
            guard let first = request.queryItems.first else { return }
            throw .badRequest(code: "unexpected_query", message: "this route takes no query parameters", field: first.name)
        }
    }

    /// A name not in `allowed` is 400 `unknown_parameter`; one given twice, 400
    /// `duplicate_parameter`. The first offender is named.
    static func checkParameterNames(_ items: [HTTPQueryItem], allowed: Set<String>) throws(ServiceError) {
        var seen = Set<String>()
        for item in items {
            guard allowed.contains(item.name) else {
                throw .badRequest(code: "unknown_parameter",
                                  message: "unknown query parameter \"\(item.name)\" (expected: \(allowed.sorted().joined(separator: ", ")))",
                                  field: item.name)
            }
            guard seen.insert(item.name).inserted else {
                throw .badRequest(code: "duplicate_parameter", message: "query parameter \"\(item.name)\" given twice", field: item.name)
            }
        }
    }

    /// Why a server with signing on refuses `signed` (a GET of a URL with its `expires` and
    /// `sig`) for its route or its query's names, as "status code: message"; nil when they
    /// pass. Values (a title too long, a template or palette unknown, a scale over the server's
    /// `--max-scale`) are not judged: they depend on the server's catalog and settings.
    public static func refusalOfSignedURL(_ signed: HTTPRequest) -> String? {
        let route = Route(signed.path)
        let signed = signed.removingQueryItems { isLinkDecoration($0.name) }
        do throws(ServiceError) {
            switch route {
            case .unknown: throw .notFound(code: "not_found", message: "no such route: \(QuotedValue.quoted(signed.path))", field: nil)
            case .cards: throw .forbidden(code: "signing_enabled", message: postingWhileSigningMessage)
            case .card: try checkParameterNames(signed.queryItems, allowed: cardParameters)
            case .share: try checkParameterNames(signed.queryItems, allowed: shareParameters)
            case .palettePreview:
                throw .badRequest(code: "unexpected_query", message: "a palette preview takes no signature (it needs none on a "
                    + "server that signs URLs); card URLs and share pages are signed", field: nil)
            default:
                if signed.queryItems.allSatisfy({ ["expires", "sig"].contains($0.name) }) {
                    throw .badRequest(code: "unexpected_query", message: "this route takes no signature (it needs none on a "
                        + "server that signs URLs); card URLs and share pages are signed", field: nil)
                }
                try checkUnexpectedQuery(route, signed)
            }
            return nil
        } catch {
            switch error {
            case .badRequest(let code, let message, _): return "400 \(code): \(message)"
            case .notFound(let code, let message, _): return "404 \(code): \(message)"
            case .forbidden(let code, let message): return "403 \(code): \(message)"
            default: return "\(error.response.status): \(error)"
            }
        }
    }
}
