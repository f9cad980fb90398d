/// What an image shows, as far as an encoder's choice between time and bytes depends on it.
/// Ordered: an image holding several kinds is the greatest of them.
public enum ImageContent: Int, Comparable, Sendable, CaseIterable {
    /// No picture: flat or gradient grounds, patterns, shapes, text, emoji.
    case drawing
    /// A picture (a photograph or a template's image) in greys only.
    case greyPicture
    /// A picture with colour in it.
    case colourPicture

    public static func < (a: ImageContent, b: ImageContent) -> Bool { a.rawValue < b.rawValue }
}
