extension ParamsSchema {
    /// The known key nearest to a mistyped one, as the file's errors suggest it:
    /// `spacng` → `layout.spacing`, `layout.spacng` → `layout.spacing`, `lay.spacing` →
    /// `layout.spacing`; nil when nothing is near enough to be a typo.
    public static func nearestKey(to key: String) -> String? {
        if key.contains(".") {
            return suggestion(for: key, among: knownKeys)
                ?? suggestion(for: String(key.split(separator: ".").last ?? ""), among: knownKeys, matchingLast: true)
        }
        return suggestion(for: key, among: knownKeys, matchingLast: true)
    }
}

extension ParamsSchema {
    /// The word among `candidates` nearest to `word` by edit distance, if near enough to be a
    /// typo (the rule the file's "did you mean" uses, for other names such as commands).
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        suggestion(for: word, among: candidates)
    }
}
