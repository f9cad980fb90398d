import Foundation
import JSONData

/// What a handler answers. `Content-Length` and `Date` are set by the server (fields of
/// those names, and `Transfer-Encoding`, are dropped); for HEAD the body is not sent but its
/// length is announced. A 304 has no body; its `Content-Length`, when given, is kept: the
/// length of the 200 it stands for (RFC 9110 §8.6). The server answers 500 instead of a response whose status is outside
/// 200...599 or whose header names are not tokens or values hold control characters.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A UTF-8 text body.
    public static func text(_ text: String, status: Int = 200,
                            contentType: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8))
    }

    /// A body that already is JSON.
    public static func json(bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: bytes)
    }

    /// `value` as compact JSON with sorted keys (`JSONValueEncoder`, written by
    /// `JSONValue.utf8`), so equal values give equal bytes. Throws what `JSONValueEncoder`
    /// throws.
    public static func json(_ value: some Encodable, status: Int = 200) throws -> HTTPResponse {
        json(try JSONValueEncoder().encode(value), status: status)
    }

    /// `value` as compact JSON with sorted keys.
    public static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        json(bytes: value.utf8(.sortedCompact), status: status)
    }

    /// The error shape every part of the service answers with:
    /// `{"error":{"code":"…","message":"…","field":null}}`; `field` names the offending
    /// input when there is one. The members stay in this order (not sorted).
    public static func error(status: Int, code: String, message: String,
                             field: String? = nil) -> HTTPResponse {
        let error = JSONValue.object([
            JSONValue.Member(key: "code", value: .string(code)),
            JSONValue.Member(key: "message", value: .string(message)),
            JSONValue.Member(key: "field", value: field.map(JSONValue.string) ?? .null),
        ])
        return json(bytes: JSONValue.object([JSONValue.Member(key: "error", value: error)]).utf8(.compact), status: status)
    }

    /// Why the server would refuse to send this response, or nil when it is sendable.
    public var problem: String? {
        if !(200...599).contains(status) { return "status \(status) is not in 200...599" }
        for field in headers {
            if !HTTPField.isValidName(field.name) { return "header name \"\(field.name)\" is not a token" }
            if !HTTPField.isValidValue(field.value) {
                return "header \(field.name) has a control character in its value"
            }
        }
        return nil
    }

    /// Fields the server sets itself and drops from a handler's response.
    package static let serverManagedFields = ["Content-Length", "Transfer-Encoding", "Date"]
}
