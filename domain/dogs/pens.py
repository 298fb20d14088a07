"""The pens (§2.5, R7-R11, R16, R33, §4.4): a kennel's pens, what a pen may hold and score, how dogs are laid out.

A pen's content is a multiset of breeds; rows are not stored. Layout enumeration works on breed
counts, because dogs of one breed are interchangeable once they are in pens; ``assign_tokens`` maps
breeds back to tokens, lowest id first, for the one command that ``legal_moves`` lists per outcome.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import product

from domain.dogs.content import ADDITIONAL_PENS, PEN_CAPACITY, PEN_SCORES, PENS, breed_of, is_sick
from domain.dogs.state import Kennel, infirmary_room, owned

# A kennel's pens.

def pen_dogs(kennel: Kennel) -> list[str]:
    """Every dog in a kennel's pens, pen by pen."""
    return [token for pen in PENS if pen in kennel["pens"] for token in kennel["pens"][pen]]


def built_pens(kennel: Kennel) -> list[str]:
    """The player's built pens, in pen order."""
    return [pen for pen in PENS if pen in kennel["pens"]]


def occupied_pens(kennel: Kennel) -> list[str]:
    """Built pens holding at least one dog."""
    return [pen for pen in built_pens(kennel) if kennel["pens"][pen]]


def next_pen(kennel: Kennel) -> str | None:
    """The additional pen City Hall would build next (R33)."""
    return next((pen for pen in ADDITIONAL_PENS if pen not in kennel["pens"]), None)


def pen_of(kennel: Kennel, token: str) -> str | None:
    """The pen holding ``token``, if any."""
    return next((pen for pen, dogs in kennel["pens"].items() if token in dogs), None)


def pen_breeds(kennel: Kennel, pen: str) -> list[str]:
    """The breeds in one pen."""
    return [breed_of(token) for token in kennel["pens"][pen]]


# What a pen may hold.

Content = tuple[str, ...]
#: The breed-count shapes a pen may hold, largest count first (R7).
LEGAL_SHAPES = {(), (1,), (2,), (1, 1), (2, 1), (2, 2), (3,), (4,)}


def tally(breeds: Iterable[str]) -> dict[str, int]:
    """How many of each breed: a Counter's counts, counted by hand because a Counter costs several times more on
    a pen's few dogs and the layout enumerations count very often."""
    counts: dict[str, int] = {}
    for breed in breeds:
        counts[breed] = counts.get(breed, 0) + 1
    return counts


def shape(breeds: Iterable[str]) -> tuple[int, ...]:
    """Breed counts of a pen content, largest first."""
    return tuple(sorted(tally(breeds).values(), reverse=True))


def content_ok(breeds: Iterable[str]) -> bool:
    """True if a pen may hold exactly these breeds (R7)."""
    return shape(breeds) in LEGAL_SHAPES


def pen_score(breeds: Iterable[str]) -> int:
    """Points a pen content scores at the end (R8)."""
    return PEN_SCORES.get(shape(breeds), 0)


def is_full_of_one_breed(breeds: list[str]) -> bool:
    """True when a pen holds 4 dogs of one breed (the full-pen bonus, R9)."""
    return shape(breeds) == (PEN_CAPACITY,)


def _minus(counts: tuple[int, ...], taken: dict[int, int]) -> tuple[int, ...]:
    left = [c - taken.get(i, 0) for i, c in enumerate(counts)]
    return tuple(sorted((c for c in left if c), reverse=True))


@cache
def _max_placeable(counts: tuple[int, ...], pens: int) -> int:
    if pens == 0 or not counts:
        return 0
    best = 0
    for i, ci in enumerate(counts):
        for k in range(1, min(PEN_CAPACITY, ci) + 1):
            best = max(best, k + _max_placeable(_minus(counts, {i: k}), pens - 1))
        for j in range(i + 1, len(counts)):
            a, b = min(2, ci), min(2, counts[j])
            best = max(best, a + b + _max_placeable(_minus(counts, {i: a, j: b}), pens - 1))
    return best


