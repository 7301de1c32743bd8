// Encoding cost of the messages on the daemon's hot paths: `swift run -c release wire-benchmark`.
import CDoubleText
import CardLayout
import CardStackParams
import CardStackProtocol
import CardStackWire

func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = clock.now
        try body()
        let d = clock.now - start
        samples.append(Double(d.components.attoseconds) / 1e12 + Double(d.components.seconds) * 1e6)
    }
    return samples.sorted()[runs / 2]
}

let parameters = Parameters()
let frame = Layout.frame(parameters, offset: 15)
let event = ServerMessage.frame(FrameEvent(seq: 1, revision: 1, frame: frame))
var bytes = 0
let encode = try median(2000) { bytes = try WireJSON.encode(event).count }
print("frame event (\(frame.cards.count) cards, \(bytes) bytes): encode \(encode) µs (target <= 10 µs)")
// What the float printer buys: the frame's numbers as DecimalDouble writes them (the digits
// from std::to_chars), against the standard library's `description` (the same text).
let numbers = frame.cards.flatMap { card in
    let t = card.transform
    return [
        t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
        card.position.x, card.position.y, card.alpha, card.ratio, card.scale,
    ]
}
let printed = median(2000) {
    var out: [UInt8] = []
    out.reserveCapacity(numbers.count * 24)
    for x in numbers { DecimalDouble.append(x, to: &out) }
}
let described = median(2000) {
    var out: [UInt8] = []
    out.reserveCapacity(numbers.count * 24)
    for x in numbers { out.append(contentsOf: x.description.utf8) }
}
print("frame's \(numbers.count) numbers printed: DecimalDouble \(printed) µs, Double.description \(described) µs")
// The digits alone, DecimalDouble's Schubfach against libstdc++'s std::to_chars (CDoubleText):
// the same digits, checked here, at what cost.
let normal = numbers.map(\.magnitude).filter(\.isNormal)
for x in normal {
    var digits: UInt64 = 0
    var exponent: Int32 = 0
    cs_shortest_decimal(x, &digits, &exponent)
    while digits % 10 == 0 {
        digits /= 10
        exponent += 1
    }
    let ours = DecimalDouble.shortest(x)
    precondition(
        ours.digits == digits && ours.exponent == Int(exponent), "std::to_chars and DecimalDouble differ on \(x)")
}
var sink: UInt64 = 0
let schubfach = median(2000) { for x in normal { sink &+= DecimalDouble.shortest(x).digits } }
let toChars = median(2000) {
    for x in normal {
        var digits: UInt64 = 0
        var exponent: Int32 = 0
        cs_shortest_decimal(x, &digits, &exponent)
        sink &+= digits
    }
}
print(
    "  their \(normal.count) shortest digits: DecimalDouble \(schubfach) µs, std::to_chars \(toChars) µs (\(sink % 2))")
let ping = try median(2000) {
    _ = try WireJSON.encode(ServerMessage.reply(Reply(id: .integer(1), result: CommandResult.empty)))
}
print("ping reply: encode \(ping) µs")
let line = Array(#"{"id":1,"cmd":"ping"}"#.utf8)
let parse = median(2000) { _ = Request.parse(line) }
print("ping request: parse \(parse) µs")
let layout = median(2000) { _ = Layout.frame(parameters, offset: 15) }
print("frame layout: \(layout) µs")

let configBytes = Array(defaultConfigText.utf8)
let tree = median(500) { _ = try? ParamsDocument.tree(from: configBytes) }
print("parameter file (\(configBytes.count) bytes): TOML tree with positions \(tree) µs")
let unstripped = median(500) { _ = try? ParamsDocument.tree(from: configBytes, stripComments: false) }
print("  the same without the comment stripper (TOMLCommentText): \(unstripped) µs")
let parsed = try ParamsDocument.tree(from: configBytes)
let resolve = median(500) { _ = try? ParamsSchema.resolve(parsed) }
print("  schema resolve: \(resolve) µs")
let info = ServerMessage.params(ParamsInfo(revision: 1, source: .file, path: "/x", params: Parameters(), error: nil))
let paramsEncode = try median(500) { _ = try WireJSON.encode(info) }
print("params event: encode \(paramsEncode) µs")
// The same parameters as a `set_params` is answered (written from the schema,
// JSONWriter+Parameters.swift), and flattened for `unsaved` (ParamsValues).
let reply = Reply(
    id: .integer(1),
    result: CommandResult.params(ParamsInfo(revision: 1, source: .set, path: "/x", params: Parameters(), error: nil)))
let replyEncode = try median(500) { _ = try WireJSON.encode(reply) }
let flatten = median(500) { _ = ParamsValues.Flat(Parameters()) }
print("set_params reply: encode \(replyEncode) µs; the parameters flattened: \(flatten) µs")
let loadFast = median(500) { _ = try? ParamsDocument.load(configBytes) }
print("parameter file load (tree with positions + schema): \(loadFast) µs")
