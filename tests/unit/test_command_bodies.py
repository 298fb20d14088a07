"""A move's body taken the quick way (SendCommand.quick_load) is what marshmallow's load makes of it, and every
other body is left to load, which refuses it."""

from __future__ import annotations

import random

import pytest
from marshmallow import ValidationError

from service.http.schemas.base import MAX_VERSION
from service.http.schemas.games import MAX_LABEL, SendCommand

#: JSON values of every kind, and the edges of each field's range.
VALUES = [
    None, True, False, 0, 1, -1, 7, MAX_VERSION, MAX_VERSION + 1, 10**30, 1.0, 0.5, "", "x", "x" * MAX_LABEL,
    "x" * (MAX_LABEL + 1), [], [1, "a"], {}, {"type": "Pass"}, {"type": 1}, {"type": None}, {"kind": "Pass"},
    {"type": "Bid", "amount": 3, "nested": {"deep": [1, {"a": None}]}},
]
FIELDS = ["command", "expected_version", "label", "label_key", "label_args", "extra", "Command"]


def loaded(body: object) -> object:
    """What load makes of a body, or the error it refuses it with."""
    try:
        return SendCommand().load(body)
    except ValidationError as error:
        return error


def random_bodies(count: int) -> list[object]:
    """Bodies of junk and of fields each valid half the time, so that load takes some and refuses others."""
    rng = random.Random(16)
    valid = {
        "command": lambda: {"type": rng.choice(["Increment", "Bid"]), "by": rng.choice(VALUES)},
        "expected_version": lambda: rng.randint(0, MAX_VERSION),
        "label": lambda: "x" * rng.randint(0, MAX_LABEL),
        "label_key": lambda: "felix-bid" * rng.randint(0, 1),
        "label_args": lambda: rng.choice([{}, {"amount": 3}, {"player": {"seat": 0}}]),
    }
    bodies: list[object] = [rng.choice(VALUES) for _ in range(count // 10)]
    for _ in range(count):
        names = ["command", *rng.sample(FIELDS[1:], rng.randint(0, 2))] if rng.random() < 0.9 else []
        bodies.append(
            {name: valid[name]() if name in valid and rng.random() < 0.7 else rng.choice(VALUES) for name in names}
        )
    return bodies


@pytest.mark.parametrize(
    "body",
    [
        {"command": {"type": "Increment", "by": 2}, "expected_version": 17},
        {"command": {"type": "Pass"}},
        {"expected_version": 0, "label": "Bid 3", "command": {"type": "Bid", "amount": 3}},
        {
            "command": {"type": "Bid", "amount": 3},
            "expected_version": 9,
            "label": "Bid 3 mice",
            "label_key": "felix-move-bid",
            "label_args": {"amount": 3},
        },
        {"command": {"type": "X", "card": {"suit": "dogs", "rank": [1, 2]}}, "expected_version": MAX_VERSION},
    ],
)
def test_a_move_as_clients_send_it_is_taken_the_quick_way_as_load_takes_it(body):
    quick = SendCommand.quick_load(body)

    assert quick == loaded(body) and list(quick) == list(loaded(body))
    assert quick["command"] is not body["command"]


def test_every_json_body_is_taken_the_quick_way_exactly_when_load_takes_it_and_as_load_takes_it():
    bodies = random_bodies(3000)

    decided = [(SendCommand.quick_load(body), loaded(body)) for body in bodies]

    assert all(quick == load for quick, load in decided if quick is not None)
    assert all(isinstance(load, ValidationError) for quick, load in decided if quick is None)
    # Both kinds are among the bodies, so neither half of the test is empty.
    assert 300 < sum(quick is None for quick, _ in decided) < len(bodies) - 300
