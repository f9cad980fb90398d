import CardService
import HTTPServer

/// A card URL's query, answered by the service exactly as `GET /v1/cards/{template}.png?…`
/// (the first byte picks the template, the rest is the query). Every answer to a stranger's
/// query is a card or a client error: a 5xx status means the service failed on input.
enum CardQueryFuzz {
    static let service = CardService(catalog: FuzzResources.catalog, renderer: FuzzResources.renderer)

    static func run(_ input: [UInt8]) {
        var reader = FuzzInput(input)
        let template = reader.pick(FuzzResources.catalog.templates.map(\.name))
        let query = String(decoding: reader.rest, as: UTF8.self)
        guard let request = try? HTTPRequest(target: "/v1/cards/\(template).png?" + query) else { return }
        let response = service.handle(request)
        FuzzCheck.that(response.status < 500, "status \(response.status) for ?\(query): \(String(decoding: response.body, as: UTF8.self))")
    }
}
