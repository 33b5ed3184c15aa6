"""The rule-based player: bids, burial, friend call and card play by experienced players' rules.

Every decision is a pure function of what the seat knows. Play decisions take a ``Knowledge``
(``engine.ai.memory``), so the same policy drives a real seat (from its ``View``) and every seat
of a playout (``engine.ai.playout``). Plays are chosen among the engine's legal candidates (plus
throws the policy builds and checks itself), so the policy never proposes an illegal play.

Leading: a throw of sure winners, then sure-winning tractors/tuples/singles in suits nobody is
known to ruff, then trumps when we hold enough of them to draw the rest, then a low card from a
short side suit (to make a void) with no points in it. Following: each legal candidate is scored
by the points it swings to our side (with the chance that our side keeps the trick: sure when
nobody after us can beat it), a bonus for taking the lead, and the strength it spends — so the
player feeds points to a partner who holds the trick, ruffs and over-ruffs tricks that carry
points, and plays low when the trick is lost. On the last trick the kitty's worth is at stake.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from functools import cache

from engine.bids import Bid, bid_strength
from engine.cards import JOKERS, POINTS, RANKS, SUITS, Card, points, tally
from engine.errors import RulesError
from engine.follows import check_follow, legal_follows, suits_of
from engine.leads import check_lead, lead_candidates
from engine.order import TRUMP, Trumps, trumps_for
from engine.shapes import Component, decompose, realize
from engine.tricks import Standing, challenge
from engine.views import View

from .memory import SIDE_MINE, Knowledge

FOLLOW_LIMIT = 40  # legal follows scored per decision (the engine lists the lowest first)


# -- card values ---------------------------------------------------------------------------


def card_value(card: Card, trumps: Trumps) -> float:
    """How much a card is worth keeping: trumps over side cards, high over low."""
    return _values(trumps)[card]


@cache
def _values(trumps: Trumps) -> dict[Card, float]:
    pos, suit_of = trumps.position, trumps.suit_table
    return {c: 14.0 + pos(c) if suit_of[c] == TRUMP else float(pos(c)) for c in suit_of}


def spend(play: Sequence[Card], hand: Counter[Card], trumps: Trumps) -> float:
    """The strength a play gives up: card values, and a penalty for each tuple it breaks."""
    value = _values(trumps)
    cost = 0.0
    for c in play:
        cost += value[c]
    if len(play) == 1:
        if hand[play[0]] >= 2:
            cost += 4.0
        return cost
    for c, n in tally(play).items():
        if hand[c] >= 2 and n < hand[c]:
            cost += 4.0
    return cost


# Decompositions already made: a seat's candidate plays recur from decision to decision, and a
# search plays out the same position on many deals. Bounded; cleared when full.
_DECOMPOSED: dict[tuple[tuple[Card, ...], Trumps], tuple[Component, ...]] = {}
_DECOMPOSED_MAX = 1 << 14


def components(cards: Sequence[Card], trumps: Trumps) -> tuple[Component, ...]:
    """``decompose``, remembered, with a fast path for one card (most plays in a rollout)."""
    if len(cards) == 1:
        c = cards[0]
        return (Component(1, 1, (c,), trumps.position(c)),)
    key = (tuple(cards), trumps)
    got = _DECOMPOSED.get(key)
    if got is None:
        if len(_DECOMPOSED) >= _DECOMPOSED_MAX:
            _DECOMPOSED.clear()
        got = _DECOMPOSED[key] = tuple(decompose(cards, trumps))
    return got


def standing_after(k: Knowledge, play: Sequence[Card]) -> Standing:
    """The trick's standing if we play ``play`` (we follow)."""
    assert k.shape is not None
    suit = k.trumps.suit(k.trick[0][1][0])
    return challenge(k.standing(), len(k.trick), play, suit, k.shape, k.trumps)


# -- who can still beat what -----------------------------------------------------------------


def beatable(k: Knowledge, comp: Component, suit: str) -> bool:
    """Whether the outside cards hold a higher component of the same kind in ``suit``."""
    top = k.outside_top(suit, comp.kind)
    return top is not None and top > comp.top


