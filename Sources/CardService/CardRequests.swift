import Cards
import Foundation
import HTTPTypes
import JSONData
import Raster
import Scene
import UnicodeText

extension CardService {
    /// Query parameters a card URL may carry (the template is in the path).
    static let eventParameters = ["title", "date", "endDate", "subtitle", "emoji", "color", "palette", "locale"]
    static let cardParameters = Set(eventParameters + ["scale", "expires", "sig", "v", "size", "photo", "format", "quality"])
    /// `POST /v1/cards` takes its event from the body; the query says only how to draw it.
    static let postParameters: Set = ["scale", "size", "format", "quality"]
    /// For unsigned cards: the URL names the inputs and the ETag every version, so the answer
    /// never changes.
    static let cacheControl = "public, max-age=31536000, immutable"

    /// For a card drawn from an uploaded photo: the server keeps no copy of the photo, and asks
    /// no cache to keep the card either (a POST's answer is reused by no cache anyway; this says
    /// that a private photo is not to be stored on the way).
    static let uploadCacheControl = "no-store"

    /// For a signed card: cacheable until the signature expires and no longer, never
    /// `immutable` (the same URL is refused once it expires).
    static func signedCacheControl(expires: Int, now: Int) -> String {
        "public, max-age=\(min(max(expires - now, 0), 31_536_000))"
    }

    /// The caching fields of a card answer (200 and 304 alike). A signed card also carries
    /// `Expires`, the same limit as an absolute time, which stays right however long a copy
    /// has sat in a cache that does not send `Age` (nginx does not).
    static func cachingHeaders(signedExpires expires: Int?, now: Int) -> HTTPHeaders {
        guard let expires else { return ["Cache-Control": cacheControl] }
        return ["Cache-Control": signedCacheControl(expires: expires, now: now), "Expires": HTTPDate.format(unixSeconds: expires)]
    }

    /// `GET /v1/cards/{template}.{png,jpg,jpeg,webp}?title=…`
    ///
    /// One rule for what a GET gets wrong: the request's own syntax — a parameter unknown or
    /// given twice, a `scale`, `expires` or `sig` that is not what the parameter must be — is
    /// 400 `invalid_parameter`/`unknown_parameter`/`duplicate_parameter`; the event the
    /// parameters describe (the template in the path, title, dates, emoji, locale, size, …) is
    /// judged exactly as `POST /v1/cards` judges the same values, so a value it cannot use (a
    /// missing or too long title, a bad date, an unsupported locale, a size out of range) is 422
    /// `invalid_event` naming the field; unknown names of a template, colour or palette are 404 both ways.
    func cardFromQuery(template: String, format: ImageFormat, _ request: HTTPRequest) throws -> HTTPResponse {
        let queried = try queriedCard(template: template, request, parameters: Self.cardParameters)
        let choice = try CardFormatChoice.choose(pathFormat: format, Self.withoutBlankFields(request))
        do {
            return try cardResponse(queried.card, request, output: choice, caching: queried.caching, version: queried.version)
        } catch let deferred as RenderDeferred where deferred.resume == nil {
            // A card known only by its photo's digest is answered afresh on a worker, which
            // decodes the photo; otherwise the worker starts from the parsed card.
            if queried.card.photo == nil, queried.card.undecodedPhotoDigest != nil { throw RenderDeferred() }
            throw RenderDeferred { [self] in
                try cardResponse(queried.card, request, output: choice, caching: queried.caching, version: queried.version)
            }
        }
    }

