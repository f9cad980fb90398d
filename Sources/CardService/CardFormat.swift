import HTTPTypes
import Raster
import UnicodeText

/// Which image format a card request gets (docs/operations.md, "Image formats", has the table):
///
/// - `format=png|jpeg|webp` or the path's extension (`.png`, `.jpg`, `.jpeg`, `.webp`) names it;
///   both given and different is a 400 (`conflicting_format`), never a silent winner.
/// - `format=auto` on a card URL asks for negotiation: the best of WebP, PNG, JPEG (in that
///   order on equal weights) by `Accept`, answered with `Vary: Accept`; none acceptable is a 406.
/// - Without either, or with `format=auto` (only `POST /v1/cards`, whose path has no
///   extension), `Accept` chooses among PNG, WebP, JPEG and the JSON description, PNG first on
///   equal weights. A POST naming a format still offers the JSON description, so every POST
///   answer carries `Vary: Accept`.
/// - `jpg` is taken for `jpeg` in `format=`, as in the path.
/// - `quality=1…100` applies to JPEG and WebP (100 is lossless WebP). With an explicit PNG it is a
///   400; when negotiation picks PNG it has nothing to change.
struct CardFormatChoice: Equatable {
    let output: ImageOutput
    /// The answer depends on `Accept`: it carries `Vary: Accept`.
    let negotiated: Bool
    /// POST only: answer with the JSON description, whose `imageURL` is in `output`.
    var json = false

    /// The extensions a card path may end in.
    static func pathFormat(_ file: String) -> (template: String, format: ImageFormat)? {
        guard let dot = file.lastIndex(of: "."), dot > file.startIndex,
              let format = ImageFormat(fileExtension: String(file[file.index(after: dot)...])) else { return nil }
        return (String(file[..<dot]), format)
    }

    static let negotiable: [ImageFormat] = [.webp, .png, .jpeg]

    /// The choice for a GET card URL (`pathFormat` from its extension) or a POST (`pathFormat`
    /// nil, `offeringJSON` true: the JSON description may answer instead).
    static func choose(pathFormat: ImageFormat?, _ request: HTTPRequest, offeringJSON: Bool = false) throws -> CardFormatChoice {
        let quality = try qualityParameter(request)
        let accept = AcceptHeader(fieldLines: request.headers.values(for: "Accept"))
        let named: ImageFormat?
        switch request.queryValue("format") {
        case nil: named = nil
        case "auto"? where offeringJSON: named = nil
        case "auto"?:
            let offers = negotiable.map { MediaType(Substring($0.mediaType))! }
            guard let best = accept.best(of: offers) else {
                throw ServiceError.notAcceptable(message: "format=auto offers image/webp, image/png and image/jpeg, and Accept allows none of them")
            }
            let format = negotiable[offers.firstIndex(of: best)!]
            return CardFormatChoice(output: try output(format, format == .png ? nil : quality), negotiated: true)
        case let text?:
            guard let format = ImageFormat(rawValue: text == "jpg" ? "jpeg" : text) else {
                throw ServiceError.badRequest(code: "invalid_parameter", message: "format must be png, jpeg (or jpg), webp or auto, got \(QuotedValue.quoted(text))", field: "format")
            }
            if let pathFormat, pathFormat != format {
                throw ServiceError.badRequest(code: "conflicting_format",
                                              message: "the path asks for \(pathFormat.rawValue) and format= for \(format.rawValue); give one, or the same in both",
                                              field: "format")
            }
            named = format
        }
        if let format = named ?? pathFormat {
            if offeringJSON {
                // POST: the named format or the JSON description, image first.
                guard let best = accept.best(of: [MediaType(Substring(format.mediaType))!, .jsonOffer]) else {
                    throw ServiceError.notAcceptable(message: "POST /v1/cards answers \(format.mediaType) (format=\(format.rawValue)) or application/json, and Accept allows neither")
                }
                return CardFormatChoice(output: try output(format, quality), negotiated: true, json: best == .jsonOffer)
            }
            return CardFormatChoice(output: try output(format, quality), negotiated: false)
        }
        // POST without format=: Accept chooses, PNG first.
        let formats: [ImageFormat] = [.png, .webp, .jpeg]
        let offers = formats.map { MediaType(Substring($0.mediaType))! } + (offeringJSON ? [.jsonOffer] : [])
        guard let best = accept.best(of: offers) else {
            throw ServiceError.notAcceptable(message: "POST /v1/cards answers image/png, image/webp, image/jpeg or application/json, and Accept allows none of them")
        }
        guard let index = offers.firstIndex(of: best), index < formats.count else {
            return CardFormatChoice(output: .png, negotiated: true, json: true)
        }
        return CardFormatChoice(output: try output(formats[index], formats[index] == .png ? nil : quality), negotiated: true)
    }

    static func qualityParameter(_ request: HTTPRequest) throws -> Int? {
        guard let text = request.queryValue("quality") else { return nil }
        guard let q = WholeNumberParameter.value(text), (1...100).contains(q) else {
            throw ServiceError.badRequest(code: "invalid_parameter", message: "quality must be a whole number from 1 to 100, got \(QuotedValue.quoted(text))", field: "quality")
        }
        return q
    }

    static func output(_ format: ImageFormat, _ quality: Int?) throws -> ImageOutput {
        do { return try ImageOutput(format: format, quality: quality) } catch {
            throw ServiceError.badRequest(code: "invalid_parameter", message: "\(error)", field: "quality")
        }
    }
}
