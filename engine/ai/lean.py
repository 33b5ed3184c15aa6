"""Which continuation plays each other seat in the rollouts: the one that explains its plays.

``master``'s style rolls out the other side by ``opponent``'s model of the open bots' rule bot
and our side by our own policy (issue 36's lever 3): that paid against the open bot and measured
nothing against our own levels, which play like our policy; our own policy at every seat did no
worse against them (+0.049 a hand over ``master``, paired, not shown). So with
``Style.table_lean`` the table decides, seat by seat: the other seats' plays so far this hand
are replayed in a few deals drawn by the hard facts alone (the inference's draws would favour
our policy, which weights them), each play scored by how often each continuation makes it there,
and a seat whose plays one continuation explains better than the other by more than ``MARGIN``
(a log-likelihood ratio) is rolled out by that one, whichever side it is on. Against ``hard`` it
measured flat (+0.016 ± 0.038 a hand over ``master``, 419 deals: the evidence comes late in the
hand), so no level plays with it (docs/AI.md, "Who plays like whom").
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from engine.views import View

from . import fastpolicy, opponent
from .inference import Chooser, Window
from .sampling import Unseen

DEALS = 8  # deals the plays are replayed in
SMOOTH = 0.1  # added to each share of deals, so a play neither makes costs no infinity
MARGIN = 1.0  # nats of evidence before a seat's rollouts leave the style's continuation


@dataclass(frozen=True, slots=True)
class Lean:
    """Seats rolled out by the model whatever their side (``model``), and by our policy whatever
    their side (``ours``), as bit sets."""

    model: int = 0
    ours: int = 0

    def modelled(self, others: int) -> int:
        """The seats the model plays, given those the style has it play (``others``)."""
        return (others | self.model) & ~self.ours


NONE = Lean()


def shares(
    v: View, u: Unseen, rng: random.Random, deals: int = DEALS
) -> list[tuple[int, float, float]]:
    """Every other seat's play this hand: the seat, and the shares of ``deals`` deals drawn
    from ``u`` in which the model, and our policy, make it."""
    window = Window(v, u.tab, u.facts.tricks, back=len(u.facts.tricks))
    if not window.plays:
        return []
    both: list[Chooser] = [opponent.choose, fastpolicy.choose]
    made = [window.explained(u.draw(rng), both) for _ in range(deals)]
    return [
        (seat, sum(d[i][1][0] for d in made) / deals, sum(d[i][1][1] for d in made) / deals)
        for i, (seat, _) in enumerate(made[0])
    ]


def evidence(v: View, u: Unseen, rng: random.Random, deals: int = DEALS) -> list[float]:
    """Per seat, the log-likelihood ratio of its plays this hand under the model against our
    policy (positive: the model explains them better), over ``deals`` deals drawn from ``u``."""
    out = [0.0] * 4
    for seat, m, o in shares(v, u, rng, deals):
        out[seat] += math.log((m + SMOOTH) / (o + SMOOTH))
    return out


def lean_of(llr: list[float], margin: float = MARGIN) -> Lean:
    """The seats whose evidence passes ``margin`` one way or the other."""
    model = sum(1 << s for s in range(4) if llr[s] > margin)
    ours = sum(1 << s for s in range(4) if llr[s] < -margin)
    return Lean(model, ours)
