"""Built-in bots (spec §10): each sees only its seat's view and legal moves, and calls the rules' own checks and reads
the decks' numbers rather than copying them."""

from __future__ import annotations

import random
from collections import deque
from functools import cache

from domain.beginner import beginner
from domain.dogslife.actions import entry_problem, occupants
from domain.dogslife.board import ADJ, HOUSE_OF, KIND, KIOSK, RESTAURANTS, TRASH
from domain.dogslife.content import DOGS, SLOTS
from domain.dogslife.state import is_paper
from domain.engine import Bot, Command, State, View
from domain.evaluation import contest

#: Dogs a greedy chooser prefers, best first (newspaper rewards and escapes matter most).
DOG_PREFERENCE = ("labrador", "husky", "shepherd", "boxer", "foxterrier", "poodle")


@cache
def _chance(dog: str, section: str) -> float:
    """P(bone) for a section of the dog's deck."""
    return sum(card[section] == "B" for card in DOGS[dog].cards.values()) / len(DOGS[dog].cards)


@cache
def _food(dog: str, section: str) -> float:
    """Expected days of food for a section of the dog's deck."""
    cards = DOGS[dog].cards.values()
    return sum(card[section] for card in cards if isinstance(card[section], int)) / len(cards)


@cache
def _claws(dog: str) -> float:
    """Expected claws of the dog's deck."""
    return sum(card["attack"] for card in DOGS[dog].cards.values()) / len(DOGS[dog].cards)


def uniform_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Uniform over the legal moves: the random bot of tables opened before the bots' revision 1 (and, as
    domain/beginner draws them, easy's random moves). Such dogs drop their bones as often as they carry them home,
    and rarely end a game."""
    return rng.choice(legal)


#: Actions that use what is at hand: a random dog that may take one does, rather than walk on or stop.
AT_HAND = frozenset({"SearchTrash", "Beg", "TakeNewspaper", "DeliverNewspaper", "PickUp"})


def random_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Random among purposeful moves (§10's baseline), so that random dogs end their games.

    A bone at home is buried; nothing is dropped; an action at hand (a search, a begging, a newspaper, an item to
    pick up) is taken before walking on; a dog walks while it can, and one carrying a bone walks towards its den;
    it attacks only a dog that carries something; the truck's route is left to the server (null). Among the
    moves left, each is as likely as the next.
    """
    by_type: dict[str, list[Command]] = {}
    for move in legal:
        by_type.setdefault(move["type"], []).append(move)
    if "Bury" in by_type:
        return by_type["Bury"][0]
    if "ChooseTruckRoute" in by_type:
        return {"type": "ChooseTruckRoute", "route": None}
    if "ChooseDog" in by_type:
        return rng.choice(legal)
    me = view["you"]
    dog = view["seats"][me]
    at_hand = [move for kind in sorted(AT_HAND & by_type.keys()) for move in by_type[kind]]
    at_hand += [move for move in by_type.get("Attack", []) if any(view["seats"][move["target_seat"]]["carrying"])]
    if at_hand:
        return rng.choice(at_hand)
    steps = by_type.get("Move", [])
    if steps and "bone" in dog["carrying"]:
        home = _distances(view, me, dog["den"])
        nearer = [move for move in steps if home.get(move["to"], 99) < home.get(dog["space"], 99)]
        steps = nearer or steps
    if steps:
        return rng.choice(steps)
    purposeful = [move for move in legal if move["type"] != "Drop"]
    return rng.choice(purposeful or legal)


def _distances(view: View, me: int, start: str) -> dict[str, int]:
    """AP distance from ``start`` avoiding the spaces the dog may never enter (the pound, other dens, a cell holding a
    foe and the foe's mark: §4.3.1 b and c); foreign-marked lampposts end a path (sniffing)."""
    crowd = occupants(view)
    dist = {start: 0}
    # A space refused once is refused from every side: each is checked once, not once per neighbour.
    refused: set[str] = set()
    queue = deque([start])
    while queue:
        space = queue.popleft()
        if space != start and view["marks"].get(space, me) != me:
            continue
        for neighbour in ADJ[space]:
            if neighbour in dist or neighbour in refused:
                continue
            if entry_problem(view, me, neighbour, crowd) is None:
                dist[neighbour] = dist[space] + 1
                queue.append(neighbour)
            else:
                refused.add(neighbour)
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


#: A bone carried, in buried bones, for a search's evaluation (it may yet be dropped, stolen or lost to the pound).
CARRIED_BONE = 0.5
#: A newspaper carried, in buried bones, for a search's evaluation (a delivery may reward a bone).
CARRIED_PAPER = 0.15
#: A dog in the pound, in buried bones, for a search's evaluation (turns lost, its items dropped).
IN_POUND = 0.4
#: Buried bones of a lead that make a win about three times as likely as a loss, for a search's evaluation.
LEAD_SCALE = 0.8


def standing(state: State, seat: int) -> float:
    """``seat``'s chance of winning from its bones buried and carried against its best rival's, for a search's
    playout cut short."""
    return contest([_points(dog) for dog in state["seats"]], seat, LEAD_SCALE)


def _points(dog: dict) -> float:
    bones = dog["slots"].count("bone")
    papers = sum(is_paper(item) for item in dog["slots"])
    return dog["buried"] + CARRIED_BONE * bones + CARRIED_PAPER * papers - IN_POUND * bool(dog["pound"])


#: The actions a search tries besides greedy's, in this order: what is at hand first. Steps are left to greedy's
#: paths: in tuning, a search that tried other steps swapped greedy's for one that won a few more noisy playouts
#: about one decision in three, and won 0 of 9 games against greedy (seeds from 1000).
TRY_ORDER = ("Bury", "DeliverNewspaper", "SearchTrash", "Beg", "PickUp", "Attack", "TakeNewspaper", "Pee", "EndActions")


def ranked(view: View, legal: list[Command]) -> list[Command]:
    """The moves a search tries: the truck's routes by greedy's score, best first; other actions than a step by
    ``TRY_ORDER``."""
    if legal[0]["type"] == "ChooseTruckRoute":
        routes = [move for move in legal if move["route"] is not None]
        return sorted(routes, key=lambda move: -_route_score(view, view["you"], move["route"]))
    order = {kind: rank for rank, kind in enumerate(TRY_ORDER)}
    return sorted((move for move in legal if move["type"] in order), key=lambda move: order[move["type"]])


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "easy": beginner(greedy_bot)}
#: The random bot as it played at tables opened before the bots' revision 1 (domain.table.state.BOTS_REVISION).
EARLIER_BOTS: dict[str, Bot] = {"random": uniform_bot}
