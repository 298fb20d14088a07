"""The table's part of every game's view (domain/table/view.py): ``clocks``, each seat's clock and standing."""

from __future__ import annotations

from marshmallow import fields

from service.http.schemas.views.shown import Shown


class SeatClock(Shown):
    """A seat's clock and standing at a table with a clock (or where a seat resigned): the view's ``clocks``."""

    seat = fields.Integer()
    remaining = fields.Float(
        allow_none=True,
        metadata={
            "description": "Seconds the seat had as of its clock's last event: the time given for the decision "
            "under way (deadline set), else what it keeps for its next one; null at a table without a clock."
        },
    )
    deadline = fields.Float(
        allow_none=True,
        metadata={
            "description": "While its clock runs: when it runs out, in server time (seconds since the epoch, as "
            "events' time); the view's deadlines show it as ExpireClock in RFC 3339. null otherwise."
        },
    )
    expiries = fields.Integer(metadata={"description": "Its decisions in a row whose time ran out."})
    absent = fields.Boolean(metadata={"description": "Its bot plays at once until it sends any command."})
    resigned = fields.Boolean(metadata={"description": "It resigned: its bot plays on, and it ranks last."})
    forfeited = fields.Boolean(metadata={"description": "It forfeited on time: its bot plays on; it cannot win."})
    vacation_until = fields.Float(
        allow_none=True,
        metadata={
            "description": "While its player is on vacation: until when its clock is paused (server time, seconds "
            "since the epoch); the view's deadlines show it as EndVacation. null otherwise, and once the game is over "
            "(docs/players.md)."
        },
    )
