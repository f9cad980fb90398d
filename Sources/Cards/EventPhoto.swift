import Geometry
import Photos
import Raster

/// The event's own photo, decoded for one card. Until templates can name the photo as an
/// image source, it takes the place of the template's image marked `"eventPhoto": true`
/// (the `photo` template's), keeping that element's frame, content mode, corners and filters.
public struct EventPhoto: Sendable {
    public let photo: Photo
    /// SHA-256 of the file's bytes, part of the card's key.
    public let digest: String

    /// Decodes `data` at the size the template draws its photo element at `scale`, so a large
    /// JPEG is DCT-scaled straight to (at least) that size. A template without such an
    /// element is an error: the photo would silently not appear.
    public init(data: [UInt8], template: Template, scale: Int, limits: ImageLimits = .default) throws(PhotoInputError) {
        guard let index = template.eventPhotoElement, case .image(_, let frame, _, _, _) = template.elements[index] else {
            throw PhotoInputError.templateShowsNoPhoto(template.name)
        }
        do {
            photo = try Photo(data: data, targetWidth: Int((frame.width * Double(scale)).rounded(.up)),
                              targetHeight: Int((frame.height * Double(scale)).rounded(.up)), limits: limits)
        } catch { throw PhotoInputError.photo(error) }
        digest = ContentHash.hex(data)
    }

    /// `element` with the photo in place of the template's picture when it is the marked one.
    func replacing(_ element: TemplateElement, at index: Int, in template: Template) -> TemplateElement {
        guard index == template.eventPhotoElement, case .image(_, let frame, let mode, let radius, let filters) = element else {
            return element
        }
        return .image(photo.image, frame: frame, contentMode: mode, cornerRadius: radius, filters: filters)
    }
}

/// Why a photo cannot go on a card.
public enum PhotoInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case photo(PhotoError)
    case templateShowsNoPhoto(String)

    public var description: String {
        switch self {
        case .photo(let e): return e.description
        case .templateShowsNoPhoto(let name): return "template \(name) shows no photo (use a template with an eventPhoto image, such as photo)"
        }
    }
}
