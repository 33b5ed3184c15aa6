"""Hand review (issue 35, part 3): one seat's costliest decisions in a finished hand.

Every play decision of the seat with a real choice is judged from that seat's view only: the
search's candidates (``expert.candidates``) and the play made are each played out with ``basic``
at every seat on the same ``deals`` deals drawn from what the seat could see
(``sample_inferred``: never the real hidden cards), so the luck of the deal cancels in the paired
difference. Each play's expected result is given in the hand's own currency: the chance that the
seat's side wins the hand (the defenders keep the attackers under the threshold, 80 of 200 in
classic, or the attackers make it) and the expected levels it gains (+) or loses (-). The loss
is the best play's paired lead in level utility (levels smoothed by the points, as the search
scores), and a decision is labelled only when the lower confidence bound of that loss clears the
label's threshold (``LABELS``), so a noisy draw does not brand a sound play.

The thresholds were calibrated on AI-vs-AI hands (``bench/review_bench.py --calibrate --hands
5``: every seat of 5 classic hands of four ``normal`` players, 225 decisions on 64 deals each):
the loss's median was 0.016 levels, p75 0.16, p90 0.33, p95 0.50. An inaccuracy (lower bound
≥ 0.15) then flags 5.8% of those decisions, a mistake (≥ 0.4) 1.8%, a blunder (≥ 0.8, about a
level: like giving the deal away) none, so a sound player sees a label or two a hand at most.

The dealer's burial and friend call are judged the same way (``judge_burial``, ``judge_call``):
the options the search weighs (``basic.bury_options``, ``basic.call_options``) and the one made,
each played out from the first lead on the same deals of the cards the dealer cannot see
(``deal_unseen``), the reason the hint's for the best option.

The seat's bidding is judged too (``judge_bid``): each bid it made, its pass after the deal, and
each chance to bid it let go while the cards came. A chance let go leaves no action in the
record, so it is located by replaying the deal in ``Hand.pending``'s order (``bid_chances``: at
the action its turn came before), and only a *new* chance counts, one where it could make a bid
it could not at its previous turn (a level card or joker dealt, a pair completed): letting the
same bids go card after card is one decision. The options are no bid (waiting while the cards
come, passing after) and each bid its cards allow (one per card and count: a handful), each
played out on the same deals of what the seat could not see (its own cards still to come, the
others' cards, the kitty), drawn so that every bid it saw was held by its bidder when made: the
deal's public actions are replayed on that deck, the rest of the deal dealt, every later bid
(the seat's own too) ``basic.bid_action``'s, then the burial, the call and the play ``basic``'s.
The judgement reads the seat's view, the cards it was dealt in their order and the deal's
public actions; only the hindsight figures deal the real deck. An option can put the seat on
the other side, so a bid's utility is measured from the threshold (the attackers' points less
80 in classic, over the band) rather than from 0 points: the same deal is worth the same to
the seat whichever side it ends up on, and the options' paired differences compare. Bids share
the plays' ``LABELS``: on 10 classic AI-vs-AI hands (every seat, 64 deals) the 35 bidding
decisions judged had a loss p90 of 0.19 levels and none was labelled, while passing on 15
trumps with the pair to bid is a blunder (tests/engine/test_review_bids.py). A bidding decision
costs 0.2 to 1 s at the default budget (``bench/review_bench.py --seat 2``). Hidden bidding
(four decks) is not judged: the others' bids there shape the seat's options but it never sees
them, so its deals cannot be drawn from its information alone.

The *hindsight* figure is separate and labelled so: the play made, played out once in the real
deal (the open hands) with the same continuation; it never feeds the judgement.

``public_win`` is the live evaluation of a table from what every seat can see (a spectator's
view), for the evaluation bar of a delayed table's spectators.
"""

from __future__ import annotations

import math
import random
import statistics
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from engine.actions import Action, Bury, CallFriend, DealCard, PassBid, Play
from engine.ai import basic
from engine.ai.codes import codes_for
from engine.ai.expert import _classes, candidates
from engine.ai.fastpolicy import run
from engine.ai.fastworld import Fast, from_world
from engine.ai.hint import _bury_reason, _names, _play_reason
from engine.ai.memory import (
    knowledge,
    known_holdings,
    outside_cards,
    played_cards,
    view_tricks,
    voids_from,
)
from engine.ai.sampling import (
    KITTY,
    Unseen,
    deal_unseen,
    sample_inferred,
    shuffle,
    starting_world,
    world_from,
)
from engine.bids import Bid, bid_suit
from engine.cards import SUIT_NAMES_EN, SUIT_NAMES_ZH, Card, card_name, deck
from engine.errors import RulesError
from engine.events import Dealt, Redeal
from engine.hand import Hand, Phase
from engine.messages import hint_text
from engine.order import Trumps
from engine.records import HandRecord
from engine.rules import RuleSet
from engine.scoring import hand_result
from engine.views import View, view

