// Encoding cost of the messages on the daemon's hot paths: `swift run -c release wire-benchmark`.
import CardLayout
import CardStackProtocol

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
print("frame event (\(frame.cards.count) cards, \(bytes) bytes): encode \(encode) µs")
let ping = try median(2000) { _ = try WireJSON.encode(ServerMessage.reply(Reply(id: .integer(1), result: .object([])))) }
print("ping reply: encode \(ping) µs")
let line = Array(#"{"id":1,"cmd":"ping"}"#.utf8)
let parse = median(2000) { _ = Request.parse(line) }
print("ping request: parse \(parse) µs")
let layout = median(2000) { _ = Layout.frame(parameters, offset: 15) }
print("frame layout: \(layout) µs")
