"""The searching player: determinized Monte Carlo over the hidden cards, never worse than the
rule-based choice on its own evidence.

For a play with a real choice, the rule-based policy's favourite is the incumbent. The search
takes the policy's best few candidates that differ in effect (twin cards merged), samples deals
of the unseen cards consistent with its view and leaning towards deals that explain the other
seats' plays (``engine.ai.sampling``, ``engine.ai.inference``), and plays each candidate out to
the end of the hand with ``basic`` at every seat (``engine.ai.playout``), all on the same deals,
scored by level utility (levels won or lost by our side, smoothed by the points). Rivals that
cannot catch the favourite drop out after a few deals. The rival with the best mean is the
*nominee*; it is re-checked against the favourite on fresh deals (both plays on the same deals
and the same deterministic continuations: a paired comparison), and played only when the lower
confidence bound of its advantage is above zero. Otherwise the rule-based play stands, so the
nomination's winner's curse (the best of several noisy means looks better than it is) never
decides a play. Sampling stops at the playout budgets or the clock (nomination gets
``NOMINATE_SHARE`` of it; only complete samples count). Forced plays (one candidate) skip the
search. The dealer's burial and friend call are searched and confirmed the same way
(``decide_bury``, ``decide_call``: options played out from the first lead); bids are the
rule-based player's.

``decide(view, budget)`` is a pure function of the view and a seed: an app or server calls it in
an executor or a worker process so its own thread stays responsive.
"""

from __future__ import annotations

import math
import random
import statistics
import time
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from engine.cards import POINTS, Card, points
from engine.views import View

from . import basic, endgame, lean, opponent
from .codes import codes_for
from .fastpolicy import run
from .fastworld import Fast, from_world
from .memory import Knowledge, knowledge
from .sampling import Unseen, deal_unseen, sample_inferred, starting_world
from .style import PLAIN, Style

DEFAULT_BUDGET = 0.4  # seconds per searched decision (the target: p95 ≤ 0.5 s on one core)
MASTER_BUDGET = 1.6  # the target: p95 ≤ 2 s
MASTER_SAMPLES = 4  # master's deals per candidate, as a multiple of hard's
MAX_CANDIDATES = 4  # the policy's best plays, whatever their kind
WIDE = 8  # candidates in all, with the best play of each other kind
WIDE_LEADS = 2  # ``Style.wide_leads``: a lead's candidates, this many times as many
MIN_SAMPLES = 4  # deals every candidate gets before any is dropped
DROP_SE = 2.0  # a rival this many SEs below the favourite is out
MAX_SAMPLES = 200
NOMINATE_SHARE = 0.4  # of the clock, for the nomination; the re-check gets the rest
CONFIRM_PER_SAMPLE = 5  # re-check deals per nomination sample
MIN_CONFIRM = 8  # re-check deals before a nominee can be confirmed
LCB_Z = PLAIN.confirm_z  # the lower bound: one-sided 95%
CONFIRM_STREAM = 0x5EED_C0DE  # the re-check's deals come from their own random stream
LEAN_STREAM = 0x1EA7_5EA7  # and the deals that judge who plays like whom (``Style.table_lean``)
# The last tricks of a play's deal solved exactly (``endgame``) instead of rolled out: off, as
# it measured no gain on late positions at five times the time (docs/AI.md); a bench turns it on.
ENDGAME = False

W = TypeVar("W")


@dataclass(frozen=True, slots=True)
class Decision:
    """A searched decision (a play, a burial, a called card): the cards, and each candidate's
    mean utility over the nomination deals."""

    cards: tuple[Card, ...]
    scores: tuple[tuple[tuple[Card, ...], float], ...]  # best first
    samples: int  # nomination deals
    searched: bool
    check: Check | None = None  # the nominee's re-check, when there was a nominee


# A card's class (``_classes``): suit, rivals under it, points, count held, the called card
Class = tuple[str, int, int, int, bool]


