import CardLayout
import CardStackParams
import CardStackProtocol
import CardStackWire
import Testing

/// ``ParamsSchema/resolve(_:merged:onto:)``, the check of the keys a `set_params` sends,
/// gives what resolving the whole merged tree gives: the same parameters and warnings, or
/// the same error, for every kind of key and every way of getting one wrong.
@Suite struct ParamsUpdateTests {
    /// Files the updates land on: the defaults, and one that sets keys of every table.
    static let bases = [
        "",
        """
        [layout]
        style = "rotary"
        wrap = false
        flip_range = [0.5, 2.0]
        [card]
        width = 200
        anchor = [0.5, 0.5]
        titles = ["a", "b"]
        corner_radius = 12
        [animation]
        duration = 0.4
        spring = { damping_ratio = 0.8, response = 0.4 }
        reduce_motion = true
        [carousel]
        tilt = 0.5
        fade_max = 3
        [reduced.animation]
        duration = 0.2
        [reduced.carousel]
        tilt = 0
        """,
    ]

    /// `set_params` bodies: one key, several tables, nested values, and every kind of error.
    static let updates = [
        #"{"layout":{"spacing":31.25}}"#,
        #"{"layout":{"spacing":40,"m34":-0.001},"card":{"width":250}}"#,
        #"{"layout":{"style":"coverflow"}}"#,
        #"{"layout":{"wrap":true},"card":{"anchor":[0.2,0.3]}}"#,
        #"{"animation":{"spring":{"response":0.3}}}"#,
        #"{"animation":{"spring":{"duration":0.5,"bounce":0.1}}}"#,
        #"{"animation":{"reduce_motion":false,"fps":30}}"#,
        #"{"carousel":{"tilt":0.9,"count":7}}"#,
        #"{"reduced":{"animation":{"duration":0.1}}}"#,
        ##"{"card":{"titles":["x"],"colors":["#ff0000"]}}"##,
        #"{"layout":{"spacing":-1}}"#,
        #"{"layout":{"spacing":-1},"card":{"width":-1}}"#,
        #"{"card":{"width":-1},"layout":{"spacing":"far"}}"#,
        #"{"layout":{"spacingg":3}}"#,
        #"{"layout":{"flip_range":[2,1]}}"#,
        #"{"layot":{"spacing":3}}"#,
        #"{"layout":3}"#,
        #"{"animation":{"spring":{"dialect":"nonsense"}}}"#,
        #"{"reduced":{"layout":{"spacing":3}}}"#,
        #"{}"#,
    ]

    @Test func theKeysSentResolveAsTheWholeTreeDoes() throws {
        for text in Self.bases {
            let base = try ParamsDocument.load(Array(text.utf8))
            for body in Self.updates {
                let update = ParamNode(json: try JSONParser.parse(Array(body.utf8)))
                let merged = ParamsSchema.merging(base.tree, update)
                let whole = Result { () throws(ParamsError) in try ParamsSchema.resolve(merged) }
                let sent = Result { () throws(ParamsError) in
                    try ParamsSchema.resolve(update, merged: merged, onto: base.resolved.parameters)
                }
                #expect(sent == whole, "\(body) on \(text.isEmpty ? "the defaults" : "the rich file")")
            }
        }
    }
}
