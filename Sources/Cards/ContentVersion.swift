/// The version of everything that decides a card's pixels besides its own inputs: the
/// renderer, the fonts, and every palette and template (the figures `sharecard --version`
/// prints). Card URLs carry it as `v=`, so a URL names one design for good and may be cached
/// as `immutable`; any change to a font, palette or template gives every URL a new `v`.
/// One version for the whole catalog, rather than one per template and palette, lets a
/// client build any card URL from the single `v` the catalog hands out.
public enum ContentVersion {
    /// 12 hex digits.
    public static func of(catalog: Catalog, fontsVersion: String) -> String {
        let parts = ["sharecard-content", Card.rendererVersion, fontsVersion,
                     folder(catalog.palettes.map { ($0.name, $0.version) }),
                     folder(catalog.templates.map { ($0.name, $0.version) })]
        return String(ContentHash.hex(Array(parts.map { "\($0.utf8.count):\($0)" }.joined(separator: "|").utf8)).prefix(12))
    }

    /// One version for a folder: a hash over each file's name and version, in name order.
    public static func folder(_ entries: [(name: String, version: String)]) -> String {
        let canonical = entries.sorted { $0.name < $1.name }.map { "\($0.name):\($0.version);" }.joined()
        return String(ContentHash.hex(Array(canonical.utf8)).prefix(12))
    }
}
