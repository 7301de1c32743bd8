import CardStackParams
import CardStackSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The only code that reads parameter files.
public enum ParamsFile {
    /// The bytes of the file at `path` (following symlinks), read by ``InputFile`` (opened
    /// without blocking, a regular file only) with a cap of ``ParamsDocument/maximumBytes``.
    public static func read(_ path: String) throws(ParamsError) -> [UInt8] {
        do {
            return try InputFile.read(path, limit: ParamsDocument.maximumBytes)
        } catch {
            switch error.kind {
            case .missing, .unreadable:
                throw openError(path, error.code)
            case .notRegular:
                throw ParamsError(
                    .unreadable, "\(path) is \(error.what), not a parameter file; point --config at a regular file",
                    path: path)
            case .tooLarge:
                let size = error.size > 0 ? "\(error.size) bytes" : "over \(ParamsDocument.maximumBytes) bytes"
                throw ParamsError(
                    .tooLarge,
                    "the file is \(size); a parameter file may be at most \(ParamsDocument.maximumBytes) bytes (1 MiB)",
                    path: path)
            }
        }
    }

    /// What a file of `mode` is, in words, unless it is a regular file.
    public static func notARegularFile(_ mode: mode_t) -> String? {
        InputFile.notARegularFile(mode)
    }

    /// Reads, parses and validates the file at `path`.
    public static func load(_ path: String) throws(ParamsError) -> (resolved: Resolved, bytes: [UInt8]) {
        let bytes = try read(path)
        return (try ParamsDocument.parameters(from: bytes, path: path), bytes)
    }

    /// Whether something exists at `path` (following symlinks).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    static func openError(_ path: String, _ code: Int32) -> ParamsError {
        switch code {
        case ENOENT:
            ParamsError(.missing, "no parameter file at \(path)", path: path)
        case EACCES:
            ParamsError(.unreadable, "permission denied reading \(path): check the file's owner and mode", path: path)
        default:
            ParamsError(.unreadable, "cannot open \(path): \(String(cString: strerror(code)))", path: path)
        }
    }
}
