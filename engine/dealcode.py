"""Deal codes: a deal (its rules' preset, seed, seats' levels and dealer) as a short code a
player can read out or type, e.g. ``"7F3A-K29Q-0C4M-XR8B-W1HD"``: the same code deals the same
cards in any install of the same version.

Layout (90 bits, big-endian, then written in Crockford's base 32, which reads O as 0 and I/L as
1 and ignores case, spaces and hyphens): a 2-bit version, the preset's index in ``PRESETS_BY_NO``
(4 bits, an append-only list so old codes keep their meaning), the dealer (3 bits: 0 none, else
seat + 1), the four levels (15 bits, base 13 over ``RANKS``), the hand's seed (63 bits, what
``engine.match.hand_seed`` gives) and 3 bits of zero padding. Two check characters follow: the sum
of each character's value times its position, modulo the prime 1021. Any one wrong character and
any two characters swapped change that sum (both factors are non-zero and below 1021), so a typo
is refused with ``RulesError("bad-deal-code")`` instead of dealing some other deal.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from engine.cards import RANKS
from engine.errors import RulesError
from engine.hand import Setup
from engine.rules import RuleSet, preset

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
PRESETS_BY_NO = (
    "classic",
    "lianzhong",
    "find-friend",
    "one-deck",
    "three-deck",
    "four-deck",
    "chaoshan",
)
VERSION = 1
SEED_BITS = 63
PAYLOAD_CHARS = 18  # 90 bits
CHECK_MOD = 1021
_READS_AS = {"O": "0", "I": "1", "L": "1"}
# a code as it is shared (hyphens) or typed solid, within other words
_IN_TEXT = re.compile(r"(?<![0-9A-Za-z])[0-9A-Za-z]{4}(?:(?:-[0-9A-Za-z]{4}){4}|[0-9A-Za-z]{16})\b")


@dataclass(frozen=True, slots=True)
class DealSpec:
    """What a code holds: enough to deal the same cards to the same seats at the same levels."""

    preset: str
    seed: int
    levels: tuple[str, str, str, str]
    dealer: int | None

    def setup(self, hand_no: int = 1) -> Setup:
        return Setup(self.seed, self.levels, self.dealer, hand_no)

    def rules(self) -> RuleSet:
        return preset(self.preset)

    @classmethod
    def of(cls, rules: RuleSet, setup: Setup) -> DealSpec:
        """The deal a hand with these rules starts from. ValueError when a code cannot carry
        it: rules changed from their preset (the turn clock aside), or a seed over 63 bits."""
        if dataclasses.replace(rules, turn_timer=0) != preset(rules.preset):
            raise ValueError("only a preset's rules have a deal code")
        if rules.preset not in PRESETS_BY_NO:
            raise ValueError(f"preset {rules.preset!r} has no deal code number")
        if not 0 <= setup.seed < 1 << SEED_BITS:
            raise ValueError("the seed does not fit a deal code")
        return cls(rules.preset, setup.seed, setup.levels, setup.dealer)


def encode(spec: DealSpec) -> str:
    n = VERSION
    n = n << 4 | PRESETS_BY_NO.index(spec.preset)
    n = n << 3 | (0 if spec.dealer is None else spec.dealer + 1)
    levels = 0
    for rank in spec.levels:
        levels = levels * 13 + RANKS.index(rank)
    n = n << 15 | levels
    n = n << SEED_BITS | spec.seed
    n <<= 3
    chars = [ALPHABET[n >> (5 * i) & 31] for i in reversed(range(PAYLOAD_CHARS))]
    check = _check(chars)
    chars += [ALPHABET[check >> 5], ALPHABET[check & 31]]
    return "-".join("".join(chars[i : i + 4]) for i in range(0, len(chars), 4))


def decode(code: str) -> DealSpec:
    """The deal a code holds, also within a pasted sentence ("play deal 84DY-…");
    ``RulesError("bad-deal-code")`` for anything else."""
    found = _IN_TEXT.search(code)
    text = "".join(c for c in (found.group(0) if found else code).upper() if c not in " -\t")
    chars = [_READS_AS.get(c, c) for c in text]
    if len(chars) != PAYLOAD_CHARS + 2 or any(c not in ALPHABET for c in chars):
        raise RulesError("bad-deal-code", text=code.strip())
    payload = chars[:PAYLOAD_CHARS]
    check = ALPHABET.index(chars[-2]) << 5 | ALPHABET.index(chars[-1])
    if check != _check(payload):
        raise RulesError("bad-deal-code", text=code.strip())
    n = 0
    for c in payload:
        n = n << 5 | ALPHABET.index(c)
    padding, n = n & 7, n >> 3
    seed, n = n & ((1 << SEED_BITS) - 1), n >> SEED_BITS
    levels_no, n = n & 0x7FFF, n >> 15
    dealer_no, n = n & 7, n >> 3
    preset_no, version = n & 15, n >> 4
    if (
        padding
        or version != VERSION
        or preset_no >= len(PRESETS_BY_NO)
        or dealer_no > 4
        or levels_no >= 13**4
    ):
        raise RulesError("bad-deal-code", text=code.strip())
    levels = []
    for _ in range(4):
        levels_no, rank = divmod(levels_no, 13)
        levels.append(RANKS[rank])
    a, b, c, d = reversed(levels)
    return DealSpec(
        PRESETS_BY_NO[preset_no], seed, (a, b, c, d), None if dealer_no == 0 else dealer_no - 1
    )


def _check(chars: list[str]) -> int:
    return sum((i + 1) * ALPHABET.index(c) for i, c in enumerate(chars)) % CHECK_MOD
