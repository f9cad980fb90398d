import Cards
import Foundation
import HTTPTypes

/// `GET /v1/share?title=…`: a small HTML page for a card, with Open Graph and Twitter card
/// tags, so a link pasted into a chat app or a social site unfolds into the card. The same
/// parameters as a card URL, plus `template`; `og:image` is the card at `size=og` (1200×630)
/// unless the page names another size; cached, signed and versioned as the card is.
/// Every value from the query is HTML-escaped, and the page may load nothing but the card
/// image and its own style (Content-Security-Policy).
extension CardService {
    /// A card's parameters and `template`; not `format` or `quality`: `og:image` is a PNG.
    static let shareParameters = cardParameters.subtracting(["format", "quality"]).union(["template"])

    static let sharePageStyle = "body{margin:0;font:18px/1.4 system-ui,sans-serif;background:#f4f4f6;color:#1d1d1f}"
        + "main{max-width:1024px;margin:24px auto;padding:0 16px}img{width:100%;height:auto;border-radius:12px}"
        + "a{color:#3949ab}"

    /// `'sha256-…'` of the page's one style element, for its Content-Security-Policy.
    static let sharePageStyleSource: String = {
        let hex = ContentHash.hex(Array(sharePageStyle.utf8))
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)  // the hex digits ContentHash.hex wrote
            index = next
        }
        return "'sha256-\(Data(bytes).base64EncodedString())'"
    }()

    func sharePage(_ request: HTTPRequest) throws -> HTTPResponse {
        let template = request.queryValue("template") ?? Event.defaultTemplate
        // The page names the photo's URL but never shows its pixels: nothing is fetched.
        let queried = try queriedCard(template: template, request, parameters: Self.shareParameters, fetchingPhoto: false)
        // A link preview wants Open Graph's 1200×630 unless the page asks for another size.
        // No photo was fetched, so resizing decodes nothing and cannot fail.
        let card = queried.card.size == nil ? try queried.card.resized(to: .og) : queried.card
        let imageURL = try shareImageURL(card, request)
        // Hashed whole: the card's key alone does not name an unfetched photo, the image URL does.
        let pageKey = ContentHash.hex(Array((card.key(fontsVersion: configuration.fontsVersion) + "|share|" + imageURL).utf8))
        let etag = Self.entityTag(key: pageKey, version: queried.version)
        if let notModified = try Self.evaluateConditions(request, etag: etag, caching: queried.caching) { return notModified }
        let shareText: String
        do { shareText = try card.event.shareText } catch {
            throw ServiceError.unprocessable(message: error.description, field: error.field)
        }
        let html = Self.sharePageHTML(card: card, shareText: shareText, imageURL: imageURL,
                                      pageURL: configuration.publicURL.map { _ in shareURL(for: queried.card) })
        let imageSource = configuration.publicURL?.origin ?? "'self'"
        let policy = "default-src 'none'; img-src \(imageSource); style-src \(Self.sharePageStyleSource); base-uri 'none'; form-action 'none'"
        return HTTPResponse(status: 200, headers: HTTPHeaders([
            HTTPField(name: "Content-Type", value: "text/html; charset=utf-8"), HTTPField(name: "ETag", value: etag),
            HTTPField(name: "Content-Security-Policy", value: policy), HTTPField(name: "X-Content-Type-Options", value: "nosniff"),
        ] + queried.caching.fields), body: Array(html.utf8))
    }

    /// The share page of `card`, as handed out: versioned, absolute under the public URL.
    func shareURL(for card: Card) -> String {
        publicLink(canonicalPath(for: card, route: "/v1/share", template: true))
    }

    /// The card's URL as the page names it: versioned, absolute under the public URL, and
    /// signed (with the page's own expiry) when the server only serves signed URLs.
    func shareImageURL(_ card: Card, _ request: HTTPRequest) throws -> String {
        let items = canonicalItems(for: card, template: false)
        let path = "/v1/cards/\(card.event.template).png"
        guard let signer = configuration.signer, let expires = request.queryValue("expires").flatMap(URLSigner.unixSeconds) else {
            return canonicalURL(for: card)
        }
        do { return publicLink(try signer.sign(path: path, items: items, expires: expires)) } catch {
            throw ServiceError.internalError(code: "signature_unavailable", message: "the card URL could not be signed")
        }
    }

    static func sharePageHTML(card: Card, shareText: String, imageURL: String, pageURL: String?) -> String {
        let title = escapeHTML(card.event.title), text = escapeHTML(shareText), image = escapeHTML(imageURL)
        let width = String(card.pixelWidth), height = String(card.pixelHeight)
        var meta = [
            ("og:type", "website"), ("og:title", title), ("og:description", text), ("og:image", image),
            ("og:image:type", "image/png"), ("og:image:width", width), ("og:image:height", height), ("og:image:alt", text),
        ]
        if let pageURL { meta.append(("og:url", escapeHTML(pageURL))) }
        let twitter = [("twitter:card", "summary_large_image"), ("twitter:title", title), ("twitter:description", text),
                       ("twitter:image", image), ("twitter:image:alt", text)]
        return """
        <!doctype html>
        <html lang="\(escapeHTML(card.event.locale))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <meta name="description" content="\(text)">
        \(meta.map { "<meta property=\"\($0.0)\" content=\"\($0.1)\">" }.joined(separator: "\n"))
        \(twitter.map { "<meta name=\"\($0.0)\" content=\"\($0.1)\">" }.joined(separator: "\n"))
        <style>\(sharePageStyle)</style>
        </head>
        <body>
        <main>
        <img src="\(image)" width="\(width)" height="\(height)" alt="\(text)">
        <p dir="\(card.event.readingDirection.rawValue)">\(text)</p>
        <p><a href="\(image)">Open the image</a></p>
        </main>
        </body>
        </html>

        """
    }

    /// Text safe in HTML element content and in double- or single-quoted attribute values.
    static func escapeHTML(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
