import HTTPTypes
import UnicodeText

/// A request the service refuses, with the status, a machine-readable code, a message and
/// the input field at fault.
public enum ServiceError: Error, Sendable {
    case badRequest(code: String, message: String, field: String?)
    case notFound(code: String, message: String, field: String?)
    case methodNotAllowed(allow: [String])
    /// A method the server does not know at all (RFC 9110 §9.1: 501, not 405).
    case notImplemented(method: String)
    case forbidden(code: String, message: String)
    /// A body over the limit (no field), or an uploaded or fetched photo over its byte or pixel limits (`photo`).
    case payloadTooLarge(message: String, field: String? = nil)
    case unprocessable(message: String, field: String?)
    /// A `photo` URL refused or failed: 403 (not allowed), 413, 502 (origin failed), 504 (time-out).
    case photoURL(status: Int, code: String, message: String)
    /// An uploaded photo that is corrupt or cannot go on the card.
    case invalidPhoto(message: String, field: String)
    case notAcceptable(message: String)
    /// A conditional request whose `If-Match` does not hold.
    case preconditionFailed(message: String)
    /// A request body in a media type the route does not take; `accepted` lists those it does.
    /// `field` is what is at fault: the request's `Content-Type`, an upload's `event` part
    /// (its type), or the `photo` whose bytes are no image sharecard reads.
    case unsupportedMediaType(message: String, accepted: [String], field: String = "Content-Type")
    /// The service cannot answer safely (for instance, a signature cannot be checked).
    case internalError(code: String, message: String)
    /// A photo card cannot be made on this install: the face detector's plug-in is missing (503).
    case faceDetectorUnavailable(message: String)

    var response: HTTPResponse {
        switch self {
        case .badRequest(let code, let message, let field): return .error(status: 400, code: code, message: message, field: field)
        case .notFound(let code, let message, let field): return .error(status: 404, code: code, message: message, field: field)
        case .methodNotAllowed(let allow):
            var r = HTTPResponse.error(status: 405, code: "method_not_allowed", message: "allowed: \(allow.joined(separator: ", "))")
            r.headers.set("Allow", allow.joined(separator: ", "))
            return r
        case .notImplemented(let method):
            return .error(status: 501, code: "method_not_implemented",
                          message: "the server does not implement the method \(QuotedValue.quoted(method)) (methods are case-sensitive: GET, HEAD, POST, OPTIONS)")
        case .forbidden(let code, let message): return .error(status: 403, code: code, message: message)
        case .payloadTooLarge(let message, let field): return .error(status: 413, code: "payload_too_large", message: message, field: field)
        case .unprocessable(let message, let field): return .error(status: 422, code: "invalid_event", message: message, field: field)
        case .photoURL(let status, let code, let message): return .error(status: status, code: code, message: message, field: "photo")
        case .invalidPhoto(let message, let field): return .error(status: 422, code: "invalid_photo", message: message, field: field)
        case .notAcceptable(let message):
            // The answer was chosen by Accept, as a negotiated 200 is (RFC 9110 §12.5.5).
            var r = HTTPResponse.error(status: 406, code: "not_acceptable", message: message)
            r.headers.append("Vary", "Accept")
            return r
        case .preconditionFailed(let message): return .error(status: 412, code: "precondition_failed", message: message)
        case .unsupportedMediaType(let message, let accepted, let field):
            var r = HTTPResponse.error(status: 415, code: "unsupported_media_type", message: message, field: field)
            r.headers.set("Accept-Post", accepted.joined(separator: ", "))
            // RFC 9110 §15.5.16: a coding refused, the answer says which are taken.
            if field == "Content-Encoding" { r.headers.set("Accept-Encoding", "identity") }
            return r
        case .internalError(let code, let message): return .error(status: 500, code: code, message: message)
        case .faceDetectorUnavailable(let message): return .error(status: 503, code: "face_detector_unavailable", message: message)
        }
    }
}
