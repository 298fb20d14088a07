"""Spots bots: ``random`` (uniform over legal moves) and ``greedy`` (section 10's heuristics, plus Pes's tiles).

A bot sees only its seat's view (``text.observe``) and its legal moves.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any

from domain.engine import Command
from domain.spots.content import BUST_OVER, DOGS, DOGS_TO_WIN, PACK_LIMIT

View = dict[str, Any]

#: How much a treat is worth, in placed dice, while the seat holds few of them.
TREAT_VALUE = 0.45
#: Share of the dice on dogs a bust is reckoned to cost (lower: bolder; timid bots lose the race).
RISK = 0.5
#: Least worth, in placed dice, for which a repeat or optional roll is taken.
ROLL_ON = 0.1
#: What a card Pes completes costs us, in placed dice. High: our pace hardly changes Pes's, so when we spend
#: a turn matters more than small differences in dice.
PES_COST = 10.0
#: Worth of completing our filled dogs now: a base, plus per die they hold (kept safe from a bust), plus per
#: pip in the yard (a high yard makes the next trick likely to bust).
COMPLETE_BASE = 1.0
COMPLETE_PER_DIE = 0.3
COMPLETE_PER_PIP = 0.2


def random_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Any legal move, uniformly."""
    return rng.choice(legal)


# --- what the seat's table looks like ------------------------------------------------------------------------

def _me(view: View) -> dict:
    return view["seats"][view["active"]]


def _open(seat: dict) -> list[dict]:
    return [c for c in seat["pack"] if not c["done"]]


def _empties(seat: dict) -> Counter:
    """How many empty spaces of each value the seat's open dogs have."""
    return Counter(int(v) for c in _open(seat) for v, d in c["spaces"].items() if d is None)


def _yard(view: View, seat: dict) -> int:
    return sum(view["values"][d] for d in seat["yard"])


def _at_stake(seat: dict) -> int:
    """Dice a bust would cost: those already on open dogs."""
    return sum(d is not None for c in _open(seat) for d in c["spaces"].values())


def _buried_pips(values: list[int], empties: Counter) -> tuple[int, int]:
    """(dice placed, pips buried) when ``values`` are placed wherever they fit and the rest buried."""
    counts = Counter(values)
    placed = sum(min(n, empties[v]) for v, n in counts.items())
    buried = sum(v * max(0, n - empties[v]) for v, n in counts.items())
    return placed, buried


@cache
def _rolls(k: int) -> list[tuple[tuple[int, ...], float]]:
    """Every multiset of k die faces (as counts of 1..6) with its probability."""
    out = []
    for faces in combinations_with_replacement(range(1, 7), k):
        counts = tuple(faces.count(v) for v in range(1, 7))
        ways = factorial(k) / prod(factorial(c) for c in counts)
        out.append((counts, ways / 6**k))
    return out


@lru_cache(maxsize=50000)
def _outlook(empties: tuple[int, ...], headroom: int, k: int, cap: int = 6) -> tuple[float, float]:
    """(expected dice placed, chance of busting) for a roll of k dice keeping those showing at most ``cap``."""
    placed_sum = bust = 0.0
    for counts, p in _rolls(k):
        placed = buried = 0
        for v in range(1, cap + 1):
            n, room = counts[v - 1], empties[v - 1]
            placed += min(n, room)
            buried += v * max(0, n - room)
        if buried > headroom:
            bust += p
        else:
            placed_sum += p * placed
    return placed_sum, bust


@lru_cache(maxsize=50000)
def _fetch_outlook(empties: tuple[int, ...], headroom: int) -> float:
    """Expected dice placed by Fetch: 8 dice, keep the best number that does not bust."""
    total = 0.0
    for counts, p in _rolls(8):
        best = -1
        for v in range(1, 7):
            n, room = counts[v - 1], empties[v - 1]
            if n and (n - room) * v <= headroom * (n > room):
                best = max(best, min(n, room))
        total += p * best
    return total


def _key(seat: dict) -> tuple[int, ...]:
    empties = _empties(seat)
    return tuple(empties[v] for v in range(1, 7))


def _roll_value(view: View, k: int, cap: int = 6) -> float:
    """Worth of rolling k dice now: dice placed, less the dice on dogs a bust would lose."""
    seat = _me(view)
    if k <= 0:
        return 0.0
    placed, bust = _outlook(_key(seat), BUST_OVER - _yard(view, seat), min(k, 8), cap)
    return placed - bust * (RISK * _at_stake(seat) + placed + 0.5)


def _paws(seat: dict) -> int:
    return sum(DOGS[c["card"]].paws for c in seat["pack"])


def _treats_worth(seat: dict, n: int) -> float:
    held = seat["treats"]
    return sum(TREAT_VALUE if held + i < 3 else TREAT_VALUE / 3 for i in range(n))


# --- decisions -----------------------------------------------------------------------------------------------

