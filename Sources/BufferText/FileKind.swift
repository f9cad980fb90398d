#if canImport(Glibc)
import Glibc
#endif

/// Why a file that must be a regular file is not one, for messages: "it is a directory", or
/// "not a regular file (a FIFO)", by its `stat` mode.
public enum FileKind {
    /// Nil for a regular file.
    public static func whyNotRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a directory"
        case S_IFIFO: return "not a regular file (a FIFO)"
        case S_IFCHR: return "not a regular file (a character device)"
        case S_IFBLK: return "not a regular file (a block device)"
        case S_IFSOCK: return "not a regular file (a socket)"
        default: return "not a regular file"
        }
    }
}
