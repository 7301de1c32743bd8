import CardLayout
import CardStackProtocol

extension Session {
    /// Applies a deck edit (`move`, `remove`, `insert`): the new deck is in force at once
    /// (the reply, `get_state`'s `cards` and every later frame show it), the same card stays
    /// in front unless it is the one removed, and the picture animates from the old
    /// arrangement to the new one over the edit's duration (``DeckTransition``). Subscribers
    /// get a `state` event, then the frames.
    ///
    /// - Throws: `invalid_argument` when the edit does not fit the deck (the message gives
    ///   the allowed range).
    mutating func applyEdit(_ edit: DeckEdit, at now: Double) throws(WireError) -> CommandResult {
        let newDeck: Deck
        do {
            newDeck = try deck.applying(edit)
        } catch {
            throw WireError(.invalidArgument, error.message)
        }
        stopAnimation()
        let old = deckParameters
        let spacing = old.layout.spacing
        let wrap = old.layout.wrap
        let oldFront = Layout.restingItem(offset, old)
        // Where the offset sits relative to the front card's snap point, kept across the edit.
        let fraction = offset - (offset / spacing).rounded() * spacing
        let newFront = edit.newFront(oldFront, newCount: newDeck.count, wrap: wrap)
        var leaving: CardPlacement?
        if case .remove(let item) = edit {
            leaving = frame.cards.last { $0.item == item }
        }
        deck = newDeck
        deckParameters = newDeck.applied(to: parameters.inEffect)
        offset = Layout.normalize(Double(newFront) * spacing + fraction, deckParameters)
        memory.reset()
        memory.observe(offset: offset, at: now, velocity: 0, animating: false, parameters: deckParameters)
        var transition = DeckTransition(
            edit: edit, oldFront: oldFront, newFront: newFront, oldCount: old.layout.cards,
            newCount: newDeck.count, wrap: wrap, leaving: leaving)
        transition.curve = deckParameters.animation.curve
        editing = RunningEdit(
            transition: transition, start: now,
            duration: deckParameters.animation.duration(of: edit) * deckParameters.animation.slowdown)
        // Deck positions change: an open circle reveal closes at once.
        reveal = nil
        emit(.publishState)
        publishFrame(at: now)
        keepTicking(at: now)
        return .deck(cards: newDeck.count, front: newFront)
    }
}
