import Foundation

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

    /// `value` encoded as JSON with sorted keys and unescaped slashes, so equal values give
    /// equal bytes. Throws what `JSONEncoder` throws.
    public static func json<Value: Encodable>(_ value: Value, status: Int = 200) throws -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return json(bytes: Array(try encoder.encode(value)), status: status)
    }

    /// The error shape every part of the service answers with:
    /// `{"error":{"code":"…","message":"…","field":null}}`; `field` names the offending
    /// input when there is one.
    public static func error(status: Int, code: String, message: String,
                             field: String? = nil) -> HTTPResponse {
        var text = "{\"error\":{\"code\":"
        JSONText.appendString(code, to: &text)
        text += ",\"message\":"
        JSONText.appendString(message, to: &text)
        text += ",\"field\":"
        if let field { JSONText.appendString(field, to: &text) } else { text += "null" }
        text += "}}"
        return json(bytes: Array(text.utf8), status: status)
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

/// JSON string literals without Foundation's encoder (for the fixed error shape).
enum JSONText {
    static func appendString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
