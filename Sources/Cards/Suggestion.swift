/// "Did you mean …?" for a mistyped name: the closest known name by edit distance, when it
/// is close enough to be a slip rather than a different word.
public enum Suggestion {
    /// The candidate nearest to `name` (ignoring case), or nil when none is within
    /// `maximumDistance(for:)` edits. Ties go to the earlier candidate, so the answer is
    /// deterministic for a given candidate order.
    public static func closest(to name: String, in candidates: [String]) -> String? {
        let limit = maximumDistance(for: name)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let d = editDistance(name.lowercased(), candidate.lowercased())
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// ` — did you mean "x"?` when there is a close candidate, otherwise the empty string:
    /// ready to append to an "unknown …" message.
    public static func didYouMean(_ name: String, in candidates: [String]) -> String {
        closest(to: name, in: candidates).map { " — did you mean \"\($0)\"?" } ?? ""
    }

    /// Up to `count` candidates nearest to `name` (ignoring case), however far: first those
    /// that begin with `name` (a name cut short), then the rest, each by edit distance, ties in
    /// candidate order. For listing a few names where the whole list is too long.
    public static func nearest(to name: String, in candidates: [String], count: Int) -> [String] {
        let key = name.lowercased()
        return candidates.enumerated().map { index, candidate in
            let lowered = candidate.lowercased()
            return (candidate, lowered.hasPrefix(key) ? 0 : 1, editDistance(key, lowered), index)
        }
        .sorted { ($0.1, $0.2, $0.3) < ($1.1, $1.2, $1.3) }
        .prefix(max(0, count)).map(\.0)
    }

    /// Edits tolerated: one for short names, about a third of the length for longer ones,
    /// never more than three (beyond that a "suggestion" is mostly noise).
    static func maximumDistance(for name: String) -> Int {
        min(3, max(1, name.count / 3))
    }

    /// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions, each
    /// costing one edit), over Unicode scalars.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let s = Array(a.unicodeScalars), t = Array(b.unicodeScalars)
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        // Three rows: two before the current one, for transpositions.
        var previous2 = [Int](repeating: 0, count: t.count + 1)
        var previous = Array(0...t.count)
        var current = [Int](repeating: 0, count: t.count + 1)
        for i in 1...s.count {
            current[0] = i
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    d = min(d, previous2[j - 2] + 1)
                }
                current[j] = d
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[t.count]
    }
}
