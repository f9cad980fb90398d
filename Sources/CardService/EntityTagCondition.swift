/// An `If-Match` or `If-None-Match` condition (RFC 9110 §13.1.1–2): `*`, or a list of entity
/// tags gathered from every field line of that name. Entity tags may contain commas, so the
/// list is read tag by tag, never split on commas.
struct EntityTagCondition: Sendable, Equatable {
    /// One `"opaque"` or `W/"opaque"` tag; `opaque` excludes the quotes.
    struct Tag: Sendable, Equatable {
        var weak: Bool
        var opaque: String
    }

    enum Value: Sendable, Equatable {
        case any
        case tags([Tag])
    }

    let value: Value

    /// Parses the combined field lines; nil when there are none. Throws when the value is
    /// neither `*` nor a list of entity tags.
    init?(fieldLines: [String]) throws(Malformed) {
        guard !fieldLines.isEmpty else { return nil }
        var tags: [Tag] = []
        var sawStar = false
        for line in fieldLines {
            var rest = Substring(line)
            while true {
                rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
                if rest.isEmpty { break }
                if rest.first == "*" {
                    sawStar = true
                    rest = rest.dropFirst()
                } else {
                    let weak = rest.hasPrefix("W/")
                    if weak { rest = rest.dropFirst(2) }
                    guard rest.first == "\"" else { throw Malformed() }
                    let body = rest.dropFirst()
                    guard let close = body.firstIndex(of: "\"") else { throw Malformed() }
                    let opaque = body[..<close]
                    // etagc: %x21 / %x23-7E / obs-text
                    guard opaque.unicodeScalars.allSatisfy({ $0.value == 0x21 || (0x23...0x7E).contains($0.value) || $0.value >= 0x80 }) else {
                        throw Malformed()
                    }
                    tags.append(Tag(weak: weak, opaque: String(opaque)))
                    rest = body[body.index(after: close)...]
                }
                rest = rest.drop { $0 == " " || $0 == "\t" }
                guard rest.isEmpty || rest.first == "," else { throw Malformed() }
            }
        }
        // `*` stands alone: mixed with tags the field is invalid.
        if sawStar {
            guard tags.isEmpty else { throw Malformed() }
            value = .any
        } else {
            guard !tags.isEmpty else { throw Malformed() }
            value = .tags(tags)
        }
    }

    /// The field value is not `*` or a list of entity tags.
    struct Malformed: Error {}

    /// If-None-Match: weak comparison (§8.8.3.2) against the current tag `etag` (with quotes).
    func matchesWeakly(_ etag: String) -> Bool {
        switch value {
        case .any: return true
        case .tags(let tags):
            guard let current = Tag(quoted: etag) else { return false }
            return tags.contains { $0.opaque == current.opaque }
        }
    }

    /// If-Match: strong comparison (§8.8.3.2): both tags strong and equal. `etag` nil means the
    /// target has no current representation with a tag.
    func matchesStrongly(_ etag: String?, hasRepresentation: Bool) -> Bool {
        switch value {
        case .any: return hasRepresentation
        case .tags(let tags):
            guard let etag, let current = Tag(quoted: etag), !current.weak else { return false }
            return tags.contains { !$0.weak && $0.opaque == current.opaque }
        }
    }
}

extension EntityTagCondition.Tag {
    /// Reads one tag as this service writes them, such as `"3f2a…"` or `W/"3f2a…"`.
    init?(quoted text: String) {
        var rest = Substring(text)
        weak = rest.hasPrefix("W/")
        if weak { rest = rest.dropFirst(2) }
        guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else { return nil }
        opaque = String(rest.dropFirst().dropLast())
    }
}
