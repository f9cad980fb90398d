/// Where a value sits in its document, written out (`elements[2].font.family`) only when an
/// error or a later check names it: most values of a template are read and never named, and
/// writing every path as it was reached cost a one-card render about 0.1 million instructions.
public indirect enum JSONPath: Hashable, Sendable {
    /// The document itself, or a value a caller names (`""` for a whole document).
    case root(String)
    /// A member of the object at the first path.
    case member(JSONPath, String)
    /// An item of the array at the first path, counted from 0.
    case item(JSONPath, Int)

    /// The path as messages give it: members joined by `.` (a member of the unnamed root
    /// alone), items as `[i]`: `colors[3].background`, `[0]`, `elements[1][2]`.
    public var text: String {
        var parts: [JSONPath] = []
        var at = self
        while true {
            switch at {
            case .root(let name):
                var text = name
                for part in parts.reversed() {
                    switch part {
                    case .member(_, let key): text = text.isEmpty ? key : text + "." + key
                    case .item(_, let index): text += "[\(index)]"
                    case .root: break
                    }
                }
                return text
            case .member(let parent, _), .item(let parent, _):
                parts.append(at)
                at = parent
            }
        }
    }

    /// Paths are the same when they are written the same (`.root("a.b")` is `a` then `b`).
    public static func == (a: JSONPath, b: JSONPath) -> Bool { a.text == b.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