DEALS = 64  # deals per decision: the default budget (bench/review_bench.py: ≤ 20 s a hand)
WIDE = 5  # candidates judged besides the play made
LIVE_DEALS = 48  # deals per live evaluation (``public_win``): a second or two in a worker
PUBLIC_TRIES = 20  # dead ends of a public deal before the voids are let go
LCB_Z = 1.645  # one-sided 95%: a label needs the loss's lower bound over its threshold
# Loss thresholds in levels (utility), calibrated on AI-vs-AI hands (docs/AI.md), worst first
LABELS = (("blunder", 0.8), ("mistake", 0.4), ("inaccuracy", 0.15))
# of the cached form: a review cached by an older judge is recomputed (2: burials; 3: friend
# calls, and burials with a called friend; 4: bids, passes and the chances to bid let go, and
# each moment's kind)
VERSION = 4
Decision = Play | Bury | CallFriend | Bid | PassBid  # what the review judges


@dataclass(frozen=True, slots=True)
class Expected:
    """A play's expected result for the seat's side over the judged deals."""

    utility: float  # levels smoothed by the points: the search's score
    win: float  # chance the side wins the hand (keeps or makes the threshold)
    levels: float  # expected levels gained (+) or lost (-)


@dataclass(frozen=True, slots=True)
class Moment:
    """One judged decision: ``step`` is its index in the record's actions."""

    step: int
    trick: int  # tricks finished before it
    played: tuple[Card, ...]
    best: tuple[Card, ...]
    played_result: Expected
    best_result: Expected
    loss: float  # the best play's paired lead over the play made, in levels
    lcb: float  # its lower confidence bound
    deals: int
    label: str  # "", or a name from LABELS
    reason_en: str
    reason_zh: str
    # Hindsight (the open hands): the play made and the best candidate, each played out once in
    # the real deal with the same continuation; level utility
    hindsight: float
    hindsight_best: float
    # play, bury, call, or bid (a bid, or no bid: a pass after the deal, or a chance to bid let
    # go while the cards came; ``played`` and ``best`` are then the cards bid, () for none)
    kind: str = "play"


@dataclass(frozen=True, slots=True)
class Review:
    seat: int
    deals: int
    moments: tuple[Moment, ...]

    def costliest(self, n: int = 3) -> list[Moment]:
        """The labelled decisions, the costliest first."""
        flagged = [m for m in self.moments if m.label]
        return sorted(flagged, key=lambda m: -m.loss)[:n]

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "seat": self.seat,
            "deals": self.deals,
            "moments": [_moment_dict(m) for m in self.moments],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Review | None:
        """The cached review (None: cached by another version of the judge)."""
        if d.get("version") != VERSION:
            return None
        moments = []
        for m in d["moments"]:
            moments.append(
                Moment(
                    int(m["step"]),
                    int(m["trick"]),
                    tuple(m["played"]),
                    tuple(m["best"]),
                    Expected(*m["played_result"]),
                    Expected(*m["best_result"]),
                    float(m["loss"]),
                    float(m["lcb"]),
                    int(m["deals"]),
                    str(m["label"]),
                    str(m["reason_en"]),
                    str(m["reason_zh"]),
                    float(m["hindsight"]),
                    float(m["hindsight_best"]),
                    str(m.get("kind", "play")),
                )
            )
        return cls(int(d["seat"]), int(d["deals"]), tuple(moments))


def _moment_dict(m: Moment) -> dict[str, Any]:
    return {
        "step": m.step,
        "trick": m.trick,
        "played": list(m.played),
        "best": list(m.best),
        "played_result": [m.played_result.utility, m.played_result.win, m.played_result.levels],
        "best_result": [m.best_result.utility, m.best_result.win, m.best_result.levels],
        "loss": m.loss,
        "lcb": m.lcb,
        "deals": m.deals,
        "label": m.label,
        "reason_en": m.reason_en,
        "reason_zh": m.reason_zh,
        "hindsight": m.hindsight,
        "hindsight_best": m.hindsight_best,
        "kind": m.kind,
    }


def decisions(record: HandRecord, seat: int) -> list[int]:
    """The indices among the record's actions of ``seat``'s decisions: its plays, burial and
    friend call, its bids and its pass, and the chances to bid it let go while the cards came
    (``bid_chances``: the index of the action it let go before). No bid decision under hidden
    bidding (four decks): see the module's docstring."""
    bidding = record.rules.bidding != "hidden"
    own: tuple[type, ...] = (
        (Play, Bury, CallFriend, Bid, PassBid) if bidding else (Play, Bury, CallFriend)
    )
    steps = [i for i, a in enumerate(record.actions) if isinstance(a, own) and a.seat == seat]
    if bidding:
        steps += bid_chances(record, seat)
    return sorted(steps)


