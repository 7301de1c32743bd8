import Testing

@testable import CardLayout

@Suite struct DeckTests {
    let deck = Deck(cards: 5, titles: [])

    @Test func theStartingDeckFollowsTheFile() {
        #expect(deck.titles == ["1", "2", "3", "4", "5"])
        #expect(Deck(cards: 5, titles: ["a", "b"]).titles == ["a", "b", "a", "b", "a"])
        #expect(!deck.isEdited)
        var p = Parameters()
        p.layout.cards = 5
        #expect(deck.applied(to: p) == p, "an unedited deck leaves the parameters alone")
    }

    @Test func edits() throws {
        let moved = try deck.applying(.move(from: 0, to: 3))
        #expect(moved.titles == ["2", "3", "4", "1", "5"])
        #expect(try moved.applying(.move(from: 3, to: 0)).titles == deck.titles)
        let removed = try deck.applying(.remove(item: 2))
        #expect(removed.titles == ["1", "2", "4", "5"] && removed.count == 4)
        let inserted = try deck.applying(.insert(at: 5, title: "new"))
        #expect(inserted.titles == ["1", "2", "3", "4", "5", "new"])
        #expect(try deck.applying(.insert(at: 0, title: "new")).title(of: 0) == "new")
    }

    @Test func theLayoutShowsTheEditedDeck() throws {
        var p = Parameters()
        p.layout.cards = 5
        let edited = try deck.applying(.remove(item: 0)).applied(to: p)
        #expect(edited.layout.cards == 4)
        let frame = Layout.frame(edited, offset: 0)
        #expect(frame.cards.last?.title == "2")
        #expect(!frame.cards.contains { $0.title == "1" })
        #expect(Set(frame.cards.map(\.item)) == Set(0..<4))
    }

    @Test func badEditsSayWhatIsAllowed() {
        func message(_ edit: DeckEdit, on deck: Deck) -> String? {
            do {
                _ = try deck.applying(edit)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message(.remove(item: 5), on: deck)?.contains("0...4") == true)
        #expect(message(.move(from: -1, to: 0), on: deck)?.contains("\"from\" is -1") == true)
        #expect(message(.insert(at: 6, title: "x"), on: deck)?.contains("0...5") == true)
        #expect(message(.insert(at: 0, title: ""), on: deck)?.contains("1 to 200 characters") == true)
        #expect(message(.remove(item: 0), on: Deck(cards: 1, titles: []))?.contains("at least one") == true)
    }

    @Test func hugeDecksStayCheapAndRefuseEdits() {
        let huge = Deck(cards: 1_000_000, titles: ["x"])
        #expect(huge.count == 1_000_000 && huge.title(of: 999_999) == "x")
        var p = Parameters()
        p.layout.cards = 1_000_000
        #expect(huge.applied(to: p).card.titles.isEmpty)
        #expect(throws: DeckError.self) { try huge.applying(.remove(item: 0)) }
        let atCap = Deck(cards: Deck.maximumEditableCards, titles: [])
        #expect(throws: DeckError.self) { try atCap.applying(.insert(at: 0, title: "x")) }
        #expect((try? atCap.applying(.remove(item: 0)))?.count == Deck.maximumEditableCards - 1)
    }

    @Test func positionsMapBothWays() {
        let edits: [DeckEdit] = [
            .move(from: 1, to: 3), .move(from: 3, to: 1), .remove(item: 2), .insert(at: 2, title: "x"),
        ]
        for edit in edits {
            for old in 0..<5 {
                guard let new = edit.newPosition(of: old) else { continue }
                #expect(edit.oldPosition(of: new) == old, "\(edit) \(old)")
            }
        }
        // The front card stays in front unless it is removed.
        #expect(DeckEdit.remove(item: 0).newFront(3, newCount: 4, wrap: false) == 2)
        #expect(DeckEdit.remove(item: 3).newFront(3, newCount: 4, wrap: false) == 3)
        #expect(DeckEdit.remove(item: 4).newFront(4, newCount: 4, wrap: false) == 3)
        #expect(DeckEdit.remove(item: 4).newFront(4, newCount: 4, wrap: true) == 0)
        #expect(DeckEdit.insert(at: 1, title: "x").newFront(3, newCount: 6, wrap: false) == 4)
    }
}

@Suite struct DeckTransitionTests {
    /// At the start the picture is the old arrangement; at the end the new one.
    @Test func removingTheFrontCardClosesUpBehindIt() {
        var t = DeckTransition(edit: .remove(item: 2), oldFront: 2, newFront: 2, oldCount: 11, newCount: 10, wrap: true)
        #expect(t.shift(of: 2) == 1 && t.shift(of: 5) == 1 && t.shift(of: 1) == 0)
        t.progress = 0.5
        #expect(t.shift(of: 2) == 0.5)
        t.progress = 1
        #expect(t.shift(of: 2) == 0)
    }