def candidates(
    v: View, k_max: int | None = None, wide: int = WIDE, lengths: bool = False
) -> list[list[Card]]:
    """The rule-based policy's best plays that differ in effect, best first; then, up to
    ``wide`` in all, the best play of each kind not yet among them (``_kind``: a lead's suit,
    shape, height and points, and with ``lengths`` its number of cards; a follow that takes the
    trick or not, ruffs or not, gives points or not), so that the search also weighs plays the
    policy ranks low."""
    k = knowledge(v)
    ranked = basic.ranked_plays(k)
    out: list[list[Card]] = []
    seen: set[tuple[Class, ...]] = set()
    below = _classes(k, v.friend_card if v.friend is None else None)
    kinds: set[tuple[object, ...]] = set()
    top = k_max or MAX_CANDIDATES
    for _, play in ranked:
        key = tuple(sorted(below(c) for c in play))
        if key in seen:
            continue
        kind = _kind(k, play, lengths)
        if len(out) >= top and kind in kinds:
            continue
        seen.add(key)
        kinds.add(kind)
        out.append(play)
        if len(out) >= max(top, wide):
            break
    return out


def _kind(k: Knowledge, play: list[Card], lengths: bool = False) -> tuple[object, ...]:
    trumps = k.trumps
    if not k.trick:
        suit = trumps.suit(play[0])
        comps = basic.components(play, trumps)
        high = max(trumps.position(c) for c in k.hand if trumps.suit(c) == suit)
        kind = (suit, comps[0].kind, len(comps), comps[0].top == high, points(play) > 0)
        return (*kind, len(play)) if lengths else kind
    st = basic.standing_after(k, play)
    return (st.index == len(k.trick), st.ruff, points(play) > 0)


def _classes(k: Knowledge, friend_card: Card | None) -> Callable[[Card], Class]:
    """A card's class: two cards of one suit with the same points, the same count in our hand,
    and no card of anyone else's (outside, or on the table) between them play alike (the
    hidden friend's called card excepted: playing it reveals a side)."""
    trumps = k.trumps
    pos, suit_of = trumps.position, trumps.suit
    rivals: dict[str, list[int]] = {}
    on_table = Counter(c for _, cards in k.trick for c in cards)
    for c, n in (k.outside + on_table).items():
        rivals.setdefault(suit_of(c), []).extend([pos(c)] * n)

    def cls(c: Card) -> Class:
        p = pos(c)
        under = sum(1 for q in rivals.get(suit_of(c), ()) if q < p)
        return (suit_of(c), under, POINTS[c], k.hand[c], c == friend_card)

    return cls


def decide(
    v: View,
    budget: float | None = DEFAULT_BUDGET,
    samples: int = MAX_SAMPLES,
    seed: int = 0,
    confirm: int | None = None,
    style: Style = PLAIN,
) -> Decision:
    """Search the play for ``v``'s seat within about ``budget`` seconds (``None``: no clock, so
    the choice depends only on the view and the seed): ``samples`` deals' worth of playouts to
    nominate (``samples`` times the number of candidates), then up to ``confirm`` fresh deals
    (default ``CONFIRM_PER_SAMPLE * samples``) to confirm the nominee against the favourite."""
    start = time.perf_counter()
    base = _seed(v, seed)
    nominate_rng = random.Random(base)
    confirm_rng = random.Random(base ^ CONFIRM_STREAM)
    u: Unseen | None = None

    def unseen() -> Unseen:
        nonlocal u
        u = u or Unseen(v, kitty_odds=style.kitty_odds)  # read once, and only if searched
        return u

    def deals(rng: random.Random) -> Callable[[], Fast]:
        return lambda: sample_inferred(v, rng, u=unseen())

    def read() -> lean.Lean:
        if not style.table_lean:
            return lean.NONE
        return lean.lean_of(lean.evidence(v, unseen(), random.Random(base ^ LEAN_STREAM)))

    return decide_on(
        v, deals(nominate_rng), deals(confirm_rng), budget, samples, confirm, style, start, read
    )


