import Cards
import Foundation
import HTTPServer
import Raster

extension CardService {
    /// Query parameters a card URL may carry (the template is in the path).
    static let eventParameters = ["title", "date", "endDate", "subtitle", "emoji", "color", "palette", "locale"]
    static let cardParameters = Set(eventParameters + ["scale", "expires", "sig"])
    static let cacheControl = "public, max-age=31536000, immutable"

    /// `GET /v1/cards/{template}.png?title=…`
    func cardFromQuery(template: String, _ request: HTTPRequest) throws -> HTTPResponse {
        var seen = Set<String>()
        for item in request.queryItems {
            guard Self.cardParameters.contains(item.name) else {
                throw ServiceError.badRequest(code: "unknown_parameter",
                                              message: "unknown query parameter \"\(item.name)\" (expected: \(Self.cardParameters.sorted().joined(separator: ", ")))",
                                              field: item.name)
            }
            guard seen.insert(item.name).inserted else {
                throw ServiceError.badRequest(code: "duplicate_parameter", message: "query parameter \"\(item.name)\" given twice", field: item.name)
            }
        }
        if let signer = configuration.signer {
            let items = request.queryItems.map { ($0.name, $0.value) }
            switch signer.verify(path: request.path, items: items, now: configuration.now()) {
            case nil: break
            case .missing?: throw ServiceError.forbidden(code: "signature_required", message: "this server only renders signed URLs (expires and sig)")
            case .malformed?: throw ServiceError.forbidden(code: "signature_malformed", message: "expires must be Unix seconds and sig a base64url HMAC-SHA256")
            case .expired?: throw ServiceError.forbidden(code: "signature_expired", message: "the signed URL has expired")
            case .invalid?: throw ServiceError.forbidden(code: "signature_invalid", message: "the signature does not match the URL")
            }
        } else {
            // Without keys nothing is verified, but like every other parameter these must be
            // well formed: a garbled one is refused rather than silently ignored.
            if let text = request.queryValue("expires"), Int(text) == nil {
                throw ServiceError.badRequest(code: "invalid_parameter", message: "expires must be Unix seconds (a whole number), got \"\(text)\"", field: "expires")
            }
            if let text = request.queryValue("sig"), Base64URL.decode(text)?.count != 32 {
                throw ServiceError.badRequest(code: "invalid_parameter", message: "sig must be a base64url HMAC-SHA256 (43 characters of A-Z, a-z, 0-9, '-' and '_')", field: "sig")
            }
        }
        let event: Event
        do {
            event = try EventDecoder(titleLimit: configuration.titleLimit).decode(fields: { name in
                name == "template" ? template : request.queryValue(name)
            })
        } catch let e as EventError {
            throw ServiceError.badRequest(code: "invalid_parameter", message: e.description, field: e.field)
        }
        if let e = lengthError(event) { throw ServiceError.badRequest(code: "invalid_parameter", message: e.description, field: e.field) }
        let card = try card(event, scale: try scale(request))
        return try cardResponse(card, request, asJSON: false)
    }

    /// `POST /v1/cards` with an event as JSON.
    func cardFromBody(_ request: HTTPRequest) throws -> HTTPResponse {
        if configuration.signer != nil {
            throw ServiceError.forbidden(code: "signing_enabled", message: "posting events is disabled while URL signing is on; use a signed GET URL")
        }
        guard request.body.count <= configuration.maxBodyBytes else {
            throw ServiceError.payloadTooLarge(message: "body is \(request.body.count) bytes, over the limit of \(configuration.maxBodyBytes)")
        }
        for item in request.queryItems where item.name != "scale" {
            throw ServiceError.badRequest(code: "unknown_parameter", message: "POST /v1/cards takes only the scale query parameter", field: item.name)
        }
        let event: Event
        do {
            event = try EventDecoder(titleLimit: configuration.titleLimit, maximumBytes: configuration.maxBodyBytes).decode(Data(request.body))
        } catch {
            // A body that is not a JSON object is malformed (400); a well-formed one whose
            // event is invalid is unprocessable (422).
            if error.field.isEmpty { throw ServiceError.badRequest(code: "malformed_body", message: error.reason, field: nil) }
            throw ServiceError.unprocessable(message: error.description, field: error.field)
        }
        if let e = lengthError(event) { throw ServiceError.unprocessable(message: e.description, field: e.field) }
        let card = try card(event, scale: try scale(request))
        let accept = request.headers["Accept"] ?? "image/png"
        let wantsJSON = accept.contains("application/json")
        if !wantsJSON && !accept.contains("image/png") && !accept.contains("image/*") && !accept.contains("*/*") {
            throw ServiceError.notAcceptable(message: "POST /v1/cards answers image/png or application/json")
        }
        return try cardResponse(card, request, asJSON: wantsJSON)
    }

    /// The title limit in Unicode code points, as the API's `maxLength` counts. `Event` counts
    /// user-perceived characters, which alone bound neither a request nor its rendering: one
    /// character may carry any number of combining marks.
    func lengthError(_ event: Event) -> EventError? {
        for (field, text) in [("title", event.title), ("subtitle", event.subtitle ?? "")] {
            let count = text.unicodeScalars.count
            if count > configuration.titleLimit {
                return EventError(field: field, reason: "is \(count) code points long, over the limit of \(configuration.titleLimit)")
            }
        }
        return nil
    }

