/// What a server's I/O thread learns from a quick look at a request: its answer, or the rest
/// of the work to run on a worker, already past what the quick look parsed and checked (so
/// the worker does not parse the request again).
public enum ImmediateAnswer: Sendable {
    case response(HTTPResponse)
    /// Runs on a worker thread; may be slow.
    case work(@Sendable () -> HTTPResponse)
    /// Waits on another server first (a photo to fetch): runs on one of the server's fetch
    /// threads, which wait rather than compute, so a slow origin holds none of the render
    /// workers; what it returns is then answered or, as `.work`, run on a worker. `from`
    /// names that server (an origin): the server runs only so many fetches from one at once,
    /// so a slow one leaves threads to the others.
    case fetch(from: String, @Sendable () -> ImmediateAnswer)
}