def _tile_value(view: View, tile: str, treats_on_tile: int) -> float:
    """A rough worth of doing a trick now, in placed dice."""
    seat = _me(view)
    yard = _yard(view, seat)
    open_with_gaps = sum(any(d is None for d in c["spaces"].values()) for c in _open(seat))
    down = sum(not p["face_up"] for p in view["positions"])
    estimates = {
        "howl": (0.6 if len(seat["pack"]) < PACK_LIMIT else 0) + _roll_value(view, 1),
        "roll_over": 0.25 * yard + 0.5 * _roll_value(view, 1) if seat["yard"] else -1,
        "walk": _roll_value(view, 2) + max(0.0, _roll_value(view, 1)) * 0.5,
        "dig": 0.35 * min(_paws(seat), yard) + _roll_value(view, 2),
        "retrieve": 1.0 + _roll_value(view, 2),
        "trot": _roll_value(view, 2) + 0.2,
        "track": _roll_value(view, 3) + 0.4,
        "run": _roll_value(view, 3) + 0.3,
        "chase": _roll_value(view, 1) + max(0.0, _roll_value(view, 2)) * 0.6,
        "bolt": _roll_value(view, 1) * 2.5,
        "dogpile": _roll_value(view, 3) - 0.3,
        "sprint": _roll_value(view, open_with_gaps) + 0.3,
        "fetch": _fetch_outlook(_key(seat), BUST_OVER - yard),
        "guard": max(_roll_value(view, 4, cap) for cap in range(1, 7)),
        "hunt": _roll_value(view, 2) + 0.3 * _paws(seat) + 0.2,
        "scavenge": _roll_value(view, 3) + 0.3,
        "search": 1.2,
        "beg": _treats_worth(seat, 1 + _paws(seat)),
        "chew": _treats_worth(seat, seat["treats"] + 1),
        "gobble": _treats_worth(seat, max(0, 7 - max(_empties(seat), default=0))),
        "play_dead": 0.5 + 0.3 * max(0, 6 - yard),
        "stay": _treats_worth(seat, max(0, down)),
    }
    return estimates[tile] + _treats_worth(seat, treats_on_tile)


