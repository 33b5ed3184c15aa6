"""The playout world on card codes (``engine.ai.codes``): one deal as the play stands.

The same state as ``playout.World`` — four hands, the kitty, the trick, the score, the friend —
kept as counts per code, so that a rollout's thousands of plays are list arithmetic. Tricks led
by a single card or a pair (most tricks) are judged here; any other lead shape, and a throw
that must be judged against the other hands, goes through the engine's own rules functions
(``check_lead``, ``tricks.challenge``), so every trick ends as the engine would end it.
``from_world`` converts a ``World``; ``knowledge`` gives a seat's ``Knowledge`` for the
rule-based policy where the fast policy (``engine.ai.fastpolicy``) hands a decision back.
"""

from __future__ import annotations

from collections import Counter

from engine.cards import Card, points
from engine.leads import check_lead
from engine.rules import RuleSet
from engine.scoring import Verdict, hand_result, kitty_bonus
from engine.shapes import Kind, decompose

from .codes import NCODES, SUIT_NAMES, TRUMP_SUIT, Codes, codes_for, suit_bits
from .fastshapes import best_top
from .memory import SIDE_MINE, SIDE_THEIRS, SIDE_UNKNOWN, Knowledge
from .playout import World

# Lead shapes: any (the rules functions judge the follows), a single, a pair, or pairs and
# singles only (a throw of them: the fast policy builds the follows, the engine judges them).
OTHER, SINGLE, PAIR, SIMPLE = 0, 1, 2, 3
SINGLE_SHAPE: tuple[Kind, ...] = ((1, 1),)
PAIR_SHAPE: tuple[Kind, ...] = ((2, 1),)


class Deal:
    """What a playout never changes: the rules, the codes, the kitty, the sides' seats."""

    def __init__(
        self,
        rules: RuleSet,
        tab: Codes,
        kitty: tuple[Card, ...],
        dealer: int,
        partner: int,
        friend: int,
    ) -> None:
        self.rules = rules
        self.tab = tab
        self.kitty = kitty
        self.kitty_counts = tab.counts(Counter(kitty))
        self.kitty_n = [0, 0, 0, 0, 0]  # kitty cards per suit
        for c in tab.of(kitty):
            self.kitty_n[tab.suit[c]] += 1
        self.kitty_points = points(kitty)
        self.dealer = dealer
        self.partner = partner  # -1: none (alone, or not known)
        self.friend = friend  # the called card's code, -1: none
        self.decks = rules.decks
        self.fixed = rules.partners == "fixed"
        self.chaoshan = rules.lead_rule == "chaoshan"


