import CardService
import HTTPTypes

/// A card URL's query, answered by the service exactly as `GET /v1/cards/{template}.png?…`.
/// The first byte picks the template and whether the card is drawn: with its high bit clear the
/// request carries `If-None-Match: *`, so a valid query is answered 304 after every check but
/// the drawing (fast; drawing is fuzzed by the template and text-layout targets); with it set
/// the card is rendered and encoded. Every answer to a stranger's query is a card or a client
/// error: a 5xx status means the service failed on input. The same query is then answered as
/// a share page (`/v1/share`), which must escape whatever the title holds.
enum CardQueryFuzz {
    static let service = CardService(catalog: FuzzResources.catalog, renderer: FuzzResources.renderer)

    static func run(_ input: [UInt8]) {
        var reader = FuzzInput(input)
        let choice = reader.byte()
        let templates = FuzzResources.catalog.templates.map(\.name)
        let template = templates[Int(choice & 0x7F) % templates.count]
        let query = String(decoding: reader.rest, as: UTF8.self)
        var headers = HTTPHeaders()
        if choice & 0x80 == 0 { headers.set("If-None-Match", "*") }
        guard let request = try? HTTPRequest(target: "/v1/cards/\(template).png?" + query, headers: headers) else { return }
        let response = service.handle(request)
        FuzzCheck.that(response.status < 500, "status \(response.status) for ?\(query): \(String(decoding: response.body, as: UTF8.self))")
        // The same query as a share page: never a 5xx, and no markup from the query reaches the page.
        guard let share = try? HTTPRequest(target: "/v1/share?template=\(template)&" + query, headers: headers) else { return }
        let page = service.handle(share)
        FuzzCheck.that(page.status < 500, "share page status \(page.status) for ?\(query): \(String(decoding: page.body, as: UTF8.self))")
        if page.status == 200, let title = share.queryValue("title"), title.contains("<") || title.contains("\"") {
            FuzzCheck.that(!String(decoding: page.body, as: UTF8.self).contains(title), "the share page holds the title unescaped: \(title)")
        }
    }
}
