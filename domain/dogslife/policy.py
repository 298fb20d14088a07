"""A Dog's Life's streetwise bot (issue 34): greedy's walk to the best value per AP (bots.py), with what a careful
player adds. It sees only its seat's view.

- It counts cards: every discard pile is public (§7), so the odds of a dog's next card are known, for a find, a
  fight or an escape.
- It eats before it starves: food is worth its days that fit the hunger track, and more the hungrier the dog; with
  hunger 0 a dog must find food this turn (§4.2), so food it cannot reach this turn is worth little.
- It goes to the kiosk far less than greedy: in tuning (one streetwise dog against two greedy, seeds 1000-1599),
  the kiosk at greedy's weight won 41.5% of 600 games, at a third of it 50.8%.
- It stops out of the truck's way: a turn that cannot reach its goal ends on the space that keeps most of the way
  there at the least risk of the truck (its den is safe; a building cannot be driven onto), by the odds of its own
  next escape card.
- It walks round a rival's mark when the detour costs fewer AP than sniffing would end its turn with (§4.3.12).
- It drives the truck at its rivals, by the odds of their next escape card, and away from itself.
- It fights by the odds of both decks' next claws.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from domain.dogslife.actions import occupants
from domain.dogslife.board import ADJ, HOUSE_OF, KIND, KIOSK, RESTAURANTS, STREETS, TRASH
from domain.dogslife.bots import TRY_ORDER, _chance, _distances, greedy_bot
from domain.dogslife.content import DOGS, MAX_HUNGER, SLOTS
from domain.dogslife.truck import rear_after, routes
from domain.engine import Command, View

#: Worth of food's chance by the hunger the dog has in its action phase (0, 1, 2; none above).
NEED = (3.0, 0.8, 0.3)
#: Worth of one day of food that fits the hunger track, as a share of the worth of food's chance.
DAY = 0.1
#: Worth of the kiosk per free slot and chance of a bone per delivery: greedy's 0.5 sent dogs there too often.
KIOSK_WEIGHT = 0.15
#: Worth of a house for a carried newspaper, per chance of a bone on delivery.
HOUSE_WEIGHT = 1.2
#: Worth of a bone lying on a space.
GROUND_BONE = 1.0
#: Worth of the den per carried bone: more when the slots are full or the bones would win.
DEN, DEN_FULL = 1.0, 3.0
#: AP of the way to the goal that one unit of stake at full risk of the truck is worth, for where a turn stops.
RISK = 4.0
#: What a dog loses to the pound besides its turns: per bone and per newspaper carried, per bone buried (a leader).
STAKE_BONE, STAKE_PAPER, STAKE_LEAD = 1.0, 0.3, 0.3
#: How much more the dog's own capture weighs than a rival's, for a truck route.
SELF = 3.0
#: Share of the dog's stake at risk when the next player can drive the truck to it.
NEXT_MOVE = 0.5


def card_odds(dog: dict[str, Any]) -> dict[str, float]:
    """Each result card's chance of being the dog's next draw, from the count of its deck and its discard pile."""
    cards = DOGS[dog["dog"]].cards
    left = dog["deck"]  # the shuffle card is always among them
    # The shuffle card brings back all 13 cards and draws again: then any result card is alike.
    fresh = 1 / (left * len(cards))
    discard = set(dog["discard"])
    return {card: fresh + (card not in discard) / left for card in cards}


def odds(dog: dict[str, Any], section: str, result: Any) -> float:
    """The chance that the dog's next card shows ``result`` in ``section``."""
    cards = DOGS[dog["dog"]].cards
    return sum(p for card, p in card_odds(dog).items() if cards[card][section] == result)


def food(dog: dict[str, Any], section: str) -> tuple[float, float]:
    """The chance of food from the dog's next card for ``section``, and the days of it that fit the hunger track."""
    cards = DOGS[dog["dog"]].cards
    room = MAX_HUNGER - dog["hunger"]
    chance = days = 0.0
    for card, p in card_odds(dog).items():
        found = cards[card][section]
        if isinstance(found, int):
            chance += p
            days += p * min(found, room)
    return chance, days


def fight_odds(mine: dict[str, Any], theirs: dict[str, Any]) -> tuple[float, float]:
    """The chances that one attack of ``mine`` on ``theirs`` wins and loses, by the next claws of both decks."""
    ours, foes = DOGS[mine["dog"]].cards, DOGS[theirs["dog"]].cards
    win = lose = 0.0
    for card, p in card_odds(mine).items():
        for other, q in card_odds(theirs).items():
            claws, against = ours[card]["attack"], foes[other]["attack"]
            win += p * q * (claws > against)
            lose += p * q * (claws < against)
    return win, lose


def stake(dog: dict[str, Any]) -> float:
    """What a dog loses to the pound: its turns (1), its items, and more for a leader."""
    bones = dog["carrying"].count("bone")
    papers = sum(item is not None and item != "bone" for item in dog["carrying"])
    return 1 + STAKE_BONE * bones + STAKE_PAPER * papers + STAKE_LEAD * dog["buried"]


