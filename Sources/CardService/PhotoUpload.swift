import Cards
import Faces
import Photos
import HTTPTypes
import Raster

/// `POST /v1/cards` as `multipart/form-data`: exactly one `event` part (the event as JSON,
/// as a JSON POST body would be) and one `photo` part (JPEG, PNG, WebP or HEIC, recognised by
/// its bytes, whatever the part's Content-Type says). Errors: a malformed body, a missing, repeated or unknown part → 400; a photo that is
/// not an image → 415; too large → 413; corrupt, or a template that shows no photo → 422.
struct PhotoUpload {
    let event: ArraySlice<UInt8>
    let photo: ArraySlice<UInt8>

    static let partNames = ["event", "photo"]

    init(_ body: [UInt8], contentType: MediaType) throws {
        // Two boundary parameters (RFC 2045 §5.1: each at most once) could be read either way by
        // a proxy and by this server, so the body is not guessed at.
        guard contentType.parameters.lazy.filter({ $0.name == "boundary" }).count <= 1 else {
            throw ServiceError.badRequest(code: "malformed_multipart", message: "the Content-Type gives the boundary parameter more than once", field: nil)
        }
        let form: MultipartFormData
        do { form = try MultipartFormData(body, boundary: contentType.parameter("boundary") ?? "") } catch {
            throw ServiceError.badRequest(code: "malformed_multipart", message: error.description, field: nil)
        }
        var found: [String: ArraySlice<UInt8>] = [:]
        for part in form.parts {
            guard Self.partNames.contains(part.name) else {
                throw ServiceError.badRequest(code: "unknown_part", message: "unknown part \"\(part.name.prefix(64))\" (expected event and photo)", field: part.name)
            }
            guard found[part.name] == nil else {
                throw ServiceError.badRequest(code: "duplicate_part", message: "the \(part.name) part is given more than once", field: part.name)
            }
            if part.name == "event", let type = part.contentType, type.essence != MediaType.json.essence {
                throw ServiceError.unsupportedMediaType(message: "the event part must be application/json, not \(type.essence)", accepted: ["application/json"],
                                                        field: "event")
            }
            found[part.name] = part.body
        }
        for name in Self.partNames where found[name] == nil {
            throw ServiceError.badRequest(code: "missing_part", message: "the \(name) part is missing", field: name)
        }
        event = found["event"]!
        photo = found["photo"]!
    }

    /// The photo decoded for `card`, with each failure mapped to its status.
    func decode(for card: Card, limits: ImageLimits, formats: Set<PhotoFormat>, faceCache: FaceCache?) throws -> EventPhoto {
        try Self.decode(photo, for: card, limits: limits, formats: formats, faceCache: faceCache)
    }

    /// The media types of `formats`, in one order, for `Accept-Post`.
    static func mediaTypes(_ formats: Set<PhotoFormat>) -> [String] {
        PhotoFormat.allCases.filter { formats.contains($0) }.map { "image/\($0.rawValue)" }
    }

    static func decode(_ photo: ArraySlice<UInt8>, for card: Card, limits: ImageLimits, formats: Set<PhotoFormat>,
                       faceCache: FaceCache?) throws -> EventPhoto {
        if let format = PhotoFormat(sniffing: Array(photo.prefix(16))), !formats.contains(format) {
            throw ServiceError.unsupportedMediaType(
                message: format == .heic
                    ? "HEIC photos are not taken by this server (sharecard serve --heic takes them; HEVC decoding costs about a second of a core for a 12 MP photo)"
                    : "\(format.rawValue.uppercased()) photos are not taken by this server",
                accepted: mediaTypes(formats), field: "photo")
        }
        do {
            return try EventPhoto(data: Array(photo), template: card.template, size: card.canvasSize, scale: card.scale, limits: limits,
                                  faceCache: faceCache)
        } catch {
            switch error {
            case .templateShowsNoPhoto: throw ServiceError.invalidPhoto(message: error.description, field: "template")
            case .photo(.tooLarge): throw ServiceError.payloadTooLarge(message: error.description, field: "photo")
            case .photo(.unsupportedFormat):
                throw ServiceError.unsupportedMediaType(message: error.description, accepted: mediaTypes(formats), field: "photo")
            case .photo(.corrupt): throw ServiceError.invalidPhoto(message: error.description, field: "photo")
            case .faceDetectorUnavailable: throw ServiceError.faceDetectorUnavailable(message: error.description)
            }
        }
    }
}

extension CardService {
    /// Whether a POST's single Content-Type is multipart/form-data: its body may be as large
    /// as `maxUploadBytes` rather than `maxBodyBytes`.
    static func isMultipart(_ request: HTTPRequest) -> Bool {
        let lines = request.headers.values(for: "Content-Type")
        return lines.count == 1 && MediaType(Substring(lines[0]))?.essence == MediaType.multipartFormData.essence
    }
}
