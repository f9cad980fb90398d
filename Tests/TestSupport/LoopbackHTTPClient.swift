import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a client call failed.
public struct ClientError: Error, CustomStringConvertible {
    public let description: String
    /// Nothing listens on the port.
    public var refused: Bool
    /// The server closed (or reset) the connection before a complete response.
    public var closed: Bool

    public init(description: String, refused: Bool = false, closed: Bool = false) {
        self.description = description
        self.refused = refused
        self.closed = closed
    }
}

/// A response as read off the wire.
public struct HTTPWireResponse: Sendable {
    /// The `error` object of the JSON error shape `{"error":{"code","message","field"}}`.
    public struct ErrorObject: Sendable {
        public var code: String
        public var message: String
        /// nil when the field is `null`.
        public var field: String?
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    /// The first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The headers as `name: value` lines, lower-cased names, without the ones that vary
    /// from one response to the next (`Date`).
    public var stableHeaders: [String] {
        headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name.lowercased()): \($0.value)" }
    }

    public func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
    }

    /// The `error` object, checked for exactly that shape (`field` a string or `null`).
    public func errorObject() throws -> ErrorObject {
        guard let root = try json() as? [String: Any], root.count == 1,
              let error = root["error"] as? [String: Any], error.count == 3,
              let code = error["code"] as? String, let message = error["message"] as? String,
              error["field"] is String || error["field"] is NSNull
        else { throw ClientError(description: "not the error shape: \(text)") }
        return ErrorObject(code: code, message: message, field: error["field"] as? String)
    }
}

/// A blocking HTTP/1.1 client on one TCP connection to 127.0.0.1 that sends exactly the
/// bytes a test gives it (malformed requests included). Every wait is bounded by `timeout`.
public final class LoopbackHTTPClient {
    public private(set) var fd: Int32 = -1
    public let timeout: TimeInterval
    private var buffer: [UInt8] = []

    /// `sourceAddress`: a loopback address to connect from ("127.0.0.2"), so tests can act as
    /// several clients.
    public init(port: Int, timeout: TimeInterval = 15, sourceAddress: String? = nil) throws {
        self.timeout = timeout
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket: errno \(errno)") }
        if let sourceAddress {
            var source = sockaddr_in()
            source.sin_family = sa_family_t(AF_INET)
            source.sin_addr.s_addr = inet_addr(sourceAddress)
            let bound = withUnsafePointer(to: &source) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close()
                throw ClientError(description: "bind \(sourceAddress): errno \(errno)")
            }
        }
        // connect without blocking, then wait for it within the timeout
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

    public func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }

    /// Sends every byte (or throws when the peer is gone or the timeout passes).
    public func send(_ bytes: [UInt8]) throws {
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

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends a request with `Host` and the given header lines. A Content-Length is added for
    /// a body (and for every POST) unless `headers` already has one.
    public func write(_ method: String, _ target: String, headers: [String] = [], body: [UInt8] = []) throws {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for line in headers { head += line + "\r\n" }
        if (!body.isEmpty || method == "POST")
            && !headers.contains(where: { $0.lowercased().hasPrefix("content-length") }) {
            head += "Content-Length: \(body.count)\r\n"
        }
        try send(Array((head + "\r\n").utf8) + body)
    }

    /// Sends a request (as `write` does) and reads its response.
    public func request(_ method: String, _ target: String, headers: [String] = [],
                        body: [UInt8] = []) throws -> HTTPWireResponse {
        try write(method, target, headers: headers, body: body)
        return try readResponse(head: method == "HEAD")
    }

    /// Reads one response; `head` when it answers HEAD (no body follows, whatever
    /// Content-Length says). Without Content-Length the body runs until the server closes
    /// the connection or the timeout passes.
    public func readResponse(head: Bool = false) throws -> HTTPWireResponse {
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
        var response = HTTPWireResponse(status: status, headers: headers, body: [])
        if head || status == 204 || status == 304 || (100..<200).contains(status) { return response }
        if let length = response.header("Content-Length").flatMap(Int.init) {
            while buffer.count < length { try fill(until: deadline) }
            response.body = Array(buffer[..<length])
            buffer.removeFirst(length)
        } else {
            while (try? fill(until: deadline)) != nil {}
            response.body = buffer
            buffer.removeAll()
        }
        return response
    }

    /// True when nothing more arrives within `seconds` and the connection stays open.
    public func staysQuiet(for seconds: TimeInterval) -> Bool {
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

    /// Closes the connection with a reset (RST) instead of an end of stream, as a client
    /// killed or timed out by its kernel does.
    public func reset() {
        guard fd >= 0 else { return }
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close()
    }

    /// Half-closes the connection: the server reads the end of the stream after what was sent,
    /// as from a client that has said everything, and can still answer.
    public func finishSending() {
        if fd >= 0 { shutdown(fd, Int32(SHUT_WR)) }
    }

    /// Reads and drops whatever arrives until the server closes (or resets) the connection;
    /// false when it is still open after `seconds`.
    public func drainedUntilClosed(within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            buffer.removeAll(keepingCapacity: true)
            do { try fill(until: deadline) } catch let error as ClientError {
                return error.closed
            } catch {
                return false
            }
        }
    }

    /// True when the server closes (or resets) the connection within `seconds` without
    /// sending anything more.
    public func closedByPeer(within seconds: TimeInterval) -> Bool {
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
