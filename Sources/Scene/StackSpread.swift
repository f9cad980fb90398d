import Layout

/// How a template's stack (`"distribution"` in docs/templates.md) places its items along
/// its frame's height when they need less than it: as one centred group (`"center"`, the
/// default), or spread with the first item at the top, the last at the bottom and equal gaps
/// between (`"equalSpacing"`, never less than `spacing`), so a tall strip's emoji, title and
/// date balance the whole height instead of sitting in one band.
public enum StackSpread: String, Hashable, Sendable, CaseIterable {
    case centered = "center"
    case spread = "equalSpacing"

    var distribution: Stack.Distribution {
        switch self {
        case .centered: return .center
        case .spread: return .equalSpacing
        }
    }
}
