/// The server's API is spelled in the request and response values of `HTTPTypes`, so a
/// client of the server sees them without importing that module as well.
@_exported import HTTPTypes
