"""Built-in bots (spec §10): each sees only its seat's view and legal moves, and calls the rules' own checks and reads
the decks' numbers rather than copying them."""

from __future__ import annotations

import random
from collections import deque

from domain.dogslife.actions import entry_problem, occupants
from domain.dogslife.board import ADJ, HOUSE_OF, KIND, KIOSK, RESTAURANTS, TRASH
from domain.dogslife.content import DOGS, SLOTS
from domain.engine import Bot, Command, View

#: Dogs a greedy chooser prefers, best first (newspaper rewards and escapes matter most).
DOG_PREFERENCE = ("labrador", "husky", "shepherd", "boxer", "foxterrier", "poodle")


def _chance(dog: str, section: str) -> float:
    """P(bone) for a section of the dog's deck."""
    return sum(card[section] == "B" for card in DOGS[dog].cards.values()) / len(DOGS[dog].cards)


def _food(dog: str, section: str) -> float:
    """Expected days of food for a section of the dog's deck."""
    cards = DOGS[dog].cards.values()
    return sum(card[section] for card in cards if isinstance(card[section], int)) / len(cards)


def _claws(dog: str) -> float:
    """Expected claws of the dog's deck."""
    return sum(card["attack"] for card in DOGS[dog].cards.values()) / len(DOGS[dog].cards)


def random_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Uniform over the legal moves."""
    return rng.choice(legal)


def _distances(view: View, me: int, start: str) -> dict[str, int]:
    """AP distance from ``start`` avoiding the spaces the dog may never enter (the pound, other dens, a cell holding a
    foe and the foe's mark: §4.3.1 b and c); foreign-marked lampposts end a path (sniffing)."""
    crowd = occupants(view)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        space = queue.popleft()
        if space != start and view["marks"].get(space, me) != me:
            continue
        for neighbour in ADJ[space]:
            if neighbour not in dist and entry_problem(view, me, neighbour, crowd) is None:
                dist[neighbour] = dist[space] + 1
                queue.append(neighbour)
    return dist


def _goals(view: View, me: int) -> dict[str, float]:
    """What each useful space is worth to the dog now (expected bones, plus food when hungry)."""
    dog = view["seats"][me]
    kind = dog["dog"]
    slots = dog["carrying"]
    bones = slots.count("bone")
    free = slots.count(None)
    papers = [item["address"] for item in slots if isinstance(item, dict)]
    hungry = max(0, 2 - dog["hunger"]) * 0.6
    taken = {d["space"] for s, d in enumerate(view["seats"]) if s != me} | {view["truck"]["cell"]}
    goals: dict[str, float] = {}
    if bones:
        # In sudden death (4.9) the first bone buried wins.
        enough = dog["buried"] + bones >= view["options"]["bone_target"] or me in view["sudden_death"]
        goals[dog["den"]] = bones * (3.0 if free == 0 or enough else 1.0)
    for cell in TRASH - set(view["searched"]):
        goals[cell] = _chance(kind, "trash") * (free > 0) + hungry * _food(kind, "trash")
    for rest in RESTAURANTS - set(view["begged"]):
        goals[rest] = _chance(kind, "restaurant") * (free > 0) + hungry * _food(kind, "restaurant")
    if free and not bones and len(papers) < SLOTS and view["stack"]:
        goals[KIOSK] = 0.5 * _chance(kind, "newspaper") * free
    for address in papers:
        goals[HOUSE_OF[address]] = 1.2 * _chance(kind, "newspaper") + hungry * _food(kind, "newspaper")
    for space, spot in view["ground"].items():
        if spot["bones"] and free and KIND.get(space) not in ("den", "pound"):
            goals[space] = goals.get(space, 0) + 1.0
    return {space: value for space, value in goals.items() if space not in taken and value > 0}


def _route_score(view: View, me: int, route: list[str]) -> float:
    """Prefer ending on or next to foes that carry items; never next to the own dog outside its den."""
    end = route[-1]
    score = 0.0
    for seat, dog in enumerate(view["seats"]):
        if dog["space"] is None or dog["space"] == dog["den"] or (dog["space"] != end and dog["space"] not in ADJ[end]):
            continue
        weight = (3.0 if dog["space"] == end else 1.0) * (1 + sum(item is not None for item in dog["carrying"]))
        score += -4 * weight if seat == me else weight
    return score


def _act(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Phase 2: cash in what is at hand, else walk toward the best value per AP."""
    me = view["you"]
    dog = view["seats"][me]
    by_type: dict[str, list[Command]] = {}
    for move in legal:
        by_type.setdefault(move["type"], []).append(move)
    free = dog["carrying"].count(None)
    for kind in ("Bury", "DeliverNewspaper", "SearchTrash", "Beg"):
        if kind in by_type:
            return by_type[kind][0]
    for move in by_type.get("PickUp", []):
        if move["item"] == "bone":
            return move
    for move in by_type.get("Attack", []):
        foe = view["seats"][move["target_seat"]]
        if "bone" in foe["carrying"] and view["ap"] >= 2 and _claws(dog["dog"]) >= _claws(foe["dog"]):
            return move
    if "TakeNewspaper" in by_type and "bone" not in dog["carrying"] and free:
        return by_type["TakeNewspaper"][0]
    if "Pee" in by_type and view["ap"] >= 3:
        return by_type["Pee"][0]
    moves = by_type.get("Move", [])
    here = _distances(view, me, dog["space"])
    goals = {g: v / (here[g] + 1) for g, v in _goals(view, me).items() if g in here and g != dog["space"]}
    if moves and goals:
        best = max(goals.values())
        goal = rng.choice(sorted(g for g, v in goals.items() if v == best))
        back = _distances(view, me, goal)
        ranked = sorted(moves, key=lambda move: (back.get(move["to"], 99), rng.random()))
        if "EndActions" not in by_type or back.get(ranked[0]["to"], 99) < back.get(dog["space"], 99):
            return ranked[0]
    return by_type["EndActions"][0] if "EndActions" in by_type else rng.choice(legal)


def greedy_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """The heuristic player of spec §10."""
    first = legal[0]["type"]
    if first == "ChooseDog":
        names = [move["dog"] for move in legal]
        return legal[names.index(min(names, key=DOG_PREFERENCE.index))]
    if first == "ChooseTruckRoute":
        routes = [move for move in legal if move["route"] is not None]
        scores = [_route_score(view, view["you"], move["route"]) for move in routes]
        return rng.choice([move for move, score in zip(routes, scores, strict=False) if score == max(scores)])
    return _act(view, legal, rng)


def easy_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """A beginner: plays greedy, but one move in four is a random legal one."""
    return random_bot(view, legal, rng) if rng.random() < 0.25 else greedy_bot(view, legal, rng)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "easy": easy_bot}
