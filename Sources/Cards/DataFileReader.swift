import BufferText

/// Reads a palette or template file (BoundedFile), every failure a `DataFileError` naming the path.
enum DataFileReader {
    /// The file's bytes; refused when it has more than `maximumBytes`.
    static func read(_ path: String, maximumBytes: Int) throws(DataFileError) -> [UInt8] {
        do { return try BoundedFile.read(path, maximumBytes: maximumBytes) } catch {
            throw DataFileError(file: path, field: "", reason: error.reason)
        }
    }
}
