import Raster

extension ResolvedScene {
    /// What the scene draws, for the encoder: a picture when any image element is drawn (the
    /// event's photo, a template's image), grey when every such image is grey as given (before
    /// its filters), a drawing otherwise. A snapshot repeats what the canvas already shows,
    /// and emoji are text.
    public var content: ImageContent { Self.content(of: elements) }

    static func content(of elements: [ResolvedElement]) -> ImageContent {
        var content = ImageContent.drawing
        for element in elements {
            switch element {
            case .image(let image, _, _, _, _, _):
                content = max(content, image.isGrey ? .greyPicture : .colourPicture)
            case .group(let children, _, _):
                content = max(content, Self.content(of: children))
            case .shape, .text, .chip, .snapshot:
                continue
            }
            if content == .colourPicture { break }
        }
        return content
    }
}