def decide_on(
    v: View,
    draw: Callable[[], Fast],
    draw_fresh: Callable[[], Fast],
    budget: float | None = DEFAULT_BUDGET,
    samples: int = MAX_SAMPLES,
    confirm: int | None = None,
    style: Style = PLAIN,
    start: float | None = None,
    read: Callable[[], lean.Lean] = lambda: lean.NONE,
) -> Decision:
    """``decide`` on the deals ``draw`` and ``draw_fresh`` give: the view's own (``decide``), or
    the real deal for a bench that measures the ceiling of seeing every hand; ``read()``: which
    seats the rollouts play by which continuation (``Style.table_lean``), asked only when a
    search runs."""
    start = time.perf_counter() if start is None else start
    if style.wide_leads and not v.trick:
        cands = candidates(v, WIDE_LEADS * MAX_CANDIDATES, WIDE_LEADS * WIDE, lengths=True)
    else:
        cands = candidates(v)
    if len(cands) == 1:
        return Decision(tuple(cands[0]), ((tuple(cands[0]), 0.0),), 0, False)
    seat = v.seat
    assert seat is not None and v.trumps is not None
    tab = codes_for(v.trumps)
    codes = {tuple(c): tab.of(c) for c in cands}
    memo = endgame.Memo()  # the endgame's table of a deal, shared by its candidates
    leaning = read()
    return search(
        cands,
        draw,
        draw_fresh,
        lambda world, play: _playout(world, codes[tuple(play)], seat, memo, style, leaning),
        samples,
        CONFIRM_PER_SAMPLE * samples if confirm is None else confirm,
        None if budget is None else start + budget,
        start,
        style.confirm_z,
    )


def search(
    cands: list[list[Card]],
    draw: Callable[[], W],
    draw_fresh: Callable[[], W],
    value: Callable[[W, list[Card]], float],
    samples: int,
    confirm: int,
    deadline: float | None = None,
    start: float = 0.0,
    z: float = LCB_Z,
) -> Decision:
    """Nominate the rival of the favourite ``cands[0]`` with the best mean over deals from
    ``draw``; play it only when a paired re-check on deals from ``draw_fresh`` confirms it
    (``Check.confirmed``, its bound ``z`` standard errors). ``value(world, play)`` must leave
    ``world`` as it was."""
    stop = math.inf if deadline is None else start + NOMINATE_SHARE * (deadline - start)
    results, alive = _nominate(cands, draw, value, samples, stop)
    n = len(results[0])
    if n == 0:
        return Decision(tuple(cands[0]), ((tuple(cands[0]), 0.0),), 0, False)
    means = [statistics.fmean(r) if r else -math.inf for r in results]
    # The challenger is the best rival still in the running, even when the favourite leads the
    # nomination: on a few deals the favourite leads by luck as often as a rival does.
    rivals = [i for i in alive if i != 0]
    nominee = max(rivals, key=lambda i: means[i]) if rivals else 0
    check = None
    if nominee != 0:
        check = paired_check(
            draw_fresh,
            value,
            cands[0],
            cands[nominee],
            confirm,
            math.inf if deadline is None else deadline,
            z,
        )
    best = nominee if check is not None and check.confirmed else 0
    rest = sorted((i for i in range(len(cands)) if i != best), key=lambda i: -means[i])
    scores = tuple((tuple(cands[i]), means[i]) for i in [best, *rest])
    return Decision(tuple(cands[best]), scores, n, True, check)