def bid_chances(record: HandRecord, seat: int) -> list[int]:
    """Where ``seat`` let a new chance to bid go while the cards came: the index of the action
    (the next card, or a later seat's bid) its turn in the deal's bidding window came before.
    A chance is new when the seat could make a bid it could not make at its previous turn (a
    level card or joker dealt, or a pair completed): letting the same bids go card after card is
    one decision, judged once. Turns come in ``Hand.pending``'s order, as every driver offers
    them."""
    hand = Hand(record.rules, record.setup)
    out = []
    window = -1
    before: set[tuple[Card, ...]] | None = None  # the bids it could make at its last turn
    for i, action in enumerate(record.actions):
        if hand.phase != Phase.DEAL:
            break
        if hand.dealt == 0:
            window, before = -1, None  # a new deal (the first, or after a redeal)
        elif not hand.deal_complete and window != hand.dealt:
            order = [d.seat for d in hand.pending() if d.seat is not None]
            if seat in order:
                actor = action.seat if isinstance(action, Bid) else None
                if actor == seat:  # it bid: judged as its bid
                    window, before = hand.dealt, set(hand.legal_bids(seat))
                elif actor is None or (actor in order and order.index(seat) < order.index(actor)):
                    window = hand.dealt
                    now = set(hand.legal_bids(seat))
                    if before is None or now - before:
                        out.append(i)
                    before = now
        hand.apply(action)
    return out


def review(
    record: HandRecord,
    seat: int,
    deals: int = DEALS,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Judge every decision of ``seat`` in a finished hand's ``record``; ``progress(done,
    total)`` after each decision."""
    hand = Hand(record.rules, record.setup)
    steps = set(decisions(record, seat))
    total = len(steps)
    moments = []
    for i, action in enumerate(record.actions):
        if i in steps:
            m = _judge(hand, seat, action, deals, i)
            if m is not None:
                moments.append(m)
            if progress is not None:
                progress(len([s for s in steps if s <= i]), total)
        hand.apply(action)
    return Review(seat, deals, tuple(moments))


def judge_step(record: HandRecord, seat: int, step: int, deals: int = DEALS) -> Moment | None:
    """``seat``'s decision at ``record``'s action ``step`` judged (one task for a worker
    process: the app reviews a hand decision by decision, with a progress bar): its play,
    burial, friend call, bid or pass there, or, where the action is another's while the cards
    come, the chance to bid it let go just before it (``bid_chances``)."""
    hand = Hand(record.rules, record.setup)
    for action in record.actions[:step]:
        hand.apply(action)
    return _judge(hand, seat, record.actions[step], deals, step)


def _judge(hand: Hand, seat: int, made: Action, deals: int, step: int) -> Moment | None:
    if isinstance(made, Decision) and made.seat == seat:
        if isinstance(made, CallFriend):
            return judge_call(hand, seat, made.card, deals, step)
        if isinstance(made, Bid | PassBid):
            return judge_bid(hand, seat, made.cards if isinstance(made, Bid) else (), deals, step)
        judged = judge_burial if isinstance(made, Bury) else judge_position
        return judged(hand, seat, made.cards, deals, step)
    if _may_wait(hand, seat):
        return judge_bid(hand, seat, (), deals, step)  # a chance to bid let go
    raise ValueError(f"action {step} is not seat {seat}'s decision, nor a chance of its to bid")


def _may_wait(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` may bid now while the cards come (and so may also let it go)."""
    return (
        hand.phase == Phase.DEAL
        and not hand.deal_complete
        and hand.rules.bidding != "hidden"
        and bool(hand.legal_bids(seat))
    )


def judge_position(
    hand: Hand, seat: int, played: tuple[Card, ...], deals: int = DEALS, step: int = 0
) -> Moment | None:
    """Judge ``played`` for ``seat`` where ``hand`` stands (None: no real choice). The judgement
    reads only ``view(hand, seat)``; the hand's hidden cards feed the hindsight figure alone."""
    if hand.phase != Phase.PLAY or hand.turn != seat:
        raise ValueError(f"seat {seat} is not to play")
    v = view(hand, seat)
    m = judge_view(v, played, deals, step)
    if m is None:
        return None
    real = _real_world(hand, v)
    assert v.trumps is not None
    tab = codes_for(v.trumps)
    mine = _outcome(real, tab.of(list(played)), seat)[0]
    best = max(_outcome(real, tab.of(c), seat)[0] for c in candidates(v, wide=WIDE))
    return replace(m, hindsight=mine, hindsight_best=max(best, mine))


