/// A `multipart/form-data` body (RFC 7578 over RFC 2046 §5.1) split into its parts. Strict
/// where leniency would hide a broken upload: the close delimiter is required (a body cut
/// short is an error, not a shorter photo), and every part needs a `Content-Disposition:
/// form-data` with a name. A boundary string inside a part's data is data unless it starts
/// a line, as the RFC defines.
struct MultipartFormData {
    struct Part {
        let name: String
        let filename: String?
        /// The part's `Content-Type` as sent, nil when absent (RFC 7578: then text/plain).
        let contentType: MediaType?
        let body: ArraySlice<UInt8>
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let maximumParts = 16
    static let maximumHeaderBytes = 8 << 10

    let parts: [Part]

    /// Parses `body` with the boundary from the Content-Type (1–70 characters, RFC 2046).
    init(_ body: [UInt8], boundary: String) throws(Failure) {
        guard (1...70).contains(boundary.utf8.count), boundary.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 }),
              !boundary.hasSuffix(" ") else {
            throw Failure(description: "the boundary parameter must be 1 to 70 printable ASCII characters")
        }
        let dashBoundary = Array("--\(boundary)".utf8)
        let delimiter = Array("\r\n".utf8) + dashBoundary
        // The first boundary opens the body or a line (anything before it is preamble).
        var position: Int
        if body.starts(with: dashBoundary) {
            position = dashBoundary.count
        } else if let found = Self.find(delimiter, in: body, from: 0) {
            position = found + delimiter.count
        } else {
            throw Failure(description: "the body holds no boundary line \"--\(boundary)\"")
        }
        var parts: [Part] = []
        while true {
            // After a boundary: "--" closes the body; otherwise optional padding and CRLF.
            if body[position...].starts(with: [0x2D, 0x2D]) { break }
            while position < body.count, body[position] == 0x20 || body[position] == 0x09 { position += 1 }
            guard body[position...].starts(with: [0x0D, 0x0A]) else {
                throw Failure(description: position >= body.count ? "the body ends after a boundary without the closing \"--\(boundary)--\""
                                                                  : "a boundary line is followed by other text")
            }
            position += 2
            guard let end = Self.find(delimiter, in: body, from: position) else {
                throw Failure(description: "the body ends inside a part: no closing boundary \"--\(boundary)--\"")
            }
            guard parts.count < Self.maximumParts else { throw Failure(description: "more than \(Self.maximumParts) parts") }
            parts.append(try Self.part(body[position..<end]))
            position = end + delimiter.count
        }
        self.parts = parts
    }

    /// One part: header lines, an empty line, the content.
    private static func part(_ bytes: ArraySlice<UInt8>) throws(Failure) -> Part {
        let headerEnd: Int, contentStart: Int
        if bytes.starts(with: [0x0D, 0x0A]) {
            headerEnd = bytes.startIndex
            contentStart = bytes.startIndex + 2
        } else if let blank = find(Array("\r\n\r\n".utf8), in: bytes, from: bytes.startIndex) {
            headerEnd = blank
            contentStart = blank + 4
        } else {
            throw Failure(description: "a part has no empty line between its headers and its content")
        }
        guard headerEnd - bytes.startIndex <= maximumHeaderBytes else {
            throw Failure(description: "a part's headers are over \(maximumHeaderBytes) bytes")
        }
        guard let headerText = String(validating: bytes[bytes.startIndex..<headerEnd], as: UTF8.self) else {
            throw Failure(description: "a part's headers are not UTF-8")
        }
        var name: String?, filename: String?, contentType: MediaType?
        var sawDisposition = false, sawType = false
        for line in headerText.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "a part header line has no colon") }
            let field = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
            switch field {
            case "content-disposition":
                guard !sawDisposition else { throw Failure(description: "a part has two Content-Disposition headers") }
                sawDisposition = true
                let pieces = MediaType.splitOutsideQuotes(Substring(value), on: ";")
                guard pieces[0].trimmingCharacters(in: [" ", "\t"]).lowercased() == "form-data" else {
                    throw Failure(description: "a part's Content-Disposition is not form-data")
                }
                for piece in pieces.dropFirst() {
                    let trimmed = piece.trimmingCharacters(in: [" ", "\t"])
                    guard let equals = trimmed.firstIndex(of: "=") else { continue }
                    var v = trimmed[trimmed.index(after: equals)...]
                    if v.count >= 2, v.hasPrefix("\""), v.hasSuffix("\"") { v = v.dropFirst().dropLast() }
                    switch trimmed[..<equals].lowercased() {
                    case "name": name = String(v)
                    case "filename": filename = String(v)
                    default: break
                    }
                }
            case "content-type":
                guard !sawType else { throw Failure(description: "a part has two Content-Type headers") }
                sawType = true
                guard let type = MediaType(Substring(value)) else { throw Failure(description: "a part's Content-Type \"\(value.prefix(80))\" is not a media type") }
                contentType = type
            default:
                break
            }
        }
        guard let name, !name.isEmpty else { throw Failure(description: "a part has no Content-Disposition: form-data; name=…") }
        return Part(name: name, filename: filename, contentType: contentType, body: bytes[contentStart...])
    }

    /// The index where `needle` starts in `haystack` at or after `from`, or nil.
    static func find<C: RandomAccessCollection>(_ needle: [UInt8], in haystack: C, from: Int) -> Int? where C.Element == UInt8, C.Index == Int {
        guard let first = needle.first, haystack.endIndex - from >= needle.count else { return nil }
        var i = from
        let last = haystack.endIndex - needle.count
        while i <= last {
            if haystack[i] == first {
                var j = 1
                while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
