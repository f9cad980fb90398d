import CMicroHTTPD

/// How the server groups peers for `maxConnectionsPerIP`.
enum ClientAddress {
    /// True when `a` and `b` (IP address literals) count as one client: the same IPv4
    /// address, or the same IPv6 /64 prefix (an IPv4-mapped IPv6 address counts as its IPv4
    /// address). False when they differ or either is not an address.
    static func sameClient(_ a: String, _ b: String) -> Bool {
        sc_httpd_same_client(a, b) == 1
    }
}
