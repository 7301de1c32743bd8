import CardLayout
import CardStackProtocol
import Testing

@testable import CardStackSession

/// `drag` (docs/protocol.md §4): a finger on the deck, through the session alone, time
/// passed in.
@Suite struct SessionDragTests {
    /// A stack of 11 cards 30 pt apart that does not wrap (`scroll_view`, the stack's seed).
    static let stack = "[layout]\nwrap = false\ncards = 11\nspacing = 30.0\n[viewport]\nheight = 667.0\n"

    static func offset(_ reply: Result<CommandResult, WireError>?) throws -> Double {
        guard case .offset(let x) = try SessionTests.ok(reply) else { throw WireError(.internal, "not an offset") }
        return x
    }

    static func target(_ reply: Result<CommandResult, WireError>?) throws -> Double {
        guard case .target(let x) = try SessionTests.ok(reply) else { throw WireError(.internal, "not a target") }
        return x
    }

    static func code(_ reply: Result<CommandResult, WireError>?) -> ErrorCode? {
        if case .failure(let error)? = reply { return error.code }
        return nil
    }

    @Test func aDragPastTheFirstCardIsRubberBandedAndItsFramesShowIt() throws {
        var session = try SessionTests.session(Self.stack)
        let client = try SessionTests.join(&session)
        #expect(try Self.offset(session.apply(.drag(.began), from: client, at: 1).reply) == 0)
        let (reply, effects) = session.apply(.drag(.changed(by: -100)), from: client, at: 1.1)
        let expected = -(1 - 1 / (100 * 0.55 / 667 + 1)) * 667
        #expect(abs(try Self.offset(reply) - expected) < 1e-9)
        #expect(abs(try #require(SessionTests.frames(effects).last).frame.offset - expected) < 1e-9)
        #expect(session.tickDue == nil)
    }

