"""Felix: The Cat in the Sack (`felix`): nine auctions of a row of face-down cards, for 3 to 5 players.

Each round every seat adds one card face down to a row (with 3 players a dummy card joins it), the row is
auctioned, and every seat that drops out is paid from the lowest stocked mouse card while one more card is
turned over. The last seat in pays its bid to the bank and takes the row, after a lone dog has chased a cat.
Final score: the cats won plus the mice left. The spec is shared/rules/felix.md; R-numbers cite its rulings.

The state is a JSON-ready dict; everything automatic (reveals, resolution, round end) happens inside the
``decide`` that triggers it, so ``automatic`` is always empty.
"""

from __future__ import annotations

import random
from typing import Any

from domain.engine import BadOptions, Bot, Command, Event, Rules, Seat, State, View, arg, event, require

ROUNDS = 9
START_MICE = 15
#: Per player count: the mouse cards in use (ascending) and the bank before stocking them (section 2.2).
MOUSE_CARDS = {3: [3, 6], 4: [2, 4, 6], 5: [2, 3, 4, 6]}
BANK_BEFORE_STOCKING = {3: 21, 4: 27, 5: 33}
#: The 3-player game auctions a virtual fourth set, one card of it per row, at position 0.
DUMMY_SET = 3
DUMMY = "dummy"

CATS = {"cat-8": -8, "cat-5": -5, "cat3": 3, "cat5": 5, "cat8": 8, "cat11": 11, "cat15": 15}
KINDS = [*CATS, "rabbit", "bigdog", "smalldog"]
DOGS = ("bigdog", "smalldog")


# --- Cards -----------------------------------------------------------------------------------------


def card_set(card: str) -> int:
    """The set (seat colour) a card id belongs to."""
    return int(card.split("/")[0])


def card_kind(card: str) -> str:
    """The kind part of a card id, e.g. ``cat15`` or ``smalldog``."""
    return card.split("/")[1]


def set_cards(set_: int) -> list[str]:
    """The ten card ids of one set, cats in ascending value first."""
    return [f"{set_}/{kind}" for kind in KINDS]


def cat_value(card: str) -> int | None:
    """A cat's value; None for anything that is not a cat."""
    return CATS.get(card_kind(card))


def card_points(card: str) -> int:
    """What a card scores in a won pile: a cat its value, a rabbit 0."""
    return CATS.get(card_kind(card), 0)


def is_dog(card: str) -> bool:
    """True for a large or small dog."""
    return card_kind(card) in DOGS


def card_name(card: str) -> str:
    """A readable card name, e.g. ``cat 15 (set 2)``."""
    kind = card_kind(card)
    label = {"rabbit": "rabbit", "bigdog": "large dog", "smalldog": "small dog"}.get(kind) or f"cat {CATS[kind]}"
    return f"{label} (set {card_set(card)})"


def chase(cards: list[str]) -> tuple[str | None, list[str]]:
    """Apply the dog rule to a row in position order: (the chased cat or None, the dogs that leave).

    One dog chases the highest cat (large) or the lowest (small), the leftmost among equals (R13, R15);
    a lone dog with no cat, or two or more dogs, just leave (R14, R16).
    """
    dogs = [c for c in cards if is_dog(c)]
    cats = [c for c in cards if cat_value(c) is not None]
    if len(dogs) != 1 or not cats:
        return None, dogs
    sign = 1 if card_kind(dogs[0]) == "bigdog" else -1
    # max() keeps the first of equal keys, which is the leftmost cat.
    return max(cats, key=lambda c: sign * CATS[card_kind(c)]), dogs


def sack_value(cards: list[str]) -> int:
    """The cat points a row is worth to its winner once the dogs have acted."""
    chased, dogs = chase(cards)
    return sum(card_points(c) for c in cards if c != chased and c not in dogs)


# --- Seats and the row -----------------------------------------------------------------------------


def total_mice(players: int) -> int:
    """T: the mice in play for a player count (R23)."""
    return START_MICE * players + BANK_BEFORE_STOCKING[players]


