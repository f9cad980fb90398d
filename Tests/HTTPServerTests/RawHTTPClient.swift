import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a raw client call failed.
struct ClientError: Error, CustomStringConvertible {
    let description: String
    /// The peer refused the connection (nothing listens).
    var refused = false
    /// The peer closed (or reset) the connection before a complete response.
    var closed = false
}

/// A response as read off the wire.
struct RawResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The `error` object of the server's JSON error shape.
    func errorObject() throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        guard let root = json as? [String: Any], root.count == 1,
              let error = root["error"] as? [String: Any] else {
            throw ClientError(description: "not the error shape: \(text)")
        }
        return error
    }
}

/// A blocking HTTP/1.1 client on one TCP connection to 127.0.0.1, for sending exactly the
/// bytes a test wants (malformed requests included). Every call is bounded by `timeout`.
final class RawHTTPClient {
    private(set) var fd: Int32
    let timeout: TimeInterval
    private var buffer: [UInt8] = []

    init(port: Int, timeout: TimeInterval = 5) throws {
        self.timeout = timeout
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // connect without blocking, then wait for it within the timeout
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 {
            let code = errno
            guard code == EINPROGRESS else {
                Glibc.close(fd)
                throw ClientError(description: "connect: errno \(code)", refused: code == ECONNREFUSED)
            }
            guard wait(for: Int16(POLLOUT)) else {
                Glibc.close(fd)
                throw ClientError(description: "connect timed out")
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error != 0 {
                Glibc.close(fd)
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

    /// Sends every byte (or throws when the peer is gone or the timeout passes).
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        let deadline = Date().addingTimeInterval(timeout)
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                guard Date() < deadline, wait(for: Int16(POLLOUT), until: deadline) else {
                    throw ClientError(description: "send timed out")
                }
            } else {
                throw ClientError(description: "send: errno \(errno)", closed: true)
            }
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends a request with `Host` and the given extra header lines and body.
    func request(_ method: String, _ target: String, headers: [String] = [],
                 body: [UInt8] = []) throws -> RawResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for line in headers { head += line + "\r\n" }
        if !body.isEmpty && !headers.contains(where: { $0.lowercased().hasPrefix("content-length") }) {
            head += "Content-Length: \(body.count)\r\n"
        }
        try send(Array((head + "\r\n").utf8) + body)
        return try readResponse(head: method == "HEAD")
    }

    /// Reads one response; `head` when it answers a HEAD request (no body follows).
    func readResponse(head: Bool = false) throws -> RawResponse {
        let deadline = Date().addingTimeInterval(timeout)
        var end: Int?
        while true {
            if let found = headerEnd() { end = found; break }
            try fill(until: deadline)
        }
        let headerText = String(decoding: buffer[..<end!], as: UTF8.self)
        buffer.removeFirst(end! + 4)
        var lines = headerText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/"), let status = Int(statusLine[1]) else {
            throw ClientError(description: "bad status line in \(headerText)")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = RawResponse(status: status, headers: headers, body: [])
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

    /// True when the server closes (or resets) the connection within `seconds` without
    /// sending anything more.
    func closedByPeer(within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        do {
            while true {
                try fill(until: deadline)
                if !buffer.isEmpty { return false }
            }
        } catch let error as ClientError {
            return error.closed
        } catch {
            return false
        }
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
        guard wait(for: Int16(POLLIN), until: deadline) else {
            throw ClientError(description: "read timed out")
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer += chunk[..<count]
        } else if count == 0 {
            throw ClientError(description: "connection closed", closed: true)
        } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
            return
        } else {
            throw ClientError(description: "recv: errno \(errno)", closed: errno == ECONNRESET)
        }
    }

    private func wait(for events: Int16, until deadline: Date? = nil) -> Bool {
        let end = deadline ?? Date().addingTimeInterval(timeout)
        while true {
            let remaining = end.timeIntervalSinceNow
            if remaining <= 0 { return false }
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 1000)) + 1)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return false }
        }
    }
}