def triggers(space: str) -> list[str]:
    """The truck's end cells that catch a dog on ``space`` (the street itself) or check it (the streets next to it)."""
    near = [cell for cell in ADJ[space] if cell in STREETS]
    return [space, *near] if space in STREETS else near


@cache
def reach(cell: str, rear: str | None) -> dict[str, float]:
    """Each street cell's chance that the truck on ``cell`` can be driven to end there, the roll unknown."""
    out: dict[str, float] = {}
    for value in range(1, 7):
        for end in {route[-1] for route in routes(cell, rear, value)}:
            out[end] = out.get(end, 0.0) + 1 / 6
    return out


@cache
def reach_after(cell: str, rear: str | None) -> dict[str, float]:
    """Each street cell's chance that the truck can be driven to end there on the move after a random one."""
    out: dict[str, float] = {}
    for value in range(1, 7):
        options = routes(cell, rear, value)
        for route in options:
            for end, chance in reach(route[-1], rear_after(cell, route)).items():
                out[end] = out.get(end, 0.0) + chance / 6 / len(options)
    return out


def risk(view: View, me: int, space: str) -> float:
    """A rough chance that the truck takes the dog if it ends its phase on ``space``: two moves (its own, the next
    player's) that can reach the space or a street next to it."""
    dog = view["seats"][me]
    if space == dog["den"]:
        return 0.0
    truck = view["truck"]
    ahead = reach_after(truck["cell"], truck["rear"])
    caught = odds(dog, "escape", "caught")
    total = sum(ahead.get(cell, 0.0) * (1.0 if cell == space else caught) for cell in triggers(space))
    return min(1.0, total)


def goals(view: View, me: int, here: dict[str, int]) -> dict[str, float]:
    """What each useful space within ``here`` (the AP to each) is worth to the dog now, per AP to reach and use it."""
    dog = view["seats"][me]
    slots = dog["carrying"]
    bones = slots.count("bone")
    free = slots.count(None)
    papers = [item["address"] for item in slots if isinstance(item, dict)]
    need = NEED[dog["hunger"]] if dog["hunger"] < len(NEED) else 0.0
    taken = {d["space"] for seat, d in enumerate(view["seats"]) if seat != me} | {view["truck"]["cell"]}

    def meal(section: str) -> float:
        chance, days = food(dog, section)
        return need * (chance + DAY * days)

    bone_found = free > 0
    # Each space's worth as (bones, food): with hunger 0, food the dog cannot reach this turn is no food (§4.2).
    worth: dict[str, tuple[float, float]] = {}
    if bones:
        # In sudden death (4.9) the first bone buried wins.
        enough = dog["buried"] + bones >= view["options"]["bone_target"] or me in view["sudden_death"]
        worth[dog["den"]] = (bones * (DEN_FULL if free == 0 or enough else DEN), 0.0)
    trash = (odds(dog, "trash", "B") * bone_found, meal("trash"))
    for cell in TRASH - set(view["searched"]):
        worth[cell] = trash
    begging = (odds(dog, "restaurant", "B") * bone_found, meal("restaurant"))
    for rest in RESTAURANTS - set(view["begged"]):
        worth[rest] = begging
    if free and not bones and len(papers) < SLOTS and view["stack"]:
        worth[KIOSK] = (KIOSK_WEIGHT * _chance(dog["dog"], "newspaper") * free, 0.0)
    # A delivery frees the newspaper's slot for the bone it may find.
    delivery = (HOUSE_WEIGHT * odds(dog, "newspaper", "B"), meal("newspaper"))
    for address in papers:
        worth[HOUSE_OF[address]] = delivery
    for space, spot in view["ground"].items():
        if spot["bones"] and free and KIND.get(space) not in ("den", "pound"):
            found, meals = worth.get(space, (0.0, 0.0))
            worth[space] = (found + GROUND_BONE, meals)
    out = {}
    starving = dog["hunger"] == 0
    for space, (found, meals) in worth.items():
        if space in taken or space not in here or space == dog["space"]:
            continue
        value = found + (0.0 if starving and here[space] >= view["ap"] else meals)
        if value > 0:
            out[space] = value / (here[space] + 1)
    return out


def _stop(view: View, me: int, here: dict[str, int], target: str | None) -> str:
    """The space to end the phase on: most of the way to ``target`` at the least risk of the truck."""
    dog = view["seats"][me]
    crowd = occupants(view)
    truck = view["truck"]["cell"]
    options = [
        space
        for space, dist in here.items()
        if dist <= view["ap"] and space != truck and all(seat == me for seat in crowd.get(space, [me]))
    ]
    if not options:
        return dog["space"]
    far = _distances(view, me, target) if target is not None else {}
    at_stake = stake(dog)
    return min(
        sorted(options), key=lambda space: (far.get(space, 30) + RISK * at_stake * risk(view, me, space), here[space])
    )


