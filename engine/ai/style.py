"""How a search imagines the seats it cannot see, and which of its own leads it weighs: a
level's style beside its budget.

Issue 36's levers that paid against the open bots (docs/AI.md): the other side's seats rolled
out by ``engine.ai.opponent``'s model of a greedy rule bot instead of our own policy (lever 3),
and an unseen kitty dealt as a burial, low cards first, instead of like a hand (lever 1 on the
kitty), and lever 5, ``wide_leads``: a lead weighs every length of pair, tractor and throw the
policy considers, not only its best of each suit and shape. Both searching levels play with all
three (``master`` since 660f11b, ``hard`` since it measured +0.51 a deal against the open bot at
its clock); ``PLAIN``, the search without them, is what the arena measures them against. A
fourth part, bids searched while the cards come (``engine.ai.bidsearch``), is a bench switch:
it has no clock, and it measured flat where the others bid and play by the rule
(``bench/bid_search.py``, docs/AI.md). A fifth, the re-check's bar (``confirm_z``), is the
shipped one-sided 95% for both levels: a bar of 0 for ``master`` changed half the deals
against ``hard`` and gained nothing measurable (docs/AI.md). A sixth, ``table_lean``, lets each
other seat's plays this hand choose between the model and our policy for its rollouts
(``engine.ai.lean``); docs/AI.md has what it measured.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Style:
    # the rollouts play the other side's seats by ``engine.ai.opponent`` (our side by our policy)
    model_opponents: bool = False
    # an unseen kitty gets a trump, a point card or an ace at these odds in tenths against any
    # other card (0: dealt like a hand); ``engine.ai.sampling.Unseen``
    kitty_odds: int = 0
    # a lead's candidates: twice as many, one of each suit, shape *and length* (``expert``)
    wide_leads: bool = False
    # bids while the cards come searched against the rule's (``bidsearch``): measured flat
    # (docs/AI.md), so no level plays with it; the arena's ``sbids``
    searched_bids: bool = False
    # a nominee is played when its paired gain on fresh deals is this many standard errors above
    # zero (one-sided 95%); the fresh deals are unbiased, so a lower bar trades the rule's
    # protection for more of the search's choices (the arena's ``z=X``; 0 measured flat)
    confirm_z: float = 1.645
    # each other seat's rollouts by whichever of the model and our policy better explains its
    # plays this hand, past a margin (``engine.ai.lean``; the arena's ``table`` / ``fixed``)
    table_lean: bool = False


PLAIN = Style()
TUNED = Style(model_opponents=True, kitty_odds=1, wide_leads=True)
LEVEL_STYLES = {"hard": TUNED, "master": TUNED}
