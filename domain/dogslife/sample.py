"""A Dog's Life's sampler (issue 34): a full state drawn among those consistent with all one seat has seen (§7).

The seat's redacted log hides only the shuffles' orders and the addresses of newspapers others took from the stack
or picked up. Every movement of a newspaper is public, so the sampler folds the log with ``evolve``, each physical
newspaper under a stand-in id of its own (``NP100`` on), and notes what the seat learnt of each:

- a deck: its cards less the discards (both public), in a uniform order, since cards are drawn from its top only;
- a newspaper the seat took or picked up, or anyone delivered, has a known address, until a shuffle of the stack
  takes it in. Its address is then one of the stack's, and any newspaper that leaves the stack afterwards may bear
  it; one that left before may not. So a paper's address is either one never seen, or one seen that went into the
  stack no later than the paper's last shuffle in it. These sets are nested, so one address after another, the
  latest shuffled first, goes to a uniform choice among the papers that may bear it (each such choice leaves the
  same number of ways to go on), and the addresses never seen are dealt to the rest.

With deliveries only, this is exactly the posterior the shuffles make (checked by enumerating every shuffle on a
table of five papers: tests/unit/test_dogslife_sample.py). Not exact:

- other players choose with addresses in mind (a dog walks to the house on its newspaper); the sampler takes their
  choices as telling nothing;
- a dog sent to the pound at the kiosk returns its papers to the stack: from then on they count as alike with the
  stack's papers, which allows exactly the right tables but weighs them somewhat off the shuffles' proportions (on
  the five-paper table, a total variation distance of about 0.05 from the exact posterior). It happened in 2 of 9
  seeded games of greedy dogs.
"""

from __future__ import annotations

import random
from typing import Any

from domain.dogslife.board import ADDRESSES
from domain.dogslife.content import DOGS
from domain.dogslife.state import State, address_of, evolve, is_paper, paper
from domain.engine import Event, View

#: Stand-in addresses of the physical newspapers while the log is folded: above every real one.
_STAND_IN = 100


class Papers:
    """What the seat knows of each newspaper (by stand-in): its address (``known``), or else the number of the last
    shuffle it lay in the stack through (``level``); and, for each address seen that has gone back into the stack
    since, the number of the shuffle that took it in (``entered``)."""

    def __init__(self, addresses: list[int]) -> None:
        self.addresses = addresses
        self.known: dict[str, int] = {}
        self.level: dict[str, int] = {}
        self.entered: dict[int, int] = {}
        self.shuffles = 0

    def shuffled(self, stack: list[str]) -> None:
        """A shuffle of the stack: its known papers' addresses join those its papers may bear."""
        self.shuffles += 1
        for item in stack:
            if item in self.known:
                self.entered[self.known.pop(item)] = self.shuffles
            self.level[item] = self.shuffles

    def seen(self, item: str, address: int) -> None:
        """The seat has seen ``item``'s address."""
        self.level.pop(item, None)
        self.entered.pop(address, None)
        self.known[item] = address

    def draw(self, rng: random.Random) -> dict[str, int]:
        """Every paper's address: the known ones, then each seen address among the papers that may bear it, the
        latest shuffled in first, then the never-seen addresses among the rest."""
        if not self.level and not self.known:  # before the setup's shuffle: no paper on the table yet
            return {}
        addresses = dict(self.known)
        open_items = sorted(self.level)
        for address, entry in sorted(self.entered.items(), key=lambda pair: -pair[1]):
            item = rng.choice([item for item in open_items if self.level[item] >= entry])
            open_items.remove(item)
            addresses[item] = address
        seen = {*self.known.values(), *self.entered}
        never = [address for address in self.addresses if address not in seen]
        rng.shuffle(never)
        addresses.update(zip(open_items, never, strict=True))
        return addresses


def sample(view: View, history: list[Event], rng: random.Random) -> State:
    """A state drawn among those consistent with ``view`` and the seat's redacted ``history`` (module docstring)."""
    if not history or history[0]["type"] != "GameStarted":
        raise ValueError("an A Dog's Life sample needs the seat's log from GameStarted on")
    papers = Papers(ADDRESSES)
    state = evolve(None, history[0])
    for ev in history[1:]:
        state = _fold(state, ev, papers)
    over = view["phase"] == "over"
    if over:  # the view shows every address and deck
        _seen_at_the_end(state, view, papers)
    addresses = papers.draw(rng)
    state["stack"] = [paper(addresses[item]) for item in state["stack"]]
    for spot in state["ground"].values():
        spot["papers"] = [paper(addresses[item]) for item in spot["papers"]]
    for seat, dog in enumerate(state["seats"]):
        dog["slots"] = [paper(addresses[item]) if is_paper(item) else item for item in dog["slots"]]
        if over:
            dog["deck"] = list(view["seats"][seat]["deck"])
        else:
            rng.shuffle(dog["deck"])
    return state


def _fold(state: Any, ev: Event, papers: Papers) -> State:
    """Fold one redacted event, its hidden parts filled in with stand-ins, noting what it shows of the papers."""
    kind, data = ev["type"], ev["data"]
    if kind in ("DeckShuffled", "DeckReshuffled"):
        # Cards leave a deck by name, so any order of its cards folds; the order is drawn at the end.
        return evolve(state, {"type": kind, "data": {**data, "order": DOGS[state["seats"][data["seat"]]["dog"]].deck}})
    if kind == "NewspaperStackShuffled":
        if state["stack"]:
            papers.shuffled(state["stack"])
            stack = state["stack"]
        else:  # the setup's shuffle: every paper, none seen
            stack = [paper(_STAND_IN + index) for index in range(len(ADDRESSES))]
            papers.level.update(dict.fromkeys(stack, 0))
        return evolve(state, {"type": kind, "data": {**data, "order": [address_of(item) for item in stack]}})
    if kind == "NewspaperDelivered":
        item = state["seats"][data["seat"]]["slots"][data["slot"]]
        papers.seen(item, data["address"])
        state = evolve(state, ev)
        state["stack"][-1] = item  # the same paper, under its stand-in
        return state
    state = evolve(state, ev)
    if kind in ("NewspaperTaken", "ItemPickedUp") and "address" in data:
        papers.seen(state["seats"][data["seat"]]["slots"][data["slot"]], data["address"])
    return state


def _seen_at_the_end(state: State, view: View, papers: Papers) -> None:
    """Once the game is over, the view shows every paper's address: each is seen."""
    for item, address in zip(state["stack"], view["stack"], strict=True):
        papers.seen(item, address)
    for space, spot in state["ground"].items():
        for item, address in zip(spot["papers"], view["ground"][space]["newspapers"], strict=True):
            papers.seen(item, address)
    for dog, shown in zip(state["seats"], view["seats"], strict=True):
        for item, carried in zip(dog["slots"], shown["carrying"], strict=True):
            if is_paper(item):
                papers.seen(item, carried["address"])
