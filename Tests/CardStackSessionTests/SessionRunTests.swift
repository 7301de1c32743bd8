import CardLayout
import CardStackParams
import CardStackProtocol
import Testing

@testable import CardStackSession

/// `Session.run` (what `cardstack render --vary` and `plot --vary` draw): one command on a
/// fresh session, ticked when due, gives the daemon's frames on an ideal clock.
@Suite struct SessionRunTests {
    static let toml = """
        [layout]
        style = "stack"
        cards = 6
        spacing = 30
        [animation]
        fps = 50
        spring = { duration = 0.4, bounce = 0.2 }
        """

    @Test func aNextIsTheSpringsPositionsAtEveryTickFromRestToTheTarget() throws {
        let (tree, resolved) = try ParamsDocument.load(Array(Self.toml.utf8))
        let frames = try Session.run(.next(count: 1), tree: tree, resolved: resolved)
        let p = resolved.parameters
        let motion = Motion.step(from: 0, to: 30, velocity: 0, animation: p.animation)
        #expect(frames.count > 10 && frames[0].time == 0 && frames[0].frame.offset == 0, "it starts at rest")
        #expect(frames.last?.frame.offset == 30, "and lands on the next card")
        let interval = Double(Int64(1e9 / 50)) / 1e9
        for (k, event) in frames.dropFirst(2).enumerated() {
            let t = try #require(event.time)
            #expect(abs(t - Double(k + 1) * interval) < 1e-9, "a tick every 1/fps s")
            let expected = Layout.frame(p, offset: Layout.normalize(motion.position(at: t), p))
            #expect(abs(event.frame.offset - expected.offset) <= 1e-9)
            for (a, b) in zip(event.frame.cards, expected.cards) {
                #expect(a.item == b.item && abs(a.position.x - b.position.x) <= 1e-9 && abs(a.alpha - b.alpha) <= 1e-9)
            }
        }
    }

    @Test func aCommandTheSessionRefusesIsItsError() throws {
        let (tree, resolved) = try ParamsDocument.load(Array(Self.toml.utf8))
        #expect(throws: WireError.self) { try Session.run(.open(item: 99), tree: tree, resolved: resolved) }
    }
}
