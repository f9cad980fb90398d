/// `--shard I/N`: one of N disjoint parts of a batch, so N machines (or the pods of an
/// indexed Job) each render their own share of one file. Line k (1-based) belongs to
/// shard (k − 1) mod N: the parts are disjoint, their union is the whole file, each holds
/// every N-th line (so sizes differ by at most one, plus blank lines), and the split
/// depends only on line numbers, never on the machine, the time or the number of threads.
struct Shard: Sendable, Equatable {
    /// 0-based, as Kubernetes' `JOB_COMPLETION_INDEX`.
    let index: Int
    let count: Int

    static let whole = Shard(uncheckedIndex: 0, count: 1)

    private init(uncheckedIndex: Int, count: Int) {
        index = uncheckedIndex
        self.count = count
    }

    /// Parses `I/N` with 0 ≤ I < N ≤ 100000, each written in ASCII digits alone (no sign:
    /// `+1/2` and `-0/2` are typing slips, not other names for `1/2` and `0/2`).
    init(_ text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        func digits(_ part: Substring) -> Bool { !part.isEmpty && part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        let negative = parts.count == 2 && parts[0].hasPrefix("-") && digits(parts[0].dropFirst())
        guard parts.count == 2, digits(parts[0]) || negative, digits(parts[1]),
              let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw UsageError(description: "--shard must be I/N, such as 0/4 (part I of N, counting from 0), got '\(escaped: text)'")
        }
        guard (1...100_000).contains(n) else {
            throw UsageError(description: "--shard \(shown: text): N must be from 1 to 100000")
        }
        guard !negative, (0..<n).contains(i) else {
            throw UsageError(description: "--shard \(shown: text): I counts from 0, so it must be from 0 to \(n - 1)")
        }
        self.init(uncheckedIndex: i, count: n)
    }

    func contains(line: Int) -> Bool {
        (line - 1) % count == index
    }

    /// The items of this shard, in their original order.
    func select<T>(_ items: [T], line: (T) -> Int) -> [T] {
        count == 1 ? items : items.filter { contains(line: line($0)) }
    }
}
