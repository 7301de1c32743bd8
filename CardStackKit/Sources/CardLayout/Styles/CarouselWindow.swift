/// The iCarousel rules every iCarousel-based style shares (docs/layouts.md §2.2, §2.7, §2.8):
/// which items are laid out around the current one, their offsets with wrap, and the
/// depth order.
enum CarouselWindow {
    /// One laid-out item: its virtual index (so that `index - position == offset`), the
    /// deck item it shows, and its offset in items.
    struct Slot: Equatable {
        var index: Int
        var item: Int
        var offset: Double
    }

    /// iCarousel's `currentItemIndex`: the nearest item, C rounding (halves away from zero),
    /// wrapped or clamped into the deck.
    static func currentItem(position s: Double, cards n: Int, wrap: Bool) -> Int {
        let k = clampedInt(s.rounded(.toNearestOrAwayFromZero))
        return wrap ? ((k % n) + n) % n : min(max(k, 0), n - 1)
    }

    /// The item's offset from the scroll position, brought into `[-n/2, n/2]` when
    /// wrapping (`offsetForItemAtIndex`), with the matching virtual index.
    static func slot(item: Int, position s: Double, cards n: Int, wrap: Bool) -> Slot {
        var offset = Double(item) - s
        var index = item
        if wrap {
            let half = Double(n) / 2
            if offset > half {
                offset -= Double(n)
                index -= n
            } else if offset < -half {
                offset += Double(n)
                index += n
            }
        }
        return Slot(index: index, item: item, offset: offset)
    }

    /// The `visible` items around the current one (`loadUnloadViews`): the window starts
    /// `visible / 2` before it, is kept inside the deck without wrap, and never holds an item
    /// twice. The cost is `visible`, whatever the deck size.
    static func slots(position s: Double, cards n: Int, wrap: Bool, visible: Int) -> [Slot] {
        let count = min(max(visible, 0), n)
        guard count > 0 else { return [] }
        var start = currentItem(position: s, cards: n, wrap: wrap) - count / 2
        if !wrap { start = max(0, min(n - count, start)) }
        return (0..<count).map { j in
            let item = wrap ? (((start + j) % n) + n) % n : start + j
            return slot(item: item, position: s, cards: n, wrap: wrap)
        }
    }

    /// Sorts back to front by iCarousel's depth key (`compareViewDepth`): the z of the local
    /// point (1, 1, 1) before the divide; exact ties go by distance from the current item
    /// along the scroll axis (farther first), then by index.
    static func depthSorted(
        _ cards: [CardPlacement], current: Transform3D, vertical: Bool
    ) -> [CardPlacement] {
        func key(_ t: Transform3D) -> Double { t.m13 + t.m23 + t.m33 + t.m43 }
        func along(_ t: Transform3D) -> Double {
            vertical ? t.m12 + t.m22 + t.m32 + t.m42 : t.m11 + t.m21 + t.m31 + t.m41
        }
        let reference = along(current)
        // The keys apart and positions sorted, not the cards: a card is large to move.
        var depth: [Double] = []
        var distance: [Double] = []
        var index: [Int] = []
        depth.reserveCapacity(cards.count)
        distance.reserveCapacity(cards.count)
        index.reserveCapacity(cards.count)
        for card in cards {
            depth.append(key(card.transform))
            distance.append(abs(along(card.transform) - reference))
            index.append(card.index)
        }
        let order = Array(cards.indices).sorted { a, b in
            if depth[a] != depth[b] { return depth[a] < depth[b] }
            if distance[a] != distance[b] { return distance[a] > distance[b] }
            return index[a] < index[b]
        }
        var out: [CardPlacement] = []
        out.reserveCapacity(cards.count)
        for (rank, position) in order.enumerated() {
            var card = cards[position]
            card.z = rank
            out.append(card)
        }
        return out
    }
}