def ruff_risk(k: Knowledge, suit: str, n: int, seats: Sequence[int]) -> bool:
    """Whether one of ``seats`` (not on our side) may ruff an off-suit play of ``n`` cards."""
    if suit == TRUMP or not k.outside_in(TRUMP):
        return False
    left = k.outside_count(suit)
    for s in seats:
        if k.team[s] == SIDE_MINE:
            continue
        if suit in k.voids[s] and TRUMP not in k.voids[s]:
            return True
        if left < 2 * n + 1 and TRUMP not in k.voids[s]:
            return True  # few cards left out there: someone is probably void
    return False


def others_after(k: Knowledge) -> list[int]:
    """Seats that still play in this trick after us."""
    done = len(k.trick) + 1
    return [(k.seat + i) % 4 for i in range(1, 5 - done)]


# -- leading ------------------------------------------------------------------------------


def sure(k: Knowledge, cards: Sequence[Card], comps: Sequence[Component] | None = None) -> bool:
    """No outside holding of the suit can beat any component of this lead (``comps``: its
    components, when the caller has them)."""
    suit = k.trumps.suit(cards[0])
    if comps is None:
        comps = components(cards, k.trumps)
    return not any(beatable(k, comp, suit) for comp in comps)


def throws(k: Knowledge) -> list[list[Card]]:
    """Throws (several components of one suit) made only of components nobody can beat."""
    found = []
    opponents = [s for s in range(4) if s != k.seat]
    for suit, cards in suits_of(k.hand, k.trumps).items():
        whole = components(list(cards.elements()), k.trumps)
        comps = [c for c in whole if not beatable(k, c, suit)]
        if len(comps) < 2:
            continue
        play = [c for comp in comps for c in comp.cards]
        if ruff_risk(k, suit, len(play), opponents):
            continue
        found.append(play)
    return found


def chaoshan_throws(k: Knowledge) -> list[list[Card]]:
    """潮汕 suit throws the rules allow now."""
    found = []
    for suit, cards in suits_of(k.hand, k.trumps).items():
        if suit == TRUMP or sum(cards.values()) < 2:
            continue
        play = list(cards.elements())
        try:
            check_lead(k.hand, play, k.trumps, k.rules, None, k.played)
        except RulesError:
            continue
        found.append(play)
    return found


def lead_options(k: Knowledge) -> list[list[Card]]:
    """Every lead the policy considers: the engine's candidates plus legal throws."""
    out = lead_candidates(k.hand, k.trumps, k.rules)
    extra = chaoshan_throws(k) if k.rules.lead_rule == "chaoshan" else throws(k)
    return out + extra