def judge_view(
    v: View, played: tuple[Card, ...], deals: int = DEALS, step: int = 0
) -> Moment | None:
    """The judgement of ``played`` from the view ``v`` alone (the hindsight figures, which need
    the open hands, left at 0)."""
    assert v.seat is not None and v.trumps is not None
    seat = v.seat
    k = knowledge(v)
    cls = _classes(k, v.friend_card if v.friend is None else None)
    cands = candidates(v, wide=WIDE)
    key = Counter(map(cls, played))
    mine = next((i for i, c in enumerate(cands) if Counter(map(cls, c)) == key), None)
    if mine is None:
        cands.append(list(played))
        mine = len(cands) - 1
    if len(cands) < 2:
        return None
    tab = codes_for(v.trumps)
    codes = [tab.of(c) for c in cands]
    rng = random.Random(_seed(v))
    u = Unseen(v)
    rows: list[list[tuple[float, bool, int]]] = []
    for _ in range(deals):
        world = sample_inferred(v, rng, u=u)
        rows.append([_outcome(world, c, seat) for c in codes])
    return _judged(v, cands, rows, mine, played, deals, step)


def _judged(
    v: View,
    cands: list[list[Card]],
    rows: list[list[tuple[float, bool, int]]],
    mine: int,
    made: tuple[Card, ...],
    deals: int,
    step: int,
    kind: str = "play",
    why: Callable[[int, float], tuple[str, str]] | None = None,
) -> Moment:
    """The moment from each candidate's outcomes on the same deals (``rows``), ``mine`` the
    decision made (``made``, or its twin among the candidates): its loss to the best, the label
    its lower bound earns, and why (``kind``: play, bury, call or bid; ``why(best, loss)``
    words it where the hint's reasons do not: a bid's)."""
    utils = [[r[i][0] for r in rows] for i in range(len(cands))]
    means = [statistics.fmean(x) for x in utils]
    best = max(range(len(cands)), key=lambda i: (means[i], i == mine))
    diffs = [b - p for b, p in zip(utils[best], utils[mine], strict=True)]
    loss = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    lcb = loss - LCB_Z * se if best != mine else 0.0
    label = next((name for name, at in LABELS if lcb >= at), "")
    trumps = v.trumps
    best_cards = tuple(cands[best] if trumps is None else trumps.sorted(cands[best]))
    played_sorted = tuple(made if trumps is None else trumps.sorted(made))
    if why is not None:
        en, zh = why(best, loss)
    else:
        en, zh = _reason(v, played_sorted, best_cards, best == mine, loss, kind)
    return Moment(
        step,
        len(v.tricks),
        played_sorted,
        best_cards,
        _expected(rows, mine),
        _expected(rows, best),
        loss if best != mine else 0.0,
        lcb,
        deals,
        label,
        en,
        zh,
        0.0,
        0.0,
        kind,
    )


def judge_burial(
    hand: Hand, seat: int, buried: tuple[Card, ...], deals: int = DEALS, step: int = 0
) -> Moment | None:
    """Judge the dealer's burial as a play is judged: the burials the search weighs
    (``basic.bury_options``) and the one made, each played out from the first lead on the same
    deals of the cards the dealer cannot see (``deal_unseen``: never the real ones), scored the
    same way; with a hidden friend each burial is followed by the rule-based call from the hand
    it leaves (as the search does: the call made is judged on its own). The hindsight figures
    play each out in the real deal."""
    if hand.phase != Phase.BURY or hand.dealer != seat:
        raise ValueError(f"seat {seat} is not to bury")
    v = view(hand, seat)
    assert v.trumps is not None
    cands = [tuple(sorted(b)) for b in basic.bury_options(v)[:WIDE]]
    made = tuple(sorted(buried))
    if made not in cands:
        cands.append(made)
    if len(cands) < 2:
        return None
    mine = cands.index(made)
    calls: dict[tuple[Card, ...], Card | None] = {b: None for b in cands}
    if v.rules.partners != "fixed":
        for b in cands:
            left = Counter(v.hand) - Counter(b)
            after = replace(v, hand=tuple(left.elements()), buried=b, phase=Phase.CALL.value)
            calls[b] = basic.call_choice(after)
    rng = random.Random(_seed(v))
    rows = []
    for _ in range(deals):
        hands, _kitty = deal_unseen(v, rng)
        rows.append([_burial_outcome(v, hands, b, calls[b]) for b in cands])
    real = [Counter(h) for h in hand.hands]
    hindsight = [_burial_outcome(v, real, b, calls[b])[0] for b in cands]
    m = _judged(v, [list(b) for b in cands], rows, mine, buried, deals, step, "bury")
    return replace(m, hindsight=hindsight[mine], hindsight_best=max(hindsight))