    /// A card named by a query (a card URL's, or a share page's), with the caching fields
    /// its answer gets and the URL's `v`. Checks every parameter and the signature.
    /// Without `fetchingPhoto`, a `photo=` URL is checked (allowed, on a template that shows a
    /// photo) and named by the card's links, but not fetched.
    func queriedCard(template: String, _ request: HTTPRequest, parameters: Set<String>,
                     fetchingPhoto: Bool = true) throws -> (card: Card, caching: HTTPHeaders, version: String?) {
        try Self.checkParameterNames(request.queryItems, allowed: parameters)
        let version = try Self.version(request)
        var caching = caching(version: version, signedExpires: nil, now: 0)
        if let signer = configuration.signer {
            let items = request.queryItems.map { ($0.name, $0.value) }
            let now = configuration.now()
            switch signer.verify(path: request.path, items: items, now: now) {
            case nil:
                // verify accepted it, so expires is present and well formed
                caching = Self.cachingHeaders(signedExpires: request.queryValue("expires").flatMap(URLSigner.unixSeconds) ?? now, now: now)
            case .missing?: throw ServiceError.forbidden(code: "signature_required", message: "this server only renders signed URLs (expires and sig)")
            case .malformed?: throw ServiceError.forbidden(code: "signature_malformed", message: URLSigner.malformation(items))
            case .expired?: throw ServiceError.forbidden(code: "signature_expired", message: "the signed URL has expired")
            case .invalid?: throw ServiceError.forbidden(code: "signature_invalid", message: "the signature does not match the URL")
            case .lifetimeTooLong(let limit)?:
                throw ServiceError.forbidden(code: "signature_lifetime_too_long",
                                             message: "expires is more than \(limit) seconds (the server's maximum signed-URL lifetime) from now")
            case .unverifiable?: throw ServiceError.internalError(code: "signature_unverifiable", message: "the signature could not be checked")
            }
        } else {
            // Without keys nothing is verified, but like every other parameter these must be
            // well formed: a garbled one is refused rather than silently ignored.
            if let text = request.queryValue("expires"), URLSigner.unixSeconds(text) == nil {
                throw ServiceError.badRequest(code: "invalid_parameter", message: URLSigner.expiresRule(got: text), field: "expires")
            }
            if let text = request.queryValue("sig"), Base64URL.decodeCanonical(text)?.count != 32 {
                throw ServiceError.badRequest(code: "invalid_parameter", message: URLSigner.sigRule, field: "sig")
            }
        }
        let request = Self.withoutBlankFields(request)
        let event: Event
        do {
            event = try EventDecoder(titleLimit: configuration.titleLimit).decode(fields: { name in
                name == "template" ? template : request.queryValue(name)
            })
        } catch let e as EventError {
            throw ServiceError.unprocessable(message: e.description, field: e.field)
        }
        var card = try card(event, scale: try scale(request), size: try size(request))
        if let url = request.queryValue("photo") {
            card.photoURL = url
            if !fetchingPhoto {
                try checkPhotoURL(url, for: card)
            } else if RenderPolicy.deferred, let digest = try checkPhotoURL(url, for: card).cachedDigest(url) {
                // On the fast path, a photo fetched before names the card without being
                // decoded: enough for a 304 or a card in the PNG cache.
                card.undecodedPhotoDigest = digest
            } else {
                card.photo = try photo(fromURL: url, for: card)
            }
        }
        return (card, caching, version)
    }

    /// Why `POST /v1/cards` is refused (403 `signing_enabled`) while signing is on.
    static let postingWhileSigningMessage = "posting events is disabled while URL signing is on; use a signed GET URL"

    /// What `POST /v1/cards` judges from its header alone: whether posting is on, the body's
    /// type, the query's names, `scale`, `size=` and the answer's format.
    struct PostedHead {
        let contentType: MediaType
        /// Image first: when both weigh the same, the card itself wins. nil: the JSON description.
        let answer: CardFormatChoice
        let scale: Int
        let querySize: CardSize?
    }

    /// `PostedHead`'s checks, in the order a POST is answered.
    func postedHead(_ request: HTTPRequest, bodyBytes: Int?) throws -> PostedHead {
        if configuration.signer != nil {
            throw ServiceError.forbidden(code: "signing_enabled", message: Self.postingWhileSigningMessage)
        }
        let multipart = Self.isMultipart(request), takesUploads = configuration.maxUploadBytes > 0
        if multipart, !takesUploads {
            throw ServiceError.unsupportedMediaType(message: UploadsOff.message, accepted: [UploadsOff.acceptedTypes])
        }
        if let bodyBytes {
            let bodyLimit = multipart ? configuration.maxUploadBytes : configuration.maxBodyBytes
            guard bodyBytes <= bodyLimit else {
                throw ServiceError.payloadTooLarge(message: "body is \(bodyBytes) bytes, over the limit of \(bodyLimit)")
            }
        }
        let contentType = try Self.checkContentType(request, takesUploads: takesUploads)
        try Self.checkParameterNames(request.queryItems, allowed: Self.postParameters)
        let request = Self.withoutBlankFields(request)
        let answer = try CardFormatChoice.choose(pathFormat: nil, request, offeringJSON: true)
        return PostedHead(contentType: contentType, answer: answer, scale: try scale(request), querySize: try size(request))
    }