    @Test func editsBeforeTheFrontCloseUpFromTheOtherSide() {
        // Remove item 1 with item 4 in front: item 4 becomes 3 and stays put.
        let t = DeckTransition(
            edit: .remove(item: 1), oldFront: 4, newFront: 3, oldCount: 11, newCount: 10, wrap: false)
        #expect(t.shift(of: 3) == 0 && t.shift(of: 6) == 0)
        #expect(t.shift(of: 0) == -1)
    }

    @Test func insertedCardsFadeIn() {
        var t = DeckTransition(
            edit: .insert(at: 3, title: "x"), oldFront: 2, newFront: 2, oldCount: 11, newCount: 12, wrap: false)
        #expect(t.fade(of: 3) == 0 && t.shift(of: 4) == -1 && t.shift(of: 3) == 0)
        t.progress = 1
        #expect(t.fade(of: 3) == 1 && t.shift(of: 4) == 0)
    }

    @Test func theFrameAtTheStartLooksLikeTheOldDeck() throws {
        for style in [Style.stack, .switcher7, .coverflow, .zoomFlow, .flip] {
            let p = parameters(style) {
                $0.layout.cards = 11
                $0.layout.wrap = false
            }
            let offset = 4 * p.layout.spacing
            let before = Layout.frame(p, offset: offset)
            let edited = try Deck(p).applying(.remove(item: 7)).applied(to: p)
            let t = DeckTransition(
                edit: .remove(item: 7), oldFront: 4, newFront: 4, oldCount: 11, newCount: 10, wrap: false)
            let during = Layout.frame(edited, offset: offset, context: ScrollContext(transition: t))
            // Every card still there is drawn exactly where it was (the window may take in
            // one more card each side while the edit runs).
            let staying = before.cards.filter { $0.item != 7 }
            #expect(staying.count >= 2, "\(style)")
            for old in staying {
                // A card missing from the frame is an error, not a match of two nil quads.
                let now = try #require(during.cards.first { $0.title == old.title }, "\(style) \(old.title)")
                #expect(now.quad == old.quad, "\(style) \(old.title)")
            }
            var done = t
            done.progress = 1
            #expect(
                Layout.frame(edited, offset: offset, context: ScrollContext(transition: done))
                    == Layout.frame(edited, offset: offset))
        }
    }

    @Test func theRemovedCardFliesUpAndFades() {
        let p = parameters(.switcher7)
        let front = Layout.frame(p, offset: 0).cards.last!
        var t = DeckTransition(
            edit: .remove(item: 0), oldFront: 0, newFront: 0, oldCount: 11, newCount: 10, wrap: false, leaving: front)
        t.progress = 0.5
        let flying = t.leavingCard(viewportHeight: 667)!
        #expect(flying.position.y == front.position.y - 667 * 0.5 && flying.alpha == front.alpha * 0.5)
        t.progress = 1
        #expect(t.leavingCard(viewportHeight: 667) == nil)
    }
}