def judge_call(
    hand: Hand, seat: int, card: Card, deals: int = DEALS, step: int = 0
) -> Moment | None:
    """Judge the dealer's friend call as a burial is judged: the calls the search weighs
    (``basic.call_options``) and the one made, each played out from the first lead on the same
    deals of the cards the dealer cannot see (its friend is whoever holds the card in that
    deal); the hindsight figures play each out in the real deal."""
    if hand.phase != Phase.CALL or hand.dealer != seat:
        raise ValueError(f"seat {seat} is not to call a friend")
    v = view(hand, seat)
    assert v.trumps is not None
    cands = [(c,) for c in basic.call_options(v)[:WIDE]]
    if (card,) not in cands:
        cands.append((card,))
    if len(cands) < 2:
        return None
    mine = cands.index((card,))
    rng = random.Random(_seed(v))
    rows = []
    for _ in range(deals):
        hands, kitty = deal_unseen(v, rng)
        rows.append([_call_outcome(v, hands, kitty, c[0]) for c in cands])
    real = [Counter(h) for h in hand.hands]
    hindsight = [_call_outcome(v, real, v.buried, c[0])[0] for c in cands]
    m = _judged(v, [list(c) for c in cands], rows, mine, (card,), deals, step, "call")
    return replace(m, hindsight=hindsight[mine], hindsight_best=max(hindsight))


def judge_bid(
    hand: Hand, seat: int, bid: tuple[Card, ...], deals: int = DEALS, step: int = 0
) -> Moment | None:
    """Judge ``seat``'s bidding decision where ``hand`` stands: ``bid`` the cards it bid, or ()
    for none (a pass once the cards are all dealt, or letting the chance go while they come).
    The options are no bid and each bid the seat could make (``View.legal_bids``: one per card
    and count), each played out on the same ``deals`` deals of what the seat cannot see: the
    deal's cards it has not been dealt, its own still to come among them, the others' hands and
    the kitty, consistent with the bids it has seen (a seat that bid held the cards by then).
    In each the rest of the deal is dealt and every seat's later bids (the seat's own too) are
    ``basic.bid_action``'s, then the burial, the friend call and the play are ``basic``'s to the
    end. The judgement reads the seat's view, the cards it was dealt in their order and the
    deal's public actions; the hindsight figures alone play the options out on the real deck."""
    if hand.phase != Phase.DEAL:
        raise ValueError("bids are judged while the bidding is open")
    if hand.rules.bidding == "hidden":
        raise ValueError("hidden bids are not judged: the others' unseen bids shape the options")
    v = view(hand, seat)
    made = tuple(bid)
    if made and made not in v.legal_bids:
        raise ValueError(f"seat {seat} cannot bid {made} now")
    if not made and not (v.deal_complete or _may_wait(hand, seat)):
        raise ValueError(f"seat {seat} has no bid to make or let go now")
    cands: list[tuple[Card, ...]] = [(), *v.legal_bids]
    if len(cands) < 2:
        return None
    mine = cands.index(made)
    world = _BidWorld(hand, seat)
    rng = random.Random(_bid_seed(v))
    rows = []
    sides: list[list[tuple[bool, str | None]]] = []
    for _ in range(deals):
        cards = world.sample(rng)
        seed = rng.getrandbits(32)
        out = [world.outcome(cards, seed, c) for c in cands]
        rows.append([o[0] for o in out])
        sides.append([o[1] for o in out])
    real = [world.outcome(hand.deck, hand.setup.seed, c)[0][0] for c in cands]

    def why(best: int, loss: float) -> tuple[str, str]:
        return _bid_reason(v, cands, rows, sides, mine, best, loss)

    m = _judged(v, [list(c) for c in cands], rows, mine, made, deals, step, "bid", why)
    return replace(m, hindsight=real[mine], hindsight_best=max(real))


