/// A warning about a button's insets: what is wrong, in words a designer can act on.
public struct ButtonLint: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// Title insets that are not equal and opposite shrink the title rect, and the title
        /// is truncated.
        case titleInsetsClipTitle
        /// Image insets that are not equal and opposite move the image onto the title.
        case imageInsetsOverlapTitle
        /// Image insets that are not equal and opposite narrow the image rect, and with
        /// `.fill` alignment the image is squeezed below its natural width.
        case imageInsetsSqueezeImage
    }

    public let kind: Kind
    public let message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