def refill_cost(players: int) -> int:
    """S: what stocking every mouse card takes from the bank."""
    return sum(MOUSE_CARDS[players])


def row_length(players: int) -> int:
    """Cards in a full row: one per seat, plus the dummy's with 3 players."""
    return 4 if players == 3 else players


def active_seats(state: State) -> list[int]:
    """The seats that have not passed this round, in seat order."""
    return [s for s in range(state["players"]) if s not in state["passed"]]


def next_active(state: State, seat: int) -> int | None:
    """The next seat clockwise after ``seat`` that has not passed, None if there is no other."""
    n = state["players"]
    for step in range(1, n):
        other = (seat + step) % n
        if other not in state["passed"]:
            return other
    return None


def lowest_stocked(state: State) -> dict[str, int] | None:
    """The lowest-valued mouse card that still holds mice (the next pass's payout), if any."""
    return next((card for card in state["mouse_cards"] if card["mice"] > 0), None)


def face_up_target(players: int, passes: int) -> int:
    """How many row cards are face up after ``passes`` passes (table 4.6)."""
    if passes >= players - 1:
        return row_length(players)
    return 1 + passes


def copy_state(state: State) -> State:
    """A private copy of a state, much faster than deepcopy or a JSON round trip."""
    copied = dict(state)
    for key in ("hands", "won"):
        copied[key] = [list(cards) for cards in state[key]]
    for key in ("mice", "table", "passed", "out_of_play", "setup_removed", "dummy_stack"):
        copied[key] = list(state[key])
    copied["mouse_cards"] = [dict(card) for card in state["mouse_cards"]]
    copied["row"] = [dict(slot) for slot in state["row"]]
    return copied


def _slot(state: State, position: int) -> dict[str, Any] | None:
    return next((slot for slot in state["row"] if slot["position"] == position), None)


# --- Scoring ---------------------------------------------------------------------------------------


def final_result(state: State) -> dict[str, Any]:
    """Scores and winners: highest total, then most cat points; a remaining tie shares the win (R22)."""
    scores = []
    for seat in range(state["players"]):
        cats = sum(card_points(c) for c in state["won"][seat])
        scores.append(
            {"seat": seat, "cat_points": cats, "mice": state["mice"][seat], "total": cats + state["mice"][seat]}
        )
    best = max((s["total"], s["cat_points"]) for s in scores)
    return {"scores": scores, "winners": [s["seat"] for s in scores if (s["total"], s["cat_points"]) == best]}


def _setup_removed_by_set(state: State) -> dict[str, str]:
    return {str(set_): card for set_, card in enumerate(state["setup_removed"])}


# --- One decide's events ---------------------------------------------------------------------------


class _Script:
    """The events of one decide, folded onto a private copy of the state so each step sees the last."""

    def __init__(self, rules: Felix, state: State) -> None:
        self.rules = rules
        self.state = copy_state(state)
        self.events: list[Event] = []

    def emit(self, type_: str, **data: Any) -> None:
        ev = event(type_, **data)
        self.events.append(ev)
        self.rules.evolve(self.state, ev)


def _open_auction(script: _Script) -> None:
    state = script.state
    if state["players"] == 3:
        script.emit("CardRevealed", position=0, owner=DUMMY, card=state["dummy_stack"][0])
    else:
        script.emit("CardRevealed", position=0, owner=state["start_seat"], card=_slot(state, 0)["card"])


def _reveal_after_pass(script: _Script) -> None:
    """Turn over the leftmost face-down card (R11), and the whole rest once one seat is left."""
    state = script.state
    target = face_up_target(state["players"], state["passes"])
    for slot in state["row"][:target]:
        if not slot["face_up"]:
            script.emit("CardRevealed", position=slot["position"], owner=slot["owner"], card=slot["card"])


