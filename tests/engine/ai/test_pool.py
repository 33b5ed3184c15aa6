"""A decision made in a worker process equals the one made in-process, state included."""

from engine.actions import DealCard
from engine.ai import make_player, pool
from engine.match import Match
from engine.rules import preset
from engine.views import view


def _first_decisions(player_for_seat, apply_in_worker: bool) -> list[object]:
    match = Match(preset("classic"), 5)
    hand = match.hand
    out = []
    with pool.make_pool(1) as workers:
        while len(out) < 40:
            if not hand.deal_complete:
                hand.apply(DealCard())
                continue
            seat = next(s for s in range(4) if hand.actions_for(s))
            player = player_for_seat[seat]
            if apply_in_worker:
                action, player_for_seat[seat] = workers.submit(
                    pool.act, player, view(hand, seat)
                ).result()
            else:
                action = player.act(view(hand, seat))
            out.append(action)
            hand.apply(action if action is not None else hand.auto_action(seat))
    return out


def test_worker_decisions_equal_in_process_ones() -> None:
    local = {s: make_player("easy", 10 + s) for s in range(4)}
    remote = {s: make_player("easy", 10 + s) for s in range(4)}
    assert _first_decisions(remote, True) == _first_decisions(local, False)


def test_workers_yield_the_cpu_to_their_caller() -> None:
    """A search is budgeted in time: a worker below its caller's priority costs it playouts,
    never the caller's latency (a server's answers, the app's frames)."""
    import os

    with pool.make_pool(1) as workers:
        theirs = workers.submit(os.nice, 0).result()
    assert theirs == min(19, os.nice(0) + pool.NICE)
