import HTTPTypes

/// A request the service refuses, with the status, a machine-readable code, a message and
/// the input field at fault.
public enum ServiceError: Error, Sendable {
    case badRequest(code: String, message: String, field: String?)
    case notFound(code: String, message: String, field: String?)
    case methodNotAllowed(allow: [String])
    case forbidden(code: String, message: String)
    case payloadTooLarge(message: String)
    case unprocessable(message: String, field: String?)
    case notAcceptable(message: String)

    var response: HTTPResponse {
        switch self {
        case .badRequest(let code, let message, let field): return .error(status: 400, code: code, message: message, field: field)
        case .notFound(let code, let message, let field): return .error(status: 404, code: code, message: message, field: field)
        case .methodNotAllowed(let allow):
            var r = HTTPResponse.error(status: 405, code: "method_not_allowed", message: "allowed: \(allow.joined(separator: ", "))")
            r.headers.set("Allow", allow.joined(separator: ", "))
            return r
        case .forbidden(let code, let message): return .error(status: 403, code: code, message: message)
        case .payloadTooLarge(let message): return .error(status: 413, code: "payload_too_large", message: message)
        case .unprocessable(let message, let field): return .error(status: 422, code: "invalid_event", message: message, field: field)
        case .notAcceptable(let message): return .error(status: 406, code: "not_acceptable", message: message)
        }
    }
}
