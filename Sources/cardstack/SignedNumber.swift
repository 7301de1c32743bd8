import ArgumentParser

/// A positional number that may be negative, typed as is (`cardstack scroll -15`).
///
/// swift-argument-parser reads `-15` as the short options `-1` and `-5`, so the commands
/// that take a signed number collect their positional input unparsed
/// (`@Argument(parsing: .allUnrecognized)`) and read it here.
enum SignedNumber {
    /// The one number in `inputs`, nil when there is none; an error naming `name` for
    /// anything else.
    static func parse(_ inputs: [String], name: String, example: String) throws -> Double? {
        guard let first = inputs.first else { return nil }
        guard inputs.count == 1 else {
            throw ValidationError("expected one \(name), got \(inputs.joined(separator: " ")) (e.g. \(example))")
        }
        guard let value = Double(first), value.isFinite else {
            let hint = first.hasPrefix("-") ? "unknown option or not a number" : "not a number"
            throw ValidationError("\(first): \(hint); the \(name) is a number of points, e.g. \(example)")
        }
        return value
    }
}
