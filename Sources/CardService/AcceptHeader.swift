/// Content negotiation with `Accept` (RFC 9110 §12.5.1): every field line, each element a media
/// range with an optional weight `q` from 0 to 1 (three decimals at most). `q=0` means "not
/// acceptable". An offered type takes the weight of the most specific range that matches it
/// (`image/png` over `image/*` over `*/*`; a range with more parameters over one with fewer).
struct AcceptHeader: Sendable {
    struct Range: Sendable {
        var mediaRange: MediaType
        /// Weight in thousandths, 0...1000.
        var qualityPerMille: Int
    }

    let ranges: [Range]

    /// Parses the combined field lines. Elements that are not media ranges, or whose `q` is
    /// not a valid weight, are skipped (RFC 9110 lets a recipient ignore what it cannot
    /// read); no field at all, or nothing readable, accepts everything.
    init(fieldLines: [String]) {
        var ranges: [Range] = []
        for line in fieldLines {
            for element in MediaType.splitOutsideQuotes(Substring(line), on: ",") {
                if element.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
                guard let parsed = MediaType(element) else { continue }
                // A `*` type only in `*/*`.
                if parsed.type == "*" && parsed.subtype != "*" { continue }
                // Parameters after q are accept-extensions, not part of the range.
                var parameters: [(name: String, value: String)] = []
                var quality = 1000
                var valid = true
                for p in parsed.parameters {
                    if p.name == "q" {
                        guard let q = Self.weight(p.value) else { valid = false; break }
                        quality = q
                        break
                    }
                    parameters.append(p)
                }
                guard valid else { continue }
                let range = MediaType(type: parsed.type, subtype: parsed.subtype, parameters: parameters)
                ranges.append(Range(mediaRange: range, qualityPerMille: quality))
            }
        }
        self.ranges = ranges
    }

    /// The weight of `offer` (a media type without parameters), in thousandths: 1000 when
    /// no range was given, 0 when none matches.
    func qualityPerMille(of offer: MediaType) -> Int {
        if ranges.isEmpty { return 1000 }
        var best: (specificity: Int, quality: Int)?
        for range in ranges {
            let r = range.mediaRange
            let specificity: Int
            if r.type == "*" && r.subtype == "*" {
                specificity = 0
            } else if r.type == offer.type && r.subtype == "*" {
                specificity = 1
            } else if r.type == offer.type && r.subtype == offer.subtype {
                // A parameter the offer does not have (e.g. `;profile=x`) makes the range
                // narrower than the offer: it does not match.
                guard r.parameters.allSatisfy({ p in Self.value(p.value, matches: offer.parameter(p.name), named: p.name) }) else {
                    continue
                }
                specificity = 2 + r.parameters.count
            } else {
                continue
            }
            if best == nil || specificity > best!.specificity { best = (specificity, range.qualityPerMille) }
        }
        return best?.quality ?? 0
    }

    /// Whether a range's parameter value asks for the offer's: charset names ignore case
    /// (`UTF-8` is `utf-8`), other values are compared as written.
    static func value(_ asked: String, matches offered: String?, named name: String) -> Bool {
        guard let offered else { return false }
        return name == "charset" ? asked.lowercased() == offered.lowercased() : asked == offered
    }

    /// The offer with the highest non-zero weight; ties go to the earlier offer, so the
    /// server's order is its preference. nil when every offer weighs 0 (answer 406).
    func best(of offers: [MediaType]) -> MediaType? {
        var winner: (offer: MediaType, quality: Int)?
        for offer in offers {
            let q = qualityPerMille(of: offer)
            if q > 0 && (winner == nil || q > winner!.quality) { winner = (offer, q) }
        }
        return winner?.offer
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    static func weight(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var fraction = 0, digits = 0
        if bytes.count > 1 {
            guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
            for byte in bytes[2...] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                fraction = fraction * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            }
        }
        for _ in digits..<3 { fraction *= 10 }
        if first == UInt8(ascii: "1") { return fraction == 0 ? 1000 : nil }
        return fraction
    }
}

extension MediaType {
    /// A media type built from parts (`type` and `subtype` lower-case tokens).
    init(type: String, subtype: String, parameters: [(name: String, value: String)] = []) {
        self.type = type
        self.subtype = subtype
        self.parameters = parameters
    }

    static let png = MediaType(type: "image", subtype: "png")
    static let json = MediaType(type: "application", subtype: "json")
    /// The JSON answer as negotiated: UTF-8, the one encoding RFC 8259 allows, so that
    /// `Accept: application/json; charset=utf-8` takes it (a range with a parameter the offer
    /// lacks does not match).
    static let jsonOffer = MediaType(type: "application", subtype: "json", parameters: [(name: "charset", value: "utf-8")])
    static let multipartFormData = MediaType(type: "multipart", subtype: "form-data")
}
