/// `get_schema`'s result: every key of the parameter file, in the file's order, with its
/// type, allowed values and defaults, so a client can build an editor for it.
public struct SchemaInfo: Sendable, Equatable, Codable {
    public var keys: [SchemaKey]

    public init(keys: [SchemaKey]) {
        self.keys = keys
    }
}

/// One key of the parameter file, e.g. `layout.spacing`.
public struct SchemaKey: Sendable, Equatable, Codable {
    /// The dotted name, `table.key`.
    public var key: String
    /// `number`, `integer`, `boolean`, `string`, `array` (of numbers or strings) or `curve`-like
    /// free values as `any`.
    public var type: String
    /// The smallest and largest allowed values of a number or integer (of each element of an
    /// array of numbers), when bounded.
    public var min: Double?
    public var max: Double?
    /// Whether `min` / `max` are themselves allowed.
    public var minInclusive: Bool?
    public var maxInclusive: Bool?
    /// The allowed strings, for a key that takes one of a few names.
    public var choices: [String]?
    /// The value in force when the file does not set the key (style `stack`); `null` when the
    /// style's own default applies.
    public var `default`: JSONValue
    /// Defaults that depend on `layout.style`: an object of every style's default (in
    /// `Style`'s order), present only when some style's default differs.
    public var byStyle: JSONValue?
    /// The styles that read the key (in `Style`'s order), present only when some style does
    /// not: the page folds the key away for the others.
    public var styles: [String]?

    public init(
        key: String, type: String, min: Double? = nil, max: Double? = nil, minInclusive: Bool? = nil,
        maxInclusive: Bool? = nil, choices: [String]? = nil, default: JSONValue, byStyle: JSONValue? = nil,
        styles: [String]? = nil
    ) {
        self.key = key
        self.type = type
        self.min = min
        self.max = max
        self.minInclusive = minInclusive
        self.maxInclusive = maxInclusive
        self.choices = choices
        self.default = `default`
        self.byStyle = byStyle
        self.styles = styles
    }

    enum CodingKeys: String, CodingKey {
        case key, type, min, max
        case minInclusive = "min_inclusive"
        case maxInclusive = "max_inclusive"
        case choices, `default`
        case byStyle = "by_style"
        case styles
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(type, forKey: .type)
        try c.encodeIfPresent(min, forKey: .min)
        try c.encodeIfPresent(max, forKey: .max)
        try c.encodeIfPresent(minInclusive, forKey: .minInclusive)
        try c.encodeIfPresent(maxInclusive, forKey: .maxInclusive)
        try c.encodeIfPresent(choices, forKey: .choices)
        try c.encode(`default`, forKey: .default)
        try c.encodeIfPresent(byStyle, forKey: .byStyle)
        try c.encodeIfPresent(styles, forKey: .styles)
    }
}
