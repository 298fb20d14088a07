"""The stored form of an event: its envelope, how envelopes are sealed into a hash chain, and how the chain is checked.

An envelope wraps a domain event ``{"type", "data"}`` with what the store knows about it::

    {"version": 3, "type": "CardPlayed", "data": {...},
     "actor": {"kind": "seat", "seat": 2}, "command_id": "c-17", "time": 1700000000.25,
     "hash": "<sha256 hex>"}

``hash = sha256(prev_hash + canonical_json(envelope without "hash"))`` where the previous hash of
version 1 is ``GENESIS``; so an edit of any stored envelope breaks the chain from that version on.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, NamedTuple

import orjson
from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

Envelope = dict[str, Any]
Actor = dict[str, Any]

#: The previous hash of a game's first event.
GENESIS = "0" * 64
#: A hash as an envelope holds it: SHA-256 in lowercase hex.
HASH = re.compile("[0-9a-f]{64}")


class ActorSchema(Schema):
    """Who caused an event: a seat, a bot playing a seat, or the system."""

    class Meta:
        unknown = RAISE

    kind = fields.String(required=True, validate=validate.OneOf(["seat", "bot", "system"]))
    seat = fields.Integer(strict=True, validate=validate.Range(min=0))
    name = fields.String()
    #: A bot playing a person's seat says why (domain.table.standing); a bot seat's own bot has no "for". A
    #: registered bot's fallback names the registered bot it plays for, and gives the ``reason``.
    for_ = fields.String(data_key="for", attribute="for", validate=validate.Length(min=1, max=40))
    reason = fields.String(validate=validate.Length(min=1, max=40))

    @validates_schema
    def _fields_match_kind(self, actor: Actor, **_: Any) -> None:
        wanted = {"seat": {"kind", "seat"}, "bot": {"kind", "seat", "name"}, "system": {"kind"}}[actor["kind"]]
        if set(actor) - {"for", "reason"} != wanted or "for" in actor and actor["kind"] != "bot":
            raise ValidationError(f"a {actor['kind']} actor has exactly the fields {sorted(wanted)}")
        if "reason" in actor and "for" not in actor:
            raise ValidationError("only a bot playing for another gives a reason")


class EnvelopeSchema(Schema):
    """One stored event, as kept in its game's stream and served to clients."""

    class Meta:
        unknown = RAISE

    version = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    type = fields.String(required=True, validate=validate.Length(min=1))
    data = fields.Dict(keys=fields.String(), required=True)
    actor = fields.Nested(ActorSchema, required=True)
    command_id = fields.String(required=True, validate=validate.Length(min=1))
    time = fields.Float(required=True)
    # The whole value: marshmallow's Regexp uses re.match, whose "$" would also match before a final newline.
    hash = fields.String(required=True, validate=lambda value: HASH.fullmatch(value) is not None)


_ACTOR = ActorSchema()
#: Actors that passed ActorSchema, by their fields with each value's type (so True is not taken for 1): a process
#: seals for a few actors over and over, and the schema was most of the time sealing took.
_VALID_ACTORS: set[tuple] = set()


#: Where orjson's spelling of a value may differ from the standard library's: a number with an exponent (orjson
#: writes 1e-7 for 1e-07) or a float under 1e-4 that the standard library writes with one (0.00001 for 1e-05), and
#: null, which is also how orjson writes NaN and infinities (the standard library: NaN, Infinity). Text that only
#: looks like these inside a string merely takes the slower spelling. (A digit run is taken whole, as any match takes
#: it, so that the pattern does not try every shorter run after each number.)
_MAYBE_UNLIKE = re.compile(rb"[:,\[]-?(?:[0-9]++(?:\.[0-9]++)?[eE]|0\.0000)|null")
#: Every digit as 0 and E as e, so that one substring test finds any digit followed by an exponent's letter.
_DIGITS_AND_E = bytes.maketrans(b"123456789E", b"000000000e")


