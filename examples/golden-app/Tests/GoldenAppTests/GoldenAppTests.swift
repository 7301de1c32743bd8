import CardStackGolden
import CardStackGoldenTesting
import Foundation
import GoldenApp
import Testing

/// The app's layout and motion against the golden recorded when they were tuned.
@Suite struct GoldenAppTests {
    static func golden() throws -> GoldenRecording {
        let url = try #require(Bundle.module.url(forResource: "next", withExtension: "jsonl", subdirectory: "Golden"))
        return try GoldenRecording(contentsOf: url)
    }

    @Test func theLayoutIsTheTunedOne() throws {
        try Self.golden().checkLayout { offset in
            TunedLayout.cards(offset: offset).map {
                GoldenCard(
                    item: $0.item, transform: $0.transform, alpha: $0.alpha, position: ($0.position.x, $0.position.y),
                    size: ($0.size.width, $0.size.height), anchor: ($0.anchor.x, $0.anchor.y))
            }
        }.expectPassed()
    }

    @Test func theMotionIsTheTunedOne() throws {
        try Self.golden().checkMotion(
            step: TunedLayout.offset(from:to:velocity:at:), fling: TunedLayout.flingOffset(from:velocity:at:)
        ).expectPassed()
    }
}
