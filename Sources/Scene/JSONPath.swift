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
    /// Written from the root down; a path is as deep as its document (`JSONNode.maximumDepth`).
    public var text: String {
        switch self {
        case .root(let name): return name
        case .member(let parent, let key):
            let above = parent.text
            return above.isEmpty ? key : above + "." + key
        case .item(let parent, let index): return parent.text + "[\(index)]"
        }
    }

    /// Paths are the same when they are written the same (`.root("a.b")` is `a` then `b`).
    public static func == (a: JSONPath, b: JSONPath) -> Bool { a.text == b.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
