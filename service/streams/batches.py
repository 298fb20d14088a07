"""The batches the deliverer hands to a game's streams: one append's envelopes each, with their text per reader.

An append PUBLISHes the game's new version, followed by the appended envelopes themselves while they are small
(events/append.lua): ``announcement`` reads one. The deliverer cuts a game's news into batches (one append's
envelopes share a command id), and every stream of the game gets the same Batch. A stream reads it as a seat (None:
a spectator) in a language: its Reading. The text for a Reading is made once and shared by every stream that reads
the game so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from domain.engine import Seat
from events.envelope import Envelope
from service.streams.sse import chunk, event_message

#: How a stream reads a game: as a seat (None: a spectator), in a language (domain/language.py).
Reading = tuple[Seat, str]


@dataclass
class Batch:
    """The envelopes of one append, the players' names after it in each language read, and the `turn` of each
    watched Reading whose seat may act after it.

    Every stream of the game gets the same object; the text of its events for a Reading is made once, by whichever
    stream asks first.
    """

    game_id: str
    game_type: str
    envelopes: list[Envelope]
    turns: dict[Reading, str]
    #: language -> each seat's name as the table had it after the batch (a claim's event names its claimer).
    names: dict[str, list[str]]
    _texts: dict[tuple[Reading, bool], list[tuple[int, str]]] = field(default_factory=dict, repr=False)
    _whole: dict[tuple[Reading, bool], str] = field(default_factory=dict, repr=False)
    _chunks: dict[Reading, bytes] = field(default_factory=dict, repr=False)
    #: The versions of its first and last events (read for every stream: kept, not looked up).
    first: int = field(init=False)
    last: int = field(init=False)
    #: True for the batch that ends the game (the seed is revealed in it).
    ends_game: bool = field(init=False)

    def __post_init__(self) -> None:
        self.first, self.last = self.envelopes[0]["version"], self.envelopes[-1]["version"]
        self.ends_game = self.envelopes[-1]["type"] == "SeedRevealed"

    def events(self, reading: Reading, after: int, named: bool = False) -> str:
        """Its events after version ``after`` as ``reading``'s seat sees them, in its language (``named``: with the
        game's id, no SSE id)."""
        texts = self._texts.get((reading, named))
        if texts is None:
            (seat, language), game = reading, self.game_id if named else None
            names = self.names[language]
            texts = [
                (e["version"], event_message(self.game_type, e, seat, language, names, game)) for e in self.envelopes
            ]
            self._texts[reading, named] = texts
            self._whole[reading, named] = "".join(text for _, text in texts)
        if after < self.first:
            return self._whole[reading, named]
        return "".join(text for version, text in texts if version > after)

    def chunk(self, reading: Reading, after: int) -> bytes:
        """Its events after ``after`` as ``reading`` reads them, then its turn if its seat may act after them, as one
        HTTP/1.1 chunk: made once per Reading and shared by every stream reading the game so that had every earlier
        event.

        For a stream of one seat that opened at or before ``after`` (a turn older than that is never due here).
        """
        if after >= self.first:
            return chunk(self.events(reading, after) + self.turns.get(reading, ""))
        made = self._chunks.get(reading)
        if made is None:
            made = self._chunks[reading] = chunk(self.events(reading, after) + self.turns.get(reading, ""))
        return made


def batches(envelopes: list[Envelope]) -> list[list[Envelope]]:
    """The envelopes cut into appends: one append's envelopes share its command id and follow each other."""
    cut: list[list[Envelope]] = []
    for envelope in envelopes:
        if cut and cut[-1][-1]["command_id"] == envelope["command_id"]:
            cut[-1].append(envelope)
        else:
            cut.append([envelope])
    return cut


def announcement(message: bytes | str) -> tuple[int, list[bytes]]:
    """An append's announcement: the game's new version, and the envelope texts it carries (none: read them)."""
    raw = message.encode() if isinstance(message, str) else message
    version, *texts = raw.split(b"\n")
    return int(version), texts