def max_placeable(breeds: Iterable[str], pens: int) -> int:
    """The most dogs of the multiset ``breeds`` that ``pens`` pens can hold with legal contents."""
    return _max_placeable(shape(breeds), pens)


def contents_from(counts: dict[str, int]) -> list[Content]:
    """Every non-empty legal pen content that can be taken from the breed counts."""
    names = sorted(b for b, c in counts.items() if c)
    out: list[Content] = []
    for i, x in enumerate(names):
        out += [(x,) * k for k in range(1, min(PEN_CAPACITY, counts[x]) + 1)]
        for y in names[i + 1:]:
            for a, b in product(range(1, min(2, counts[x]) + 1), range(1, min(2, counts[y]) + 1)):
                out.append((x,) * a + (y,) * b)
    return out


Counts = tuple[tuple[str, int], ...]


def _counts(dogs: Iterable[str]) -> Counts:
    return tuple(sorted(Counter(dogs).items()))


@lru_cache(maxsize=50_000)
def _take(left: Counts, content: Content) -> Counts:
    taken = tally(content)
    return tuple((b, c - taken.get(b, 0)) for b, c in left if c > taken.get(b, 0))


def _shape_of(left: Counts) -> tuple[int, ...]:
    return tuple(sorted((c for _, c in left), reverse=True))


def layouts(dogs: Iterable[str], pens: int) -> list[list[Content]]:
    """One layout of the most dogs possible into ``pens`` pens for each distinct profile.

    A profile is the shape of every pen (pen by pen) plus the multiset of breeds placed: it fixes
    the score, the additional-pen points, the full-pen bonuses, the diversity and the dogs left out.
    Layouts with equal profiles (e.g. which single shares a pen with which) are listed once.
    """
    return list(_layouts(_counts(dogs), pens).values())


@lru_cache(maxsize=50_000)
def _layouts(left: Counts, pens: int) -> dict[tuple, list[Content]]:
    if pens == 0:
        return {((), ()): []}
    best = _max_placeable(_shape_of(left), pens)
    found: dict[tuple, list[Content]] = {}
    for content in [(), *contents_from(dict(left))]:
        rest = _take(left, content)
        if len(content) + _max_placeable(_shape_of(rest), pens - 1) < best:
            continue
        head = shape(content)
        for (shapes, placed), tail in _layouts(rest, pens - 1).items():
            # The pens' shapes nest (this pen's, then the rest's) rather than flatten: equal all the same, cheaper.
            key = ((head, shapes), tuple(sorted(content + placed)) if content else placed)
            if key not in found:
                found[key] = [content, *tail]
    return found


def cure_plans(pens: list[list[str]], sick: Iterable[str], budget: int) -> list[list[Content]]:
    """For each distinct outcome, the breeds added to each pen by curing at most ``budget`` sick dogs.

    An outcome is every pen's new shape plus the multiset of breeds cured; the empty plan is left out.
    """
    plans = _cure_plans(tuple(tuple(sorted(p)) for p in pens), _counts(sick), budget)
    return [plan for (_, cured), plan in plans.items() if cured]


@lru_cache(maxsize=50_000)
def _cure_plans(pens: tuple[Content, ...], left: Counts, budget: int) -> dict[tuple, list[Content]]:
    if not pens:
        return {((), ()): []}
    found: dict[tuple, list[Content]] = {}
    for add in [(), *additions(list(pens[0]), dict(left), budget)]:
        head = shape(pens[0] + add)
        for (shapes, cured), tail in _cure_plans(pens[1:], _take(left, add), budget - len(add)).items():
            key = ((head, shapes), tuple(sorted(add + cured)) if add else cured)
            if key not in found:
                found[key] = [add, *tail]
    return found