    /// `POST /v1/cards` with an event as JSON.
    func cardFromBody(_ request: HTTPRequest) throws -> HTTPResponse {
        let head = try postedHead(request, bodyBytes: request.body.count)
        var card: Card
        if head.contentType.essence == MediaType.multipartFormData.essence {
            let upload = try PhotoUpload(request.body, contentType: head.contentType)
            let (event, bodySize) = try decodePostedEvent(upload.event)
            card = try self.card(event, scale: head.scale, size: try postedSize(bodySize, head.querySize))
            card.photo = try upload.decode(for: card, limits: configuration.photoLimits, formats: configuration.photoFormats,
                                           faceCache: configuration.faceCache)
        } else {
            let (event, bodySize) = try decodePostedEvent(request.body[...])
            card = try self.card(event, scale: head.scale, size: try postedSize(bodySize, head.querySize))
        }
        // A POST has no current representation, so any If-Match fails; checked once the body is
        // known to be valid (an invalid one is its own 4xx) and before anything is rendered.
        try Self.checkIfMatch(request, etag: nil, hasRepresentation: false)
        // What a POST renders is the current design: tagged and cached as its imageURL is (a
        // card with no URL is not cached: `cardResponse`).
        let version = contentVersion
        return try cardResponse(card, request, output: head.answer, caching: caching(version: version, signedExpires: nil, now: 0),
                                version: version)
    }

    /// The event in a POST body (or the multipart `event` part) and its `"size"`, the body
    /// parsed once by the strict parser: a body that is not one JSON object is a 400
    /// (`duplicate_key` for a key given twice, naming its path; `malformed_body` otherwise),
    /// a well-formed but invalid event or size a 422.
    func decodePostedEvent(_ body: ArraySlice<UInt8>) throws -> (event: Event, size: CardSize?) {
        let decoder = EventDecoder(titleLimit: configuration.titleLimit, maximumBytes: configuration.maxBodyBytes)
        var object: EventObject
        do { object = try EventObject(parsing: body, maximumBytes: decoder.maximumBytes) } catch {
            switch error.kind {
            case .repeatedKey:
                throw ServiceError.badRequest(code: "duplicate_key", message: "\(error.path): appears more than once in one object", field: error.path)
            case .malformed:
                throw ServiceError.badRequest(code: "malformed_body", message: error.reason, field: nil)
            }
        }
        let bodySize: CardSize?
        do { bodySize = try object.takeSize() } catch { throw ServiceError.unprocessable(message: "size: \(error.reason)", field: "size") }
        let event: Event
        do { event = try decoder.decode(object, otherFields: ["size"]) } catch {
            if Self.postParameters.contains(error.field), error.field != "size" {
                throw ServiceError.unprocessable(message: "\(error.field): goes in the query (POST /v1/cards?\(error.field)=…), not in the body",
                                                 field: error.field)
            }
            throw ServiceError.unprocessable(message: error.description, field: error.field)
        }
        return (event, bodySize)
    }

