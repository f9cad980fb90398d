/// What a server's I/O thread learns from a quick look at a request: its answer, or the rest
/// of the work to run on a worker, already past what the quick look parsed and checked (so
/// the worker does not parse the request again).
public enum ImmediateAnswer: Sendable {
    case response(HTTPResponse)
    /// Runs on a worker thread; may be slow.
    case work(@Sendable () -> HTTPResponse)
}
