/// How a button's image and title sit across its content rect: UIKit's
/// `UIControl.ContentHorizontalAlignment` (without leading/trailing: a right-to-left
/// button mirrors its whole layout instead).
public enum ContentHorizontalAlignment: String, Sendable, CaseIterable, Codable {
    case left, center, right
    /// Each element stretched to its rect's width.
    case fill
}

/// UIKit's `UIControl.ContentVerticalAlignment`.
public enum ContentVerticalAlignment: String, Sendable, CaseIterable, Codable {
    case top, center, bottom
    /// Each element stretched to its rect's height.
    case fill
}