    /// POST bodies are JSON (`charset`, if given, utf-8), or `multipart/form-data` with an
    /// `event` part and a `photo` part (see `PhotoUpload`). Returns the body's media type.
    static func checkContentType(_ request: HTTPRequest, takesUploads: Bool = true) throws -> MediaType {
        let accepted = takesUploads ? ["application/json", "multipart/form-data"] : [UploadsOff.acceptedTypes]
        // The body is read as sent: a compressed one would be judged malformed (or, labelled
        // br and sent plain, be taken), so any coding but identity is refused by name.
        let codings = request.headers.values(for: "Content-Encoding").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        if let coding = codings.first(where: { $0 != "identity" }) {
            throw ServiceError.unsupportedMediaType(message: "Content-Encoding \(QuotedValue.quoted(coding)) is not taken; send the body uncompressed",
                                                    accepted: accepted, field: "Content-Encoding")
        }
        let lines = request.headers.values(for: "Content-Type")
        guard lines.count == 1 else {
            throw ServiceError.unsupportedMediaType(message: lines.isEmpty ? "POST /v1/cards needs Content-Type: application/json"
                                                                            : "Content-Type is given \(lines.count) times",
                                                    accepted: accepted)
        }
        guard let type = MediaType(Substring(lines[0])) else {
            throw ServiceError.unsupportedMediaType(message: "Content-Type \"\(lines[0])\" is not a media type", accepted: accepted)
        }
        switch type.essence {
        case MediaType.json.essence:
            if let charset = type.parameter("charset"), charset.lowercased() != "utf-8" {
                throw ServiceError.unsupportedMediaType(message: "JSON bodies must be UTF-8, not charset=\(charset)", accepted: accepted)
            }
        case MediaType.multipartFormData.essence:
            guard type.parameter("boundary") != nil else {
                throw ServiceError.unsupportedMediaType(message: "multipart/form-data needs a boundary parameter", accepted: accepted)
            }
        default:
            throw ServiceError.unsupportedMediaType(message: "POST /v1/cards takes \(accepted.joined(separator: " or ")), not \(type.essence)", accepted: accepted)
        }
        return type
    }

    func scale(_ request: HTTPRequest) throws -> Int {
        guard let text = request.queryValue("scale") else { return 1 }
        guard let s = WholeNumberParameter.value(text), (1...configuration.maxScale).contains(s) else {
            throw ServiceError.badRequest(code: "invalid_parameter", message: "scale must be a whole number from 1 to \(configuration.maxScale), got \(QuotedValue.quoted(text))", field: "scale")
        }
        return s
    }

    func card(_ event: Event, scale: Int, size: CardSize? = nil) throws -> Card {
        let card: Card
        do { card = try Card(event, catalog: catalog, scale: scale, size: size) } catch {
            throw ServiceError.notFound(code: "unknown_\(error.field)", message: error.reason, field: error.field)
        }
        if let problem = card.template.scene.pixelBudgetProblem(size: card.canvasSize, scale: Double(scale),
                                                                limit: configuration.maxPixelsPerCard) {
            throw ServiceError.unprocessable(message: "size \(card.size?.description ?? "card"): \(problem) (the server's --max-pixels)", field: "size")
        }
        return card
    }

    /// `size=`: a preset or `WxH` (nil: the template's own size). Judged as a POST body's
    /// `"size"` is: one it cannot use is 422 naming `size`, like a size over `--max-pixels`.
    func size(_ request: HTTPRequest) throws -> CardSize? {
        guard let text = request.queryValue("size") else { return nil }
        do { return try CardSize(parsing: text) } catch {
            throw ServiceError.unprocessable(message: "size: \(error.reason)", field: "size")
        }
    }

    /// A POST's size: the body's `"size"` or the query's `size=`, each checked; both given and
    /// different is a 422 naming them, never a silent winner (as for formats).
    func postedSize(_ bodySize: CardSize?, _ querySize: CardSize?) throws -> CardSize? {
        if let bodySize, let querySize, bodySize != querySize {
            throw ServiceError.unprocessable(message: "size: the body asks for \(bodySize) and size= for \(querySize); give one, or the same in both",
                                             field: "size")
        }
        return bodySize ?? querySize
    }

