#if canImport(Glibc)
    import Glibc
#endif

/// How `cardstack web` opens the page in a browser without putting the token on a command
/// line: every user can read every process's arguments (`/proc/PID/cmdline`), so the
/// browser is given a file instead, readable by the user alone, that sends it on to the
/// page's URL. The file is removed once the page is loaded through it (its URL carries a
/// one-time `opened=` value the bridge knows), or after ``lifetime`` seconds, whichever
/// comes first.
///
/// The file is `open-N.html` in `$XDG_RUNTIME_DIR/cardstack` (the user's own 0700 directory,
/// where the token is kept too), or, without one, in a directory of its own made for it
/// (0700, under `$TMPDIR` or `/tmp`) and removed with it.
public final class BrowserHandoff: Sendable {
    /// The file to give the browser.
    public let path: String
    /// The directory made for the file, removed with it; nil when it is the user's own.
    let directory: String?
    /// The value the URL in the file carries as `opened=`.
    public let nonce: String
    /// Seconds after which the file is removed even if it was never opened.
    public static let lifetime: Int64 = 120

    private init(path: String, directory: String?, nonce: String) {
        self.path = path
        self.directory = directory
        self.nonce = nonce
    }

    /// Writes the file for `url` (the page's URL with its token); throws what went wrong.
    public static func write(url: String, nonce: String, environment: [String: String]) throws -> BrowserHandoff {
        var made: String?
        let directory: String
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
            mkdir(runtime + "/cardstack", 0o700) == 0 || errno == EEXIST,
            WebToken.ownedPrivately(runtime + "/cardstack", directory: true)
        {
            directory = runtime + "/cardstack"
        } else {
            let base = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
            var template = Array((base + "/cardstack-open-XXXXXX").utf8CString)
            guard let dir = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                throw HandoffError(description: "cannot make a private directory in \(base): \(reason())")
            }
            directory = String(cString: dir)
            made = directory
        }
        let path = directory + "/open-\(nonce).html"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let why = reason()
            if let made { rmdir(made) }
            throw HandoffError(description: "cannot write \(path): \(why)")
        }
        let target = html(url + "&opened=" + nonce)
        let page = Array(
            """
            <!doctype html>
            <meta charset="utf-8">
            <meta name="referrer" content="no-referrer">
            <meta http-equiv="refresh" content="0;url=\(target)">
            <title>cardstack web</title>
            <p><a href="\(target)">Open cardstack web</a></p>

            """.utf8)
        let written = page.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let why = reason()
        close(fd)
        guard written == page.count else {
            unlink(path)
            if let made { rmdir(made) }
            throw HandoffError(description: "cannot write \(path): \(why)")
        }
        return BrowserHandoff(path: path, directory: made, nonce: nonce)
    }

    /// Removes the file (and the directory made for it); again is harmless.
    public func remove() {
        unlink(path)
        if let directory { rmdir(directory) }
    }

    /// `text` as an HTML attribute value.
    static func html(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("\"", with: "&quot;").replacingAll("<", with: "&lt;")
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}

/// Why the browser could not be handed the page.
public struct HandoffError: Error, CustomStringConvertible {
    public var description: String
}
