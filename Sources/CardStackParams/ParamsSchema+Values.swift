import CardLayout
import CardStackProtocol

/// Reading and checking one value of the parameter file, and the key builders the schema
/// table is written with (ParamsSchema.swift).
extension ParamsSchema {
    /// A number as the wire writes it and reads it back: a whole number below 10^15 is an
    /// integer (`30`), any other a number (`30.5`).
    static func json(_ x: Double) -> JSONValue {
        x.magnitude < 1e15 && x == x.rounded() ? .integer(Int64(x)) : .number(x)
    }

    /// A reader of the value at `path`: a load at the stored property's offset, found once
    /// here, rather than a key path projected at each read (which copies the whole parameter
    /// set and was most of writing a `params` from the schema, docs/performance.md). A path
    /// through a computed property is read through the key path.
    static func reader<T>(_ path: any KeyPath<Parameters, T> & Sendable) -> @Sendable (inout Parameters) -> T {
        guard let offset = MemoryLayout<Parameters>.offset(of: path) else { return { $0[keyPath: path] } }
        return { p in withUnsafeMutablePointer(to: &p) { UnsafeRawPointer($0).load(fromByteOffset: offset, as: T.self) }
        }
    }

    /// Numbers as a JSON array.
    static func json(_ xs: [Double]) -> JSONValue { .array(xs.map(json)) }

    /// Strings as a JSON array.
    static func json(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }

    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }

    /// A number: a TOML integer or float, finite.
    static func double(_ node: ParamNode, _ key: String) throws(ParamsError) -> Double {
        switch node.value {
        case .double(let x):
            guard x.isFinite else {
                throw ParamsError(
                    .outOfRange, "\(key) must be a finite number, got \(node.display)", key: key, at: node.position)
            }
            return x
        case .integer(let x): return Double(x)
        default:
            throw ParamsError(
                .wrongType, "\(key) must be a number, got \(node.kindName) (\(node.display))", key: key,
                at: node.position)
        }
    }

    /// A number in `interval`.
    static func checkedNumber(_ node: ParamNode, _ key: String, _ interval: Interval) throws(ParamsError) -> Double {
        let x = try double(node, key)
        guard interval.contains(x) else {
            throw ParamsError(
                .outOfRange, "\(key) must be \(interval.requirement(for: x)), got \(node.display)", key: key,
                at: node.position)
        }
        return x
    }

    /// An integer in `range` (a float with no fraction counts).
    static func checkedInteger(_ node: ParamNode, _ key: String, _ range: ClosedRange<Int>) throws(ParamsError) -> Int {
        let allowed = "an integer in \(range.lowerBound)...\(range.upperBound)"
        let value: Int64
        switch node.value {
        case .integer(let x): value = x
        case .double(let x) where x == x.rounded() && abs(x) < 1e18: value = Int64(x)
        default:
            throw ParamsError(
                .wrongType, "\(key) must be \(allowed), got \(node.kindName) (\(node.display))", key: key,
                at: node.position)
        }
        guard let int = Int(exactly: value), range.contains(int) else {
            throw ParamsError(
                .outOfRange, "\(key) must be \(allowed), got \(node.display)", key: key, at: node.position)
        }
        return int
    }

    /// `true` or `false`.
    static func checkedBool(_ node: ParamNode, _ key: String) throws(ParamsError) -> Bool {
        guard case .bool(let b) = node.value else {
            throw ParamsError(
                .wrongType, "\(key) must be true or false, got \(node.kindName) (\(node.display))", key: key,
                at: node.position)
        }
        return b
    }

    static func number(_ name: String, _ interval: Interval, _ path: any WritableKeyPath<Parameters, Double> & Sendable)
        -> Key
    {
        let read = reader(path)
        let value: @Sendable (inout Parameters) -> JSONValue? = { json(read(&$0)) }
        return Key(name: name, bounds: .number(interval), value: value) {
            node, p, key throws(ParamsError) in
            p[keyPath: path] = try checkedNumber(node, key, interval)
        }
    }

    static func integer(
        _ name: String, _ range: ClosedRange<Int>, _ path: any WritableKeyPath<Parameters, Int> & Sendable
    ) -> Key {
        let read = reader(path)
        let value: @Sendable (inout Parameters) -> JSONValue? = { .integer(Int64(read(&$0))) }
        return Key(name: name, bounds: .integer(range), value: value) {
            node, p, key throws(ParamsError) in
            p[keyPath: path] = try checkedInteger(node, key, range)
        }
    }

    static func boolean(_ name: String, _ path: any WritableKeyPath<Parameters, Bool> & Sendable) -> Key {
        let read = reader(path)
        let value: @Sendable (inout Parameters) -> JSONValue? = { .bool(read(&$0)) }
        return Key(name: name, value: value) { node, p, key throws(ParamsError) in
            p[keyPath: path] = try checkedBool(node, key)
        }
    }

    static func numbers(_ node: ParamNode, _ key: String, count: Int, each: Interval) throws(ParamsError) -> [Double] {
        guard case .array(let items) = node.value, items.count == count else {
            throw ParamsError(
                .wrongType, "\(key) must be an array of \(count) numbers, got \(node.display)", key: key,
                at: node.position)
        }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            let x = try double(item, "\(key)[\(i)]")
            guard each.contains(x) else {
                throw ParamsError(
                    .outOfRange, "\(key)[\(i)] must be \(each.requirement(for: x)), got \(item.display)", key: key,
                    at: item.position ?? node.position)
            }
            out.append(x)
        }
        return out
    }

    /// One of an enumeration's names (`layout.style`, `scroll.model`), with a suggestion for a
    /// near miss.
    static func name<T: CaseIterable & RawRepresentable>(_ node: ParamNode, _ key: String) throws(ParamsError) -> T
    where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        guard case .string(let name) = node.value else {
            throw ParamsError(
                .wrongType,
                "\(key) must be a string, one of \(names.joined(separator: ", ")); got \(node.kindName) (\(node.display))",
                key: key, at: node.position)
        }
        guard let value = T(rawValue: name) else {
            let hint = suggestion(for: name, among: names).map { " (did you mean \($0)?)" } ?? ""
            throw ParamsError(
                .outOfRange, "\(key) must be one of \(names.joined(separator: ", ")), got \"\(name)\"\(hint)",
                key: key, at: node.position)
        }
        return value
    }

    /// The candidate nearest to `word` by edit distance, if it is near enough to be a typo.
    static func suggestion(for word: String, among candidates: [String], matchingLast: Bool = false) -> String? {
        let scored = candidates.map { candidate -> (String, Int) in
            let compared = matchingLast ? String(candidate.split(separator: ".").last ?? "") : candidate
            return (candidate, editDistance(word.lowercased(), compared.lowercased()))
        }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, word.count / 3) ? best.0 : nil
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
