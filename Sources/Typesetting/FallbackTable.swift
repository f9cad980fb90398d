/// The fallback families to try for each script, worked out once when the library loads.
///
/// A family the manifest ties to scripts (`"scripts": ["Beng"]`) is tried only for clusters of
/// those scripts; a family without scripts (the title face, Noto Sans, the symbol faces, CJK,
/// emoji) is tried for every cluster. Each script's list keeps manifest order, so a cluster
/// costs a handful of coverage checks however many script faces the manifest lists.
struct FallbackTable: Sendable {
    /// Fallback indices (manifest order) for clusters of no listed script.
    let general: [Int]
    /// Fallback indices (manifest order) per ISO 15924 code: the general ones and the script's own.
    private let byScript: [String: [Int]]

    /// `scripts[i]` lists the codes fallback family `i` serves (empty: every script).
    init(scripts: [[String]]) {
        let general = scripts.indices.filter { scripts[$0].isEmpty }
        var own: [String: [Int]] = [:]
        for (index, codes) in scripts.enumerated() {
            for code in codes { own[code, default: []].append(index) }
        }
        self.general = general
        byScript = own.mapValues { Self.merge($0, general) }
    }

    /// The fallback indices to try for a cluster whose scripts are `codes`, in manifest order.
    func candidates(for codes: [String]) -> [Int] {
        var result = general
        var merged = false
        for code in codes {
            guard let list = byScript[code] else { continue }
            result = merged ? Self.merge(result, list) : list
            merged = true
        }
        return result
    }

    /// The union of two ascending lists, ascending.
    private static func merge(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i] < b[j]) {
                result.append(a[i]); i += 1
            } else if i == a.count || b[j] < a[i] {
                result.append(b[j]); j += 1
            } else {
                result.append(a[i]); i += 1; j += 1
            }
        }
        return result
    }
}
