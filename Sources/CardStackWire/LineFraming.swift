/// Where one line of the wire ends: the one rule for cutting a byte stream into JSON lines,
/// shared by the daemon (its clients' requests), the web bridge (the daemon's lines) and the
/// blocking client.
///
/// A line ends at `\n`; a `\r` just before it is not part of the line and does not count
/// towards the limit (CRLF from `socat` or Windows tools). A line longer than the limit is
/// refused as soon as that is certain, without waiting for its end, so a peer that never
/// sends a newline costs at most the limit. At the end of the input, bytes after the last
/// `\n` make one more line.
///
/// Own code rather than swift-nio-extras' `LineBasedFrameDecoder`: that decoder has no
/// length limit (a peer could make it buffer without bound), knows nothing of the end of the
/// input, and would bring a package to a rule of a dozen lines that the blocking client,
/// which has no NIO, needs too.
public struct LineFraming: Sendable {
    /// The longest line allowed, in bytes, without its `\n` or a `\r` before it.
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    /// What the front of the input holds.
    public enum Cut: Equatable, Sendable {
        /// A line: the indices of its content (no `\n`, no `\r` before it) and where the
        /// next line starts.
        case line(Range<Int>, next: Int)
        /// No whole line yet; what is there may still become one.
        case incomplete
        /// What is there is longer than ``limit`` and has no end yet, or ends too late.
        case tooLong
    }

    /// The first line in `bytes`.
    ///
    /// - Parameter atEnd: no more bytes will come, so bytes without a `\n` are a line.
    @inlinable
    public func cut<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, atEnd: Bool) -> Cut
    where Bytes.Index == Int {
        let start = bytes.startIndex
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            let waiting = bytes.count
            guard waiting > 0 else { return .incomplete }
            // One byte over the limit may be the `\r` of a CRLF whose `\n` is still to come.
            let crAtEnd = bytes[bytes.index(before: bytes.endIndex)] == UInt8(ascii: "\r")
            let content = crAtEnd ? waiting - 1 : waiting
            if content > limit { return .tooLong }
            return atEnd ? .line(start..<(start + content), next: bytes.endIndex) : .incomplete
        }
        let crlf = newline > start && bytes[newline - 1] == UInt8(ascii: "\r")
        let end = crlf ? newline - 1 : newline
        guard end - start <= limit else { return .tooLong }
        return .line(start..<end, next: newline + 1)
    }
}
