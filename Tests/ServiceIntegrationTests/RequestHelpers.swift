import Foundation
import TestSupport

/// One request on a fresh connection.
func fetch(_ port: Int, _ method: String, _ target: String, headers: [String] = [],
           body: [UInt8] = []) throws -> HTTPWireResponse {
    try LoopbackHTTPClient(port: port).request(method, target, headers: headers, body: body)
}

/// One GET on a fresh connection.
func fetch(_ port: Int, _ target: String, headers: [String] = []) throws -> HTTPWireResponse {
    try fetch(port, "GET", target, headers: headers)
}

/// The width and height in a PNG's IHDR chunk, or nil when `bytes` is not a PNG.
func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
    func be32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}
