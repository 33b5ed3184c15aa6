"""Deal codes (engine.dealcode): a code round-trips, deals the same cards anywhere, and a typo
is refused rather than dealing another deal."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import RANKS
from engine.dealcode import ALPHABET, PRESETS_BY_NO, DealSpec, decode, encode
from engine.errors import RulesError
from engine.hand import Hand, Setup
from engine.match import hand_seed
from engine.rules import PRESETS, preset

ROOT = Path(__file__).resolve().parents[2]


def _specs(n: int) -> list[DealSpec]:
    rng = random.Random(35)
    out = [
        DealSpec("classic", 0, ("2", "2", "2", "2"), None),
        DealSpec("chaoshan", (1 << 63) - 1, ("A", "A", "A", "A"), 3),
    ]
    for _ in range(n):
        a, b = rng.choice(RANKS), rng.choice(RANKS)
        out.append(
            DealSpec(
                rng.choice(PRESETS_BY_NO),
                hand_seed(rng.getrandbits(48), rng.randint(1, 30)),
                (a, b, a, b),
                rng.choice([None, 0, 1, 2, 3]),
            )
        )
    return out


def test_every_preset_has_a_number() -> None:
    assert set(PRESETS_BY_NO) == set(PRESETS)
    assert len(PRESETS_BY_NO) <= 16


@pytest.mark.parametrize("spec", _specs(200), ids=str)
def test_decode_inverts_encode(spec: DealSpec) -> None:
    code = encode(spec)
    assert len(code) == 24 and code.count("-") == 4
    assert decode(code) == spec
    assert decode(code.lower().replace("-", " ")) == spec
    assert decode(code.replace("0", "O").replace("1", "I")) == spec
    assert decode(f"play deal {code}, it's a good one") == spec  # pasted with its sentence


def test_the_code_of_a_hand_deals_its_cards() -> None:
    rules = preset("find-friend")
    setup = Setup(hand_seed(1234, 5), ("7", "7", "7", "7"), 2, 5)
    spec = DealSpec.of(rules, setup)
    again = decode(encode(spec))
    original, copy = Hand(rules, setup), Hand(again.rules(), again.setup(hand_no=5))
    assert copy.deck == original.deck
    assert copy.setup == original.setup


def test_a_changed_rule_has_no_code() -> None:
    with pytest.raises(ValueError):
        DealSpec.of(
            preset("classic").with_options(throw_penalty=10), Setup(1, ("2", "2", "2", "2"))
        )
    timed = preset("classic").with_options(turn_timer=20)
    assert DealSpec.of(timed, Setup(1, ("2", "2", "2", "2"))).preset == "classic"


def test_every_one_character_typo_and_swap_is_refused() -> None:
    code = encode(_specs(0)[1])
    chars = [c for c in code if c != "-"]
    wrong = 0
    for i, c in enumerate(chars):
        for other in ALPHABET:
            if other != c:
                typo = [*chars[:i], other, *chars[i + 1 :]]
                with pytest.raises(RulesError) as e:
                    decode("".join(typo))
                assert e.value.code == "bad-deal-code"
                wrong += 1
        for j in range(i + 1, len(chars)):
            if chars[j] != c:
                swapped = list(chars)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                with pytest.raises(RulesError):
                    decode("".join(swapped))
                wrong += 1
    assert wrong > 600


@pytest.mark.parametrize("text", ["", "7F3A", "UUUU-UUUU-UUUU-UUUU-UUUU", "play deal 42"])
def test_a_bad_code_says_so_in_both_languages(text: str) -> None:
    with pytest.raises(RulesError) as e:
        decode(text)
    assert e.value.code == "bad-deal-code"
    assert "deal code" in e.value.en and "牌局代码" in e.value.zh


def test_a_fresh_interpreter_deals_the_same_cards_from_the_code() -> None:
    """A fresh process (no state shared with this one) stands in for a friend's install; the
    pinned code and first cards also catch a change to the shuffle that old codes rely on."""
    code = "84DY-8EJY-F8AD-3MRZ-7GNE"
    spec = decode(code)
    assert spec == DealSpec("classic", 0x1D2F3D0A68E98F9E, ("5", "5", "5", "5"), 1)
    assert encode(spec) == code
    script = (
        "import json, sys\n"
        "from engine.dealcode import decode\n"
        "from engine.hand import Hand\n"
        "s = decode(sys.argv[1])\n"
        "print(json.dumps(Hand(s.rules(), s.setup()).deck))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    deck = json.loads(out.stdout)
    assert deck == Hand(spec.rules(), spec.setup()).deck
    assert deck[:6] == ["QC", "4S", "6S", "9S", "3S", "QS"]