class Fast:
    """One deal as the play stands, on card codes."""

    def __init__(
        self,
        deal: Deal,
        hands: list[list[int]],
        size: list[int],
        suit_len: list[list[int]],
        rest: list[int],
        rest_n: list[int],
        revealed: bool,
        leader: int,
        seats: list[int],
        plays: list[list[int]],
        shape: tuple[Kind, ...],
        kind: int,
        lead_suit: int,
        best: int,
        ruff: bool,
        strength: int,
        won: list[int],
        penalty: int,
        voids: list[int],
        last_winner: int,
        last_cards: list[int],
    ) -> None:
        self.deal = deal
        self.tab = deal.tab
        self.dealer = deal.dealer
        self.partner = deal.partner
        self.hands = hands  # per seat, counts per code
        self.size = size  # cards per seat
        self.suit_len = suit_len  # per seat, cards per suit
        self.rest = rest  # the deck less the played cards, per code...
        self.rest_n = rest_n  # ...and per suit
        self.revealed = revealed
        self.leader = leader
        self.seats = seats  # the trick so far: who played...
        self.plays = plays  # ...what (a play's list is never changed once made)
        self.shape = shape
        self.kind = kind
        self.lead_suit = lead_suit
        self.lead_pairs = shape.count((2, 1))
        self.best = best  # the trick's standing: the winning play's index, ruff, strength
        self.ruff = ruff
        self.strength = strength
        self.won = won
        self.penalty = penalty
        self.voids = voids  # per seat, a bit per suit index it has shown it lacks
        self.last_winner = last_winner
        self.last_cards = last_cards

    def copy(self) -> Fast:
        h = self.hands
        n = self.suit_len
        return Fast(
            self.deal,
            [list(h[0]), list(h[1]), list(h[2]), list(h[3])],
            list(self.size),
            [list(n[0]), list(n[1]), list(n[2]), list(n[3])],
            list(self.rest),
            list(self.rest_n),
            self.revealed,
            self.leader,
            list(self.seats),
            list(self.plays),
            self.shape,
            self.kind,
            self.lead_suit,
            self.best,
            self.ruff,
            self.strength,
            list(self.won),
            self.penalty,
            list(self.voids),
            self.last_winner,
            self.last_cards,
        )

    def redeal(self, deal: Deal, hands: list[list[int]], penalty: int) -> Fast:
        """This table with other hands, kitty and sides (a sampled deal of the unseen cards)."""
        return Fast(
            deal,
            hands,
            [sum(h) for h in hands],
            [per_suit(self.tab, h) for h in hands],
            list(self.rest),
            list(self.rest_n),
            self.revealed or deal.fixed,
            self.leader,
            list(self.seats),
            list(self.plays),
            self.shape,
            self.kind,
            self.lead_suit,
            self.best,
            self.ruff,
            self.strength,
            list(self.won),
            penalty,
            list(self.voids),
            self.last_winner,
            self.last_cards,
        )

    def turn(self) -> int:
        return (self.leader + len(self.seats)) % 4

    def over(self) -> bool:
        return not self.seats and self.size[0] + self.size[1] + self.size[2] + self.size[3] == 0

    def defending(self, seat: int) -> bool:
        return seat == self.dealer or (self.partner >= 0 and seat == self.partner)

    # -- what a seat knows --------------------------------------------------------------
    def team(self, seat: int) -> list[int]:
        """Per seat: on our side, theirs, or unknown (a hidden friend), as ``seat`` sees it."""
        mine = self.defending(seat)
        if self.deal.fixed or self.revealed or seat == self.partner:
            return [SIDE_MINE if self.defending(s) == mine else SIDE_THEIRS for s in range(4)]
        team = [SIDE_UNKNOWN, SIDE_UNKNOWN, SIDE_UNKNOWN, SIDE_UNKNOWN]
        team[seat] = SIDE_MINE
        if seat != self.dealer:
            team[self.dealer] = SIDE_THEIRS
        return team

    def knows_kitty(self, seat: int) -> bool:
        return seat == self.dealer and bool(self.deal.kitty)

    def outside(self, seat: int) -> list[int]:
        """Cards ``seat`` has not seen: not its own, not played, not a kitty it buried."""
        hand = self.hands[seat]
        rest = self.rest
        out = [rest[i] - hand[i] for i in range(NCODES)]
        if self.knows_kitty(seat):
            kc = self.deal.kitty_counts
            for i in range(NCODES):
                out[i] -= kc[i]
        return out

    def kitty_points(self, seat: int) -> int:
        """The kitty's worth as ``seat`` reckons it: known to the dealer, else a fair share."""
        if self.knows_kitty(seat):
            return self.deal.kitty_points
        return 5 * self.deal.decks * len(self.deal.kitty) // 8

    def played(self) -> Counter[Card]:
        tab = self.tab
        decks = self.deal.decks
        out: Counter[Card] = Counter()
        for i in range(NCODES):
            if self.rest[i] < decks:
                out[tab.cards[i]] = decks - self.rest[i]
        return out

    def knowledge(self, seat: int) -> Knowledge:
        """``seat``'s ``Knowledge``, for the rule-based policy (as ``World.knowledge``)."""
        tab = self.tab
        team = self.team(seat)
        defending = team[self.dealer] == SIDE_MINE
        if SIDE_UNKNOWN in team and seat != self.dealer:
            defending = False
        return Knowledge(
            seat=seat,
            rules=self.deal.rules,
            trumps=tab.trumps,
            hand=tab.hand(self.hands[seat]),
            trick=[(s, tab.names(p)) for s, p in zip(self.seats, self.plays, strict=True)],
            shape=self.shape if self.seats else None,
            outside=tab.hand(self.outside(seat)),
            voids=[{SUIT_NAMES[b] for b in range(5) if v >> b & 1} for v in self.voids],
            team=team,
            defending=defending,
            counts=list(self.size),
            played=self.played(),
            kitty_points=self.kitty_points(seat),
        )

    # -- playing --------------------------------------------------------------------------
    def play(self, codes: list[int], shape: tuple[Kind, ...] | None = None) -> None:
        """Play ``codes`` for the seat to move. A lead comes with its ``shape`` when it needs
        no judging (a recorded lead, or one the policy knows stands); without it a lead of
        several cards is judged by the engine, a failed throw standing as its forced play."""
        seat = self.turn()
        hand = self.hands[seat]
        tab = self.tab
        if not self.seats:
            if shape is None:
                if len(codes) == 1:
                    shape = SINGLE_SHAPE
                else:
                    codes, shape = self._judge(seat, codes)
            self._lead(codes, shape)
        else:
            lead_suit = self.lead_suit
            suit = tab.suit
            follow = 0
            for c in codes:
                if suit[c] == lead_suit:
                    follow += 1
            if follow < len(self.plays[0]):
                self.voids[seat] |= 1 << lead_suit
            self._challenge(len(self.seats), codes)
        rest = self.rest
        rest_n = self.rest_n
        suit_len = self.suit_len[seat]
        suit_of = tab.suit
        for c in codes:
            hand[c] -= 1
            rest[c] -= 1
            rest_n[suit_of[c]] -= 1
            suit_len[suit_of[c]] -= 1
        self.size[seat] -= len(codes)
        self.seats.append(seat)
        self.plays.append(codes)
        friend = self.deal.friend
        if friend >= 0 and not self.revealed and seat == self.partner and friend in codes:
            self.revealed = True
        if len(self.seats) == 4:
            self._finish()

    def _judge(self, seat: int, codes: list[int]) -> tuple[list[int], tuple[Kind, ...]]:
        """A lead of several cards, as the engine judges it (a throw against the others)."""
        tab = self.tab
        rules = self.deal.rules
        others = [tab.hand(self.hands[s]) for s in range(4) if s != seat]
        lead = check_lead(
            tab.hand(self.hands[seat]), tab.names(codes), tab.trumps, rules, others, self.played()
        )
        if lead.attempted is not None and rules.throw_penalty:
            pen = rules.throw_penalty
            self.penalty += pen if self.defending(seat) else -pen
        return tab.of(lead.cards), lead.shape

    def _lead(self, codes: list[int], shape: tuple[Kind, ...]) -> None:
        tab = self.tab
        self.shape = shape
        chaoshan = self.deal.chaoshan
        if shape == SINGLE_SHAPE:
            self.kind = SINGLE
        elif shape == PAIR_SHAPE and not chaoshan:
            self.kind = PAIR
        elif all(k == (1, 1) or k == (2, 1) for k in shape):
            self.kind = SIMPLE
        else:
            self.kind = OTHER
        self.lead_suit = tab.suit[codes[0]]
        self.best = 0
        self.ruff = False
        self.lead_pairs = shape.count((2, 1))
        if self.kind == OTHER:
            top = best_top(tab, tab_counts(codes), self.lead_suit, shape)
            assert top >= 0, "a lead always has its own shape"
            self.strength = top
        elif self.kind == SIMPLE:
            self.strength = self._simple_strength(codes)
        else:
            self.strength = tab.pos[codes[0]]

    def standing_after(self, codes: list[int]) -> tuple[bool, bool, int]:
        """Whether ``codes``, played next, would take the trick: (takes, ruff, strength)."""
        tab = self.tab
        kind = self.kind
        a = codes[0]
        s = tab.suit[a]
        if kind == PAIR and (codes[1] != a):
            return False, False, 0  # not a pair (or mixed suits): it cannot take a pair lead
        lead_suit = self.lead_suit
        if s == lead_suit:
            ruff = False
        elif s == TRUMP_SUIT:
            ruff = True
        else:
            return False, False, 0
        if kind in (SIMPLE, OTHER):
            suit_of = tab.suit
            for c in codes:
                if suit_of[c] != s:
                    return False, False, 0  # a mixed play is a discard
            if kind == SIMPLE:
                st = self._simple_strength(codes)
            else:
                st = best_top(tab, tab_counts(codes), s, self.shape)
            if st < 0:
                return False, False, 0  # it cannot take the lead's shape
        else:
            st = tab.pos[a]
        takes = (ruff and not self.ruff) or (ruff == self.ruff and st > self.strength)
        return takes, ruff, st

    def _simple_strength(self, codes: list[int]) -> int:
        """``tricks.strength`` of cards of one suit in a lead of pairs and singles: the highest
        pair when the lead has pairs (-1: too few pairs to take its shape), else the highest
        card."""
        pos = self.tab.pos
        top = -1
        if not self.lead_pairs:
            for c in codes:
                if pos[c] > top:
                    top = pos[c]
            return top
        pairs = 0
        for i, c in enumerate(codes):
            if c in codes[:i]:
                continue
            n = codes.count(c)
            if n >= 2:
                pairs += n // 2
                if pos[c] > top:
                    top = pos[c]
        return top if pairs >= self.lead_pairs else -1

    def _challenge(self, index: int, codes: list[int]) -> None:
        takes, ruff, st = self.standing_after(codes)
        if takes:
            self.best = index
            self.ruff = ruff
            self.strength = st

    def _finish(self) -> None:
        pts = self.tab.pts
        total = 0
        for p in self.plays:
            for c in p:
                total += pts[c]
        win = self.seats[self.best]
        self.won[win] += total
        self.last_winner = win
        self.last_cards = self.plays[self.best]
        self.leader = win
        self.seats = []
        self.plays = []
        self.shape = ()
        self.kind = OTHER

    # -- the end ----------------------------------------------------------------------------
    def result(self) -> tuple[Verdict, int]:
        """The winning side and its levels, and the attackers' points (with the kitty bonus)."""
        assert self.last_winner >= 0
        attackers = [s for s in range(4) if not self.defending(s)]
        base = self.penalty
        for s in attackers:
            base += self.won[s]
        rules = self.deal.rules
        captured = self.last_winner in attackers and rules.kitty_capture != "none"
        bonus = 0
        if captured:
            cards = self.tab.names(self.last_cards)
            kind = decompose(cards, self.tab.trumps)[0].kind
            bonus = kitty_bonus(rules, self.deal.kitty_points, kind)
        total = base + bonus
        return hand_result(rules, total, captured), total

    def utility(self, seat: int) -> float:
        """``playout.utility``: levels won (+) or lost (-) by ``seat``'s side, smoothed by the
        points, the deal as half a level."""
        (winner, levels), total = self.result()
        mine_defend = self.defending(seat)
        sign = 1 if (winner == "defenders") == mine_defend else -1
        value = float(sign * levels)
        if winner == "attackers":  # the deal passes
            value += 0.5 if not mine_defend else -0.5
        band = self.deal.rules.total_points / 5
        return value + (total if not mine_defend else -total) / band


