"""One hand as a state machine: deal (with bids), kitty, friend call, tricks, score.

``Hand.apply(action)`` validates first and changes nothing on a refusal (a ``RulesError``);
on success it returns the events the action caused and appends the action and events to the
hand's log. Everything random comes from the hand's seed, so the log replays exactly
(``engine.records``). ``Hand.pending()`` says who owes which decision now, in the rules' order:
every driver (the engine's loop, the arena, the app, the server) offers decisions in it.
``engine.views.view`` is the only way to read what one seat may know.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.actions import Action, AutoPlay, Bury, CallFriend, DealCard, PassBid, Play
from engine.bids import Bid, bid_suit, check_bid
from engine.cards import JOKERS, RANKS, SUITS, Card, deck, points, take_one
from engine.errors import RulesError
from engine.events import (
    BidMade,
    BidPassed,
    BidRevealed,
    Buried,
    DealEnd,
    Dealt,
    Event,
    FriendCalled,
    FriendRevealed,
    HandEnd,
    HandStart,
    KittyFlip,
    KittyPickup,
    Played,
    PlayStart,
    Redeal,
    ThrowFailed,
    TrickWon,
    TrumpHow,
    TrumpSet,
)
from engine.follows import check_follow, legal_follows
from engine.leads import Lead, check_lead, lead_candidates
from engine.order import Trumps, trumps_for
from engine.rules import RuleSet
from engine.scoring import hand_result, kitty_bonus, kitty_multiplier, next_dealer
from engine.shapes import decompose
from engine.tricks import trick_points, winner


@dataclass(frozen=True, slots=True)
class Decision:
    """Who owes what now: ``seat`` may take an action of one of ``kinds``. ``seat`` None is
    the table's own step (deal the next card). An optional decision (a bid while the cards
    come) is settled by acting or by ``Hand.decline``; a required one only by acting."""

    seat: int | None
    kinds: tuple[str, ...]
    required: bool


DEAL_STEP = Decision(None, ("deal",), True)


class Phase(StrEnum):
    DEAL = "deal"
    BURY = "bury"
    CALL = "call-friend"
    PLAY = "play"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class Setup:
    """Where a hand starts: the match's state before it."""

    seed: int
    levels: tuple[str, str, str, str]  # each seat's level (fixed partners: equal per side)
    dealer: int | None = None  # None: the first hand, the dealer comes from bidding
    hand_no: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "levels": list(self.levels),
            "dealer": self.dealer,
            "hand_no": self.hand_no,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Setup:
        return cls(d["seed"], tuple(d["levels"]), d.get("dealer"), d.get("hand_no", 1))


@dataclass
class Trick:
    leader: int
    plays: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    lead: Lead | None = None
    winner: int | None = None
    points: int = 0


