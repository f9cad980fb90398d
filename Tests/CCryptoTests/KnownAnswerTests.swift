import CCrypto
import XCTest

/// SHA-256 and HMAC-SHA256 against the published examples (FIPS 180-4's SHA-256 examples,
/// RFC 4231 §4), not against values computed by this code.
final class KnownAnswerTests: XCTestCase {
    private func sha256(_ data: [UInt8]) throws -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let status = data.withUnsafeBufferPointer { sc_sha256($0.baseAddress, $0.count, &digest) }
        XCTAssertEqual(status, 0)
        return hex(digest)
    }

    private func hmac(key: [UInt8], data: [UInt8]) -> String {
        var mac = [UInt8](repeating: 0, count: 32)
        let status = key.withUnsafeBufferPointer { k in
            data.withUnsafeBufferPointer { d in sc_hmac_sha256(k.baseAddress, k.count, d.baseAddress, d.count, &mac) }
        }
        XCTAssertEqual(status, 0)
        return hex(mac)
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testSHA256FIPS180Examples() throws {
        XCTAssertEqual(try sha256(bytes("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(try sha256(bytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(try sha256([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testSHA256OfNothing() throws {
        XCTAssertEqual(try sha256([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        var digest = [UInt8](repeating: 0, count: 32)
        XCTAssertEqual(sc_sha256(nil, 0, &digest), 0)
        XCTAssertEqual(hex(digest), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func testHMACSHA256RFC4231Cases() {
        // Test case 1
        XCTAssertEqual(hmac(key: [UInt8](repeating: 0x0b, count: 20), data: bytes("Hi There")),
                       "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        // Test case 2: a key shorter than the output
        XCTAssertEqual(hmac(key: bytes("Jefe"), data: bytes("what do ya want for nothing?")),
                       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // Test case 3: combined length of key and data over 64 bytes
        XCTAssertEqual(hmac(key: [UInt8](repeating: 0xaa, count: 20), data: [UInt8](repeating: 0xdd, count: 50)),
                       "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe")
        // Test case 4
        XCTAssertEqual(hmac(key: Array(1...25), data: [UInt8](repeating: 0xcd, count: 50)),
                       "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b")
        // Test case 5: output truncated to 128 bits
        XCTAssertEqual(String(hmac(key: [UInt8](repeating: 0x0c, count: 20), data: bytes("Test With Truncation")).prefix(32)),
                       "a3b6167473100ee06e0c796c2955552b")
        // Test case 6: a key longer than the block, hashed first
        XCTAssertEqual(hmac(key: [UInt8](repeating: 0xaa, count: 131), data: bytes("Test Using Larger Than Block-Size Key - Hash Key First")),
                       "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        // Test case 7: key and data both longer than the block
        XCTAssertEqual(hmac(key: [UInt8](repeating: 0xaa, count: 131), data: bytes(
            "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.")),
                       "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2")
    }

    func testEmptyKeyAndDataMayBePassedAsNull() {
        var mac = [UInt8](repeating: 0, count: 32)
        XCTAssertEqual(sc_hmac_sha256(nil, 0, nil, 0, &mac), 0)
        XCTAssertEqual(hex(mac), "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    func testMissingBuffersAreReportedNotRead() {
        var out = [UInt8](repeating: 0, count: 32)
        XCTAssertEqual(sc_sha256(nil, 5, &out), -1)
        XCTAssertEqual(sc_sha256([1, 2, 3], 3, nil), -1)
        XCTAssertEqual(sc_hmac_sha256(nil, 4, [1], 1, &out), -1)
        XCTAssertEqual(sc_hmac_sha256([1], 1, nil, 4, &out), -1)
        XCTAssertEqual(sc_hmac_sha256([1], 1, [1], 1, nil), -1)
        XCTAssertEqual(sc_hmac_sha256([1], Int(Int32.max) + 1, [1], 1, &out), -1, "a key length over INT_MAX would be truncated")
    }

    func testConstantTimeEqual() {
        let a: [UInt8] = [1, 2, 3, 4], b: [UInt8] = [1, 2, 3, 5]
        XCTAssertEqual(sc_constant_time_equal(a, a, 4), 1)
        XCTAssertEqual(sc_constant_time_equal(a, b, 4), 0)
        XCTAssertEqual(sc_constant_time_equal(a, b, 3), 1)
        XCTAssertEqual(sc_constant_time_equal(nil, nil, 0), 1)
        XCTAssertEqual(sc_constant_time_equal(nil, a, 4), 0)
    }
}