def _nominate(
    cands: list[list[Card]],
    draw: Callable[[], W],
    value: Callable[[W, list[Card]], float],
    samples: int,
    deadline: float,
) -> tuple[list[list[float]], list[int]]:
    """Every live candidate played on the same deals; rivals that cannot catch the favourite
    drop out after ``MIN_SAMPLES`` deals and leave their playouts to the rest. Returns each
    candidate's values and those still in the running."""
    results: list[list[float]] = [[] for _ in cands]
    alive = list(range(len(cands)))
    playouts = samples * len(cands)
    n = done = 0
    while done + len(alive) <= playouts and n < MAX_SAMPLES:
        if len(alive) == 1 and n >= MIN_SAMPLES:
            break  # every rival is out: the favourite stands
        t0 = time.perf_counter()
        world = draw()
        row = []
        for i in alive:
            row.append(value(world, cands[i]))
            if time.perf_counter() > deadline:
                break
        if len(row) < len(alive):
            break  # out of time mid-sample: only complete samples are compared
        for i, u in zip(alive, row, strict=True):
            results[i].append(u)
        n += 1
        done += len(alive)
        if n >= MIN_SAMPLES:
            alive = [i for i in alive if i == 0 or not _beaten(results[i], results[0])]
        now = time.perf_counter()
        if now + (now - t0) > deadline:
            break  # the next sample would overrun the budget
    return results, alive


@dataclass(frozen=True, slots=True)
class Check:
    """The nominee's paired advantage over the favourite on fresh deals."""

    gain: float  # mean of (nominee - favourite) per deal
    se: float  # its standard error
    deals: int
    z: float = field(default=LCB_Z, repr=False)  # the bound's standard errors (style's)

    @property
    def lcb(self) -> float:
        """The lower confidence bound of the gain (one-sided, ``z`` standard errors)."""
        return self.gain - self.z * self.se

    @property
    def confirmed(self) -> bool:
        return self.deals >= MIN_CONFIRM and self.lcb > 0


def paired_check(
    draw: Callable[[], W],
    value: Callable[[W, list[Card]], float],
    incumbent: list[Card],
    nominee: list[Card],
    deals: int,
    deadline: float = math.inf,
    z: float = LCB_Z,
) -> Check:
    """Both plays on the same ``deals`` fresh deals (common random numbers: the continuations
    are the same deterministic policy); stops early once the nominee is clearly worse (its upper
    bound, ``LCB_Z`` standard errors, below zero: whatever the bar ``z`` it is confirmed by) or
    when the next deal would overrun the deadline."""
    diffs: list[float] = []
    for _ in range(deals):
        t0 = time.perf_counter()
        world = draw()
        diffs.append(value(world, nominee) - value(world, incumbent))
        now = time.perf_counter()
        if now + (now - t0) > deadline:
            break
        if len(diffs) >= MIN_CONFIRM:
            gain, se = _mean_se(diffs)
            if gain + LCB_Z * se < 0 or (se == 0 and gain <= 0):
                break
    if not diffs:
        return Check(0.0, math.inf, 0, z)
    gain, se = _mean_se(diffs)
    return Check(gain, se, len(diffs), z)


def _mean_se(d: list[float]) -> tuple[float, float]:
    if len(d) < 2:
        return (statistics.fmean(d) if d else 0.0), math.inf
    return statistics.fmean(d), statistics.stdev(d) / math.sqrt(len(d))


def _beaten(rival: list[float], base: list[float]) -> bool:
    """A rival that cannot catch the favourite: clearly worse, or the same on every deal."""
    gain, se = _mean_se([a - b for a, b in zip(rival, base, strict=False)])
    return gain < -DROP_SE * se or (se == 0 and gain <= 0)


Deal = tuple[list[Counter[Card]], tuple[Card, ...]]  # the four hands and the kitty


def decide_call(
    v: View,
    budget: float | None = DEFAULT_BUDGET,
    samples: int = MAX_SAMPLES,
    seed: int = 0,
    confirm: int | None = None,
    style: Style = PLAIN,
) -> Decision:
    """The dealer's friend call, the same way as a play: the rule-based call is the incumbent,
    its next calls the rivals; each deal of the unseen hands is played out from the first lead
    with every call, and a nominee must pass the paired re-check."""
    seat = v.seat
    assert seat is not None
    cands = [[c] for c in basic.call_options(v)[:MAX_CANDIDATES]]

    def value(deal: Deal, call: list[Card]) -> float:
        world = from_world(starting_world(v, deal[0], deal[1], call[0]))
        _rollout(world, seat, style)
        return world.utility(seat)

    return _before_play(v, cands, value, budget, samples, seed, confirm, style.confirm_z)


