import CardService
import HTTPTypes

/// `POST /v1/cards` with a photo upload (`multipart/form-data`), answered by the service. With
/// the first byte even, the rest is a Content-Type line and a body, both the fuzzer's: every
/// answer is a client error or a card, never a 5xx. With it odd, the rest chooses a boundary,
/// the layout of a well-formed body (parts' order, their headers' case and spacing, a preamble,
/// padding after boundary lines, an epilogue) and the photo part's bytes; the event asks for a
/// template that shows no photo, so the answer must be that refusal (422) or the photo's format
/// refused (415). A body is malformed only if the photo's bytes hold the delimiter, as RFC 2046
/// says the sender must avoid.
enum MultipartFuzz {
    static let service = CardService(catalog: FuzzResources.catalog, renderer: FuzzResources.renderer)

    /// RFC 2046's `bchars`: what a boundary may hold (a space only before its last character).
    static let boundaryCharacters = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".utf8)

    static func run(_ input: [UInt8]) {
        var reader = FuzzInput(input)
        let mode = reader.byte()
        if mode & 1 == 0 {
            let rest = reader.rest
            let newline = rest.firstIndex(of: 0x0A) ?? rest.endIndex
            let type = String(decoding: rest[..<newline], as: UTF8.self)
            let body = newline < rest.endIndex ? Array(rest[(newline + 1)...]) : []
            let response = post(body, contentType: type)
            FuzzCheck.that(response.status < 500 || unavailableDetector(response),
                           "status \(response.status) for Content-Type \(type): \(text(response))")
            return
        }
        let layout = reader.byte()
        var boundary: [UInt8] = []
        for _ in 0..<(1 + Int(reader.byte()) % 70) { boundary.append(boundaryCharacters[Int(reader.byte()) % boundaryCharacters.count]) }
        while boundary.last == 0x20 { boundary.removeLast() }
        if boundary.isEmpty { boundary = Array("b".utf8) }
        let photo = reader.rest
        let crlf: [UInt8] = [0x0D, 0x0A]
        let delimiter = crlf + Array("--".utf8) + boundary
        func header(_ name: String, _ value: String) -> [UInt8] {
            let written = layout & 2 == 0 ? name : name.uppercased()
            return Array((written + ":" + (layout & 4 == 0 ? " " : "\t ") + value).utf8) + crlf
        }
        let event = header("Content-Disposition", "form-data; name=\"event\"")
            + (layout & 8 == 0 ? [] : header("Content-Type", "application/json; charset=utf-8")) + crlf
            + Array(#"{"title":"Fuzzed upload","template":"classic"}"#.utf8)
        let picture = header("Content-Disposition", "form-data; name=\"photo\"; filename=\"a;b.jpg\"")
            + (layout & 16 == 0 ? [] : header("Content-Type", "image/jpeg")) + crlf + photo
        let padding: [UInt8] = layout & 32 == 0 ? [] : [0x20, 0x09]
        var body: [UInt8] = layout & 64 == 0 ? [] : Array("a preamble, ignored".utf8) + crlf
        for part in layout & 128 == 0 ? [event, picture] : [picture, event] {
            body += Array("--".utf8) + boundary + padding + crlf + part + crlf
        }
        body.removeLast(2)  // the last part's CRLF belongs to the close delimiter
        body += delimiter + Array("--".utf8) + (layout & 64 == 0 ? [] : crlf + Array("an epilogue, ignored".utf8))

        let quoted = "\"" + String(decoding: boundary, as: UTF8.self) + "\""
        let response = post(body, contentType: "multipart/form-data; boundary=" + quoted)
        let holdsDelimiter = contains(photo, delimiter) || contains(crlf + photo, delimiter)
        if holdsDelimiter {
            FuzzCheck.that(response.status < 500, "status \(response.status) for a body whose photo holds the delimiter: \(text(response))")
        } else {
            FuzzCheck.that(response.status == 422 || response.status == 415,
                           "a well-formed upload (boundary \(quoted), layout \(layout)) answered \(response.status): \(text(response))")
        }
    }

    static func post(_ body: [UInt8], contentType: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", contentType)
        guard let request = try? HTTPRequest(method: "POST", target: "/v1/cards", headers: headers, body: body) else {
            fatalError("POST /v1/cards is not a request")
        }
        return service.handle(request)
    }

    /// A photo card asked of a process without the face-detection plug-in (a fuzz build need
    /// not have it): the server's own limit, answered as such, not a failure on input.
    static func unavailableDetector(_ response: HTTPResponse) -> Bool {
        response.status == 503 && text(response).contains("\"face_detector_unavailable\"")
    }

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body.prefix(300), as: UTF8.self) }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
