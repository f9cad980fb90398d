import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a client call failed.
struct ClientError: Error, CustomStringConvertible {
    let description: String
    /// Nothing listens on the port.
    var refused = false
    /// The server closed (or reset) the connection before a complete response.
    var closed = false
}

/// A response as read off the wire.
struct WireResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The headers as `name: value` lines, lower-cased names, without the ones that vary
    /// from one response to the next (`Date`).
    var stableHeaders: [String] {
        headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name.lowercased()): \($0.value)" }
    }

    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
    }

    /// The `error` object of `{"error":{"code","message","field"}}`, checked for that shape.
    func errorObject() throws -> (code: String, message: String, field: String?) {
        guard let root = try json() as? [String: Any], root.count == 1,
              let error = root["error"] as? [String: Any], error.count == 3,
              let code = error["code"] as? String, let message = error["message"] as? String,
              error["field"] is String || error["field"] is NSNull
        else { throw ClientError(description: "not the error shape: \(text)") }
        return (code, message, error["field"] as? String)
    }
}

/// A blocking HTTP/1.1 client on one TCP connection to 127.0.0.1 that sends exactly the
/// bytes a test gives it. Every wait is bounded by `timeout`.
final class LoopbackClient {
    private(set) var fd: Int32 = -1
    let timeout: TimeInterval
    private var buffer: [UInt8] = []

    init(port: Int, timeout: TimeInterval = 15) throws {
        self.timeout = timeout
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket: errno \(errno)") }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0 {
            let code = errno
            guard code == EINPROGRESS else {
                close()
                throw ClientError(description: "connect: errno \(code)", refused: code == ECONNREFUSED)
            }
            guard wait(for: Int16(POLLOUT), until: Date().addingTimeInterval(timeout)) else {
                close()
                throw ClientError(description: "connect timed out")
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error != 0 {
                close()
                throw ClientError(description: "connect: errno \(error)", refused: error == ECONNREFUSED)
            }
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close() }

    func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        let deadline = Date().addingTimeInterval(timeout)
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                guard wait(for: Int16(POLLOUT), until: deadline) else { throw ClientError(description: "send timed out") }
            } else {
                throw ClientError(description: "send: errno \(errno)", closed: true)
            }
        }
    }

    /// Sends a request (with `Host`, the given header lines, and a Content-Length for a body).
    func write(_ method: String, _ target: String, headers: [String] = [], body: [UInt8] = []) throws {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for line in headers { head += line + "\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        try send(Array((head + "\r\n").utf8) + body)
    }

    /// Sends a request and reads its response.
    func request(_ method: String, _ target: String, headers: [String] = [], body: [UInt8] = []) throws -> WireResponse {
        try write(method, target, headers: headers, body: body)
        return try readResponse(head: method == "HEAD")
    }

    /// Reads one response; `head` when it answers HEAD (no body follows, whatever
    /// Content-Length says).
    func readResponse(head: Bool = false) throws -> WireResponse {
        let deadline = Date().addingTimeInterval(timeout)
        var end: Int?
        while end == nil {
            end = headerEnd()
            if end == nil { try fill(until: deadline) }
        }
        let headerText = String(decoding: buffer[..<end!], as: UTF8.self)
        buffer.removeFirst(end! + 4)
        var lines = headerText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw ClientError(description: "bad status line in \(headerText)")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = WireResponse(status: status, headers: headers, body: [])
        if head || status == 204 || status == 304 { return response }
        guard let length = response.header("Content-Length").flatMap(Int.init) else {
            throw ClientError(description: "no Content-Length in \(headerText)")
        }
        while buffer.count < length { try fill(until: deadline) }
        response.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return response
    }

    /// True when nothing more arrives within `seconds` and the connection stays open.
    func staysQuiet(for seconds: TimeInterval) -> Bool {
        guard buffer.isEmpty else { return false }
        do {
            try fill(until: Date().addingTimeInterval(seconds))
            return false
        } catch let error as ClientError {
            return !error.closed
        } catch {
            return false
        }
    }

    /// True when the server closes the connection within `seconds` without sending more.
    func closedByPeer(within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            do {
                try fill(until: deadline)
                if !buffer.isEmpty { return false }
            } catch let error as ClientError {
                return error.closed
            } catch {
                return false
            }
        }
        return false
    }

    private func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4)
        where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// Appends what arrives before the deadline; throws on close, reset or timeout.
    private func fill(until deadline: Date) throws {
        guard wait(for: Int16(POLLIN), until: deadline) else { throw ClientError(description: "read timed out") }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer += chunk[..<count]
        } else if count == 0 {
            throw ClientError(description: "connection closed", closed: true)
        } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
            throw ClientError(description: "recv: errno \(errno)", closed: errno == ECONNRESET)
        }
    }

    private func wait(for events: Int16, until deadline: Date) -> Bool {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return false }
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 1000)) + 1)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return false }
        }
    }
}

/// One request on a fresh connection.
func fetch(_ port: Int, _ method: String, _ target: String, headers: [String] = [],
           body: [UInt8] = []) throws -> WireResponse {
    try LoopbackClient(port: port).request(method, target, headers: headers, body: body)
}

/// One GET on a fresh connection.
func fetch(_ port: Int, _ target: String, headers: [String] = []) throws -> WireResponse {
    try fetch(port, "GET", target, headers: headers)
}

/// RFC 3986 query encoding for building test URLs.
func encodeQuery(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed)!
}

/// The width and height in a PNG's IHDR chunk, or nil when `bytes` is not a PNG.
func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
    func be32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}
