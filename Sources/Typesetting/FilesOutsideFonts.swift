import Foundation

extension FontLibrary {
    /// The files outside the fonts folder at `directory` whose bytes can reach a card, sorted:
    /// the manifest's faces given by absolute `path` (the system's script and CJK faces of its
    /// optional part, whether present or not) and the hyphenation dictionaries there are. A
    /// card's name has to change with them (`ContentHash.fontsVersion`): two machines with
    /// other system fonts or dictionaries would otherwise name different cards alike. Without
    /// the faces when the manifest cannot be read (the fonts' own checks report that).
    public static func filesOutside(fontsDirectory directory: String) -> [String] {
        var paths: [String] = []
        if let manifest = try? FontManifest.load(path: (directory as NSString).appendingPathComponent(manifestName)) {
            let whole = manifest.optional.flatMap {
                try? manifest.appendingOptionalPart(path: (directory as NSString).appendingPathComponent($0))
            } ?? manifest
            paths += whole.faces.compactMap(\.path)
        }
        let dictionaries = (try? FileManager.default.contentsOfDirectory(atPath: HyphenationDictionary.directory)) ?? []
        paths += dictionaries.filter { $0.hasPrefix("hyph_") && $0.hasSuffix(".dic") }
            .map { (HyphenationDictionary.directory as NSString).appendingPathComponent($0) }
        return Array(Set(paths)).sorted()
    }
}
