import CardLayout
import CardStackProtocol
import Testing

@testable import CardStackSession

/// Frame events say which move they are a point of (`motion`), so a recording can be
/// computed again: every frame of a move, its first and last included, and none at rest.
@Suite struct SessionMotionRecordTests {
    @Test func aStepsFramesCarryItsStartAndEachOffsetFollowsFromIt() throws {
        var session = try SessionTests.session()
        let client = try SessionTests.join(&session)
        let (_, started) = session.apply(.next(count: 1), from: client, at: 2)
        let frames = SessionTests.frames(started) + SessionTests.frames(SessionTests.tickToRest(&session))
        #expect(frames.count > 10)
        let start = MotionStart(kind: .step, from: 0, to: 30, velocity: 0, start: 2)
        #expect(frames.allSatisfy { $0.motion == start })
        let p = session.parameters
        for frame in frames {
            #expect(start.offset(at: try #require(frame.time), p) == frame.frame.offset)
        }
        #expect(frames.last?.frame.offset == 30)
        // At rest again: a scroll's frame has no motion.
        let (_, scrolled) = session.apply(.scroll(by: 1), from: client, at: 5)
        #expect(SessionTests.frames(scrolled).map(\.motion) == [nil])
    }

    @Test func aFlingsFramesCarryItsVelocityAndItsTargetFollowsFromIt() throws {
        var session = try SessionTests.session("[layout]\nwrap = false\ncards = 40\n")
        let client = try SessionTests.join(&session)
        let (_, started) = session.apply(.fling(velocity: 900), from: client, at: 1)
        let frames = SessionTests.frames(started) + SessionTests.frames(SessionTests.tickToRest(&session))
        let move = try #require(frames.first?.motion)
        #expect(move.kind == .fling && move.velocity == 900 && move.from == 0 && move.start == 1)
        #expect(move.motion(session.parameters).to(or: .nan) == move.to)
        for frame in frames {
            #expect(frame.motion == move)
            #expect(move.offset(at: try #require(frame.time), session.parameters) == frame.frame.offset)
        }
    }
}
