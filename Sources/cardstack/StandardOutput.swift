import ArgumentParser
import CardStackProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output, written whole or the failure said: a full disk (`> /dev/full`) or an
/// output closed early is exit 1 with the reason, never a silent success.
enum StandardOutput {
    /// Writes `text` and `terminator`; throws ``ExitCode`` 1 having said why it could not.
    static func write(_ text: String, terminator: String = "\n") throws {
        try writeAll(Array((text + terminator).utf8), to: 1, name: "standard output")
    }

    /// Writes `text` as one line, its control characters (newlines too) escaped
    /// (``TerminalText``): for messages that hold keys, values, names or paths from files.
    static func writeEscaped(_ text: String) throws {
        try write(TerminalText.escaped(text))
    }
}

/// Writes every byte of `bytes` to `fd`, or says why not (naming `name`) and throws
/// ``ExitCode`` 1.
func writeAll(_ bytes: [UInt8], to fd: Int32, name: String) throws {
    var sent = 0
    while sent < bytes.count {
        let n = bytes[sent...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else {
            let why = n < 0 ? String(cString: strerror(errno)) : "nothing was written"
            printError("cardstack: cannot write to \(name): \(why)")
            throw ExitCode(1)
        }
        sent += n
    }
}