def score_lead(k: Knowledge, play: Sequence[Card]) -> float:
    """Higher is better: sure winners first (bigger first), then trump draws, then low leads."""
    trumps = k.trumps
    suit = trumps.suit(play[0])
    n = len(play)
    comps = components(play, trumps)
    big = comps[0]
    opponents = [s for s in range(4) if k.team[s] != SIDE_MINE]
    chaoshan = k.rules.lead_rule == "chaoshan"
    is_sure = sure(k, play, comps) if not chaoshan or n == 1 else _suit_top(k, play)
    risky = ruff_risk(k, suit, n, opponents)
    pts = points(play)
    out_trumps = k.outside_count(TRUMP)
    if is_sure and not risky:
        # A sure trick: the bigger the better; trump winners only while drawing helps.
        score = 100.0 + 10 * n + 5 * big.size * big.length + pts
        if suit == TRUMP and out_trumps == 0:
            score -= 60  # nobody else has trumps: keep them for ruffing
        return score
    cost = spend(play, k.hand, trumps)
    if suit == TRUMP:
        if out_trumps and k.length(TRUMP) >= max(4, out_trumps // 2) and k.defending is not False:
            return 40.0 + 5 * big.size - cost / 4 - pts
        return -20.0 - cost - 2 * pts
    # A low side-suit lead: short suits first (towards a void), no points, no breaking pairs.
    length = k.length(suit)
    partner_ruffs = any(
        k.team[s] == SIDE_MINE and s != k.seat and suit in k.voids[s] and TRUMP not in k.voids[s]
        for s in range(4)
    )
    score = -cost - 3 * pts - 1.5 * length + (15 if partner_ruffs else 0)
    if big.size >= 2:
        score += 6 * big.size * big.length - pts  # a low pair forces others to split theirs
    if risky and pts:
        score -= 2 * pts
    return score


def _suit_top(k: Knowledge, play: Sequence[Card]) -> bool:
    """潮汕 suit throw: our highest card tops every outside card of the suit."""
    suit = k.trumps.suit(play[0])
    top = max(k.trumps.position(c) for c in play)
    return not any(k.trumps.position(c) > top for c in k.outside_in(suit))


# -- following ------------------------------------------------------------------------------


def follow_options(k: Knowledge, limit: int = FOLLOW_LIMIT) -> list[list[Card]]:
    """Legal follows: the engine's lowest-first list plus point-feeding and high variants."""
    assert k.shape is not None
    lead = k.trick[0][1]
    trumps = k.trumps
    found = list(legal_follows(k.hand, lead, k.shape, trumps, k.rules, limit))
    if len(found) < limit:
        return found
    seen = {tuple(sorted(p)) for p in found}
    for extra in _variants(k, lead):
        key = tuple(sorted(extra))
        if key in seen:
            continue
        try:
            check_follow(k.hand, extra, lead, k.shape, trumps, k.rules)
        except RulesError:
            continue
        seen.add(key)
        found.append(extra)
    return found


def _variants(k: Knowledge, lead: Sequence[Card]) -> list[list[Card]]:
    """Follows the lowest-first enumeration may cut off: with points, or with high cards."""
    trumps = k.trumps
    need = len(lead)
    suit = trumps.suit(lead[0])
    mine = [c for c in k.hand.elements() if trumps.suit(c) == suit]
    rest = [c for c in k.hand.elements() if trumps.suit(c) != suit]
    key_pts = lambda c: (-POINTS[c], card_value(c, trumps))  # noqa: E731
    key_low = lambda c: card_value(c, trumps)  # noqa: E731
    out = []
    if len(mine) >= need:
        out.append(sorted(mine, key=key_pts)[:need])
        out.append(sorted(mine, key=key_low, reverse=True)[:need])
        return out
    fill = need - len(mine)
    side = [c for c in rest if not trumps.is_trump(c)]
    out.append(mine + sorted(side, key=key_pts)[:fill] if len(side) >= fill else [])
    if suit != TRUMP and not mine:
        trump_cards = Counter(c for c in rest if trumps.is_trump(c))
        if sum(trump_cards.values()) >= need:
            for used, left in itertools.islice(realize(trump_cards, trumps, k.shape or ()), 3):
                filler = sorted(left.elements(), key=key_low)[: need - len(used)]
                out.append(used + filler)
    return [p for p in out if len(p) == need]


def score_follow(k: Knowledge, play: Sequence[Card]) -> float:
    """Expected points our side gains, plus the lead's worth, less the strength spent."""
    assert k.shape is not None
    trumps = k.trumps
    st = standing_after(k, play)
    ours = st.index == len(k.trick)
    holder = k.seat if ours else k.trick[st.index][0]
    stake = k.trick_points() + points(play)
    after = others_after(k)
    if k.last_trick:
        stake += k.kitty_points * 2
    if k.team[holder] == SIDE_MINE:
        p = _hold_chance(k, play if ours else k.trick[st.index][1], st.ruff, after)
    else:
        p = 0.0
        if any(k.team[s] == SIDE_MINE for s in after) and k.team[holder] != SIDE_MINE:
            p = 0.25  # partner still to play
    cost = spend(play, k.hand, trumps)
    if holder == k.seat and p > 0.9:
        cost *= 0.5  # a card that takes the trick is not thrown away
    return (2 * p - 1) * stake + 4 * p * (holder == k.seat) - cost * 0.6


def _hold_chance(k: Knowledge, best: Sequence[Card], ruff: bool, after: list[int]) -> float:
    threats = [s for s in after if k.team[s] != SIDE_MINE]
    if not threats:
        return 1.0
    trumps = k.trumps
    lead_suit = trumps.suit(k.trick[0][1][0]) if k.trick else trumps.suit(best[0])
    win_suit = TRUMP if ruff else lead_suit
    comps = components(best, trumps)
    if len(comps) > 1 and not ruff and k.shape is not None:
        return 0.8  # a throw stands unless someone ruffs it
    if beatable(k, comps[0], win_suit):
        return 0.3
    if not ruff and ruff_risk(k, lead_suit, len(best), threats):
        return 0.4
    if ruff and any(lead_suit in k.voids[s] for s in threats):
        return 0.6
    return 0.95


# -- the play decision ----------------------------------------------------------------------


def ranked_plays(k: Knowledge, limit: int = FOLLOW_LIMIT) -> list[tuple[float, list[Card]]]:
    """Every play the policy considers, best first."""
    if not k.trick:
        scored = [(score_lead(k, p), p) for p in lead_options(k)]
    else:
        scored = [(score_follow(k, p), p) for p in follow_options(k, limit)]
    scored.sort(key=lambda sp: -sp[0])
    return scored


def choose_play(k: Knowledge) -> list[Card]:
    return ranked_plays(k)[0][1]


# -- bidding ---------------------------------------------------------------------------------


def bid_choice(v: View, scale: float = 1.0, early: bool = True) -> tuple[Card, ...] | None:
    """A bid when our hand would make a good trump suit; None to wait or pass. ``scale``
    multiplies every threshold (a bench varies it; play uses 1); ``early=False``: reinforce
    only after the deal, as before (a bench compares the two)."""
    if not v.legal_bids:
        return None
    hand = Counter(v.hand)
    held = sum(hand.values())
    if held == 0:
        return None
    level = v.level
    current = v.bid
    if (
        current is not None
        and v.seat is not None
        and v.rules.partners == "fixed"
        and current.seat != v.seat
        and (current.seat - v.seat) % 2 == 0
    ):
        return None  # partner's bid stands: leave it
    best: tuple[float, tuple[Card, ...]] | None = None
    strengths = {}
    for cards in v.legal_bids:
        strengths[cards] = _suit_strength(hand, cards[0], level, v.rules.twos_trump)
    for cards, s in strengths.items():
        rel = s / held
        need = 0.42 if not v.deal_complete else 0.30
        if v.rules.bidding == "first-bid" and not v.deal_complete:
            need = 0.36 if held >= 6 else 0.6
        if cards[0] in JOKERS:
            need += 0.1  # no trump: only with a hand rich in level cards and jokers
        need *= scale
        if current is not None and current.seat == v.seat:
            mine = _suit_strength(hand, current.cards[0], level, v.rules.twos_trump)
            if cards[0] != current.cards[0] and s < mine + 2:
                continue  # our own bid's suit is as good
        if rel < need and not _must_bid(v):
            continue
        key = (rel + 0.01 * len(cards), cards)
        if best is None or key[0] > best[0]:
            best = key
    if best is None:
        return None
    cards = best[1]
    # Reinforce our own bid from a single to a pair as soon as we hold the pair (``early``; else
    # only after the deal): a single can be overcalled by any pair during the deal, and then our
    # pair no longer beats it.
    if (
        current is not None
        and current.seat == v.seat
        and cards[0] == current.cards[0]
        and (len(current.cards) >= 2 or not (early or v.deal_complete))
    ):
        return None
    return cards


def _must_bid(v: View) -> bool:
    """After the deal with no bid, a redeal or a kitty flip is worse than any bid of ours."""
    return v.deal_complete and v.bid is None and v.rules.no_bid in ("redeal", "flip-kitty")


def _suit_strength(hand: Counter[Card], card: Card, level: str, twos: bool) -> float:
    trump = None if card in JOKERS else card[1]
    trumps = trumps_for(level, trump, twos)
    s = 0.0
    for c, n in hand.items():
        if trumps.is_trump(c):
            s += n * (1.5 if c in JOKERS or c[0] == level else 1.0)
    return s


def bid_action(v: View, scale: float = 1.0, early: bool = True) -> Bid | None:
    cards = bid_choice(v, scale, early)
    if cards is None:
        return None
    try:
        bid_strength(cards, v.level, v.rules)
    except RulesError:
        return None
    assert v.seat is not None
    return Bid(v.seat, cards)


# -- burying and the friend ------------------------------------------------------------------


ACE_KEEP = 0.0  # extra worth of a side-suit ace in the hand (a sure trick) when burying


def bury_choice(v: View, ace: float | None = None) -> tuple[Card, ...]:
    """Bury to void short side suits, keeping trumps, aces, kings, pairs and points (``ace``:
    the side-suit ace's extra worth, ``ACE_KEEP`` unless a bench varies it)."""
    return bury_options(v, ace)[0]


def bury_options(v: View, ace: float | None = None) -> list[tuple[Card, ...]]:
    """Burials, cheapest first: for every set of side suits short enough to bury whole, those
    suits filled up with the cheapest other cards (each void a bonus); duplicates dropped."""
    ace_keep = ACE_KEEP if ace is None else ace
    trumps = v.trumps
    assert trumps is not None
    hand = Counter(v.hand)
    need = v.kitty_size
    show = v.rules.show_buried_ak

    def keep(c: Card) -> float:
        if trumps.is_trump(c):
            return 200.0 + trumps.position(c)
        val = float(trumps.position(c))
        val += 3.0 * POINTS[c]
        if hand[c] >= 2:
            val += 12.0
        if show and c[0] in "AK":
            val += 15.0
        if c[0] == "A":
            val += ace_keep
        return val

    side = {s: [c for c in hand.elements() if trumps.suit(c) == s] for s in SUITS}
    side = {s: cs for s, cs in side.items() if cs}
    found: list[tuple[float, int, tuple[Card, ...]]] = []
    suits = list(side)
    groups = (g for r in range(len(suits) + 1) for g in itertools.combinations(suits, r))
    for order, group in enumerate(groups):
        cards = [c for s in group for c in side[s]]
        if len(cards) > need:
            continue
        rest = sorted((c for c in hand.elements() if trumps.suit(c) not in group), key=keep)
        picked = cards + rest[: need - len(cards)]
        if len(picked) < need:
            continue
        cost = sum(keep(c) for c in picked) - 25.0 * len(group)
        found.append((cost, order, tuple(picked)))
    found.sort(key=lambda f: (f[0], f[1]))
    out: list[tuple[Card, ...]] = []
    seen: set[tuple[Card, ...]] = set()
    for _, _, picked_ in found:
        key = tuple(sorted(picked_))
        if key not in seen:
            seen.add(key)
            out.append(picked_)
    assert out
    return out


def call_choice(v: View) -> Card:
    """Call an ace we do not hold (a king when aces are the level) in a side suit we hold."""
    return call_options(v)[0]


def call_options(v: View) -> list[Card]:
    """Friend calls, best first: side-suit aces (kings when aces are the level) we hold fewest
    of, in our longest suits first; then any callable card we do not hold every copy of."""
    trumps = v.trumps
    hand = Counter(v.hand)
    rank = "A" if v.level != "A" else "K"
    callable_ = _callable(v)
    options_: list[tuple[tuple[int, int], Card]] = []
    for s in SUITS:
        card = rank + s
        if card not in callable_ or (trumps is not None and trumps.is_trump(card)):
            continue
        if hand[card] >= v.rules.decks:
            continue
        length = sum(n for c, n in hand.items() if trumps is not None and trumps.suit(c) == s)
        options_.append(((hand[card], -length), card))
    ranked = [card for _, card in sorted(options_)]
    rest = [card for card in callable_ if hand[card] < v.rules.decks and card not in ranked]
    return ranked + rest or [callable_[0]]


def _callable(v: View) -> list[Card]:
    if v.rules.friend_excludes_level_and_jokers:
        return [r + s for s in SUITS for r in RANKS if r != v.level]
    return [r + s for s in SUITS for r in RANKS] + list(JOKERS)