    func scale(_ request: HTTPRequest) throws -> Int {
        guard let text = request.queryValue("scale") else { return 1 }
        guard let s = Int(text), (1...configuration.maxScale).contains(s) else {
            throw ServiceError.badRequest(code: "invalid_parameter", message: "scale must be a whole number from 1 to \(configuration.maxScale), got \"\(text)\"", field: "scale")
        }
        return s
    }

    func card(_ event: Event, scale: Int) throws -> Card {
        do { return try Card(event, catalog: catalog, scale: scale) } catch {
            throw ServiceError.notFound(code: "unknown_\(error.field)", message: error.reason, field: error.field)
        }
    }

    /// The PNG (or the JSON description) of `card`, from the cache when possible.
    func cardResponse(_ card: Card, _ request: HTTPRequest, asJSON: Bool) throws -> HTTPResponse {
        let etag = "\"" + card.key(fontsVersion: configuration.fontsVersion).prefix(40) + "\""
        // RFC 9110 §13.1.2: only GET and HEAD answer a matching If-None-Match with 304. A POST
        // targets /v1/cards, which has no representation for the tag to match, so it renders.
        let conditional = request.method == "GET" || request.method == "HEAD"
        if !asJSON, conditional, Self.matches(request.headers["If-None-Match"], etag) {
            return HTTPResponse(status: 304, headers: ["ETag": etag, "Cache-Control": Self.cacheControl])
        }
        let entry = try rendered(card, key: etag)
        if asJSON {
            let description = CardDescription(shareText: try card.event.shareText, imageURL: canonicalURL(for: card),
                                              width: card.pixelWidth, height: card.pixelHeight, layout: entry.layout)
            return try .json(description)
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "image/png", "ETag": etag, "Cache-Control": Self.cacheControl],
                            body: entry.png)
    }

    func rendered(_ card: Card, key: String) throws -> PNGCache.Entry {
        if let hit = cache.get(key) { return hit }
        let start = DispatchTime.now().uptimeNanoseconds
        let (png, title) = try renderer.png(card)
        metrics.recordRender(seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        let entry = PNGCache.Entry(png: png, layout: title.map {
            CardLayoutSummary(fontSize: ($0.fontSizeInPoints * 1000).rounded() / 1000, lines: $0.lines, truncated: $0.truncated)
        })
        cache.put(key, entry)
        return entry
    }

    /// RFC 9110 If-None-Match: `*` or a list of entity tags, compared weakly.
    static func matches(_ header: String?, _ etag: String) -> Bool {
        guard let header else { return false }
        if header.trimmingCharacters(in: .whitespaces) == "*" { return true }
        return header.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }

    /// The GET URL that renders exactly `card`: fields in a fixed order, defaults left out.
    public func canonicalURL(for card: Card) -> String {
        let e = card.event
        var items: [(String, String)] = [("title", e.title)]
        if let d = e.date { items.append(("date", d.description)) }
        if let d = e.endDate { items.append(("endDate", d.description)) }
        if let s = e.subtitle { items.append(("subtitle", s)) }
        if let s = e.emoji { items.append(("emoji", s)) }
        if e.color != Event.defaultColor { items.append(("color", e.color)) }
        if e.palette != Event.defaultPalette { items.append(("palette", e.palette)) }
        if e.locale != "en" { items.append(("locale", e.locale)) }
        if card.scale != 1 { items.append(("scale", String(card.scale))) }
        let path = "/v1/cards/\(QueryEncoding.encode(e.template)).png"
        return path + "?" + items.map { "\(QueryEncoding.encode($0.0))=\(QueryEncoding.encode($0.1))" }.joined(separator: "&")
    }

    /// `GET /v1/palettes/{name}/preview.png`: the contact sheet with the classic template.
    func palettePreview(_ name: String, _ request: HTTPRequest) throws -> HTTPResponse {
        let palette = try palette(name)
        let template = try catalog.template(named: Event.defaultTemplate)
        let key = "\"preview-\(palette.name)-\(palette.version)-\(template.version)-\(configuration.fontsVersion)-\(Card.rendererVersion)\""
        if Self.matches(request.headers["If-None-Match"], key) {
            return HTTPResponse(status: 304, headers: ["ETag": key, "Cache-Control": Self.cacheControl])
        }
        let png: [UInt8]
        if let hit = cache.get(key) {
            png = hit.png
        } else {
            png = try PalettePreview(renderer: renderer).render(palette: palette, template: template).pngData()
            cache.put(key, PNGCache.Entry(png: png, layout: nil))
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "image/png", "ETag": key, "Cache-Control": Self.cacheControl], body: png)
    }
}

/// The JSON answer to `POST /v1/cards` with `Accept: application/json`.
struct CardDescription: Encodable {
    let shareText: String
    let imageURL: String
    let width: Int
    let height: Int
    let layout: CardLayoutSummary?
}
