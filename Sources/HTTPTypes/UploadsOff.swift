/// What a server with uploads turned off (`serve --max-upload 0`) answers a `multipart/form-data`
/// body sent to its upload route: `415`, with `Accept-Post` naming what it still takes. The
/// server layer answers it from the header, before the body is read; the service checks it
/// again for a request that reaches it.
public enum UploadsOff {
    public static let message = "this server takes no photo uploads (it runs with --max-upload 0): POST the event as application/json"
    public static let acceptedTypes = "application/json"
}