def worth_attacking(view: View, me: int, target: int) -> bool:
    """Whether an attack on a dog that carries a bone pays by the odds: the bones it drops that the AP left can pick
    up, and its turns, against the attacker's own bones and turns."""
    dog, foe = view["seats"][me], view["seats"][target]
    if "bone" not in foe["carrying"] or view["ap"] < 2:
        return False
    win, lose = fight_odds(dog, foe)
    gain = min(foe["carrying"].count("bone"), view["ap"] - 2) + 0.5
    return win * gain > lose * (dog["carrying"].count("bone") + 1.0)


def _toward(view: View, me: int, space: str, moves: list[Command], rng: random.Random) -> Command:
    """The step that brings the dog nearest ``space``, a step onto a rival's mark costing the AP it ends (§4.3.12)."""
    back = _distances(view, me, space)
    lost = view["ap"] - 1

    def cost(move: Command) -> tuple[int, float]:
        sniffs = move["to"] != space and view["marks"].get(move["to"], me) != me
        return back.get(move["to"], 99) + lost * sniffs, rng.random()

    return min(moves, key=cost)


def _act(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Phase 2: cash in what is at hand, else walk toward the best value per AP, and stop out of the truck's way."""
    me = view["you"]
    dog = view["seats"][me]
    ap = view["ap"]
    by_type: dict[str, list[Command]] = {}
    for move in legal:
        by_type.setdefault(move["type"], []).append(move)
    free = dog["carrying"].count(None)
    useful = free > 0 or dog["hunger"] < MAX_HUNGER
    for kind, wanted in (("Bury", True), ("DeliverNewspaper", True), ("SearchTrash", useful), ("Beg", useful)):
        if kind in by_type and wanted:
            return by_type[kind][0]
    for move in by_type.get("PickUp", []):
        if move["item"] == "bone":
            return move
    for move in by_type.get("Attack", []):
        if worth_attacking(view, me, move["target_seat"]):
            return move
    if "TakeNewspaper" in by_type and "bone" not in dog["carrying"] and free:
        return by_type["TakeNewspaper"][0]
    if "Pee" in by_type and ap >= 3 and dog["hunger"] > 0:
        return by_type["Pee"][0]
    moves = by_type.get("Move", [])
    ending = "EndActions" in by_type
    if not moves:
        return by_type["EndActions"][0] if ending else rng.choice(legal)
    here = _distances(view, me, dog["space"])
    values = goals(view, me, here)
    target = None
    if values:
        best = max(values.values())
        target = rng.choice(sorted(space for space, value in values.items() if value == best))
    # A goal within reach with an AP to spend there: walk on. Otherwise end the turn where it is safest to.
    if target is not None and here[target] < ap:
        return _toward(view, me, target, moves, rng)
    stop = _stop(view, me, here, target)
    if stop != dog["space"] or not ending:
        return _toward(view, me, stop, moves, rng)
    return by_type["EndActions"][0]


def route_value(view: View, me: int, route: list[str]) -> float:
    """A truck route's worth: the rivals it catches by the odds of their next escape card, less the dog's own risk
    now and on the next player's move."""
    end = route[-1]
    value = 0.0
    for seat, dog in enumerate(view["seats"]):
        space = dog["space"]
        if space is None or space == dog["den"]:
            continue
        hit = 1.0 if space == end else odds(dog, "escape", "caught") if space in ADJ[end] else 0.0
        value += (-SELF if seat == me else 1.0) * hit * stake(dog)
    mine = view["seats"][me]
    if mine["space"] is not None and mine["space"] != mine["den"]:
        after = reach(end, rear_after(view["truck"]["cell"], route))
        near = min(1.0, sum(after.get(cell, 0.0) for cell in triggers(mine["space"])))
        value -= NEXT_MOVE * near * stake(mine)
    return value


def streetwise_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Greedy's value per AP, counting cards, eating in time, stopping and driving the truck with its risk in mind."""
    first = legal[0]["type"]
    if first == "ChooseDog":
        return greedy_bot(view, legal, rng)
    if first == "ChooseTruckRoute":
        options = [move for move in legal if move["route"] is not None]
        scores = [route_value(view, view["you"], move["route"]) for move in options]
        return rng.choice([move for move, score in zip(options, scores, strict=True) if score == max(scores)])
    return _act(view, legal, rng)


def ranked(view: View, legal: list[Command]) -> list[Command]:
    """The moves a search over the streetwise bot tries: the truck's routes by its worth, best first; other actions
    than a step in greedy's ``TRY_ORDER``."""
    if legal[0]["type"] == "ChooseTruckRoute":
        options = [move for move in legal if move["route"] is not None]
        return sorted(options, key=lambda move: -route_value(view, view["you"], move["route"]))
    order = {kind: rank for rank, kind in enumerate(TRY_ORDER)}
    return sorted((move for move in legal if move["type"] in order), key=lambda move: order[move["type"]])