def _resolve(script: _Script) -> None:
    """Dogs, then the last seat in takes the sack for its bid (4.8)."""
    state = script.state
    cards = [slot["card"] for slot in state["row"]]
    chased, dogs = chase(cards)
    if chased is not None:
        script.emit("DogChasedCat", dog=dogs[0], cat=chased)
    elif dogs:
        script.emit("DogsRemoved", dogs=dogs)
    (winner,) = active_seats(state)
    script.emit("SackWon", seat=winner, price=state["table"][winner], cards=[s["card"] for s in state["row"]])
    _end_round(script, discarded=False)


def _end_round(script: _Script, discarded: bool) -> None:
    """Game end after round 9, else the all-or-nothing refill (R19) and the next round (4.9)."""
    state = script.state
    n = state["players"]
    if state["round"] == ROUNDS:
        script.emit("GameEnded", **final_result(state), setup_removed=_setup_removed_by_set(state))
        return
    if discarded:
        script.emit("RefillSkipped", reason="row_discarded", bank=state["bank"])
    elif state["bank"] >= refill_cost(n):
        amounts = {str(value): value for value in MOUSE_CARDS[n]}
        script.emit("MouseCardsRefilled", amounts=amounts, bank=state["bank"] - refill_cost(n))
    else:
        script.emit("RefillSkipped", reason="bank_short", bank=state["bank"])
    stocked = lowest_stocked(state) is not None
    script.emit("RoundStarted", round=state["round"] + 1, start_seat=state["start_seat"], stocked=stocked)


# --- The rules -------------------------------------------------------------------------------------

#: Command type -> (the phase it belongs to, the arguments it takes).
COMMANDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "PlayCard": ("placing", ("card",)),
    "Bid": ("auction", ("amount",)),
    "Pass": ("auction", ()),
    "BuyForOne": ("buy_decision", ()),
    "DeclineBuy": ("buy_decision", ()),
}


