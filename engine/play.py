"""A text table: play one seat against the AI (``--ai`` level), reading moves from stdin.

    python -m engine.play --preset classic [--seed N] [--seat 0] [--ai normal] [--auto]

The human seat sees only ``engine.views.view`` (and the events as ``Event.for_seat`` gives them).
Input: cards as text (``TH TH``, ``10h``). During the deal your hand is shown and a bid is asked
for only when you have a new one to make (Enter skips it); with no bid at the end of the deal you
pass by yourself, else ``p`` passes. ``h`` lists the candidates; ``a`` lets the engine act for
you (托管) once. An illegal move prints the engine's message in English and Chinese and asks
again. ``--auto`` plays the human seat automatically (for pipes and tests). End of input exits
cleanly.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO, assert_never

from engine.actions import Action, AutoPlay, Bury, CallFriend, PassBid, Play
from engine.ai import LEVELS, make_player
from engine.bids import Bid
from engine.cards import parse_card, parse_cards, points
from engine.errors import RulesError
from engine.events import (
    BidMade,
    BidPassed,
    BidRevealed,
    Buried,
    DealEnd,
    Dealt,
    EventBody,
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
    TrumpSet,
)
from engine.hand import Hand
from engine.match import Match
from engine.order import Trumps
from engine.rules import PRESETS, preset
from engine.selfplay import Player, play_hand
from engine.views import View, view


class Quit(Exception):
    """End of input."""


def show_state(v: View, out: TextIO) -> None:
    trump = ("none" if v.trump is None else v.trump) if v.trump_known else "?"
    print(
        f"[hand {v.hand_no}] level {v.level} · trump {trump} · dealer {v.dealer} · "
        f"you are seat {v.seat}",
        file=out,
    )
    if v.attacker_points is not None:
        print(f"attackers' points: {v.attacker_points}", file=out)
    print(f"won per seat: {list(v.won)}", file=out)
    if v.trick:
        print("trick: " + " | ".join(f"{s}: {' '.join(c)}" for s, c in v.trick), file=out)
    print(f"your hand {hand_text(v)}", file=out)


def hand_text(v: View) -> str:
    """``(n): cards`` sorted as far as the trump is known."""
    trumps = v.trumps or Trumps(v.level, None, v.rules.twos_trump)
    return f"({len(v.hand)}): " + " ".join(trumps.sorted(list(v.hand)))


def show_bids(v: View, out: TextIO) -> None:
    """Before a bid is asked for: the hand and the bids it can make."""
    print(f"your hand {hand_text(v)} · level {v.level}", file=out)
    print("you can bid: " + " | ".join(" ".join(b) for b in v.legal_bids), file=out)


def ai_player(level: str, seed: int) -> Player:
    """An opponent of one of the AI levels (``engine.ai.LEVELS``)."""
    player = make_player(level, seed)

    def act(v: View, _rng: random.Random) -> Action | None:
        return player.act(v)

    return act


def describe(event: EventBody, me: int) -> str | None:
    """One line for an event as this seat sees it (None: not worth a line)."""
    match event:
        case Dealt(card=card):
            return f"you are dealt {card}" if card is not None else None
        case BidMade(seat=seat, cards=cards) | BidRevealed(seat=seat, cards=cards):
            return f"seat {seat} bids {' '.join(cards)}"
        case BidPassed(seat=seat):
            return f"seat {seat} passes"
        case Redeal():
            return "nobody bid: redeal"
        case TrumpSet():
            trump = event.trump or "none (无主)"
            return f"trump {trump} ({event.how}), level {event.level}, dealer {event.dealer}"
        case KittyFlip(cards=cards):
            return f"kitty flipped: {' '.join(cards)}"
        case KittyPickup(seat=seat, cards=cards):
            return f"seat {seat} picks up the kitty: {' '.join(cards or ['?'])}"
        case Buried(seat=seat, cards=cards, shown=shown):
            seen = f" (shown: {' '.join(shown)})" if shown else ""
            mine = f": {' '.join(cards)}" if cards is not None else ""
            return f"seat {seat} buries{mine}{seen}"
        case FriendCalled(seat=seat, card=card):
            return f"seat {seat} calls the friend card {card}"
        case FriendRevealed(seat=seat):
            return f"seat {seat} is the friend"
        case Played(seat=seat, cards=cards):
            who = "you play" if seat == me else f"seat {seat} plays"
            return f"{who}: {' '.join(cards)}"
        case ThrowFailed():
            return (
                f"seat {event.seat}'s throw {' '.join(event.attempted)} fails: "
                f"forced {' '.join(event.forced)} (penalty {event.penalty})"
            )
        case TrickWon(winner=winner, points=points):
            return f"seat {winner} wins the trick ({points} points)"
        case HandEnd():
            return (
                f"HAND OVER: attackers {event.attacker_points} points "
                f"(kitty {' '.join(event.kitty) or '-'}, x{event.multiplier}); "
                f"{event.winner} win {event.levels} level(s); next dealer "
                f"{event.next_dealer}"
            )
        case HandStart() | DealEnd() | PlayStart():
            return None
        case _:
            assert_never(event)


class Table:
    def __init__(
        self,
        hand: Hand,
        seat: int,
        auto: bool,
        rng: random.Random,
        out: TextIO,
        ai: str = "normal",
    ):
        self.hand, self.seat, self.auto, self.rng, self.out = hand, seat, auto, rng, out
        self.ai = ai
        self.offered: tuple[tuple[str, ...], ...] = ()  # the bids last put to the human

    def apply(self, action: Action) -> None:
        for event in self.hand.apply(action):
            seen = event.for_seat(self.seat)
            line = describe(seen, self.seat) if seen is not None else None
            if line and isinstance(seen, Dealt):
                line += f" · your hand {hand_text(view(self.hand, self.seat))}"
            if line:
                print(line, file=self.out)

    def ask(self, prompt: str) -> str:
        print(prompt, end="", file=self.out, flush=True)
        line = sys.stdin.readline()
        if not line:
            raise Quit
        return line.strip()

    def human(self, v: View) -> Action | None:
        """Ask the human for this decision until the engine accepts one (None: skip a bid)."""
        if v.phase == "deal":
            if v.deal_complete and "pass-bid" not in v.actions:
                return None  # passed already; the others are still bidding
            if not v.legal_bids:
                if not v.deal_complete:
                    return None  # nothing to bid with yet: the deal goes on without a question
                print("you have no bid to make: you pass", file=self.out)
                self.apply(PassBid(self.seat))
                return None
            if v.legal_bids == self.offered and not v.deal_complete:
                return None  # asked already about these bids; the deal goes on
            self.offered = v.legal_bids
            show_bids(v, self.out)
        if "play" in v.actions:
            show_state(v, self.out)
        while True:
            if self.auto:
                return None if "bid" in v.actions and not v.deal_complete else AutoPlay(self.seat)
            prompt, hint = self._prompt(v)
            text = self.ask(prompt)
            if text == "h":
                print("candidates: " + hint, file=self.out)
                continue
            if text == "a":
                return None if v.phase == "deal" and not v.deal_complete else AutoPlay(self.seat)
            try:
                action = self._parse(v, text)
                if action is None:
                    return None
                self._check(action)
                return action
            except RulesError as e:
                print(f"  ! {e.en} / {e.zh}", file=self.out)

    def _prompt(self, v: View) -> tuple[str, str]:
        if v.phase == "deal":
            bids = " | ".join(" ".join(b) for b in v.legal_bids) or "-"
            end = "p to pass" if v.deal_complete else "Enter to skip"
            return f"bid ({end}; h for help)> ", bids
        if "bury" in v.actions:
            show_state(v, self.out)
            return f"bury {v.kitty_size} cards> ", f"any {v.kitty_size} of your cards"
        if "call-friend" in v.actions:
            return "call a friend card (e.g. AS)> ", "any card but a joker or a level card"
        cands = v.play_candidates(limit=30)
        return "play> ", " | ".join(" ".join(c) for c in cands) + " (or a throw)"

    def _parse(self, v: View, text: str) -> Action | None:
        if v.phase == "deal":
            if text == "" and not v.deal_complete:
                return None
            if text in ("p", "") and v.deal_complete:
                return PassBid(self.seat)
            return Bid(self.seat, tuple(parse_cards(text)))
        if "bury" in v.actions:
            return Bury(self.seat, tuple(parse_cards(text)))
        if "call-friend" in v.actions:
            return CallFriend(self.seat, parse_card(text))
        return Play(self.seat, tuple(parse_cards(text)))

    def _check(self, action: Action) -> None:
        """Apply the action now so that a refusal comes back as a message (state unchanged)."""
        self.apply(action)

    def run(self) -> None:
        hand = self.hand

        def me(v: View, _rng: random.Random) -> Action | None:
            action = self.human(v)
            # what the human typed is applied at once (a refusal is shown and asked again)
            return action if isinstance(action, AutoPlay) else None

        players: list[Player] = [ai_player(self.ai, self.rng.randrange(2**31)) for _ in range(4)]
        players[self.seat] = me
        play_hand(hand, players, self.rng, apply=self.apply)
        v = view(hand, self.seat)
        o = v.outcome
        assert o is not None
        print(
            f"result: {o.winner} win, +{o.levels} level(s); attackers' points "
            f"{o.attacker_points}; kitty points {points(o.kitty)}",
            file=self.out,
        )


# --help: the module's text as a terminal shows it, under the installed command's name
DESCRIPTION = (__doc__ or "").replace("python -m engine.play", "tuolaji-play").replace("``", "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tuolaji-play",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--seat", type=int, default=0, choices=range(4))
    parser.add_argument(
        "--ai",
        default="normal",
        choices=LEVELS,
        help="the other three seats' AI level (default: %(default)s)",
    )
    parser.add_argument("--auto", action="store_true", help="play the human seat automatically")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    print(f"preset {args.preset}, seed {seed}, AI {args.ai}", flush=True)
    match = Match(preset(args.preset), seed)
    table = Table(match.hand, args.seat, args.auto, random.Random(seed), sys.stdout, args.ai)
    try:
        table.run()
    except Quit:
        print("\nend of input: bye", flush=True)
    except KeyboardInterrupt:
        print("\nbye", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