def additions(pen: list[str], available: dict[str, int], limit: int) -> list[Content]:
    """Every non-empty multiset of at most ``limit`` available breeds that can join ``pen`` legally."""
    names = sorted(b for b, c in available.items() if c)
    room = min(limit, PEN_CAPACITY - len(pen))
    present = set(pen)
    out: list[Content] = []

    # Counts are chosen breed by breed, none before some, as a product over the breeds would list them; a branch
    # ends early once it overfills the pen or brings a third breed, which no legal content holds (R7).
    def extend(i: int, add: Content, breeds: int) -> None:
        if i == len(names):
            if add and content_ok([*pen, *add]):
                out.append(add)
            return
        extend(i + 1, add, breeds)
        name = names[i]
        if name in present or breeds < 2:
            for k in range(1, min(available[name], room - len(add)) + 1):
                extend(i + 1, add + (name,) * k, breeds + (name not in present))

    extend(0, (), len(present))
    return out


# Dogs of a breed are alike (§4.4): the lowest token ids stand for them.

def assign_tokens(contents: list[Content], tokens: list[str]) -> tuple[list[list[str]], list[str]]:
    """Map breed contents to tokens, lowest id first; return the pens' tokens and the unused tokens."""
    pens = assign_each([contents], tokens)[0]
    return pens, unused(tokens, pens)


def assign_each(layouts: list[list[Content]], tokens: list[str]) -> list[list[list[str]]]:
    """The pens' tokens of each layout, as ``assign_tokens`` maps them, the tokens sorted once for all layouts."""
    free: dict[str, list[str]] = {}
    for token in sorted(tokens):
        free.setdefault(breed_of(token), []).append(token)
    out = []
    for contents in layouts:
        used = dict.fromkeys(free, 0)
        pens = []
        for content in contents:
            pen = []
            for breed in content:
                pen.append(free[breed][used[breed]])
                used[breed] += 1
            pens.append(pen)
        out.append(pens)
    return out


def unused(tokens: list[str], pens: list[list[str]]) -> list[str]:
    """The tokens no pen holds, sorted (tokens are distinct: a dog is in one place)."""
    placed = {token for pen in pens for token in pen}
    return sorted([token for token in tokens if token not in placed])


def canonical_tokens(tokens: list[str], pool: list[str]) -> list[str]:
    """The lowest-id tokens of ``pool`` with the same breeds as ``tokens``."""
    return assign_tokens([tuple(breed_of(token) for token in tokens)], pool)[0][0]


def one_per_breed(tokens: list[str]) -> list[str]:
    """The lowest-id token of each breed."""
    lowest: dict[str, str] = {}
    for token in sorted(tokens):
        lowest.setdefault(breed_of(token), token)
    return list(lowest.values())


# The arrangement (R10, R16) and donations (R11).

def healthy_and_sick(kennel: Kennel, vet: bool) -> tuple[list[str], list[str]]:
    """H and S of the arrangement (R10, R16): the dogs to lay out and the dogs for the infirmary."""
    load_sick = [token for token in kennel["load"] if is_sick(token)]
    load_healthy = [token for token in kennel["load"] if not is_sick(token)]
    if vet:
        return pen_dogs(kennel) + kennel["load"], list(kennel["infirmary"])
    return pen_dogs(kennel) + load_healthy, kennel["infirmary"] + load_sick


def vet_options(kennel: Kennel) -> list[str | None]:
    """No card, or any Veterinarian card when sick dogs ride the truck (R16)."""
    has_sick = any(is_sick(token) for token in kennel["load"])
    return [None, *(owned(kennel, "VETERINARIAN") if has_sick else [])]


def can_take_donation(kennel: Kennel, token: str, sick: bool) -> bool:
    """Whether the offeree has room for the donated dog (R11)."""
    if sick:
        return infirmary_room(kennel) > 0
    dogs = [breed_of(dog) for dog in pen_dogs(kennel)] + [breed_of(token)]
    return max_placeable(dogs, len(built_pens(kennel))) == len(dogs)
