/// Upright or slanted. Oblique faces (OS/2 `fsSelection` bit 9) count as italic.
public enum FontStyle: String, Hashable, Sendable, CaseIterable, Codable {
    case normal
    case italic
}