def decide_bury(
    v: View,
    budget: float | None = DEFAULT_BUDGET,
    samples: int = MAX_SAMPLES,
    seed: int = 0,
    confirm: int | None = None,
    style: Style = PLAIN,
) -> Decision:
    """The dealer's burial, the same way: the rule-based burial is the incumbent, its next
    cheapest burials the rivals, each played out from the first lead (with a hidden friend, after
    the rule-based call from the hand that burial leaves)."""
    seat = v.seat
    assert seat is not None
    cands = [list(b) for b in basic.bury_options(v)[:MAX_CANDIDATES]]
    calls = {}
    if v.rules.partners != "fixed":
        for b in cands:
            left = Counter(v.hand) - Counter(b)
            after = replace(v, hand=tuple(left.elements()), buried=tuple(b), phase="call")
            calls[tuple(b)] = basic.call_choice(after)

    def value(deal: Deal, burial: list[Card]) -> float:
        hands = list(deal[0])
        hands[seat] = hands[seat] - Counter(burial)
        world = from_world(starting_world(v, hands, tuple(burial), calls.get(tuple(burial))))
        _rollout(world, seat, style)
        return world.utility(seat)

    return _before_play(v, cands, value, budget, samples, seed, confirm, style.confirm_z)


def _before_play(
    v: View,
    cands: list[list[Card]],
    value: Callable[[Deal, list[Card]], float],
    budget: float | None,
    samples: int,
    seed: int,
    confirm: int | None,
    z: float,
) -> Decision:
    start = time.perf_counter()
    if len(cands) == 1:
        return Decision(tuple(cands[0]), ((tuple(cands[0]), 0.0),), 0, False)
    base = _seed(v, seed)
    nominate_rng = random.Random(base)
    confirm_rng = random.Random(base ^ CONFIRM_STREAM)
    return search(
        cands,
        lambda: deal_unseen(v, nominate_rng),
        lambda: deal_unseen(v, confirm_rng),
        value,
        samples,
        CONFIRM_PER_SAMPLE * samples if confirm is None else confirm,
        None if budget is None else start + budget,
        start,
        z,
    )


def _playout(
    world: Fast,
    play: list[int],
    seat: int,
    memo: endgame.Memo | None = None,
    style: Style = PLAIN,
    leaning: lean.Lean = lean.NONE,
) -> float:
    w = world.copy()
    w.play(play)
    if ENDGAME and endgame.applies(w):
        if memo is None:
            return endgame.solve(w, seat)
        return endgame.solve_memo(w, seat, memo.for_deal(world.deal))
    _rollout(w, seat, style, leaning)
    return w.utility(seat)


def opponents_of(world: Fast, seat: int) -> int:
    """The seats on the other side of ``seat`` in ``world`` (a sampled deal: its sides are
    known), as a bit set."""
    mine = world.defending(seat)
    out = 0
    for x in range(4):
        if world.defending(x) != mine:
            out |= 1 << x
    return out


def _rollout(world: Fast, seat: int, style: Style, leaning: lean.Lean = lean.NONE) -> None:
    """Play ``world`` to the end: every seat by our policy, or with ``style.model_opponents``
    the other side's seats by ``opponent``'s model of a greedy rule bot (lever 3, docs/AI.md);
    ``leaning`` moves seats from one to the other by how they played (``Style.table_lean``)."""
    modelled = leaning.modelled(opponents_of(world, seat) if style.model_opponents else 0)
    if modelled:
        opponent.run(world, modelled)
    else:
        run(world)


def _seed(v: View, seed: int) -> int:
    """The same view and seed give the same samples (reproducible arenas and hints)."""
    text = repr((seed, v.seat, v.hand_no, sorted(v.hand), len(v.tricks), len(v.trick)))
    return zlib.crc32(text.encode())