class _BidWorld:
    """The deal as ``seat`` saw it at a bidding decision, and its playouts: the deal's public
    actions so far (cards dealt, bids, passes), the cards dealt to the seat in their order, and
    the bids of the others it saw, each with how many cards had been dealt when it was made."""

    def __init__(self, hand: Hand, seat: int) -> None:
        self.rules, self.setup, self.seat = hand.rules, hand.setup, seat
        self.first = hand.first_seat
        self.size = len(deck(hand.rules.decks))
        self.dealt_total = 4 * hand.rules.hand_size
        # the deal's actions: the last ``hand.dealt`` cards dealt, and what came after the first
        cards = [i for i, a in enumerate(hand.actions) if isinstance(a, DealCard)]
        start = cards[len(cards) - hand.dealt] if hand.dealt else len(hand.actions)
        self.log: tuple[Action, ...] = tuple(hand.actions[start:])
        self.mine = _dealt_to(hand, seat)
        self.shown: list[tuple[int, tuple[Card, ...], int]] = []
        dealt = 0
        for a in self.log:
            if isinstance(a, DealCard):
                dealt += 1
            elif isinstance(a, Bid) and a.seat != seat:
                self.shown.append((a.seat, a.cards, dealt))

    def _owner(self, k: int) -> int:
        return (self.first + k) % 4 if k < self.dealt_total else KITTY

    def sample(self, rng: random.Random) -> list[Card]:
        """A deck for this deal: the seat's cards where it was dealt them, each bid seen in its
        bidder's cards dealt before the bid, the rest of the cards anywhere else at random."""
        slots: list[Card | None] = [None] * self.size
        pool = Counter(deck(self.rules.decks))
        own = [k for k in range(self.size) if self._owner(k) == self.seat][: len(self.mine)]
        for k, c in zip(own, self.mine, strict=True):
            slots[k] = c
        pool -= Counter(self.mine)
        for who, bid, dealt in self.shown:
            places = [k for k in range(dealt) if self._owner(k) == who]
            for c, n in Counter(bid).items():
                need = n - sum(1 for k in places if slots[k] == c)
                if need <= 0:
                    continue
                free = [k for k in places if slots[k] is None]
                for k in rng.sample(free, need):
                    slots[k] = c
                pool[c] -= need
                assert pool[c] >= 0, "the bids seen are more copies than the deck holds"
        rest = list(pool.elements())
        shuffle(rest, rng)
        it = iter(rest)
        return [c if c is not None else next(it) for c in slots]

    def outcome(
        self, cards: list[Card], seed: int, bid: tuple[Card, ...]
    ) -> tuple[tuple[float, bool, int], tuple[bool, str | None]]:
        """The deal ``cards`` played out after the seat's option ``bid`` (() for none): the
        playout's (level utility, side won, levels) and (the seat's side deals, the trump
        suit). A redeal deals again from ``seed``."""
        h = Hand(self.rules, replace(self.setup, seed=seed))
        h.deck = list(cards)
        for a in self.log:
            h.apply(a)
        seat = self.seat
        if not h.deal_complete:
            # the seats before it in this card's bidding window have had their turn
            for d in h.pending():
                if d.seat is None or d.seat == seat:
                    break
                h.decline(d.seat)
        if bid:
            h.apply(Bid(seat, bid))
        elif h.deal_complete:
            h.apply(PassBid(seat))
        else:
            h.decline(seat)
        _bid_out(h)
        v = view(h, seat)
        world = _real_world(h, v)
        run(world)
        (winner, levels), _total = world.result()
        defending = world.defending(seat)
        mine = (winner == "defenders") == defending
        # the search's utility measured from the threshold, not from 0 points: the same deal
        # is worth the same to the seat whichever side its option put it on
        band = self.rules.total_points / 5
        shift = _threshold(self.rules) / band
        utility = world.utility(seat) + (shift if defending else -shift)
        played = (utility, mine, levels if mine else -levels)
        return played, (seat in h.defenders, v.trump)


@cache
def _threshold(rules: RuleSet) -> int:
    """The attackers' points from which the deal passes to them (80 of 200 in classic)."""
    return next(
        t
        for t in range(0, 5 * rules.total_points, 5)
        if hand_result(rules, t, False)[0] == "attackers"
    )


def _bid_out(hand: Hand) -> None:
    """The rest of the deal and the bidding, the burial and the friend call, every seat's by
    ``basic`` (as ``BasicPlayer`` acts), up to the first lead."""
    while hand.phase == Phase.DEAL:
        d = hand.pending()[0]
        if d.seat is None:
            hand.apply(DealCard())
            continue
        bid = basic.bid_action(view(hand, d.seat))
        if bid is not None:
            try:
                hand.apply(bid)
                continue
            except RulesError:
                pass
        if d.required:
            hand.apply(PassBid(d.seat))
        else:
            hand.decline(d.seat)
    dealer = hand.dealer
    assert dealer is not None
    if hand.phase == Phase.BURY:
        hand.apply(Bury(dealer, basic.bury_choice(view(hand, dealer))))
    if hand.phase == Phase.CALL:
        hand.apply(CallFriend(dealer, basic.call_choice(view(hand, dealer))))


def _dealt_to(hand: Hand, seat: int) -> list[Card]:
    """The cards dealt to ``seat`` in this deal (since the last redeal), in their order: what
    the seat was shown of the deal (``Event.for_seat``)."""
    out: list[Card] = []
    for e in reversed(hand.events):
        body = e.for_seat(seat)
        if isinstance(body, Redeal):
            break
        if isinstance(body, Dealt) and body.seat == seat:
            assert body.card is not None
            out.append(body.card)
    out.reverse()
    return out


def _bid_text(code: str, **fields: object) -> tuple[str, str]:
    return hint_text("review-bid-" + code, **fields)


