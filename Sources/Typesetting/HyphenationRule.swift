/// Which of a dictionary's hyphenation points a title may use. A title is display type, read
/// at a glance: a typesetter keeps short words whole (setting the title smaller instead) and
/// never leaves a stub of one or two letters on either side of the hyphen ("to-gether",
/// "togeth-er"). So a point is used only inside a word of at least `shortestWordInLetters`
/// letters, with at least `shortestFragmentInLetters` letters before it and after it.
/// "Donau-dampfschifffahrts…" and "inter-nationalization" qualify; "to-gether", "lit-tle" and
/// "apart-ment" (9 letters) do not.
public enum HyphenationRule {
    /// Words shorter than this are never hyphenated. Most everyday English words are shorter;
    /// the compounds and long derived words that would shrink a title are longer.
    public static let shortestWordInLetters = 10
    /// The least number of letters kept before and after the hyphen (TeX's English default is
    /// 2 before and 3 after, for running text; display type keeps 3 on both sides).
    public static let shortestFragmentInLetters = 3

    /// The points among `points` (UTF-16 offsets into `units`) that the rule allows. A word is
    /// a maximal run of alphabetic scalars and the combining marks after them, as the
    /// dictionary looks words up; letters are counted as alphabetic scalars (a decomposed "ä"
    /// is one letter, as its composed form is).
    public static func allowed(_ points: [Int], in units: [UInt16]) -> [Int] {
        guard !points.isEmpty else { return [] }
        // For every UTF-16 offset inside a word: letters before it in the word, and the word's length.
        var lettersBefore: [Int: (before: Int, word: Int)] = [:]
        var word: [Int] = []  // offsets where the word's letters start
        var offset = 0
        func flush() {
            defer { word.removeAll(keepingCapacity: true) }
            for (index, start) in word.enumerated() where index > 0 { lettersBefore[start] = (index, word.count) }
        }
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            if scalar.properties.isAlphabetic {
                word.append(offset)
            } else if !(scalar.isCombiningMark && !word.isEmpty) {
                flush()
            }
            offset += scalar.utf16.count
        }
        flush()
        return points.filter { point in
            guard let position = lettersBefore[point] else { return false }
            return position.word >= shortestWordInLetters && position.before >= shortestFragmentInLetters
                && position.word - position.before >= shortestFragmentInLetters
        }
    }
}