def _pes_risk(view: View, flipped: str | None) -> float:
    """Expected cards Pes completes on its next turn if we flip ``flipped`` (None: we complete dogs)."""
    if view["pes"] is None:
        return 0.0
    # Pes completes a card when its die finds a face-down tile, or when a tile's treats bring it to 2.
    positions = [dict(p) for p in view["positions"]]
    for pos in positions:
        if pos["tile"] == flipped:
            pos["face_up"], pos["treats"] = False, 0
    up = [p for p in positions if p["face_up"]]
    if len(up) <= 1:
        # Pes's refresh: a treat on the last face-up tile, then every tile face up.
        if up and view["supply_treats"]:
            up[0]["treats"] += 1
        for pos in positions:
            pos["face_up"] = True
    held = view["pes"]["treats"]
    return sum(1 if not p["face_up"] else (held + p["treats"]) // 2 for p in positions) / 6


def _choose_action(view: View, legal: list[Command]) -> Command:
    # Solo: a trick turns a tile face down for Pes's die, completing does not, so we complete while few tiles
    # are face down and do tricks just before a refresh; and we take the treats Pes would have used.
    seat = _me(view)
    treats = {p["tile"]: p["treats"] for p in view["positions"]}
    tricks = [m for m in legal if m["type"] == "ChooseTrick"]
    scored = [(_tile_value(view, m["tile"], treats[m["tile"]]) - PES_COST * _pes_risk(view, m["tile"]), m)
              for m in tricks]
    if {"type": "CompleteDogs"} in legal:
        filled = [c for c in _open(seat) if all(d is not None for d in c["spaces"].values())]
        if len(filled) + sum(c["done"] for c in seat["pack"]) >= DOGS_TO_WIN:
            return {"type": "CompleteDogs"}
        worth = (COMPLETE_BASE + COMPLETE_PER_DIE * sum(len(c["spaces"]) for c in filled)
                 + COMPLETE_PER_PIP * _yard(view, seat))
        scored.append((worth - PES_COST * _pes_risk(view, None), {"type": "CompleteDogs"}))
    return max(scored, key=lambda x: x[0])[1]


def _rolled(view: View, legal: list[Command]) -> Command:
    seat = _me(view)
    trick = view["trick"]
    values = [view["values"][d] for d in trick["pending"]]
    buried = _buried_pips(values, _empties(seat))[1]
    headroom = BUST_OVER - _yard(view, seat)
    selecting = trick["step"] in ("fetch", "hunt", "search", "scavenge", "guard_roll")
    spend = [m for m in legal if m["type"] == "SpendTreat"]
    if not spend or selecting:
        return {"type": "AcceptRoll"}
    misfits = _misfits(view, seat, trick["pending"])
    # Reroll a bust, or (while treats last) a roll that buries half its dice or more.
    if buried > headroom or (seat["treats"] >= 2 and misfits and 2 * len(misfits) >= len(values)):
        if trick["tile"] == "track":
            return next((m for m in spend if m["dice"] == misfits), spend[-1])
        return spend[0]
    return {"type": "AcceptRoll"}


def _misfits(view: View, seat: dict, dice: list[int]) -> list[int]:
    """The dice of a roll that find no space (each space taken once)."""
    room = _empties(seat)
    out = []
    for die in sorted(dice, key=lambda d: view["values"][d]):
        value = view["values"][die]
        if room[value]:
            room[value] -= 1
        else:
            out.append(die)
    return sorted(out)


def _kept_score(view: View, dice: list[int]) -> float:
    seat = _me(view)
    placed, buried = _buried_pips([view["values"][d] for d in dice], _empties(seat))
    bust = buried > BUST_OVER - _yard(view, seat)
    return placed - 0.1 * buried - (100 + _at_stake(seat) if bust else 0)


def _select(view: View, legal: list[Command]) -> Command:
    pending = view["trick"]["pending"]
    values = view["values"]
    if legal[0]["type"] == "ChooseNumber":
        return max(legal, key=lambda m: _kept_score(view, [d for d in pending if values[d] == m["n"]]))
    if legal[0]["type"] == "KeepDice":
        return max(legal, key=lambda m: _kept_score(view, m["dice"]))
    return max(legal, key=lambda m: _kept_score(view, [d for d in pending if d not in m["dice"]]))


def _place(view: View, legal: list[Command]) -> Command:
    seat = _me(view)
    cards = {c["card"]: c for c in _open(seat)}
    places = [m for m in legal if m["type"] == "PlaceDie"]
    if view["trick"]["tile"] == "play_dead":
        bury = legal[-1]
        value = view["values"][bury["die"]]
        if value >= 3 and _yard(view, seat) + value <= BUST_OVER:
            return bury
    if places:
        # Fill the dog closest to full first.
        return min(places, key=lambda m: sum(d is None for d in cards[m["card"]]["spaces"].values()))
    return min(legal, key=lambda m: view["values"][m["die"]])


def _offer(view: View, legal: list[Command]) -> Command:
    trick = view["trick"]
    seat = _me(view)
    step = trick["step"]
    if step == "chase":
        k = trick["count"] + 1
    elif step == "sprint":
        k = sum(any(d is None for d in c["spaces"].values()) for c in _open(seat))
    elif step == "dogpile":
        k = 3
    else:
        k = 1
    return {"type": "DoStep"} if _roll_value(view, k) > ROLL_ON else {"type": "SkipStep"}


def _dig(view: View, legal: list[Command]) -> Command:
    me = view["active"]
    mine = set(view["seats"][me]["yard"])
    lower = [m for m in legal if m.get("delta") == -1 and m["die"] in mine]
    if lower:
        return max(lower, key=lambda m: view["values"][m["die"]])
    raise_ = [m for m in legal if m.get("delta") == 1 and m["die"] not in mine]
    return raise_[0] if raise_ else {"type": "SkipStep"}


def _trot(view: View, legal: list[Command]) -> Command:
    seat = _me(view)
    cards = {c["card"]: c for c in _open(seat)}
    for m in legal:
        if m["type"] != "MoveDie":
            continue
        target = cards[m["card"]]
        source = next(c for c in cards.values() if m["die"] in c["spaces"].values())
        fills = sum(d is None for d in target["spaces"].values()) == 1 and source is not target
        if fills and not all(d is not None for d in source["spaces"].values()):
            return m
    return {"type": "SkipStep"}


def _set_die(view: View, legal: list[Command]) -> Command:
    empties = _empties(_me(view))
    fitting = [m for m in legal if empties[m["n"]]]
    return fitting[0] if fitting else min(legal, key=lambda m: m["n"])


def _name_number(view: View, legal: list[Command]) -> Command:
    return max(legal, key=lambda m: _roll_value(view, 4, m["n"]))


def _take_die(view: View, legal: list[Command]) -> Command:
    yard = set(_me(view)["yard"])
    from_yard = [m for m in legal if m["die"] in yard]
    if from_yard:
        return max(from_yard, key=lambda m: view["values"][m["die"]])
    return legal[0]


_BY_PHASE = {
    "choose_action": _choose_action, "rolled": _rolled, "select": _select, "place": _place, "offer": _offer,
    "dig": _dig, "trot": _trot, "set_die": _set_die, "name_number": _name_number,
    "set_aside": lambda view, legal: legal[0], "dogpile_take": _take_die,
}


def greedy_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Place what fits, reroll bust-bound rolls, bank filled dogs when a bust would hurt."""
    return _BY_PHASE[view["phase"]](view, legal)


BOTS = {"random": random_bot, "greedy": greedy_bot}