class Felix(Rules):
    """Felix: The Cat in the Sack, 3 to 5 players, as shared/rules/felix.md specifies."""

    id = "felix"
    name = "Felix: The Cat in the Sack"
    min_players = 3
    max_players = 5
    options_schema: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}

    @property
    def bots(self) -> dict[str, Bot]:  # type: ignore[override]
        """The built-in bots (imported late because they build on this module's card rules)."""
        from domain.felix_bots import BOTS

        return BOTS

    # --- Setup -------------------------------------------------------------------------------------

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Felix has no options; only 3 to 5 players (R1)."""
        if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 5:
            raise BadOptions("players", "Felix is for 3 to 5 players")
        if not isinstance(options, dict):
            raise BadOptions("options", "must be an object")
        if options:
            raise BadOptions(str(next(iter(options))), "Felix has no options")
        return {}

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
        """Deal the sets, remove one card from each blind (R2), stock the mouse cards, pick the start seat (R3)."""
        self.normalize_options(options, players)
        hands, removed = {}, {}
        for seat in range(players):
            cards = set_cards(seat)
            removed[str(seat)] = cards.pop(rng.randrange(len(cards)))
            hands[str(seat)] = cards
        extra: dict[str, Any] = {}
        if players == 3:
            stack = set_cards(DUMMY_SET)
            rng.shuffle(stack)
            removed[str(DUMMY_SET)] = stack.pop(0)
            extra["dummy_stack"] = stack
        start_seat = rng.randrange(players)
        return [
            event(
                "GameStarted",
                player_count=players,
                start_seat=start_seat,
                mice=[START_MICE] * players,
                bank=BANK_BEFORE_STOCKING[players] - refill_cost(players),
                mouse_cards={str(value): value for value in MOUSE_CARDS[players]},
                total_mice=total_mice(players),
                hands=hands,
                setup_removed=removed,
                **extra,
            ),
            event("RoundStarted", round=1, start_seat=start_seat, stocked=True),
        ]

    # --- Evolve ------------------------------------------------------------------------------------

    def evolve(self, state: State | None, event: Event) -> State:
        """Apply one event to the state (in place)."""
        data = event["data"]
        if event["type"] == "GameStarted":
            return self._started(data)
        getattr(self, "_on_" + event["type"])(state, data)
        return state

    def _started(self, data: dict[str, Any]) -> State:
        n = data["player_count"]
        return {
            "players": n,
            "phase": "placing",
            "round": 0,
            "start_seat": data["start_seat"],
            "turn": None,
            "stocked": True,
            "hands": [list(data["hands"][str(s)]) for s in range(n)],
            "mice": list(data["mice"]),
            "table": [0] * n,
            "bank": data["bank"],
            "mouse_cards": [
                {"value": int(v), "mice": m}
                for v, m in sorted(data["mouse_cards"].items(), key=lambda item: int(item[0]))
            ],
            "total_mice": data["total_mice"],
            "row": [],
            "passed": [],
            "passes": 0,
            "high": 0,
            "high_bidder": None,
            "won": [[] for _ in range(n)],
            "out_of_play": [],
            "setup_removed": [data["setup_removed"][k] for k in sorted(data["setup_removed"], key=int)],
            "dummy_stack": list(data.get("dummy_stack", [])),
        }

    def _on_RoundStarted(self, state: State, data: dict[str, Any]) -> None:
        state.update(
            round=data["round"],
            start_seat=data["start_seat"],
            stocked=data["stocked"],
            phase="placing",
            turn=data["start_seat"],
            row=[],
            table=[0] * state["players"],
            passed=[],
            passes=0,
            high=0,
            high_bidder=None,
        )

    def _on_CardPlayed(self, state: State, data: dict[str, Any]) -> None:
        seat = data["seat"]
        state["hands"][seat].remove(data["card"])
        state["row"].append({"position": data["position"], "owner": seat, "card": data["card"], "face_up": False})
        # The turn goes round the table once; after the last card the reveal opens the auction.
        state["turn"] = (seat + 1) % state["players"] if len(state["row"]) < state["players"] else None

    def _on_CardRevealed(self, state: State, data: dict[str, Any]) -> None:
        slot = _slot(state, data["position"])
        if slot is None:  # the dummy's card comes off the top of its stack (R12)
            state["dummy_stack"].pop(0)
            slot = {"position": data["position"], "owner": DUMMY, "card": data["card"], "face_up": False}
            state["row"].insert(0, slot)
        slot["face_up"] = True
        if state["phase"] == "placing":
            state.update(phase="auction", turn=state["start_seat"], high=0)

    def _on_BidPlaced(self, state: State, data: dict[str, Any]) -> None:
        seat = data["seat"]
        state["mice"][seat] -= data["added"]
        state["table"][seat] = data["amount"]
        state.update(high=data["amount"], high_bidder=seat, turn=next_active(state, seat))

    def _on_PlayerPassed(self, state: State, data: dict[str, Any]) -> None:
        seat = data["seat"]
        state["mice"][seat] += data["returned"]
        state["table"][seat] = 0
        state["passed"] = sorted([*state["passed"], seat])
        state["passes"] += 1
        left = active_seats(state)
        if len(left) >= 2:
            state["turn"] = next_active(state, seat)
        elif len(left) == 1 and state["high"] == 0:
            state.update(phase="buy_decision", turn=left[0])  # the special case (4.7)
        else:
            state["turn"] = None  # resolution follows in the same decide

    def _on_MiceTaken(self, state: State, data: dict[str, Any]) -> None:
        for card in state["mouse_cards"]:
            if card["value"] == data["mouse_card"]:
                card["mice"] -= data["amount"]
        state["mice"][data["seat"]] += data["amount"]

    def _on_DogChasedCat(self, state: State, data: dict[str, Any]) -> None:
        self._leave_row(state, [data["dog"], data["cat"]])

    def _on_DogsRemoved(self, state: State, data: dict[str, Any]) -> None:
        self._leave_row(state, data["dogs"])

    @staticmethod
    def _leave_row(state: State, cards: list[str]) -> None:
        state["row"] = [slot for slot in state["row"] if slot["card"] not in cards]
        state["out_of_play"].extend(cards)

    def _on_SackWon(self, state: State, data: dict[str, Any]) -> None:
        seat = data["seat"]
        state["table"][seat] -= data["price"]
        state["bank"] += data["price"]
        state["won"][seat].extend(data["cards"])
        state.update(start_seat=seat, row=[], high=0, high_bidder=None, turn=None)

    def _on_RowDiscarded(self, state: State, data: dict[str, Any]) -> None:
        self._leave_row(state, data["cards"])
        state["turn"] = None

    def _on_MouseCardsRefilled(self, state: State, data: dict[str, Any]) -> None:
        for card in state["mouse_cards"]:
            card["mice"] += data["amounts"][str(card["value"])]
        state["bank"] -= sum(data["amounts"].values())

    def _on_RefillSkipped(self, state: State, data: dict[str, Any]) -> None:
        """Nothing moves: the next RoundStarted says the round is not stocked."""

    def _on_GameEnded(self, state: State, data: dict[str, Any]) -> None:
        state.update(phase="ended", turn=None)

    # --- Decide ------------------------------------------------------------------------------------

    def decide(self, state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
        """Check a command from ``seat`` and return every event it causes, up to the next decision."""
        kind = command.get("type") if isinstance(command, dict) else None
        require(isinstance(kind, str) and kind in COMMANDS, "UnknownCommand", f"unknown command {kind!r}")
        phase, args = COMMANDS[kind]
        extra = sorted(str(key) for key in command if key != "type" and key not in args)
        require(not extra, "BadArgument", f"{kind} takes no argument {', '.join(extra)}")
        require(state["phase"] == phase, "WrongPhase", f"{kind} is for the {phase} phase, not {state['phase']}")
        require(seat is not None and seat == state["turn"], "NotYourTurn", f"it is seat {state['turn']}'s turn")
        script = _Script(self, state)
        getattr(self, "_decide_" + kind)(script, seat, command)
        return script.events

    def _decide_PlayCard(self, script: _Script, seat: int, command: Command) -> None:
        card = arg(command, "card", str)
        state = script.state
        require(card in state["hands"][seat], "CardNotInHand", f"{card} is not in seat {seat}'s hand")
        placed = len(state["row"])
        position = placed + 1 if state["players"] == 3 else placed
        script.emit("CardPlayed", seat=seat, position=position, card=card)
        if len(state["row"]) == state["players"]:
            _open_auction(script)

    def _decide_Bid(self, script: _Script, seat: int, command: Command) -> None:
        amount = arg(command, "amount", int)
        state = script.state
        low, high = self._bid_range(state, seat)
        require(amount >= low, "BidTooLow", f"a bid must be at least {low}")
        require(amount <= high, "BidTooHigh", f"seat {seat} can bid at most {high}")
        script.emit("BidPlaced", seat=seat, amount=amount, added=amount - state["table"][seat])

    def _decide_Pass(self, script: _Script, seat: int, command: Command) -> None:
        state = script.state
        script.emit("PlayerPassed", seat=seat, returned=state["table"][seat])
        payout = lowest_stocked(state)
        if payout is not None:
            script.emit("MiceTaken", seat=seat, mouse_card=payout["value"], amount=payout["mice"])
        _reveal_after_pass(script)
        if state["phase"] == "auction" and state["turn"] is None:
            _resolve(script)

    def _decide_BuyForOne(self, script: _Script, seat: int, command: Command) -> None:
        require(script.state["mice"][seat] >= 1, "CannotAfford", "buying the row takes 1 mouse")
        script.emit("BidPlaced", seat=seat, amount=1, added=1)
        _resolve(script)

    def _decide_DeclineBuy(self, script: _Script, seat: int, command: Command) -> None:
        state = script.state
        script.emit("PlayerPassed", seat=seat, returned=0)
        script.emit("RowDiscarded", seat=seat, cards=[slot["card"] for slot in state["row"]])
        _end_round(script, discarded=True)

    @staticmethod
    def _bid_range(state: State, seat: int) -> tuple[int, int]:
        """The lowest and highest total a seat may bid now (R7)."""
        return max(1, state["high"] + 1), state["mice"][seat] + state["table"][seat]

    # --- Queries -----------------------------------------------------------------------------------

    def legal_moves(self, state: State, seat: int) -> list[Command]:
        """Every command the seat on turn may issue; nothing for anyone else."""
        if seat != state["turn"] or state["phase"] == "ended":
            return []
        if state["phase"] == "placing":
            return [{"type": "PlayCard", "card": card} for card in state["hands"][seat]]
        if state["phase"] == "auction":
            low, high = self._bid_range(state, seat)
            return [{"type": "Pass"}] + [{"type": "Bid", "amount": amount} for amount in range(low, high + 1)]
        return ([{"type": "BuyForOne"}] if state["mice"][seat] >= 1 else []) + [{"type": "DeclineBuy"}]

    def to_act(self, state: State) -> list[int]:
        """The seat on turn, if any."""
        return [] if state["turn"] is None or state["phase"] == "ended" else [state["turn"]]

    def automatic(self, state: State) -> list:
        """None: reveals, resolution and round ends happen inside the decide that triggers them."""
        return []

    def result(self, state: State) -> dict[str, Any] | None:
        """The scores and winners once round 9 is over."""
        return final_result(state) if state["phase"] == "ended" else None

    # --- Hidden information (section 7) ------------------------------------------------------------

    def view(self, state: State, seat: Seat) -> View:
        """What ``seat`` sees (None: a spectator): own hand, mice, won pile and row card; sizes of the rest."""
        n = state["players"]
        over = state["phase"] == "ended"

        def mine(items: list) -> list:
            return [item if over or s == seat else None for s, item in enumerate(items)]

        seen = [slot["card"] for slot in state["row"] if slot["face_up"]]
        seen += state["out_of_play"] + [card for pile in state["won"] for card in pile]
        return {
            "game": self.id,
            "seat": seat,
            "players": n,
            "phase": state["phase"],
            "round": state["round"],
            "rounds": ROUNDS,
            "start_seat": state["start_seat"],
            "turn": state["turn"],
            "stocked": state["stocked"],
            "bank": state["bank"],
            "total_mice": state["total_mice"],
            "mouse_cards": [dict(card) for card in state["mouse_cards"]],
            "table": list(state["table"]),
            "passed": list(state["passed"]),
            "passes": state["passes"],
            "high": state["high"],
            "high_bidder": state["high_bidder"],
            "row": [
                {**slot, "card": slot["card"] if over or slot["face_up"] or slot["owner"] == seat else None}
                for slot in state["row"]
            ],
            "hands": mine([list(hand) for hand in state["hands"]]),
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "mice": mine(list(state["mice"])),
            "won": mine([list(pile) for pile in state["won"]]),
            "won_sizes": [len(pile) for pile in state["won"]],
            "out_of_play": list(state["out_of_play"]),
            # Every card that has been face up: public at the table, kept here as a perfect memory for bots.
            "seen": sorted(seen),
            "dummy_stack_size": len(state["dummy_stack"]),
            "setup_removed": _setup_removed_by_set(state) if over else None,
            "result": self.result(state),
        }

    def redact(self, event: Event, seat: Seat) -> Event:
        """Hide other hands, the removed cards and the dummy stack at the start, and others' placed cards."""
        data = event["data"]
        if event["type"] == "GameStarted":
            hidden = ("setup_removed", "dummy_stack", "hands")
            hands = {key: cards for key, cards in data["hands"].items() if seat is not None and key == str(seat)}
            return {
                "type": event["type"],
                "data": {**{k: v for k, v in data.items() if k not in hidden}, "hands": hands},
            }
        if event["type"] == "CardPlayed" and data["seat"] != seat:
            return {"type": event["type"], "data": {k: v for k, v in data.items() if k != "card"}}
        return event

    # --- Text --------------------------------------------------------------------------------------

    def describe(self, event: Event) -> str:
        """One English line for an event."""
        d = event["data"]
        match event["type"]:
            case "GameStarted":
                return (
                    f"A game for {d['player_count']} starts: 9 cards and {START_MICE} mice each, bank {d['bank']}, "
                    f"seat {d['start_seat']} starts."
                )
            case "RoundStarted":
                stocked = "the mouse cards are stocked" if d["stocked"] else "the mouse cards are empty"
                return f"Round {d['round']} begins with seat {d['start_seat']}; {stocked}."
            case "CardPlayed":
                card = f" ({card_name(d['card'])})" if "card" in d else ""
                return f"Seat {d['seat']} puts a card face down at position {d['position']}{card}."
            case "CardRevealed":
                owner = "the dummy" if d["owner"] == DUMMY else f"seat {d['owner']}"
                return f"Position {d['position']} is turned over: {card_name(d['card'])} from {owner}."
            case "BidPlaced":
                return f"Seat {d['seat']} bids {d['amount']} (puts in {d['added']})."
            case "PlayerPassed":
                return f"Seat {d['seat']} passes and takes back {d['returned']}."
            case "MiceTaken":
                return f"Seat {d['seat']} takes {d['amount']} mice from the {d['mouse_card']}-card."
            case "DogChasedCat":
                return f"The {card_name(d['dog'])} chases away the {card_name(d['cat'])}."
            case "DogsRemoved":
                return f"The dogs leave the game: {', '.join(map(card_name, d['dogs']))}."
            case "SackWon":
                cards = ", ".join(map(card_name, d["cards"])) or "nothing"
                return f"Seat {d['seat']} pays {d['price']} and wins the sack: {cards}."
            case "RowDiscarded":
                return f"Seat {d['seat']} declines; the row leaves the game: {', '.join(map(card_name, d['cards']))}."
            case "MouseCardsRefilled":
                return f"The mouse cards are refilled; the bank keeps {d['bank']}."
            case "RefillSkipped":
                why = "the row was discarded" if d["reason"] == "row_discarded" else "the bank is short"
                return f"No refill ({why}); the bank holds {d['bank']}."
            case "GameEnded":
                totals = ", ".join(f"seat {s['seat']} {s['total']}" for s in d["scores"])
                return f"Game over: {totals}. Winner(s): {', '.join(map(str, d['winners']))}."
        return event["type"]

    def render(self, state: State, seat: Seat = None) -> str:
        """The table as ``seat`` sees it."""
        v = self.view(state, seat)
        cards = " ".join(f"{c['value']}:{c['mice']}" for c in v["mouse_cards"])
        lines = [
            f"Round {v['round']}/{ROUNDS}  phase {v['phase']}  turn {v['turn']}  bank {v['bank']}  mouse cards {cards}"
        ]
        row = []
        for slot in v["row"]:
            shown = card_name(slot["card"]) if slot["card"] else "??"
            row.append(f"[{slot['position']} {slot['owner']}: {shown}{'' if slot['face_up'] else ' (down)'}]")
        lines.append("Row: " + (" ".join(row) or "empty"))
        for s in range(v["players"]):
            mark = "*" if s == v["start_seat"] else " "
            mice = "?" if v["mice"][s] is None else v["mice"][s]
            status = "passed" if s in v["passed"] else f"bid {v['table'][s]}"
            won = f"{v['won_sizes'][s]} cards"
            if v["won"][s] is not None:
                won = ", ".join(map(card_name, v["won"][s])) or "nothing"
            lines.append(f"{mark}seat {s}: mice {mice}, {status}, hand {v['hand_sizes'][s]}, won {won}")
        if seat is not None and v["hands"][seat] is not None:
            lines.append("Your hand: " + ", ".join(map(card_name, v["hands"][seat])))
        if v["result"]:
            lines.append("Winners: " + ", ".join(map(str, v["result"]["winners"])))
        return "\n".join(lines)


RULES = Felix()
