import BufferText
import Foundation

/// The numeric addresses a host resolves to, and which of them a fetch may connect to.
enum HostAddresses {
    /// getaddrinfo's answers for `host` (an IP literal resolves to itself), IPv4 first.
    static func resolve(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var v4: [String] = [], v6: [String] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let n = node {
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if let address = n.pointee.ai_addr,
               getnameinfo(address, n.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 {
                let text = buffer.stringBeforeNUL
                if n.pointee.ai_family == AF_INET { if !v4.contains(text) { v4.append(text) } } else if !v6.contains(text) { v6.append(text) }
            }
            node = n.pointee.ai_next
        }
        return v4 + v6
    }

    /// Whether `host` is written as an IP address (then the allow-list names that address).
    static func isLiteral(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// Loopback, private, link-local (cloud metadata), unspecified, multicast or otherwise not
    /// public: never reached through a host *name*, only when the list names the address.
    static func isInternal(_ address: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            let a = UInt32(bigEndian: v4.s_addr)
            let b0 = a >> 24, b1 = (a >> 16) & 0xFF
            return b0 == 0 || b0 == 10 || b0 == 127 || (b0 == 169 && b1 == 254) || (b0 == 172 && (16...31).contains(b1))
                || (b0 == 192 && b1 == 168) || (b0 == 100 && (64...127).contains(b1)) || b0 >= 224
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return true }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {  // ::ffff:a.b.c.d
            return isInternal("\(bytes[12]).\(bytes[13]).\(bytes[14]).\(bytes[15])")
        }
        return bytes[0..<15].allSatisfy { $0 == 0 }      // :: and ::1
            || bytes[0] & 0xFE == 0xFC                      // fc00::/7 unique local
            || (bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80) // fe80::/10 link-local
            || bytes[0] == 0xFF                             // multicast
    }
}
