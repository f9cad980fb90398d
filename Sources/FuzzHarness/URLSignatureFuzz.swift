import CardService
import HTTPTypes

/// Signed card URLs. A fuzzed target is verified under a key no input knows, so it must never
/// be accepted (that would be a forgery); and when its path is a plain card path, signing its
/// query and verifying the signed URL must succeed (a signature survives its own URL
/// encoding).
enum URLSignatureFuzz {
    static let now = 1_800_000_000
    static let signer: URLSigner = {
        do { return try URLSigner(keys: ["fuzzing key never written down"]) } catch {
            fatalError("the fuzzing key is refused: \(error)")
        }
    }()

    static func run(_ input: [UInt8]) {
        guard let request = try? HTTPRequest(target: String(decoding: input, as: UTF8.self)) else { return }
        let items = request.queryItems.map { ($0.name, $0.value) }
        let verdict = signer.verify(path: request.path, items: items, now: now)
        FuzzCheck.that(verdict != nil, "a fuzzed URL verified: \(request.target)")

        guard request.path.utf8.first == UInt8(ascii: "/"), PercentEncoding.isPlainPath(request.path) else { return }
        let signed: String
        do { signed = try signer.sign(path: request.path, items: items, expires: now + 60) } catch {
            FuzzCheck.that(false, "signing \(request.target) failed: \(error)")
            return
        }
        do {
            let again = try HTTPRequest(target: signed)
            FuzzCheck.that(again.path == request.path, "signed URL \(signed) has path \(again.path)")
            let result = signer.verify(path: again.path, items: again.queryItems.map { ($0.name, $0.value) }, now: now)
            FuzzCheck.that(result == nil, "signed URL \(signed) fails verification: \(String(describing: result))")
        } catch {
            FuzzCheck.that(false, "signed URL \(signed) is not a valid request target: \(error)")
        }
    }
}
