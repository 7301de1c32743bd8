import CardStackProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// The card corners a designer marked on a still in the page (`POST /fit`'s `corners`),
/// checked and written as `cardstack fit --corners`'s JSON (docs/fit.md, "The pose").
enum FitCorners {
    /// Cards one fit takes at most: a still shows a dozen, and the file stays small.
    static let maximumCards = 64
    /// How far from the phone a corner may be, in points.
    static let reach = 100_000.0

    /// What the page is told when `corners` is not what ``json(_:)`` takes.
    static let shape =
        "corners must be 2 to \(maximumCards) cards, each 4 corners [x, y] in points "
        + "(top-left, top-right, bottom-right, bottom-left)\n"

    /// `value` as `--corners` JSON, or nil unless it is 2 to ``maximumCards`` cards of four
    /// `[x, y]` points, finite numbers within ``reach``.
    static func json(_ value: JSONValue) -> String? {
        guard case .array(let cards) = value, (2...maximumCards).contains(cards.count) else { return nil }
        var texts: [String] = []
        for card in cards {
            guard case .array(let corners) = card, corners.count == 4 else { return nil }
            var points: [String] = []
            for corner in corners {
                guard case .array(let xy) = corner, xy.count == 2, let x = number(xy[0]), let y = number(xy[1])
                else { return nil }
                points.append("[\(x), \(y)]")
            }
            texts.append("[" + points.joined(separator: ", ") + "]")
        }
        return "[" + texts.joined(separator: ", ") + "]\n"
    }

    /// `value` as a number within ``reach`` of the phone, or nil.
    static func number(_ value: JSONValue) -> Double? {
        guard let n = value.double, abs(n) <= reach else { return nil }
        return n
    }

    /// Writes `text` into a new private file (0600) in `directory` (the reference's own);
    /// its path, or nil when it cannot.
    static func store(_ text: String, in directory: String) -> String? {
        let path = directory + "/corners-\(WebBridge.randomToken()).json"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else {
            unlink(path)
            return nil
        }
        return path
    }
}