    /// The image in the chosen format (or the JSON description) of `card`, from the cache
    /// when possible. The format, quality and encoder revision are part of the entity tag, so of
    /// the cache key.
    func cardResponse(_ card: Card, _ request: HTTPRequest, output choice: CardFormatChoice, caching: HTTPHeaders, version: String?) throws -> HTTPResponse {
        // A URL names a card's inputs; an uploaded photo is not one (the server keeps no copy),
        // so no URL shows such a card, and no cache is asked to keep it.
        let addressable = card.photo == nil || card.photoURL != nil
        var caching = addressable ? caching : ["Cache-Control": Self.uploadCacheControl]
        if choice.negotiated { caching.append("Vary", "Accept") }
        // The JSON description reports the layout, which any format's render gives.
        let output = choice.json ? ImageOutput.png : choice.output
        let tag = Self.entityTag(key: card.key(fontsVersion: configuration.fontsVersion), version: version)
        let etag = tag.dropLast() + "." + output.token + ".e\(output.encoderRevision)\""
        // A POST targets /v1/cards, which has no representation for a tag to match (its
        // If-Match was refused in dispatch), so it renders; GET and HEAD are conditional.
        if request.method == "GET" || request.method == "HEAD",
           let notModified = try Self.evaluateConditions(request, etag: etag, caching: caching) {
            return withStoredLength(notModified, key: etag)
        }
        let entry = try rendered(card, output: output, key: etag)
        if choice.json {
            // No URL is given for a card no URL shows, rather than another card's.
            let description = CardDescription(shareText: try card.event.shareText,
                                              imageURL: addressable ? canonicalURL(for: card, output: choice.output) : nil,
                                              width: card.pixelWidth, height: card.pixelHeight, layout: entry.layout,
                                              foreground: (entry.titleContrast?.color ?? card.color.foreground).hexString,
                                              contrast: entry.titleContrast.map { Contrast.reported($0.ratio) } ?? card.color.reportedContrast,
                                              shareURL: addressable ? shareURL(for: card) : nil, missingGlyphs: entry.missingGlyphs,
                                              noURLReason: addressable ? nil : CardDescription.uploadedPhotoReason)
            var answer = try HTTPResponse.json(description)
            if choice.negotiated { answer.headers.append("Vary", "Accept") }
            return answer
        }
        var fields = [HTTPField(name: "Content-Type", value: choice.output.format.mediaType), HTTPField(name: "ETag", value: etag)]
        if !entry.missingGlyphs.isEmpty {
            fields.append(HTTPField(name: Self.missingGlyphsHeader, value: entry.missingGlyphs.joined(separator: " ")))
        }
        return HTTPResponse(status: 200, headers: HTTPHeaders(fields + caching.fields), body: entry.png)
    }