def from_world(w: World) -> Fast:
    """A ``World`` on card codes (the same deal, trick and score)."""
    tab = codes_for(w.trumps)
    code = tab.code
    deal = Deal(
        w.rules,
        tab,
        w.kitty,
        w.dealer,
        -1 if w.partner is None else w.partner,
        -1 if w.friend_card is None else code[w.friend_card],
    )
    rest = [w.rules.decks] * NCODES
    for c, n in w.played.items():
        rest[code[c]] -= n
    hands = [tab.counts(h) for h in w.hands]
    last = next((tab.of(c) for s, c in w.last if s == w.last_winner), [])
    f = Fast(
        deal,
        hands,
        [sum(h) for h in hands],
        [per_suit(tab, h) for h in hands],
        rest,
        per_suit(tab, rest),
        w.revealed,
        w.leader,
        [],
        [],
        (),
        OTHER,
        0,
        0,
        False,
        0,
        list(w.won),
        w.penalty,
        [suit_bits(v) for v in w.voids],
        -1 if w.last_winner is None else w.last_winner,
        last,
    )
    if w.trick:
        assert w.shape is not None
        first = tab.of(w.trick[0][1])
        f._lead(first, w.shape)
        f.seats.append(w.trick[0][0])
        f.plays.append(first)
        for s, cards in w.trick[1:]:
            codes = tab.of(cards)
            f._challenge(len(f.seats), codes)
            f.seats.append(s)
            f.plays.append(codes)
    return f


def tab_counts(codes: list[int]) -> list[int]:
    """Codes as counts per code."""
    out = [0] * NCODES
    for c in codes:
        out[c] += 1
    return out


def per_suit(tab: Codes, counts: list[int]) -> list[int]:
    """Counts per code summed per suit."""
    out = [0, 0, 0, 0, 0]
    for i in range(NCODES):
        out[tab.suit[i]] += counts[i]
    return out


def trick_start(
    deal: Deal,
    hands: list[list[int]],
    rest: list[int],
    revealed: bool,
    leader: int,
    voids: list[int],
) -> Fast:
    """A table at the start of a trick, with no points taken yet (a replay from there)."""
    tab = deal.tab
    return Fast(
        deal,
        hands,
        [sum(h) for h in hands],
        [per_suit(tab, h) for h in hands],
        rest,
        per_suit(tab, rest),
        revealed,
        leader,
        [],
        [],
        (),
        OTHER,
        0,
        0,
        False,
        0,
        [0, 0, 0, 0],
        0,
        voids,
        -1,
        [],
    )
