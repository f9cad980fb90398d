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
        isIPv4Literal(host) || isIPv6Literal(host)
    }

    static func isIPv6Literal(_ host: String) -> Bool {
        var v6 = in6_addr()
        return inet_pton(AF_INET6, host, &v6) == 1
    }

    /// Whether `host` is an IPv4 address as `inet_pton` takes one: four decimal parts, no
    /// leading zeros.
    static func isIPv4Literal(_ host: String) -> Bool {
        var v4 = in_addr()
        return inet_pton(AF_INET, host, &v4) == 1
    }

    /// Loopback, private, link-local (cloud metadata), unspecified, multicast or otherwise not
    /// public, or an IPv6 address that carries such an IPv4 address (mapped, compatible, NAT64,
    /// 6to4): never reached through a host *name*, only when the list names the address.
    static func isInternal(_ address: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            let a = UInt32(bigEndian: v4.s_addr)
            let b0 = a >> 24, b1 = (a >> 16) & 0xFF, b2 = (a >> 8) & 0xFF
            return b0 == 0 || b0 == 10 || b0 == 127 || (b0 == 169 && b1 == 254) || (b0 == 172 && (16...31).contains(b1))
                || (b0 == 192 && b1 == 168) || (b0 == 100 && (64...127).contains(b1)) || b0 >= 224
                || (b0 == 192 && b1 == 0 && b2 == 0)         // 192.0.0.0/24, IETF protocol assignments
                || (b0 == 198 && (b1 == 18 || b1 == 19))      // 198.18.0.0/15, benchmarking
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return true }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        func embedded(_ at: Int) -> Bool { isInternal("\(bytes[at]).\(bytes[at + 1]).\(bytes[at + 2]).\(bytes[at + 3])") }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return embedded(12) }  // ::ffff:a.b.c.d
        if bytes[0..<12].allSatisfy({ $0 == 0 }) { return true }                        // ::, ::1 and ::a.b.c.d (deprecated)
        if bytes[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return embedded(12) }  // 64:ff9b::/96, NAT64
        if bytes[0..<2] == [0x20, 0x02] { return embedded(2) }                            // 2002::/16, 6to4
        return bytes[0] & 0xFE == 0xFC                      // fc00::/7 unique local
            || (bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80) // fe80::/10 link-local
            || bytes[0] == 0xFF                             // multicast
            || bytes[0..<6] == [0, 0x64, 0xFF, 0x9B, 0, 1]   // 64:ff9b:1::/48, local-use NAT64
            || bytes[0..<8] == [1, 0, 0, 0, 0, 0, 0, 0]      // 100::/64, discard only
    }
}