def _bid_reason(
    v: View,
    cands: list[tuple[Card, ...]],
    rows: list[list[tuple[float, bool, int]]],
    sides: list[list[tuple[bool, str | None]]],
    mine: int,
    best: int,
    loss: float,
) -> tuple[str, str]:
    """Why, for a bid: what the best option did in the deals (the seat's side deals, its suit
    is trump, the side wins), and what the decision made cost."""

    def option(i: int) -> tuple[str, str]:
        if cands[i]:
            en, zh = _names(cands[i])
            return _bid_text("bid", cards=en, cards_zh=zh)
        return _bid_text("pass" if v.deal_complete else "wait")

    def pct(x: float) -> int:
        return round(100 * x)

    win = pct(statistics.fmean(1.0 if r[best][1] else 0.0 for r in rows))
    bid = cands[best]
    if not bid:
        reason = _bid_text("win", win=win)
    elif v.dealer is None:
        deals = pct(statistics.fmean(1.0 if s[best][0] else 0.0 for s in sides))
        reason = _bid_text("deals", deals=deals, win=win)
    else:
        suit = bid_suit(bid)
        trump = pct(statistics.fmean(1.0 if s[best][1] == suit else 0.0 for s in sides))
        if suit is None:
            reason = _bid_text("no-trump", trump=trump, win=win)
        else:
            reason = _bid_text(
                "trump", suit=SUIT_NAMES_EN[suit], suit_zh=SUIT_NAMES_ZH[suit], trump=trump, win=win
            )
    best_en, best_zh = option(best)
    if best == mine:
        en, zh = _bid_text(
            "good", cards=best_en, cards_zh=best_zh, reason=reason[0], reason_zh=reason[1]
        )
        return hint_text("review-good", reason=en, reason_zh=zh)
    mine_en, mine_zh = option(mine)
    return _bid_text(
        "cost",
        loss=f"{loss:.1f}",
        cards=_capital(mine_en),
        cards_zh=mine_zh,
        best=best_en,
        best_zh=best_zh,
        reason=_capital(reason[0]),
        reason_zh=reason[1],
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _bid_seed(v: View) -> int:
    """The same view of the bidding gives the same deals (whatever the hidden cards)."""
    hand = sorted(v.hand)
    text = repr(("review-bid", v.seat, v.hand_no, v.dealt, hand, v.bids, v.passed, v.bid))
    return zlib.crc32(text.encode())


def _burial_outcome(
    v: View, hands: list[Counter[Card]], burial: tuple[Card, ...], call: Card | None
) -> tuple[float, bool, int]:
    """One burial's playout in one deal, from the first lead (after ``call``, if any)."""
    assert v.seat is not None
    left = list(hands)
    left[v.seat] = left[v.seat] - Counter(burial)
    return _played_out(from_world(starting_world(v, left, burial, call)), v.seat)


def _call_outcome(
    v: View, hands: list[Counter[Card]], kitty: tuple[Card, ...], call: Card
) -> tuple[float, bool, int]:
    """One friend call's playout in one deal, from the first lead."""
    assert v.seat is not None
    return _played_out(from_world(starting_world(v, hands, kitty, call)), v.seat)


def _played_out(world: Fast, seat: int) -> tuple[float, bool, int]:
    run(world)
    (winner, levels), _total = world.result()
    mine = (winner == "defenders") == world.defending(seat)
    return world.utility(seat), mine, levels if mine else -levels


def _outcome(world: Fast, play: list[int], seat: int) -> tuple[float, bool, int]:
    """One play's playout in one deal: level utility, whether the side won, levels (signed)."""
    w = world.copy()
    w.play(play)
    return _played_out(w, seat)


def _expected(rows: list[list[tuple[float, bool, int]]], i: int) -> Expected:
    return Expected(
        statistics.fmean(r[i][0] for r in rows),
        statistics.fmean(1.0 if r[i][1] else 0.0 for r in rows),
        statistics.fmean(r[i][2] for r in rows),
    )


def _reason(
    v: View,
    played: tuple[Card, ...],
    best: tuple[Card, ...],
    same: bool,
    loss: float,
    kind: str = "play",
) -> tuple[str, str]:
    """Why, in a player's words: the hint explainer's reason for the best play (burial, friend
    call), and what the decision made cost on average."""
    if kind == "bury":
        best_en, best_zh = _bury_reason(v, best)
    elif kind == "call":
        card, card_zh = card_name(best[0]), card_name(best[0], "zh")
        best_en, best_zh = hint_text("hint-call", card=card, card_zh=card_zh)
    else:
        best_en, best_zh = _play_reason(knowledge(v), list(best))
    if same:
        return hint_text("review-good", reason=best_en, reason_zh=best_zh)
    if kind == "call":
        mine_en, mine_zh = card_name(played[0]), card_name(played[0], "zh")
        alt_en, alt_zh = card_name(best[0]), card_name(best[0], "zh")
    else:
        mine_en, mine_zh = _names(played)
        alt_en, alt_zh = _names(best)
    return hint_text(
        "review-" + kind,
        loss=f"{loss:.1f}",
        cards=mine_en,
        cards_zh=mine_zh,
        best=alt_en,
        best_zh=alt_zh,
        reason=best_en,
        reason_zh=best_zh,
    )


def public_win(v: View, deals: int = LIVE_DEALS) -> float:
    """The chance that the defenders win the hand, judged from what every seat can see (a
    spectator's view: no hand shown): on each of ``deals`` deals of the unplayed cards (each
    seat as many as it holds, never of a suit it has shown void in, keeping the cards it is
    known to hold; the kitty unseen) the play is finished with ``basic`` at every seat. The
    others' follow patterns, which the seats' own samplers read too, are not inferred here."""
    if v.seat is not None:
        raise ValueError("a spectator's view is judged: a seat's would read its hand")
    if v.phase != Phase.PLAY.value or v.trumps is None or v.dealer is None:
        raise ValueError("a hand in play is judged")
    played = played_cards(v)
    tricks = view_tricks(v)
    voids = voids_from(tricks, v.trumps)
    known = known_holdings(v)
    pool = outside_cards(v, played)
    for k in known:
        pool -= k
    room = [v.counts[s] - sum(known[s].values()) for s in range(4)]
    room.append(v.kitty_size - len(v.buried_shown))
    rng = random.Random(zlib.crc32(repr(("live", v.hand_no, tricks)).encode()))
    wins = 0
    for _ in range(deals):
        places = _public_deal(v.trumps, pool, room, voids, rng)
        hands = [places[s] + known[s] for s in range(4)]
        kitty = tuple(v.buried_shown) + tuple(places[KITTY].elements())
        world = from_world(world_from(v, hands, kitty, _partner(v, hands), played, voids))
        run(world)
        (winner, _levels), _total = world.result()
        wins += winner == "defenders"
    return wins / deals


def _public_deal(
    trumps: Trumps,
    pool: Counter[Card],
    room: list[int],
    voids: list[set[str]],
    rng: random.Random,
) -> list[Counter[Card]]:
    """The unseen cards dealt to the four seats and the kitty (``KITTY``), ``room`` cards each:
    most-constrained first, to a place with odds by the room left there; a seat never gets a
    suit it is void in (let go after a few dead ends, so a deal is always found)."""
    cards = list(pool.elements())
    for attempt in range(PUBLIC_TRIES + 1):
        strict = attempt < PUBLIC_TRIES
        shuffle(cards, rng)

        def places(c: Card, strict: bool = strict) -> list[int]:
            suit = trumps.suit(c)
            return [p for p in range(5) if p == KITTY or not strict or suit not in voids[p]]

        left = list(room)
        out: list[Counter[Card]] = [Counter() for _ in range(5)]
        for c in sorted(cards, key=lambda c: len(places(c))):
            opts = [p for p in places(c) if left[p]]
            if not opts:
                break
            pick = rng.choices(opts, [left[p] for p in opts])[0]
            out[pick][c] += 1
            left[pick] -= 1
        else:
            return out
    raise AssertionError("a deal without voids always fits")


def _partner(v: View, hands: list[Counter[Card]]) -> int | None:
    """The dealer's partner in a deal: fixed, revealed, or the first seat after the dealer
    holding the called card (none when the dealer holds every copy)."""
    assert v.dealer is not None
    if v.rules.partners == "fixed":
        return (v.dealer + 2) % 4
    if v.friend is not None or v.friend_card is None:
        return v.friend
    after = [(v.dealer + step) % 4 for step in range(1, 4)]
    return next((s for s in after if hands[s][v.friend_card]), None)


def _real_world(hand: Hand, v: View) -> Fast:
    """The real deal where ``v`` stands (the open hands: hindsight only)."""
    assert v.trumps is not None
    real = world_from(
        v,
        [h.copy() for h in hand.hands],
        tuple(hand.buried),
        hand.partner,
        played_cards(v),
        voids_from(view_tricks(v), v.trumps),
    )
    return from_world(real)


def _seed(v: View) -> int:
    """The same view gives the same deals (a review is reproducible, and the same for any
    hidden cards behind the view)."""
    text = repr(("review", v.seat, v.hand_no, sorted(v.hand), len(v.tricks), v.trick))
    return zlib.crc32(text.encode())


__all__ = [
    "LABELS",
    "LIVE_DEALS",
    "Expected",
    "Moment",
    "Review",
    "bid_chances",
    "decisions",
    "judge_bid",
    "judge_burial",
    "judge_call",
    "judge_position",
    "judge_step",
    "public_win",
    "review",
]
