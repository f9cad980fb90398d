import CHyphen
import Caching
import Foundation

/// The hyphenation patterns of one language: a Debian `hyphen-*` dictionary (LibreOffice's
/// TeX-derived `.dic` files under /usr/share/hyphen) read by libhyphen.
///
/// A language's dictionary is found by path — `hyph_<language>_<REGION>.dic`, then
/// `hyph_<language>.dic`, then the first `hyph_<language>_<XX>.dic` in name order (Spanish,
/// Catalan, Polish and Russian come only with a region) — loaded the first time it is asked
/// for and kept for the life of the process; a language without one is not hyphenated. The
/// file is read by our own loader into libhyphen's automaton (sc_hyphen_load.c): libhyphen's
/// loader spends about 4 s of CPU on German's 1 MB file, ours about 0.5 s.
public final class HyphenationDictionary: @unchecked Sendable {
    // @unchecked: `handle` is written once, in `init`; libhyphen only reads it afterwards.
    private let handle: OpaquePointer

    /// Where Debian installs the dictionaries.
    public static let directory = "/usr/share/hyphen"

    private init?(path: String) {
        guard let handle = sc_hyphen_load(path) else { return nil }
        self.handle = handle
    }

    /// The file read by libhyphen's own loader, or by ours: for tests that compare the two.
    init?(path: String, libhyphenLoader: Bool) {
        guard let handle = libhyphenLoader ? sc_hyphen_load_reference(path) : sc_hyphen_load(path) else { return nil }
        self.handle = handle
    }

    /// libhyphen's answer for a word given as bytes in the dictionary's own encoding, as text
    /// (`sc_hyphen_describe`), or nil when libhyphen fails: for tests that compare loaders.
    func describe(bytes: [UInt8]) -> String? {
        var out = [CChar](repeating: 0, count: 4096)
        let n = bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { sc_hyphen_describe(handle, $0.baseAddress, Int32(b.count), &out, Int32(out.count)) }
        }
        guard n >= 0 else { return nil }
        return String(decoding: out.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { sc_hyphen_free(handle) }

    /// One file's dictionary, loaded at most once: its own lock is held while loading, so
    /// a large file keeps waiting only those who want that file.
    private final class FileSlot: Sendable {
        /// nil: not tried yet; .some(nil): missing or unreadable.
        let state = LockedValue<HyphenationDictionary??>(nil)
    }

    /// A slot per file name, and each language's dictionary once resolved.
    private static let slots = LockedValue<[String: FileSlot]>([:])
    private static let byLanguage = LockedValue<[String: HyphenationDictionary?]>([:])

    /// The dictionary for `language`, or nil when Debian has none for it. Thread-safe; each
    /// file is loaded once per process, on first use.
    public static func forLanguage(_ language: LanguageTag) -> HyphenationDictionary? {
        if let known = byLanguage.withLock({ $0[language.tag] }) { return known }
        var found: HyphenationDictionary?
        for name in fileNames(for: language) {
            let slot = slots.withLock { slots in
                if let slot = slots[name] { return slot }
                let slot = FileSlot()
                slots[name] = slot
                return slot
            }
            let loaded = slot.state.withLock { state -> HyphenationDictionary? in
                if let done = state { return done }
                let d = HyphenationDictionary(path: "\(directory)/\(name)")
                state = .some(d)
                return d
            }
            if let loaded { found = loaded; break }
        }
        byLanguage.withLock { $0[language.tag] = .some(found) }
        return found
    }

    /// Candidate file names for `language`, most specific first.
    private static func fileNames(for language: LanguageTag) -> [String] {
        let subtags = language.tag.split(separator: "-")
        let primary = String(subtags[0])
        var names: [String] = []
        if let region = subtags.dropFirst().first(where: { $0.count == 2 && $0.allSatisfy(\.isLetter) }) {
            names.append("hyph_\(primary)_\(region.uppercased()).dic")
        }
        names.append("hyph_\(primary).dic")
        let regional = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
            $0.hasPrefix("hyph_\(primary)_") && $0.hasSuffix(".dic") && $0.count == "hyph_\(primary)_XX.dic".count
        }
        return names + regional.sorted()
    }

    /// The UTF-16 offsets inside `units` after which a hyphen may be added: each maximal run
    /// of letters and the combining marks that follow them (a decomposed "ä" is one letter) of
    /// 5 to `SC_HYPHEN_WORD_MAX` units is looked up composed (NFC) and in lower case, as the
    /// patterns are written; a point is kept only where it falls after a whole letter, and is
    /// given as the offset after that letter's last mark. Words the dictionary's encoding
    /// cannot represent get no points.
    public func points(in units: [UInt16]) -> [Int] {
        var result: [Int] = []
        var word: [UInt16] = []
        // For each unit of `word`: the offset in `units` after it when it ends a letter, else nil.
        var ends: [Int?] = []
        var letter = String.UnicodeScalarView()
        var offset = 0
        func endLetter() {
            guard !letter.isEmpty else { return }
            // Only a letter with marks can compose (one scalar alone is kept as it is).
            let composed = letter.count == 1 ? letter : String(letter).precomposedStringWithCanonicalMapping.unicodeScalars
            let lower = composed.flatMap { Array($0.properties.lowercaseMapping.utf16) }
            word.append(contentsOf: lower)
            ends.append(contentsOf: Array(repeating: nil, count: lower.count - 1) + [offset])
            letter.removeAll()
        }
        func flush() {
            endLetter()
            defer { word.removeAll(keepingCapacity: true); ends.removeAll(keepingCapacity: true) }
            guard word.count >= 5, word.count <= Int(SC_HYPHEN_WORD_MAX) else { return }
            var after = [UInt8](repeating: 0, count: word.count)
            let status = sc_hyphen_points(handle, word, Int32(word.count), &after)
            guard status == 0 else { return }
            for (i, flag) in after.enumerated() where flag != 0 && i + 1 < word.count {
                if let end = ends[i] { result.append(end) }
            }
        }
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            if scalar.properties.isAlphabetic {
                endLetter()
                letter.append(scalar)
            } else if scalar.isCombiningMark, !letter.isEmpty {
                letter.append(scalar)
            } else {
                flush()
            }
            offset += scalar.utf16.count
        }
        flush()
        return result
    }
}

extension Unicode.Scalar {
    /// A nonspacing, spacing or enclosing mark: part of the letter before it.
    var isCombiningMark: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
