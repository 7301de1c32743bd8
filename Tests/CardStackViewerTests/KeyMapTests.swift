import CardStackProtocol
import Testing

@testable import CardStackViewer

@Suite struct KeyMapTests {
    let map = KeyMap(spacing: 30, cards: 11)

    func actions(_ bytes: [UInt8]) -> [ViewerAction] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes).compactMap(map.action)
    }

    @Test func letters() {
        #expect(
            actions(Array("jkJK gG?q".utf8)) == [
                .send(.next(count: 1)), .send(.prev(count: 1)), .send(.fling(velocity: 3000)),
                .send(.fling(velocity: -3000)), .send(.snap), .send(.scrollTo(offset: 0, animated: true)),
                .send(.scrollTo(offset: 300, animated: true)), .toggleHelp, .quit,
            ])
        #expect(actions([3]) == [.quit])
        #expect(actions([12]) == [.redraw])
    }

    @Test func escapeSequences() {
        let esc: UInt8 = 0x1B
        #expect(actions([esc] + Array("[B".utf8)) == [.send(.next(count: 1))])
        #expect(actions([esc] + Array("[A".utf8)) == [.send(.prev(count: 1))])
        #expect(actions([esc] + Array("OB".utf8)) == [.send(.next(count: 1))])
        #expect(actions([esc] + Array("[6~".utf8)) == [.send(.fling(velocity: 3000))])
        #expect(actions([esc] + Array("[5~".utf8)) == [.send(.fling(velocity: -3000))])
        #expect(actions([esc] + Array("[H".utf8)) == [.send(.scrollTo(offset: 0, animated: true))])
        #expect(actions([esc] + Array("[4~".utf8)) == [.send(.scrollTo(offset: 300, animated: true))])
        #expect(actions([esc]) == [.dismiss])
        #expect(actions([esc] + Array("[1;5C".utf8) + Array("j".utf8)) == [.send(.next(count: 1))])
    }

    @Test func sgrMouseWheel() {
        let esc: UInt8 = 0x1B
        #expect(actions([esc] + Array("[<65;10;5M".utf8)) == [.send(.scroll(by: 10))])
        #expect(actions([esc] + Array("[<64;10;5M".utf8)) == [.send(.scroll(by: -10))])
        #expect(actions([esc] + Array("[<0;10;5M".utf8) + [esc] + Array("[<0;10;5m".utf8)) == [])
        #expect(actions([esc, UInt8(ascii: "["), UInt8(ascii: "M"), 32 + 65, 40, 40]) == [.send(.scroll(by: 10))])
    }

    /// A sequence split across reads is kept until it is complete.
    @Test func splitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "6")]) == [])
        #expect(decoder.feed(Array("5;1;1Mq".utf8)) == [.wheelDown, .character("q")])
        #expect(decoder.feed(Array("j".utf8) + [0x1B]) == [.character("j")])
        #expect(decoder.feed(Array("[B".utf8)) == [.down])
    }

    @Test func deckEditsWorkOnTheFrontCard() {
        let map = KeyMap(spacing: 30, cards: 11, front: 4)
        #expect(map.action(for: .character("d")) == .send(.edit(.remove(item: 4))))
        #expect(map.action(for: .character("m")) == .send(.edit(.move(from: 4, to: 5))))
        #expect(map.action(for: .character("i")) == .send(.edit(.insert(at: 5, title: "New 12"))))
        // The last card moves round to the start; an insert after it appends.
        let last = KeyMap(spacing: 30, cards: 3, front: 2)
        #expect(last.action(for: .character("m")) == .send(.edit(.move(from: 2, to: 0))))
        #expect(last.action(for: .character("i")) == .send(.edit(.insert(at: 3, title: "New 4"))))
        #expect(KeyMap.help.contains { $0.keys == "d" })
    }

    @Test func lastCardFollowsParameters() {
        #expect(
            KeyMap(spacing: 40, cards: 5).action(for: .character("G")) == .send(.scrollTo(offset: 160, animated: true)))
    }
}

/// `r` turns Reduce Motion the other way (docs/viewer.md).
@Suite struct ReduceMotionKeyTests {
    @Test func rSendsTheOppositeOfWhatIsInForce() {
        var map = KeyMap(spacing: 30, cards: 11)
        let on = JSONValue.object([("animation", .object([("reduce_motion", .bool(true))]))])
        #expect(map.action(for: .character("r")) == .send(.setParams(on)))
        map.reduceMotion = true
        let off = JSONValue.object([("animation", .object([("reduce_motion", .bool(false))]))])
        #expect(map.action(for: .character("r")) == .send(.setParams(off)))
        #expect(KeyMap.help.contains { $0.keys == "r" && $0.action.contains("Reduce Motion") })
    }
}
