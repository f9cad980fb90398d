import Typesetting

/// What a label does with text that does not fit: UIKit's `NSLineBreakMode`, less
/// character wrapping. Every mode wraps lines at word boundaries (inside a word only when
/// the word alone is wider than the label); they differ on the last visible line.
public enum LineBreakMode: String, Sendable, CaseIterable, Codable {
    /// Lines past the limit are dropped with no ellipsis.
    case wordWrap
    /// As `wordWrap`, and drawing is clipped to the label's frame.
    case clipping
    /// The last visible line ends with "…" standing for the text cut from its start, end or middle.
    case truncatingHead, truncatingTail, truncatingMiddle

    /// The ellipsis placement, for the truncating modes.
    var truncation: TextLayoutOptions.Truncation? {
        switch self {
        case .truncatingHead: return .head
        case .truncatingTail: return .tail
        case .truncatingMiddle: return .middle
        case .wordWrap, .clipping: return nil
        }
    }
}
