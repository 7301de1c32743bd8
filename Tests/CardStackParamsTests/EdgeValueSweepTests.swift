import CardLayout
import CardStackParams
import CardStackProtocol
import CardStackWire
import Testing

/// Every numeric key at the edges of what a double can be, in every style, through a file
/// and through `set_params`: refused with a place, or frames that are all finite numbers
/// (the wire refuses NaN and infinity, so an unencodable frame stops the daemon's frames),
/// at rest and through a fling.
@Suite struct EdgeValueSweepTests {
    /// Smallest positive (subnormal), smallest normal, tiny, just under one, largest, and
    /// the documented ends of every range.
    static let edges: [Double] = [
        0, -0.0, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, Double.leastNormalMagnitude,
        1e-19, 1e-12, 1 - 1e-12, 1, 1 + 1e-12,
        2 * Double.pi, -2 * Double.pi, 100, 240, 1000, 100_000, 1_000_000, -100_000, -1_000_000,
        Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
    ]

    /// Each numeric key as a TOML fragment and a JSON fragment with the value at `x`.
    static let keys: [(table: String, key: String, form: @Sendable (String) -> String)] = {
        // Every key the schema says is one number (a new numeric key is swept with no change
        // here), then the pairs, one element at a time.
        let plain = ParamsSchema.schemaInfo.keys.filter { $0.type == "number" || $0.type == "integer" }.map(\.key)
        var out: [(String, String, @Sendable (String) -> String)] = plain.map { dotted in
            // `reduced.animation.duration`: the key `duration` of the table `reduced.animation`.
            let parts = dotted.split(separator: ".").map(String.init)
            return (parts.dropLast().joined(separator: "."), parts[parts.count - 1], { $0 })
        }
        out.append(("layout", "flip_range", { "[\($0), 1000]" }))
        out.append(("layout", "flip_range", { "[0, \($0)]" }))
        out.append(("card", "anchor", { "[\($0), 0.5]" }))
        out.append(("card", "anchor", { "[0.5, \($0)]" }))
        out.append(("carousel", "viewpoint", { "[\($0), 0]" }))
        out.append(("carousel", "viewpoint", { "[0, \($0)]" }))
        return out
    }()

    /// `x` as TOML and JSON write it (both read `%.17g` exactly).
    static func literal(_ x: Double) -> String {
        x == 0 && x.sign == .minus ? "-0.0" : "\(x)"
    }

    @Test(arguments: Style.allCases)
    func everyKeyAtItsEdges(style: Style) throws {
        for (table, key, form) in Self.keys {
            for x in Self.edges {
                let value = form(Self.literal(x))
                let toml =
                    "[layout]\nstyle = \"\(style.rawValue)\"\n" + (table == "layout" ? "" : "[\(table)]\n")
                    + "\(key) = \(value)\n"
                let fileOutcome = outcome(of: { () throws(ParamsError) -> Parameters in
                    try ParamsDocument.parameters(from: Array(toml.utf8), path: "f.toml").parameters
                })
                check(
                    fileOutcome, "\(style.rawValue) \(table).\(key) = \(value) (file)", needsPlace: true, checked: nil)

                // A table's table (`reduced.animation`) nests in JSON: `"reduced":{"animation":{…}}`.
                let path = table.split(separator: ".")
                let nested = path.reversed().reduce("{\"\(key)\":\(value)}") { "{\"\($1)\":\($0)}" }
                let json = "{\"layout\":{\"style\":\"\(style.rawValue)\"}," + nested.dropFirst()
                guard let parsed = try? JSONParser.parse(Array(json.utf8)) else {
                    Issue.record("the test's JSON does not parse: \(json)")
                    continue
                }
                let clientOutcome = outcome(of: { () throws(ParamsError) -> Parameters in
                    try ParamsSchema.resolve(ParamNode(json: parsed)).parameters
                })
                check(
                    clientOutcome, "\(style.rawValue) \(table).\(key) = \(value) (set_params)", needsPlace: false,
                    checked: try? fileOutcome.get())
            }
        }
    }

    func outcome(of body: () throws(ParamsError) -> Parameters) -> Result<Parameters, ParamsError> {
        do { return .success(try body()) } catch { return .failure(error) }
    }

    /// - Parameter checked: parameters whose frames were checked already.
    func check(_ outcome: Result<Parameters, ParamsError>, _ what: String, needsPlace: Bool, checked: Parameters?) {
        switch outcome {
        case .failure(let error):
            if needsPlace, error.position == nil { Issue.record("\(what): refused without a place: \(error)") }
        case .success(let parameters):
            guard parameters != checked else { return }
            if let problem = Self.firstUnencodableFrame(parameters) { Issue.record("\(what): \(problem)") }
        }
    }

    /// Frames at rest and through a fling each way, as the daemon computes them; the first
    /// one that cannot go on the wire.
    static func firstUnencodableFrame(_ parameters: Parameters) -> String? {
        var memory = ScrollMemory()
        var offset = 0.0
        memory.observe(offset: offset, at: 0, velocity: 0, animating: false, parameters: parameters)
        var seq = 0
        func encodes(_ time: Double, animating: Bool) -> String? {
            seq += 1
            let frame = Layout.frame(
                parameters, offset: offset, context: memory.context(at: time, animating: animating))
            do {
                _ = try WireJSON.encode(ServerMessage.frame(FrameEvent(seq: seq, revision: 1, frame: frame)))
                return nil
            } catch {
                return "frame at offset \(offset) does not encode: \(error)"
            }
        }
        if let problem = encodes(0, animating: false) { return problem }
        var time = 0.0
        for velocity in [3000.0, -6000.0] {
            let end = Layout.flingTarget(from: offset, velocity: velocity, parameters)
            guard end.isFinite else { return "fling target \(end) from \(offset)" }
            let motion = Motion.fling(from: offset, to: end, deceleration: parameters.animation.deceleration)
            for elapsed in [0.016, 0.5, motion.duration] {
                offset = Layout.normalize(motion.position(at: elapsed), parameters)
                guard offset.isFinite else { return "offset \(offset) at \(elapsed) s into a fling to \(end)" }
                memory.observe(offset: offset, at: time + elapsed, velocity: 0, animating: true, parameters: parameters)
                if let problem = encodes(time + elapsed, animating: true) { return problem }
            }
            time += motion.duration + 1
            if let problem = encodes(time, animating: false) { return problem }
        }
        return nil
    }
}
