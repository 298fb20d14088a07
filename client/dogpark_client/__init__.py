"""The Python kit for dogpark: a client of its HTTP API, a Bot base class, and ways to run a bot.

>>> from dogpark_client import Bot, Client
>>> client = Client("http://127.0.0.1:8000")

A bot subclasses :class:`Bot` and implements ``choose(view, legal_moves)`` (``view["choices"]`` offers the same moves
step by step: :mod:`dogpark_client.choices`); ``dogpark bot play module:Class`` plays
one seat of a game through its event stream, ``dogpark bot serve module:Class`` answers dogpark's webhook calls.
"""

from dogpark_client import choices
from dogpark_client.bot import Bot, load_bot
from dogpark_client.client import Client
from dogpark_client.play import IllegalChoice, play
from dogpark_client.problems import (
    BadOptions,
    BadRequest,
    Conflict,
    DogparkError,
    Forbidden,
    GameNotOver,
    IllegalMove,
    NotFound,
    NotYourTurn,
    ProblemError,
    RateLimited,
    Refused,
    SeatTaken,
    ServerError,
    StaleVersion,
    Unauthorized,
    Unavailable,
    Unreachable,
    VersionNotReached,
)
from dogpark_client.signatures import BadSignature, sign, verify
from dogpark_client.sse import Message
from dogpark_client.webhook import BotServer, serve

__all__ = [
    "BadOptions",
    "BadRequest",
    "BadSignature",
    "Bot",
    "BotServer",
    "Client",
    "Conflict",
    "DogparkError",
    "Forbidden",
    "GameNotOver",
    "IllegalChoice",
    "IllegalMove",
    "Message",
    "NotFound",
    "NotYourTurn",
    "ProblemError",
    "RateLimited",
    "Refused",
    "SeatTaken",
    "ServerError",
    "StaleVersion",
    "Unauthorized",
    "Unavailable",
    "Unreachable",
    "VersionNotReached",
    "choices",
    "load_bot",
    "play",
    "serve",
    "sign",
    "verify",
]
