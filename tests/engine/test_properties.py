"""Property tests: decomposition, the existence of a legal follow, suit-relabelling symmetry."""

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import RANKS, SUITS, Card, Hand, deck
from engine.errors import RulesError
from engine.follows import check_follow, legal_follows
from engine.leads import Lead, check_lead
from engine.order import Trumps
from engine.rules import RuleSet, preset
from engine.shapes import decompose
from engine.tricks import winner

SETTINGS = settings(max_examples=150, deadline=None)
RULESETS = [preset(n) for n in ("classic", "one-deck", "three-deck", "four-deck", "chaoshan")]

trumps_st = st.builds(
    Trumps,
    level=st.sampled_from(RANKS),
    trump=st.sampled_from([*SUITS, None]),
    twos_trump=st.booleans(),
)


@SETTINGS
@given(trumps=trumps_st, decks=st.integers(1, 4), data=st.data())
def test_decomposition_recomposes_its_input(
    trumps: Trumps, decks: int, data: st.DataObject
) -> None:
    suit = data.draw(st.sampled_from([*(s for s in SUITS if s != trumps.trump), "T"]))
    pool = [c for c in deck(decks) if trumps.suit(c) == suit]
    cards = data.draw(st.lists(st.sampled_from(sorted(set(pool))), min_size=1, max_size=30))
    cards = list((Counter(cards) & Counter(pool)).elements())  # at most ``decks`` copies
    comps = decompose(cards, trumps)
    assert Counter(c for comp in comps for c in comp.cards) == Counter(cards)
    for comp in comps:
        assert len(comp.cards) == comp.size * comp.length
        tops = [trumps.position(c) for c in comp.cards[:: comp.size]]
        assert tops == list(range(comp.top, comp.top - comp.length, -1))
        assert all(
            len(set(comp.cards[i : i + comp.size])) == 1
            for i in range(0, len(comp.cards), comp.size)
        )
    keys = [(c.length >= 2, c.size, c.length) for c in comps]
    assert keys == sorted(keys, reverse=True)
    # tractors were taken first and longest: no tuples left that would chain
    tuples = [c for c in comps if c.length == 1 and c.size >= 2]
    for a in tuples:
        assert all(abs(a.top - b.top) != 1 for b in tuples)
    for t in (c for c in comps if c.length >= 2):
        ends = (t.top + 1, t.top - t.length)
        assert all(u.top not in ends for u in tuples if u.size >= t.size)


def deal(rng: random.Random, rules: RuleSet) -> list[Hand]:
    cards = deck(rules.decks)
    rng.shuffle(cards)
    n = rules.hand_size
    return [Counter(cards[i * n : (i + 1) * n]) for i in range(4)]


def random_lead(rng: random.Random, hands: list[Hand], trumps: Trumps, rules: RuleSet) -> Lead:
    """A lead as it stands: one card (潮汕), a component, or a throw of a suit's components."""
    held = hands[0]
    suit = trumps.suit(rng.choice(sorted(held.elements())))
    cards = sorted(c for c in held.elements() if trumps.suit(c) == suit)
    if rules.lead_rule == "chaoshan":
        return check_lead(held, [rng.choice(cards)], trumps, rules, others=hands[1:])
    comps = decompose(cards, trumps)
    roll = rng.random()
    if roll < 0.3:  # the suit's largest component: tractors and tuples come often
        pick = comps[:1]
    elif roll < 0.5:
        pick = [rng.choice(comps)]
    else:  # the whole suit as a throw, shed of failing components until it stands
        pick = comps
    while True:
        play = [c for comp in pick for c in comp.cards]
        lead = check_lead(held, play, trumps, rules, others=hands[1:])
        if lead.failed is None or len(pick) == 1 or rng.random() < 0.1:
            return lead
        pick = [comp for comp in pick if comp != lead.failed]


def trick(seed: int, rules: RuleSet, trumps: Trumps) -> tuple[list[list[Card]], Lead]:
    rng = random.Random(seed)
    hands = deal(rng, rules)
    lead = random_lead(rng, hands, trumps, rules)
    plays = [list(lead.cards)]
    for follower in hands[1:]:
        follows = list(legal_follows(follower, lead.cards, lead.shape, trumps, rules, limit=30))
        assert follows, "a legal follow always exists"
        for play in follows:
            check_follow(follower, play, lead.cards, lead.shape, trumps, rules)
        plays.append(rng.choice(follows))
    return plays, lead


@SETTINGS
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULESETS), trumps=trumps_st)
def test_a_legal_follow_exists_in_every_reachable_position(
    seed: int, rules: RuleSet, trumps: Trumps
) -> None:
    trick(seed, rules, trumps)


def relabel(card: Card, perm: dict[str, str]) -> Card:
    return card if card in ("SJ", "BJ") else card[0] + perm[card[1]]


