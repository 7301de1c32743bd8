extension TOMLLocator {
    /// The keys of a one-line inline table starting at `start` (`{ a = 1, b = "x" }`): each
    /// key's parts and the columns (0-based) where the key and its value begin.
    static func inlineEntries(_ line: [Character], from start: Int) -> [(keys: [String], key: Int, value: Int)] {
        var entries: [(keys: [String], key: Int, value: Int)] = []
        var i = start + 1
        while i < line.count {
            skipSpace(line, &i)
            guard i < line.count, line[i] != "}", line[i] != "#" else { break }
            let keyStart = i
            guard let keys = parseKey(line, &i) else { break }
            skipSpace(line, &i)
            guard i < line.count, line[i] == "=" else { break }
            i += 1
            skipSpace(line, &i)
            entries.append((keys, keyStart, i))
            // Skip the value: up to the next comma or the closing brace at this depth.
            var depth = 0
            while i < line.count {
                let c = line[i]
                if c == "\"" || c == "'" {
                    i += 1
                    while i < line.count, line[i] != c {
                        if c == "\"", line[i] == "\\" { i += 1 }
                        i += 1
                    }
                } else if c == "[" || c == "{" {
                    depth += 1
                } else if c == "]" || c == "}" {
                    if depth == 0 { return entries }
                    depth -= 1
                } else if c == ",", depth == 0 {
                    i += 1
                    break
                }
                i += 1
            }
        }
        return entries
    }
}