    func rendered(_ card: Card, output: ImageOutput, key: String) throws -> PNGCache.Entry {
        if let hit = cache.get(key, countingMiss: !RenderPolicy.deferred) { return hit }
        try RenderPolicy.checkRenderAllowed()
        let start = DispatchTime.now().uptimeNanoseconds
        let rendered = try renderer.render(card)
        let png = try rendered.encoded(output)
        metrics.recordRender(seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        let entry = PNGCache.Entry(png: png, layout: rendered.title.map {
            CardLayoutSummary(fontSize: ($0.fontSizeInPoints * 1000).rounded() / 1000, lines: $0.lines, truncated: $0.truncated,
                              elements: rendered.resolved.scene.placedElements)
        }, missingGlyphs: MissingGlyphs.codePoints(of: rendered.missingGlyphs), titleContrast: rendered.title?.contrast)
        cache.put(key, entry)
        return entry
    }

    /// The header of an image answer whose title has characters no font has: their code
    /// points, space-separated (`Sharecard-Missing-Glyphs: U+11F04 U+0378`).
    static let missingGlyphsHeader = "Sharecard-Missing-Glyphs"

    /// The GET URL that renders exactly `card` in `output`: fields in a fixed order, defaults
    /// left out, the format as the extension, the current content version last; absolute
    /// under the public URL when there is one.
    public func canonicalURL(for card: Card, output: ImageOutput = .png) -> String {
        let route = "/v1/cards/\(QueryEncoding.encode(card.event.template)).\(output.format.fileExtension)"
        let quality = output.quality.map { [("quality", String($0))] } ?? []
        return publicLink(route + "?" + (canonicalItems(for: card, template: false).dropLast() + quality + canonicalItems(for: card, template: false).suffix(1))
            .map { "\(QueryEncoding.encode($0.0))=\(QueryEncoding.encode($0.1))" }.joined(separator: "&"))
    }

    /// `route?query` naming `card`'s inputs (the template too, when `template`).
    func canonicalPath(for card: Card, route: String, template: Bool) -> String {
        route + "?" + canonicalItems(for: card, template: template).map { "\(QueryEncoding.encode($0.0))=\(QueryEncoding.encode($0.1))" }.joined(separator: "&")
    }

    /// The query items naming `card`, in a fixed order, defaults left out, `v` last.
    func canonicalItems(for card: Card, template: Bool) -> [(String, String)] {
        let e = card.event
        var items: [(String, String)] = [("title", e.title)]
        if let d = e.date { items.append(("date", d.description)) }
        if let d = e.endDate { items.append(("endDate", d.description)) }
        if let s = e.subtitle { items.append(("subtitle", s)) }
        if let s = e.emoji { items.append(("emoji", s)) }
        if e.color != Event.defaultColor { items.append(("color", e.color)) }
        if e.palette != Event.defaultPalette { items.append(("palette", e.palette)) }
        if e.locale != "en" { items.append(("locale", e.locale)) }
        if template && e.template != Event.defaultTemplate { items.append(("template", e.template)) }
        if card.scale != 1 { items.append(("scale", String(card.scale))) }
        if let size = card.size { items.append(("size", size.description)) }
        if let url = card.photoURL { items.append(("photo", url)) }
        items.append((Self.versionParameter, contentVersion))
        return items
    }

    /// `GET /v1/palettes/{name}/preview.png`: the contact sheet with the classic template.
    func palettePreview(_ name: String, _ request: HTTPRequest) throws -> HTTPResponse {
        let palette = try palette(name)
        let template = try catalog.template(named: Event.defaultTemplate)
        let version = try Self.version(request)
        let caching = caching(version: version, signedExpires: nil, now: 0)
        // The version tags a separate entity, cached under its own key like a card's; the PNG
        // encoder's revision ends it, as a card's tag, since a strong tag promises the bytes.
        let key = "\"preview-\(palette.name)-\(palette.version)-\(template.version)-\(configuration.fontsVersion)-\(Card.rendererVersion)"
            + "\(version.map { "-v-" + $0 } ?? "").e\(ImageOutput.png.encoderRevision)\""
        if let notModified = try Self.evaluateConditions(request, etag: key, caching: caching) {
            return withStoredLength(notModified, key: key)
        }
        let png: [UInt8]
        if let hit = cache.get(key, countingMiss: !RenderPolicy.deferred) {
            png = hit.png
        } else {
            try RenderPolicy.checkRenderAllowed()
            png = try PalettePreview(renderer: renderer).render(palette: palette, template: template).canvas.pngData()
            cache.put(key, PNGCache.Entry(png: png, layout: nil))
        }
        return HTTPResponse(status: 200, headers: HTTPHeaders([HTTPField(name: "Content-Type", value: "image/png"), HTTPField(name: "ETag", value: key)] + caching.fields),
                            body: png)
    }
}

/// The JSON answer to `POST /v1/cards` with `Accept: application/json`.
struct CardDescription: Encodable {
    let shareText: String
    /// The GET URL that renders these bytes; null (with `noURLReason`) when no URL can.
    let imageURL: String?
    let width: Int
    let height: Int
    let layout: CardLayoutSummary?
    /// The title's colour, and its WCAG 2 contrast at the worst spot of the ground drawn under
    /// its lines (the palette colour's own figures for a title with no ground to read).
    let foreground: String
    let contrast: Double
    /// The card's share page (`/v1/share`), for a link that unfolds into the card; null when
    /// `imageURL` is.
    let shareURL: String?
    /// Code points ("U+11F04") of the title's characters no font has: drawn as boxes.
    let missingGlyphs: [String]
    /// Why `imageURL` and `shareURL` are null; absent when they are not.
    let noURLReason: String?

    static let uploadedPhotoReason = "the card shows an uploaded photo, which the server does not keep, so no URL renders it: "
        + "ask this request for the image itself (Accept: image/png, image/jpeg or image/webp), "
        + "or give the photo by URL (photo=<url> on a GET card URL, from an origin the server allows)"

    enum CodingKeys: String, CodingKey {
        case shareText, imageURL, width, height, layout, foreground, contrast, shareURL, missingGlyphs, noURLReason
    }

    /// The two URLs are always present, as null when there are none; `layout` and
    /// `noURLReason` only when they have a value.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(shareText, forKey: .shareText)
        try c.encode(imageURL, forKey: .imageURL)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encodeIfPresent(layout, forKey: .layout)
        try c.encode(foreground, forKey: .foreground)
        try c.encode(contrast, forKey: .contrast)
        try c.encode(shareURL, forKey: .shareURL)
        try c.encode(missingGlyphs, forKey: .missingGlyphs)
        try c.encodeIfPresent(noURLReason, forKey: .noURLReason)
    }
}