def canonical_json(obj: Any) -> str:
    """The one JSON spelling of ``obj`` that hashes are computed over."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_bytes(obj: Any) -> bytes:
    """``canonical_json(obj)`` as UTF-8, written by orjson where its spelling is the same (nearly always).

    The two agree on strings (the same escapes, UTF-8 otherwise), key order (code points) and every number but
    those ``_MAYBE_UNLIKE`` finds; what orjson refuses (a key that is not a string, an int past 64 bits, a lone
    surrogate) goes to the standard library too. tests/unit/test_canonical_bytes.py compares both on every
    envelope of many seeded games. Raises UnicodeEncodeError for text that is not Unicode (a lone surrogate).
    """
    try:
        text = orjson.dumps(obj, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return canonical_json(obj).encode()
    if _maybe_unlike(text):
        return canonical_json(obj).encode()
    return text


def _maybe_unlike(text: bytes) -> bool:
    """Whether ``_MAYBE_UNLIKE`` finds anything in ``text``; asked only of a text holding one of the substrings each
    of its matches holds (a digit then an e, "0.0000", "null"): substring tests take a fraction of the pattern's
    time, which was most of sealing an envelope."""
    if b"0e" in text.translate(_DIGITS_AND_E) or b"0.0000" in text or b"null" in text:
        return _MAYBE_UNLIKE.search(text) is not None
    return False


def parse(raw: bytes | str) -> Any:
    """A stored JSON text as Python values (orjson; the standard library for what orjson refuses, such as NaN)."""
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return json.loads(raw)


class Sealed(NamedTuple):
    """A sealed envelope and the JSON it is stored as."""

    envelope: Envelope
    text: bytes


def _hash(prev_hash: str, body_json: bytes) -> str:
    return hashlib.sha256(prev_hash.encode() + body_json).hexdigest()


def chain_hash(prev_hash: str, envelope: Envelope) -> str:
    """The hash of ``envelope`` chained onto ``prev_hash`` (any ``hash`` field in it is ignored)."""
    return _hash(prev_hash, canonical_bytes({name: value for name, value in envelope.items() if name != "hash"}))


def seal(
    events: list[dict[str, Any]], first_version: int, prev_hash: str, actor: Actor, command_id: str, now: float
) -> list[Sealed]:
    """Wrap domain events into validated envelopes numbered from ``first_version``, chained from ``prev_hash``.

    Validated before anything is stored, since a malformed envelope in an append-only stream is there for
    good: the actor once per batch with its schema, each event's shape by hand (this is the command path's
    hottest loop; the rest of an envelope is built here and cannot be malformed).
    """
    _check_actor(actor)
    sealed: list[Sealed] = []
    for offset, event in enumerate(events):
        if not (isinstance(event.get("type"), str) and event["type"] and isinstance(event.get("data"), dict)):
            raise ValidationError(f"an event needs a non-empty string 'type' and an object 'data': {event!r}")
        envelope = {
            "version": first_version + offset,
            "type": event["type"],
            "data": event["data"],
            "actor": actor,
            "command_id": command_id,
            "time": now,
        }
        try:
            body_json = canonical_bytes(envelope)
        except UnicodeEncodeError:
            # A lone surrogate ("\ud800") is a str to Python but not Unicode text: it has no UTF-8 to hash or store.
            raise ValidationError(f"an event's strings must be Unicode text: {event['type']}") from None
        envelope["hash"] = prev_hash = _hash(prev_hash, body_json)
        # The stored text need not be canonical (a check re-spells what it parses), so the hash is added
        # to the text already made rather than spelling the whole envelope again.
        sealed.append(Sealed(envelope, b'%s,"hash":"%s"}' % (body_json[:-1], prev_hash.encode())))
    return sealed


def _check_actor(actor: Actor) -> None:
    """ValidationError unless ``actor`` passes ActorSchema; an actor that passed before is not checked again."""
    try:
        fields_ = tuple((name, type(value), value) for name, value in actor.items())
        known = fields_ in _VALID_ACTORS
    except (AttributeError, TypeError):
        # Not a dict, or a value that cannot be a set's member: the schema says what is wrong.
        _ACTOR.load(actor)
        return
    if not known:
        _ACTOR.load(actor)
        if len(_VALID_ACTORS) < 10_000:
            _VALID_ACTORS.add(fields_)


def verify_chain(envelopes: list[Envelope]) -> int | None:
    """The first version (counting from 1) whose envelope is out of place or fails its hash, or None if all hold."""
    prev_hash = GENESIS
    for expected, envelope in enumerate(envelopes, start=1):
        if envelope.get("version") != expected or envelope.get("hash") != chain_hash(prev_hash, envelope):
            return expected
        prev_hash = envelope["hash"]
    return None