class Hand:
    def __init__(self, rules: RuleSet, setup: Setup) -> None:
        self.rules = rules
        self.setup = setup
        self.dealer: int | None = setup.dealer
        self.level = setup.levels[setup.dealer] if setup.dealer is not None else rules.start_level
        self._rng = random.Random(setup.seed)
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self._shuffle()
        self._emit(Event(HandStart(setup.hand_no, self.dealer, self.level, setup.levels)))

    # -- state -------------------------------------------------------------------------
    def _shuffle(self) -> None:
        cards = deck(self.rules.decks)
        self._rng.shuffle(cards)
        self.deck = cards
        self.dealt = 0
        self._deal_total = 4 * self.rules.hand_size
        self.first_seat = self.dealer if self.dealer is not None else 0
        self.hands: list[Counter[Card]] = [Counter() for _ in range(4)]
        self.kitty: list[Card] = []
        self.bid: Bid | None = None
        self.bids: list[tuple[Bid, bool]] = []  # every bid, and whether all seats saw it
        self.first_bidder: int | None = None
        self.passed: set[int] = set()
        # the deal's bidding window after each card: the seats that bid or declined in it
        self._window: tuple[int, set[int]] = (0, set())
        # The seats that may bid on this card, as of the last action (a decline changes
        # nothing): ``pending`` is asked after every decline, and each asks all four seats.
        self._able: tuple[tuple[int, int], frozenset[int]] = ((-1, -1), frozenset())
        self._last_bidder: int | None = None  # who bid or passed last once the deal is over
        self._bids_cache: dict[int, tuple[Any, list[tuple[Card, ...]]]] = {}
        self._bid_cards = (*(self.level + s for s in SUITS), *JOKERS)
        self._bid_card_set = frozenset(self._bid_cards)
        self._bid_holding = [0, 0, 0, 0]  # bumped when a seat is dealt a card it could bid with
        self.phase = Phase.DEAL
        self.trumps: Trumps | None = None
        self.trump_how = ""
        self.flipped: list[Card] = []
        self.buried: tuple[Card, ...] = ()
        self.friend_card: Card | None = None
        self.partner: int | None = (self.dealer + 2) % 4 if self.dealer is not None else None
        self.friend_revealed = self.rules.partners == "fixed"
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None
        self.turn: int | None = None
        self.won: list[int] = [0, 0, 0, 0]  # points in tricks won, per seat
        self.penalty = 0  # attackers' points from failed throws (+ defender's, - attacker's)
        self.played: Counter[Card] = Counter()
        self.failed_throws: list[tuple[int, tuple[Card, ...], tuple[Card, ...]]] = []
        self.outcome: HandEnd | None = None  # the score, once the hand is done

    @property
    def deal_complete(self) -> bool:
        return self.dealt >= self._deal_total

    @property
    def defenders(self) -> tuple[int, ...]:
        assert self.dealer is not None
        if self.partner is None or self.partner == self.dealer:
            return (self.dealer,)
        return tuple(sorted({self.dealer, self.partner}))

    def attackers(self) -> tuple[int, ...]:
        return tuple(s for s in range(4) if s not in self.defenders)

    def actions_for(self, seat: int) -> tuple[str, ...]:
        """The kinds of action ``seat`` may take now."""
        if self.phase == Phase.DEAL:
            acts: tuple[str, ...] = ("bid",) if self.legal_bids(seat) else ()
            if self.deal_complete and seat not in self.passed:
                acts += ("pass-bid",)
            return acts
        if seat == self.dealer and self.phase in (Phase.BURY, Phase.CALL):
            return (self.phase.value,)
        if self.phase == Phase.PLAY and seat == self.turn:
            return ("play",)
        return ()

    def pending(self) -> tuple[Decision, ...]:
        """Every decision owed now, in the rules' order (the one order every driver offers
        them in). While the cards come, after each card each seat that could bid is offered one
        optional bid, from the seat just dealt onwards, then the next card is dealt. After the
        deal every seat that has not passed owes a bid or a pass, from the seat after the last
        one to bid or pass. Then the dealer buries and calls; then the seat to play."""
        phase = self.phase
        if phase == Phase.DEAL:
            if not self.deal_complete:
                if self.dealt == 0:
                    return (DEAL_STEP,)
                done = self._window[1] if self._window[0] == self.dealt else set()
                first = (self.first_seat + self.dealt - 1) % 4
                seats = [(first + i) % 4 for i in range(4)]
                now = (self.dealt, len(self.actions))
                if self._able[0] != now:
                    self._able = (now, frozenset(s for s in range(4) if self.legal_bids(s)))
                able = self._able[1]
                bids = tuple(
                    Decision(s, ("bid",), False) for s in seats if s not in done and s in able
                )
                return (*bids, DEAL_STEP)
            last = self._last_bidder
            first = (last + 1) % 4 if last is not None else self.first_seat
            out = []
            for s in ((first + i) % 4 for i in range(4)):
                kinds = self.actions_for(s)
                if kinds:
                    out.append(Decision(s, kinds, True))
            return tuple(out)
        if phase in (Phase.BURY, Phase.CALL):
            assert self.dealer is not None
            return (Decision(self.dealer, (phase.value,), True),)
        if phase == Phase.PLAY:
            assert self.turn is not None
            return (Decision(self.turn, ("play",), True),)
        return ()

    def decline(self, seat: int) -> None:
        """``seat`` makes no bid on this card (its optional decision is settled). Not an action:
        the log and the state of the game are unchanged; only ``pending`` moves on."""
        self._need_seat(seat)
        if self.phase != Phase.DEAL or self.deal_complete:
            raise RulesError("wrong-phase", phase=self.phase.value)
        self._settle(seat)

    def _settle(self, seat: int) -> None:
        if self._window[0] != self.dealt:
            self._window = (self.dealt, set())
        self._window[1].add(seat)

    # -- applying actions --------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply one action; raise ``RulesError`` (and change nothing) if it is not allowed."""
        if isinstance(action, AutoPlay):
            action = self.auto_action(action.seat)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise RulesError("malformed", why=f"unknown action {action!r}")
        start = len(self.events)
        handler(self, action)
        self.actions.append(action)
        return self.events[start:]

    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def _need_phase(self, *phases: Phase) -> None:
        if self.phase not in phases:
            raise RulesError("wrong-phase", phase=self.phase.value)

    def _need_seat(self, seat: int | None) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            raise RulesError("bad-seat")

    # deal and bids
    def _deal(self, _action: DealCard) -> None:
        self._need_phase(Phase.DEAL)
        if self.deal_complete:
            raise RulesError("wrong-phase", phase="deal complete")
        seat = (self.first_seat + self.dealt) % 4
        card = self.deck[self.dealt]
        self.dealt += 1
        self.hands[seat][card] += 1
        if card in self._bid_card_set:
            self._bid_holding[seat] += 1
        self._emit(Event(Dealt(seat, card)))
        if self.deal_complete:
            self.kitty = self.deck[self.dealt :]
            self._emit(Event(DealEnd(len(self.kitty))))
            if self.rules.bidding == "hidden" and self.bid is not None:
                self.bids[-1] = (self.bid, True)
                self._emit(Event(BidRevealed(self.bid.seat, self.bid.cards)))
            self._maybe_close_bidding()

    def _bid(self, bid: Bid) -> None:
        self._need_phase(Phase.DEAL)
        self._need_seat(bid.seat)
        if not bid.cards:
            raise RulesError("bid-count", need=1)
        have = self.hands[bid.seat]
        missing = [c for c, n in Counter(bid.cards).items() if have.get(c, 0) < n]
        if missing:
            raise RulesError("not-holding", cards=" ".join(missing))
        if bid.seat in self.passed:
            raise RulesError("wrong-phase", phase="already passed")  # a pass is final
        check_bid(self.bid, bid.seat, bid.cards, self.level, self.rules)
        self.bid = bid
        self.bids.append((bid, not (self.rules.bidding == "hidden" and not self.deal_complete)))
        if self.first_bidder is None:
            self.first_bidder = bid.seat
        if self.deal_complete:
            self._last_bidder = bid.seat
        else:
            self._settle(bid.seat)
        if self.rules.bidding == "hidden" and not self.deal_complete:
            self._emit(Event(BidMade(bid.seat, bid.cards), to=bid.seat))
        else:
            self._emit(Event(BidMade(bid.seat, bid.cards)))
        if self.deal_complete:
            self._maybe_close_bidding()

    def _pass_bid(self, action: PassBid) -> None:
        self._need_phase(Phase.DEAL)
        self._need_seat(action.seat)
        if not self.deal_complete:
            raise RulesError("wrong-phase", phase="dealing")
        if action.seat in self.passed:
            raise RulesError("wrong-phase", phase="already passed")
        self.passed.add(action.seat)
        self._last_bidder = action.seat
        self._emit(Event(BidPassed(action.seat)))
        self._maybe_close_bidding()

    def legal_bids(self, seat: int) -> list[tuple[Card, ...]]:
        """Every bid ``seat`` could make now from the cards it holds."""
        if self.phase != Phase.DEAL or seat in self.passed:
            return []
        # Asked for every seat after every card dealt: answer again only when the standing bid
        # or this seat's level cards and jokers changed.
        key = (len(self.bids), self._bid_holding[seat])
        cached = self._bids_cache.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        have = self.hands[seat]
        out = []
        for card in self._bid_cards:
            for n in range(1, have.get(card, 0) + 1):
                try:
                    check_bid(self.bid, seat, (card,) * n, self.level, self.rules)
                except RulesError:
                    continue
                out.append((card,) * n)
        self._bids_cache[seat] = (key, out)
        return out

    def _maybe_close_bidding(self) -> None:
        if all(s in self.passed or not self.legal_bids(s) for s in range(4)):
            self._close_bidding()

    def _close_bidding(self) -> None:
        rules = self.rules
        how: TrumpHow
        if self.bid is not None:
            suit, how = bid_suit(self.bid.cards), "bid"
            if self.dealer is None:
                first = self.first_bidder if rules.first_dealer == "first-bid" else None
                self._set_dealer(first if first is not None else self.bid.seat)
        elif self.dealer is None or rules.no_bid == "redeal":
            self._emit(Event(Redeal("no bid")))
            self._shuffle()
            return
        elif rules.no_bid == "no-trump":
            suit, how = None, "no-trump"
        elif rules.no_bid == "fixed-suit":
            suit, how = rules.no_bid_suit, "fixed-suit"
        else:
            suit, how = self._flip_kitty(), "flip-kitty"
        self.trumps = trumps_for(self.level, suit, rules.twos_trump)
        self.trump_how = how
        assert self.dealer is not None
        self._emit(Event(TrumpSet(suit, self.level, self.dealer, how, self.bid)))
        if self.kitty:
            self.phase = Phase.BURY
            self.hands[self.dealer].update(self.kitty)
            self._emit(Event(KittyPickup(self.dealer, tuple(self.kitty))))
        else:
            self._after_bury()

    def _set_dealer(self, seat: int) -> None:
        self.dealer = seat
        self.partner = (seat + 2) % 4
        self.level = self.setup.levels[seat]

    def _flip_kitty(self) -> str:
        """潮汕: flip the kitty one by one; the first level card's suit, else the highest's."""
        best: Card | None = None
        for card in self.kitty:
            self.flipped.append(card)
            if card in JOKERS:
                continue
            if card[0] == self.level:
                best = card
                break
            if best is None or RANKS.index(card[0]) > RANKS.index(best[0]):
                best = card
        self._emit(Event(KittyFlip(tuple(self.flipped))))
        return best[1] if best else self.rules.no_bid_suit

    # kitty and friend
    def _bury(self, action: Bury) -> None:
        self._need_phase(Phase.BURY)
        if action.seat != self.dealer:
            raise RulesError("not-your-turn", turn=self.dealer)
        need = len(self.kitty)
        if len(action.cards) != need:
            raise RulesError("bury-count", need=need, got=len(action.cards))
        have = self.hands[action.seat]
        missing = [c for c, n in Counter(action.cards).items() if have.get(c, 0) < n]
        if missing:
            raise RulesError("not-holding", cards=" ".join(missing))
        have.subtract(action.cards)
        self.hands[action.seat] = +have
        self.buried = tuple(action.cards)
        self._emit(Event(Buried(action.seat, tuple(self.shown_buried()), tuple(action.cards))))
        self._after_bury()

    def shown_buried(self) -> list[Card]:
        """潮汕: the buried off-suit K and A, shown to everyone."""
        if not self.rules.show_buried_ak or self.trumps is None:
            return []
        return [c for c in self.buried if c[0] in "KA" and not self.trumps.is_trump(c)]

    def _after_bury(self) -> None:
        if self.rules.partners == "called-card":
            self.phase = Phase.CALL
            self.partner = None
        else:
            self._start_play()

    def callable_cards(self) -> list[Card]:
        if self.rules.friend_excludes_level_and_jokers:
            return [r + s for s in SUITS for r in RANKS if r != self.level]
        return [r + s for s in SUITS for r in RANKS] + list(JOKERS)

    def _call_friend(self, action: CallFriend) -> None:
        self._need_phase(Phase.CALL)
        if action.seat != self.dealer:
            raise RulesError("not-your-turn", turn=self.dealer)
        if action.card not in self.callable_cards():
            raise RulesError("friend-card", card=action.card)
        self.friend_card = action.card
        self.partner = self._friend_holder(action.card)
        self.friend_revealed = False
        self._emit(Event(FriendCalled(action.seat, action.card)))
        self._start_play()

    def _friend_holder(self, card: Card) -> int | None:
        """RULES.md §4.3: the other copy's holder; or the nearest holder after the dealer."""
        assert self.dealer is not None
        mine = self.hands[self.dealer].get(card, 0)
        if mine >= self.rules.decks:
            return None  # the dealer holds every copy: one against three
        for step in range(1, 4):
            seat = (self.dealer + step) % 4
            if self.hands[seat].get(card, 0):
                return seat
        return None  # the other copies are buried: the dealer plays alone

    # play
    def _start_play(self) -> None:
        assert self.dealer is not None
        self.phase = Phase.PLAY
        self.turn = self.dealer
        self.trick = Trick(leader=self.dealer)
        self._emit(Event(PlayStart(self.dealer)))

    def _play(self, action: Play) -> None:
        self._need_phase(Phase.PLAY)
        self._need_seat(action.seat)
        if action.seat != self.turn:
            raise RulesError("not-your-turn", turn=self.turn)
        assert self.trick is not None and self.trumps is not None
        seat, cards = action.seat, tuple(action.cards)
        hand = self.hands[seat]
        if self.trick.lead is None:
            others = [self.hands[s] for s in range(4) if s != seat]
            shown = self.shown_buried()  # 潮汕: shown K/A are accounted for
            seen = self.played + Counter(shown) if shown else self.played
            lead = check_lead(hand, cards, self.trumps, self.rules, others, seen)
            self.trick.lead = lead
            if lead.attempted is not None:
                self._throw_failed(seat, lead)
            cards = lead.cards
        else:
            first = self.trick.plays[0][1]
            check_follow(hand, cards, first, self.trick.lead.shape, self.trumps, self.rules)
        for card in cards:
            take_one(hand, card)
        self.played.update(cards)
        self.trick.plays.append((seat, cards))
        self._emit(Event(Played(seat, cards)))
        if self.friend_card in cards and not self.friend_revealed and seat == self.partner:
            self.friend_revealed = True
            self._emit(Event(FriendRevealed(seat)))
        if len(self.trick.plays) < 4:
            self.turn = (seat + 1) % 4
        else:
            self._finish_trick()

    def _throw_failed(self, seat: int, lead: Lead) -> None:
        self.failed_throws.append((seat, lead.attempted or (), lead.cards))
        penalty = self.rules.throw_penalty
        if penalty:
            self.penalty += penalty if seat in self.defenders else -penalty
        beaten_by, beater = None, None
        if lead.beater is not None:  # the other hands, in check_lead's order
            index, cards = lead.beater
            beaten_by, beater = [s for s in range(4) if s != seat][index], tuple(cards)
        self._emit(
            Event(
                ThrowFailed(
                    seat, tuple(lead.attempted or ()), tuple(lead.cards), penalty, beaten_by, beater
                )
            )
        )

    def _finish_trick(self) -> None:
        trick = self.trick
        assert trick is not None and trick.lead is not None and self.trumps is not None
        plays = [cards for _, cards in trick.plays]
        trick.winner = trick.plays[winner(plays, trick.lead.shape, self.trumps)][0]
        trick.points = trick_points(plays)
        self.won[trick.winner] += trick.points
        self.tricks.append(trick)
        self._emit(Event(TrickWon(trick.winner, trick.points)))
        if any(self.hands[s] for s in range(4)):
            self.trick = Trick(leader=trick.winner)
            self.turn = trick.winner
        else:
            self.trick = None
            self.turn = None
            self._score()

    def _score(self) -> None:
        assert self.dealer is not None and self.trumps is not None
        rules = self.rules
        attackers = self.attackers()
        last = self.tricks[-1]
        assert last.lead is not None and last.winner is not None
        captured = last.winner in attackers and rules.kitty_capture != "none"
        kitty = self.buried or tuple(self.kitty)
        winning = next(cards for seat, cards in last.plays if seat == last.winner)
        kind = decompose(winning, self.trumps)[0].kind  # RULES §8: the winning play's largest
        mult = kitty_multiplier(rules, kind) if captured else 0
        bonus = kitty_bonus(rules, points(kitty), kind) if captured else 0
        base = sum(self.won[s] for s in attackers) + self.penalty
        total = base + bonus
        winner, levels = hand_result(rules, total, captured)
        partner = self.partner if self.partner != self.dealer else None
        self.outcome = HandEnd(
            kitty=tuple(kitty),
            kitty_captured=captured,
            multiplier=mult,
            trick_points=base,
            attacker_points=total,
            winner=winner,
            levels=levels,
            dealer_passes=winner == "attackers",
            defenders=self.defenders,
            next_dealer=next_dealer(rules, self.dealer, partner, winner),
        )
        self.phase = Phase.DONE
        self._emit(Event(self.outcome))

    # -- automatic actions -------------------------------------------------------------
    def auto_action(self, seat: int) -> Action:
        """A legal action for ``seat`` (托管 / timeout): simple, safe and deterministic."""
        self._need_seat(seat)
        if self.phase == Phase.DEAL:
            if not self.deal_complete or seat in self.passed:
                raise RulesError("wrong-phase", phase=self.phase.value)
            bids = self.legal_bids(seat)
            if self.bid is None and bids:  # someone must bid, or an all-托管 table redeals forever
                return Bid(seat, max(bids, key=len))
            return PassBid(seat)
        if self.phase == Phase.BURY and seat == self.dealer:
            trumps = self.trumps
            assert trumps is not None
            low = sorted(
                self.hands[seat].elements(),
                key=lambda c: (trumps.is_trump(c), points([c]), trumps.position(c)),
            )
            return Bury(seat, tuple(low[: len(self.kitty)]))
        if self.phase == Phase.CALL and seat == self.dealer:
            held = self.hands[seat]
            options = [c for c in self.callable_cards() if c[0] == "A" and held.get(c, 0) == 0]
            return CallFriend(seat, (options or self.callable_cards())[0])
        if self.phase == Phase.PLAY and seat == self.turn:
            return Play(seat, tuple(self.play_candidates(seat, limit=1)[0]))
        raise RulesError("not-your-turn", turn=self.turn if self.turn is not None else self.dealer)

    def play_candidates(self, seat: int, limit: int = 50) -> list[list[Card]]:
        """Legal plays for ``seat`` now: every distinct single, tuple and tractor to lead
        (throws are the player's own idea), or up to ``limit`` legal follows."""
        assert self.trumps is not None
        hand = self.hands[seat]
        if self.trick is None or self.trick.lead is None:
            return lead_candidates(hand, self.trumps, self.rules)[:limit]
        first = self.trick.plays[0][1]
        return list(
            legal_follows(hand, first, self.trick.lead.shape, self.trumps, self.rules, limit)
        )

    # -- equality for replays ----------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (two hands are equal iff their snapshots are)."""
        return {
            "phase": self.phase.value,
            "dealer": self.dealer,
            "level": self.level,
            "hands": [sorted(h.elements()) for h in self.hands],
            "kitty": list(self.kitty),
            "buried": list(self.buried),
            "bid": _bid_dict(self.bid) if self.bid else None,
            "trump": self.trumps.trump if self.trumps else None,
            "friend": [self.friend_card, self.partner, self.friend_revealed],
            "tricks": [[t.leader, [list(c) for _, c in t.plays], t.winner] for t in self.tricks],
            "won": list(self.won),
            "penalty": self.penalty,
            "outcome": None
            if self.outcome is None
            else [
                self.outcome.attacker_points,
                self.outcome.winner,
                self.outcome.next_dealer,
            ],
            "events": [e.to_dict() for e in self.events],
        }


def _bid_dict(bid: Bid) -> dict[str, Any]:
    return {"seat": bid.seat, "cards": list(bid.cards)}


_HANDLERS: dict[type, Any] = {
    DealCard: Hand._deal,
    Bid: Hand._bid,
    PassBid: Hand._pass_bid,
    Bury: Hand._bury,
    CallFriend: Hand._call_friend,
    Play: Hand._play,
}
