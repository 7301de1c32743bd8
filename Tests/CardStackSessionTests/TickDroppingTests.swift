import CardLayout
import CardStackParams
import CardStackProtocol
import Testing

@testable import CardStackSession

/// The frame clock when frames cost more than their interval: ticks are dropped (time still
/// advances), never queued, and the driver's loop is left time for requests between ticks.
/// The time is passed in, so a slow frame is simply a later `finished`.
@Suite struct TickDroppingTests {
    /// A session at 240 fps in the middle of a long spring, its next tick scheduled.
    static func animating() throws -> (Session, ClientID) {
        let toml = """
            [layout]
            cards = 1000
            [animation]
            fps = 240
            spring = { damping_ratio = 0.01, response = 10 }
            """
        var session = try SessionTests.session(toml)
        let client = try SessionTests.join(&session)
        _ = session.apply(.next(count: 5), from: client, at: 1)
        #expect(session.tickDue == 1 + session.tickInterval)
        return (session, client)
    }

    static func scheduled(_ effects: [Effect]) -> [Double] {
        effects.compactMap { if case .scheduleTick(let due) = $0 { due } else { nil } }
    }

    @Test func aFrameWithinItsIntervalKeepsTheGrid() throws {
        var (session, _) = try Self.animating()
        let interval = session.tickInterval
        let due = try #require(session.tickDue)
        _ = session.tick(at: due)
        #expect(session.tickDue == due + interval)
        // Built in half an interval: nothing to drop, no new schedule.
        #expect(session.tickFinished(started: due, finished: due + interval / 2) == [])
        #expect(session.tickDue == due + interval)
    }

    @Test func aLateTimerDropsTheTicksItMissedAndDrawsItsOwnTime() throws {
        var (session, _) = try Self.animating()
        let interval = session.tickInterval
        let due = try #require(session.tickDue)
        // The timer fired 3.5 intervals late: the frame is computed at that time, and the
        // next tick is the first on the grid after it (no burst of catch-up ticks).
        let late = due + 3.5 * interval
        let effects = session.tick(at: late)
        #expect(SessionTests.frames(effects).map(\.time) == [late])
        #expect(Self.scheduled(effects) == [due + 4 * interval])
        #expect(session.tickDue == due + 4 * interval)
    }

    @Test func aFrameSlowerThanItsIntervalLeavesAsLongAgainForRequests() throws {
        var (session, _) = try Self.animating()
        let interval = session.tickInterval
        let due = try #require(session.tickDue)
        _ = session.tick(at: due)
        // The frame took 5.25 intervals to build and send: the next tick is on the grid,
        // no sooner than as long again after it was out.
        let finished = due + 5.25 * interval
        let effects = session.tickFinished(started: due, finished: finished)
        let next = due + 11 * interval
        #expect(effects == [.scheduleTick(at: next)])
        #expect(session.tickDue == next)
        #expect(next > finished + (finished - due))
        // That tick, run on time, draws its own time and keeps going on the grid.
        let frames = SessionTests.frames(session.tick(at: next))
        #expect(frames.map(\.time) == [next])
        #expect(session.tickDue == next + interval)
    }

    @Test func everyTickRunsAfterTheLastFrameWasOut() throws {
        // Whatever a frame costs, a tick is never due before the previous frame was out:
        // the driver never finds one already due, so it reads its sockets between ticks.
        var (session, _) = try Self.animating()
        let interval = session.tickInterval
        var now = try #require(session.tickDue)
        for cost in [0.5, 1.0, 1.5, 7.0, 0.1, 30.0, 2.0].map({ $0 * interval }) {
            _ = session.tick(at: now)
            let finished = now + cost
            _ = session.tickFinished(started: now, finished: finished)
            let due = try #require(session.tickDue)
            #expect(due > finished)
            if cost >= interval { #expect(due - finished >= cost) }
            now = due
        }
    }

    @Test func aFrameAtRestSchedulesNothing() throws {
        var session = try SessionTests.session()
        #expect(session.tickFinished(started: 1, finished: 9) == [])
        #expect(session.tickDue == nil)
    }

    @Test func nextTickIsTheFirstGridTimeAfter() {
        #expect(Session.nextTick(after: 1, interval: 0.25, later: 0.5) == 1.25)
        #expect(Session.nextTick(after: 1, interval: 0.25, later: 1.25) == 1.5)
        #expect(Session.nextTick(after: 1, interval: 0.25, later: 2.1) == 2.25)
        #expect(Session.nextTick(after: 1, interval: 0.25, later: 2.0) == 2.25)
    }
}