    @Test func endedPastTheEdgeReturnsToItAtRestNeverPastIt() throws {
        var session = try SessionTests.session(Self.stack)
        let client = try SessionTests.join(&session)
        _ = session.apply(.drag(.began), from: client, at: 1)
        _ = session.apply(.drag(.changed(by: -200)), from: client, at: 1.1)
        let (reply, started) = session.apply(.drag(.ended(velocity: 0)), from: client, at: 1.2)
        #expect(try Self.target(reply) == 0)
        let frames = SessionTests.frames(started) + SessionTests.frames(SessionTests.tickToRest(&session))
        #expect(frames.count > 10)
        #expect(frames.allSatisfy { $0.frame.offset <= 0 })
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.frame.offset <= $1.frame.offset })
        #expect(frames.last?.frame.offset == 0)
        #expect(frames.first?.motion?.kind == .release)
        for frame in frames where frame.motion != nil {
            let move = try #require(frame.motion)
            #expect(move.offset(at: try #require(frame.time), session.parameters) == frame.frame.offset)
        }
    }

    @Test func changedOrEndedWithoutABeganIsRefusedOnThatConnection() throws {
        var session = try SessionTests.session(Self.stack)
        let a = try SessionTests.join(&session)
        let b = try SessionTests.join(&session)
        #expect(Self.code(session.apply(.drag(.changed(by: 5)), from: a, at: 1).reply) == .invalidArgument)
        #expect(Self.code(session.apply(.drag(.ended(velocity: 0)), from: a, at: 1).reply) == .invalidArgument)
        _ = session.apply(.drag(.began), from: a, at: 1)
        #expect(Self.code(session.apply(.drag(.changed(by: 5)), from: b, at: 1.1).reply) == .invalidArgument)
        #expect(try Self.offset(session.apply(.drag(.changed(by: 5)), from: a, at: 1.1).reply) == 5)
        // While the finger is down nothing else moves the deck.
        for command: Command in [.fling(velocity: 900), .next(count: 1), .snap, .scroll(by: 3)] {
            #expect(Self.code(session.apply(command, from: b, at: 1.2).reply) == .invalidArgument)
        }
        #expect(session.offset == 5 && !session.isAnimating)
        _ = session.apply(.drag(.ended(velocity: 0)), from: a, at: 1.3)
        #expect(Self.code(session.apply(.drag(.ended(velocity: 0)), from: a, at: 1.4).reply) == .invalidArgument)
    }

    @Test func aConnectionThatClosesMidDragEndsItAtRest() throws {
        var session = try SessionTests.session(Self.stack)
        let client = try SessionTests.join(&session)
        _ = session.apply(.drag(.began), from: client, at: 1)
        _ = session.apply(.drag(.changed(by: -120)), from: client, at: 1.1)
        let effects = session.leave(client, at: 1.2)
        let first = try #require(SessionTests.frames(effects).first?.motion)
        #expect(first.kind == .release && first.velocity == 0 && first.start == 1.2)
        _ = SessionTests.tickToRest(&session)
        #expect(session.offset == 0 && !session.isAnimating)
    }

    @Test func beganMidThrowCatchesTheDeckWhereItIsAndEndedThrowsFromThere() throws {
        var session = try SessionTests.session(Self.stack)
        let client = try SessionTests.join(&session)
        _ = session.apply(.fling(velocity: 2000), from: client, at: 0)
        let throwMove = try #require(session.animation?.motion)
        _ = session.tick(at: try #require(session.tickDue))
        let (reply, caught) = session.apply(.drag(.began), from: client, at: 0.1)
        let expected = throwMove.position(at: 0.1)
        #expect(try Self.offset(reply) == expected)
        #expect(SessionTests.frames(caught).last?.frame.offset == expected)
        #expect(!session.isAnimating && session.tickDue == nil)
        // Nothing moves under the finger: no tick comes.
        #expect(session.tick(at: 0.2).isEmpty)
        let (_, released) = session.apply(.drag(.ended(velocity: 1500)), from: client, at: 0.3)
        let move = try #require(SessionTests.frames(released).first?.motion)
        #expect(move.from == expected && move.velocity == 1500 && move.start == 0.3)
        let model = ScrollMotion.release(from: expected, velocity: 1500, session.deckParameters)
        #expect(model.position(at: 0) == expected && model.velocity(at: 0) == 1500)
        #expect(SessionTests.frames(released).first?.frame.offset == expected)
    }

    @Test func aThrowIntoTheEdgeGoesPastItAndComesBack() throws {
        var session = try SessionTests.session(Self.stack)
        let client = try SessionTests.join(&session)
        let (reply, started) = session.apply(.fling(velocity: -2000), from: client, at: 0)
        #expect(try Self.target(reply) == 0)
        let frames = SessionTests.frames(started) + SessionTests.frames(SessionTests.tickToRest(&session))
        let lowest = try #require(frames.map(\.frame.offset).min())
        #expect(lowest < -10)
        #expect(frames.last?.frame.offset == 0)
    }

    @Test func aCarouselDragPastTheEdgeMovesByICarouselsFactor() throws {
        var session = try SessionTests.session("[layout]\nstyle = \"coverflow\"\nwrap = false\ncards = 9\n")
        let client = try SessionTests.join(&session)
        #expect(session.parameters.scrollModel == .icarousel)
        let spacing = session.parameters.layout.spacing
        _ = session.apply(.drag(.began), from: client, at: 1)
        // At the first item the factor is 1, the cover flow's multiplier 2: s = −2·10/spacing.
        let first = try Self.offset(session.apply(.drag(.changed(by: -10)), from: client, at: 1.1).reply)
        #expect(abs(first - -20) < 1e-9)
        // Then 1 − (20/spacing)/1 of the next 10 points, twice.
        let factor = 1 - 20 / spacing
        let second = try Self.offset(session.apply(.drag(.changed(by: -10)), from: client, at: 1.2).reply)
        #expect(abs(second - (first - 20 * factor)) < 1e-9)
    }
}

extension SessionDragTests {
    @Test func aGridsCellsTakeTheDragAndLetGoWhenItsConnectionCloses() throws {
        var session = try SessionTests.session(Self.stack)
        let grid = try SessionTests.join(&session)
        let finger = try SessionTests.join(&session)
        _ = try SessionTests.ok(
            session.apply(.setVariants(SessionVariantsTests.durations([0.2, 0.5])), from: grid, at: 0).reply)
        _ = session.apply(.drag(.began), from: finger, at: 1)
        _ = session.apply(.drag(.changed(by: -100)), from: finger, at: 1.1)
        let cells = try #require(session.grids[grid]?.cells)
        #expect(cells.allSatisfy { $0.session.offset == session.offset && $0.session.offset < 0 })
        _ = session.leave(finger, at: 1.2)
        _ = SessionTests.tickToRest(&session)
        let rested = try #require(session.grids[grid]?.cells)
        #expect(session.offset == 0 && rested.allSatisfy { $0.session.offset == 0 && $0.session.finger == nil })
    }
}
