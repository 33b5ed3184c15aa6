"""Every reference in the repository resolves inside it.

A clone must stand alone: no tracked file may point at a path outside the checkout, every
``RULES.md §n`` names a section docs/RULES.md has, every numbered source ("seed 004") is one that
docs/RULES.md lists, every ``*.md`` named is a file here, and every relative link in the docs
leads to a file that exists.
"""

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "RULES.md"
# Built from parts, so that this file does not match itself.
OUTSIDE = re.compile("|".join([r"\.\./" + "shared", "/" + "work/", r"\bshared/", r"\bseeds/"]))
CITATION = re.compile(r"RULES(?:\.md)? §(\d+(?:\.\d+)*)")
SOURCE = re.compile(r"\b[Ss](?:eed|ource)s? ((?:\d{3}(?:/|, | and ))*\d{3})\b")
MD_NAME = re.compile(r"(?<![\w./-])((?:[\w-]+/)*[\w-]+\.md)\b")
MD_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@cache
def tracked_texts() -> dict[str, str]:
    """Every tracked text file (by path relative to the root) and its content."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: no list of tracked files")
    texts = {}
    for name in out.decode().split("\0"):
        path = ROOT / name
        if not name or not path.is_file():
            continue
        try:
            texts[name] = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # card art, fonts, sounds
    return texts


def rules_sections() -> set[str]:
    heads = re.findall(r"^#{2,4} (\d+(?:\.\d+)*)\.? ", RULES.read_text(encoding="utf-8"), re.M)
    return set(heads)


def rules_sources() -> set[str]:
    text = RULES.read_text(encoding="utf-8")
    return set(re.findall(r"^\| (\d{3}) \|", text, re.M))


def hits(pattern: re.Pattern[str], skip: tuple[str, ...] = ()) -> list[tuple[str, int, str]]:
    """(path, line number, match) for every match in every tracked text file."""
    found = []
    for name, text in tracked_texts().items():
        if name in skip:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for m in pattern.finditer(line):
                found.append((name, number, m.group(1) if m.groups() else m.group(0)))
    return found


def test_rules_has_the_sections_and_sources_the_code_cites() -> None:
    assert {"1", "2", "3", "4", "4.1", "4.2", "4.3", "5", "6", "7", "8", "9"} <= rules_sections()
    assert rules_sources() == {"000", "001", "002", "003", "004"}


def test_no_tracked_file_points_outside_the_repository() -> None:
    assert hits(OUTSIDE, skip=("tests/test_references.py",)) == []


def test_every_rules_citation_names_a_section_of_docs_rules() -> None:
    cited = hits(CITATION)
    assert len(cited) > 10  # the code cites the rules often: the pattern still finds them
    sections = rules_sections()
    assert [c for c in cited if c[2] not in sections] == []


def test_every_numbered_source_is_listed_in_docs_rules() -> None:
    sources = rules_sources()
    cited = hits(SOURCE)
    assert cited  # code and tests do cite the sources by number
    bad = [c for c in cited if not set(re.findall(r"\d{3}", c[2])) <= sources]
    assert bad == []


def test_every_markdown_file_named_exists() -> None:
    names = {Path(n).name for n in tracked_texts()} | set(tracked_texts())
    generated = ("build/", "dist/")  # outputs that commands write there, ignored by git
    bad = [
        h
        for h in hits(MD_NAME)
        if h[2] not in names and Path(h[2]).name not in names and not h[2].startswith(generated)
    ]
    assert bad == []


def test_every_relative_link_in_the_docs_resolves() -> None:
    bad = []
    for name, text in tracked_texts().items():
        if not name.endswith(".md"):
            continue
        for target in MD_LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue  # a URL
            if not (ROOT / name).parent.joinpath(target).exists():
                bad.append((name, target))
    assert bad == []
