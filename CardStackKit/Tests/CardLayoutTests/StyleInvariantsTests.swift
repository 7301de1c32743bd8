import Testing

@testable import CardLayout

/// Properties every style's frames keep, over many offsets and parameter sets.
@Suite struct StyleInvariantsTests {
    static let offsets: [Double] = [
        0, 0.3, 1, 14.9, 15, 29.999, 30, 45, 59.5, 100, 149.99, 150, 333.3, 1234.5, 1e6 + 0.5, 1e12, -77, -1e9,
    ]

    /// Parameter sets that stress windows, wrap, perspective and options.
    static func variants(_ style: Style) -> [Parameters] {
        [
            parameters(style),
            parameters(style) { $0.layout.cards = 1 },
            parameters(style) { p in
                p.layout.cards = 2
                p.layout.wrap.toggle()
            },
            parameters(style) { $0.layout.cards = 1_000_000 },
            parameters(style) { p in
                p.layout.cards = 1_000_000
                p.layout.wrap.toggle()
            },
            parameters(style) { p in
                p.layout.m34 = -0.1
                p.layout.spacing = 7
                p.card.anchor = [0, 1]
            },
            parameters(style) { p in
                p.layout.m34 = 0.1
                p.layout.scaleStep = 1
                p.layout.spacing = 500
                p.card.width = 20
            },
            parameters(style) { p in
                p.layout.cards = 40
                p.carousel.vertical = true
                p.carousel.showBackfaces = false
                p.carousel.viewpoint = [30, -40]
                p.carousel.visibleItems = 40
                p.carousel.fadeMin = -2
                p.carousel.fadeMax = 1.5
                p.carousel.fadeMinAlpha = 0.25
            },
        ]
    }

    @Test(arguments: Style.allCases)
    func framesAreWellFormed(_ style: Style) {
        for p in Self.variants(style) {
            for offset in Self.offsets {
                let frame = Layout.frame(p, offset: offset)
                check(frame, p, "\(style) cards=\(p.layout.cards) wrap=\(p.layout.wrap) offset=\(offset)")
            }
        }
    }

    func check(_ frame: Frame, _ p: Parameters, _ label: String) {
        let cards = frame.cards
        #expect(cards.count <= StackLayout.maximumCards, "\(label)")
        #expect(zip(cards, cards.dropFirst()).allSatisfy { $0.z < $1.z }, "z must increase: \(label)")
        #expect(Set(cards.map(\.index)).count == cards.count, "an index twice: \(label)")
        for card in cards {
            let numbers =
                [card.ratio, card.position.x, card.position.y, card.scale, card.alpha, card.anchor.x, card.anchor.y]
                + card.transform.entries + (card.quad ?? []).flatMap { [$0.x, $0.y] }
            #expect(numbers.allSatisfy { $0.isFinite }, "not finite: \(label) card \(card.index)")
            #expect(card.alpha > 0 && card.alpha <= 1, "alpha \(card.alpha): \(label)")
            #expect(card.item == ((card.index % p.layout.cards) + p.layout.cards) % p.layout.cards, "\(label)")
            #expect(p.layout.wrap || (0..<p.layout.cards).contains(card.index), "\(label)")
            // A quad exists exactly when every corner is in front of the eye.
            let (w, h) = card.size
            let a = card.anchor
            let corners = [
                (-a.x * w, -a.y * h), ((1 - a.x) * w, -a.y * h), ((1 - a.x) * w, (1 - a.y) * h),
                (-a.x * w, (1 - a.y) * h),
            ]
            let inFront = corners.allSatisfy { card.transform.apply(x: $0.0, y: $0.1, z: 0).w > 0 }
            #expect((card.quad != nil) == inFront, "quad vs W: \(label) card \(card.index)")
        }
        // The item drawn in front: the visible card with the highest z (the last visible one).
        if let seen = cards.last(where: \.isVisible) { #expect(frame.front == seen.item, "front: \(label)") }
    }

    @Test(arguments: Style.allCases)
    func aMillionCardsCostTheVisibleWindowOnly(_ style: Style) {
        let p = parameters(style) { $0.layout.cards = 1_000_000 }
        for offset in [0, 123_456.7, Layout.period(p) - 1] {
            #expect(Layout.frame(p, offset: offset).cards.count <= 40, "\(style) at \(offset)")
        }
    }

    @Test(arguments: Style.allCases)
    func everyRestingPointShowsItsCard(_ style: Style) {
        // At offset k * spacing card k is laid out (centred, in front or at the head).
        let p = parameters(style) { $0.layout.cards = 50 }
        for k in [0, 1, 10, 49] {
            let frame = Layout.frame(p, offset: Double(k) * p.layout.spacing)
            #expect(
                frame.cards.contains { $0.index == k && (style == .stack || abs($0.ratio) < 1e-9) }, "\(style) k=\(k)")
        }
    }
}
