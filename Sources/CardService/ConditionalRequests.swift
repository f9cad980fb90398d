import HTTPTypes

/// Conditional requests (RFC 9110 §13.2.2), in the order the RFC gives: `If-Match` first
/// (412 when it fails), then `If-None-Match` (304 for GET and HEAD when it matches). Every
/// field line of each is read. They are evaluated after the request is otherwise valid, so
/// a bad request is still a 4xx rather than a 304 or 412.
extension CardService {
    /// For a resource whose current representation has the strong tag `etag` and the caching
    /// fields `caching`: the 304 to send instead of it (with those fields, as RFC 9110 §15.4.5
    /// asks), nil to send it, or a thrown 412.
    static func evaluateConditions(_ request: HTTPRequest, etag: String, caching: HTTPHeaders) throws -> HTTPResponse? {
        try checkIfMatch(request, etag: etag, hasRepresentation: true)
        guard request.method == "GET" || request.method == "HEAD" else { return nil }
        // A malformed If-None-Match is ignored (the full answer is always a correct one).
        let condition = try? EntityTagCondition(fieldLines: request.headers.values(for: "If-None-Match"))
        if let condition, condition.matchesWeakly(etag) {
            return HTTPResponse(status: 304, headers: HTTPHeaders([HTTPField(name: "ETag", value: etag)] + caching.fields))
        }
        return nil
    }

    /// `notModified` with the Content-Length of the 200 it stands for when that PNG is in the
    /// cache (RFC 9110 §8.6 allows no other value); without it the server sends no length.
    func withStoredLength(_ notModified: HTTPResponse, key: String) -> HTTPResponse {
        guard let length = cache.storedLength(key) else { return notModified }
        var response = notModified
        response.headers.set("Content-Length", String(length))
        return response
    }

    /// Throws 412 unless `If-Match` is absent or holds for `etag` (nil: the representation has
    /// no tag, so only `*` can hold, and only when there is a representation). A malformed
    /// `If-Match` cannot be shown to hold, so it fails too.
    static func checkIfMatch(_ request: HTTPRequest, etag: String?, hasRepresentation: Bool) throws {
        let lines = request.headers.values(for: "If-Match")
        guard !lines.isEmpty else { return }
        let condition: EntityTagCondition?
        do { condition = try EntityTagCondition(fieldLines: lines) } catch {
            throw ServiceError.preconditionFailed(message: "If-Match is not * or a list of entity tags")
        }
        if let condition, !condition.matchesStrongly(etag, hasRepresentation: hasRepresentation) {
            let current = etag.map { "the current entity tag is \($0)" } ?? (hasRepresentation ? "this resource has no entity tag" : "this resource has no current representation")
            throw ServiceError.preconditionFailed(message: "If-Match does not match: \(current)")
        }
    }

    /// RFC 9110 If-None-Match over one field value: `*` or a list of entity tags, compared
    /// weakly. A malformed value matches nothing.
    static func matches(_ header: String?, _ etag: String) -> Bool {
        guard let header, let condition = try? EntityTagCondition(fieldLines: [header]) else { return false }
        return condition.matchesWeakly(etag)
    }
}