@SETTINGS
@given(
    seed=st.integers(0, 2**32),
    rules=st.sampled_from(RULESETS),
    trumps=trumps_st,
    order=st.permutations(SUITS),
)
def test_trick_winner_is_blind_to_suit_names(
    seed: int, rules: RuleSet, trumps: Trumps, order: list[str]
) -> None:
    plays, lead = trick(seed, rules, trumps)
    perm = dict(zip(SUITS, order, strict=True))
    moved = Trumps(trumps.level, trumps.trump and perm[trumps.trump], trumps.twos_trump)
    moved_plays = [[relabel(c, perm) for c in p] for p in plays]
    moved_lead = check_lead(Counter(moved_plays[0]), moved_plays[0], moved, rules)
    assert moved_lead.shape == lead.shape
    assert winner(moved_plays, moved_lead.shape, moved) == winner(plays, lead.shape, trumps)


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rules=st.sampled_from([preset(n) for n in ("classic", "three-deck", "four-deck")]),
    level=st.sampled_from(RANKS),
)
def test_legal_follows_are_exactly_the_accepted_plays(
    seed: int, rules: RuleSet, level: str
) -> None:
    """Generated follows and checked follows agree, on hands small enough to try every play."""
    rng = random.Random(seed)
    trumps = Trumps(level, "H")
    suit = rng.choice(["S", "T"])
    low = rng.randint(0, 7)
    high = low + rng.randint(4, 7)  # a narrow band of ranks: tuples and tractors abound
    pool = [
        c for c in deck(rules.decks) if trumps.suit(c) == suit and low <= trumps.position(c) < high
    ]
    rng.shuffle(pool)
    lead_cards = pool[: rng.randint(2, min(8, len(pool) // 2))]
    lead = check_lead(Counter(lead_cards), lead_cards, trumps, rules)
    need = len(lead.cards)
    held = Counter(pool[len(lead_cards) : len(lead_cards) + need + rng.randint(1, 4)])
    held["3D"] += 1
    accepted = set()
    for play in {tuple(sorted(p)) for p in itertools.combinations(held.elements(), need)}:
        try:
            check_follow(held, play, lead.cards, lead.shape, trumps, rules)
        except RulesError:
            continue
        accepted.add(play)
    made = legal_follows(held, lead.cards, lead.shape, trumps, rules, limit=10**6)
    assert {tuple(sorted(p)) for p in made} == accepted
    assert accepted


def _has(counts: Counter[Card], kinds: list[tuple[int, int]], trumps: Trumps) -> bool:
    """Brute force, independent of engine.shapes: disjoint components of all ``kinds``?"""
    if not kinds:
        return True
    (size, length), rest = kinds[0], kinds[1:]

    def chain(top: int, n: int, left: Counter[Card]) -> bool:
        if n == length:
            return _has(left, rest, trumps)
        return any(
            k >= size
            and trumps.position(c) == top - n
            and chain(top, n + 1, left - Counter({c: size}))
            for c, k in left.items()
        )

    return any(chain(trumps.position(c), 0, counts) for c in counts)


def _fills(size: int, length: int) -> list[list[tuple[int, int]]]:
    """RULES §6 for one lead component: tractors (longest first), else tuples (largest first)."""
    parts = [(s, n) for s in range(2, size + 1) for n in range(1, length + 1)]
    found: list[list[tuple[int, int]]] = []

    def grow(acc: list[tuple[int, int]], start: int, room: int) -> None:
        found.append(acc)
        for i in range(start, len(parts)):
            if parts[i][1] <= room:
                grow([*acc, parts[i]], i, room - parts[i][1])

    grow([], 0, length)
    return sorted(found, key=lambda f: sorted(((n >= 2, s, n) for s, n in f), reverse=True))[::-1]


def _oracle(counts: Counter[Card], lead: tuple, trumps: Trumps) -> tuple[int, ...]:
    """The lexicographically best match, the lead's largest component first."""
    options = [_fills(s, n) for s, n in lead if (s, n) != (1, 1)]
    for choice in itertools.product(*(range(len(o)) for o in options)):
        if _has(counts, [k for o, i in zip(options, choice, strict=True) for k in o[i]], trumps):
            return choice
    raise AssertionError("all singles always fit")


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), decks=st.integers(2, 4), level=st.sampled_from(RANKS))
def test_standard_order_matches_a_brute_force_oracle(seed: int, decks: int, level: str) -> None:
    rng = random.Random(seed)
    rules = preset("classic").with_options(decks=decks, kitty_size=8 if decks != 3 else 6)
    trumps = Trumps(level, "H")
    suit = rng.choice(["S", "T"])
    low = rng.randint(0, 7)
    high = low + rng.randint(3, 6)
    pool = [c for c in deck(decks) if trumps.suit(c) == suit and low <= trumps.position(c) < high]
    rng.shuffle(pool)
    lead_cards = pool[: rng.randint(2, min(7, len(pool) // 2))]
    lead = check_lead(Counter(lead_cards), lead_cards, trumps, rules)
    need = len(lead.cards)
    held = Counter(pool[len(lead_cards) : len(lead_cards) + need + rng.randint(1, 3)])
    if sum(held.values()) <= need:
        return
    best = _oracle(held, lead.shape, trumps)
    for play in {tuple(sorted(p)) for p in itertools.combinations(held.elements(), need)}:
        try:
            check_follow(held, play, lead.cards, lead.shape, trumps, rules)
            ok = True
        except RulesError:
            ok = False
        assert ok == (_oracle(Counter(play), lead.shape, trumps) == best), play
