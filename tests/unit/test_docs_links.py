"""Every relative link of the README and the docs leads to a file, and to a heading of it when it names one."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", ROOT / "client" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A link or an image: [text](target) or ![alt](target), the target up to a space (a title may follow) or ")".
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
CODE = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def prose(text: str) -> str:
    """``text`` without its code blocks and code spans, where a bracket is no link."""
    return CODE.sub("", FENCE.sub("", text))


def anchors(document: Path) -> set[str]:
    """The anchors GitHub makes of a Markdown file's headings: lower case, punctuation out, spaces as hyphens, and
    -1, -2, ... after a repeated one."""
    seen: Counter[str] = Counter()
    found = set()
    for heading in HEADING.findall(FENCE.sub("", document.read_text())):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        found.add(f"{slug}-{seen[slug]}" if seen[slug] else slug)
        seen[slug] += 1
    return found


def relative_links(document: Path) -> list[str]:
    """The links of ``document`` to files of the repository (not to web addresses)."""
    targets = LINK.findall(prose(document.read_text()))
    return [target for target in targets if not re.match(r"[a-z][a-z0-9+.-]*:", target)]


def broken(document: Path) -> list[str]:
    """``document``'s relative links that lead to no file, or to no heading of the file."""
    found = []
    for target in relative_links(document):
        path, _, anchor = target.partition("#")
        file = (document.parent / path).resolve() if path else document
        if not file.exists():
            found.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            found.append(f"{target}: no such heading in {file.relative_to(ROOT)}")
    return found


def test_every_relative_link_leads_to_a_file_and_its_heading():
    problems = {str(document.relative_to(ROOT)): broken(document) for document in DOCUMENTS}
    assert not {name: found for name, found in problems.items() if found}


def test_the_docs_do_link_to_each_other():
    """The check reads links at all: the README links to every page of docs/."""
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in relative_links(ROOT / "README.md")}
    assert set((ROOT / "docs").glob("*.md")) <= linked


def test_anchors_are_made_as_github_makes_them():
    page = ROOT / "docs" / "architecture.md"
    assert "the-shape-of-a-game-package" in anchors(page)
    made = anchors(ROOT / "docs" / "reliability.md")
    assert {"durability-dogpark_durability", "persistence-make-runs-redis", "figures", "figures-1"} <= made
