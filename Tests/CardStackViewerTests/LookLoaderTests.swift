import CardLayout
import Synchronization
import Testing

@testable import CardStackViewer

/// The viewer's look loader with its worker run by hand: what starts a worker, which ask a
/// worker makes, and what is handed over.
@Suite struct LookLoaderTests {
    /// What a loader's `start` kept and its `make` made (each card's width: the cards below
    /// differ by it); `during` is called while it makes.
    final class Recorder: Sendable {
        let works = Mutex<[@Sendable () -> Void]>([])
        let made = Mutex<[Double]>([])
        let during = Mutex<(@Sendable () -> Void)?>(nil)

        /// Runs the works kept so far; how many there were.
        func runWorks() -> Int {
            let kept = works.withLock { w in
                defer { w.removeAll() }
                return w
            }
            for work in kept { work() }
            return kept.count
        }
    }

    struct Rig {
        let recorder = Recorder()
        let loader: LookLoader

        init() {
            let recorder = self.recorder
            loader = LookLoader(
                make: { card, _ in
                    recorder.made.withLock { $0.append(card.width) }
                    if let during = recorder.during.withLock({ $0 }) { during() }
                    return ViewerLook(card: card, images: [])
                },
                start: { work in recorder.works.withLock { $0.append(work) } })
        }

        var made: [Double] { recorder.made.withLock { $0 } }
        func runWorks() -> Int { recorder.runWorks() }
        func whileMaking(_ body: @escaping @Sendable () -> Void) {
            recorder.during.withLock { $0 = body }
        }
    }

    static func card(_ width: Double) -> Parameters.Card {
        var card = Parameters.Card()
        card.width = width
        card.images = ["*.png"]
        return card
    }

    @Test func aBurstOfAsksMakesOnlyTheLastAndStartsOneWorker() {
        let rig = Rig()
        for width in [100.0, 200, 300] { rig.loader.load(Self.card(width), parameterFile: nil) }
        #expect(rig.loader.take() == nil)
        #expect(rig.runWorks() == 1)
        #expect(rig.made == [300])
        #expect(rig.loader.take()?.card.width == 300)
        #expect(rig.loader.take() == nil, "handed over once")
        // Idle again: the next ask starts a worker of its own.
        rig.loader.load(Self.card(400), parameterFile: nil)
        #expect(rig.runWorks() == 1)
        #expect(rig.loader.take()?.card.width == 400)
    }

    @Test func anAskWhileTheWorkerMakesIsMadeNextAndTheOlderLookIsDropped() {
        let rig = Rig()
        rig.loader.load(Self.card(100), parameterFile: nil)
        // While the first is made, a second ask comes: no second worker starts.
        let (loader, recorder) = (rig.loader, rig.recorder)
        rig.whileMaking {
            recorder.during.withLock { $0 = nil }
            loader.load(Self.card(200), parameterFile: nil)
        }
        #expect(rig.runWorks() == 1)
        #expect(recorder.works.withLock { $0.count } == 0)
        #expect(rig.made == [100, 200])
        #expect(rig.loader.take()?.card.width == 200)
    }

    @Test func aCancelWhileTheWorkerMakesDropsWhatItMade() {
        let rig = Rig()
        rig.loader.load(Self.card(100), parameterFile: nil)
        let loader = rig.loader
        rig.whileMaking { loader.cancel() }
        #expect(rig.runWorks() == 1)
        #expect(rig.loader.take() == nil)
    }
}
