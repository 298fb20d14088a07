"""Invitations to a game's seats: random codes, of which the server keeps only the SHA-256, each spent by one claim.

Keys (tagged by the game, so that on a Cluster they sit in the game's slot)::

    game:{<game id>}:invitations    hash code hash -> {"seat", "player", "by", "created"} (JSON)

The hash expires when the open game does (its TableOpened time plus the table's ``open_seconds``): an invitation
lives no longer than the table it invites to. A claim spends its invitation with one HDEL, which only one caller
wins, so a code is used once however many claim with it at the same moment.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import redis

from events.store import as_text, key
from events.tokens import new_token, token_hash

#: An invitation's id as the listing shows it: its code's SHA-256, which DELETE takes in place of the code.
INVITATION_ID = re.compile(r"[0-9a-f]{64}")


def invitations_key(game_id: str) -> str:
    """The hash of a game's invitations, by their codes' hashes."""
    return key(game_id, "invitations")


class Invitations:
    """The invitations of games on one Redis."""

    def __init__(self, client: redis.Redis, clock: Callable[[], float] = time.time) -> None:
        self.redis = client
        self.clock = clock

    def create(
        self, game_id: str, seat: int, player: str | None, by: str, expires_at: float | None
    ) -> tuple[str, dict[str, Any]]:
        """A new invitation to ``seat`` (for ``player`` only, if given), made by player ``by``: (its code, its
        record). The code (256 random bits) is shown this once; the hash of invitations expires at ``expires_at``."""
        code = new_token()
        record = {"seat": seat, "player": player, "by": by, "created": self.clock()}
        with self.redis.pipeline(transaction=True) as tx:
            tx.hset(invitations_key(game_id), token_hash(code), json.dumps(record))
            if expires_at is not None:
                tx.expireat(invitations_key(game_id), int(expires_at) + 1)
            tx.execute()
        return code, record

    def list(self, game_id: str) -> list[dict[str, Any]]:
        """The game's unspent invitations, oldest first, each with its ``id`` (its code's hash), never its code."""
        found = self.redis.hgetall(invitations_key(game_id))
        shown = [{"id": as_text(digest), **json.loads(record)} for digest, record in found.items()]
        return sorted(shown, key=lambda invitation: invitation["created"])

    def revoke(self, game_id: str, code_or_id: str) -> bool:
        """Revoke an invitation by its code or its id; False if there is none (spent, revoked or expired)."""
        digest = code_or_id if INVITATION_ID.fullmatch(code_or_id) else token_hash(code_or_id)
        return bool(self.redis.hdel(invitations_key(game_id), digest))

    def spend(self, game_id: str, code: str, seat: int, player: str | None) -> dict[str, Any] | None:
        """Spend the invitation ``code`` on a claim of ``seat`` by ``player`` (None: no player token): its record, or
        None if it is no unspent invitation of that seat (or names another player). Only one caller spends it."""
        digest = token_hash(code)
        found = self.redis.hget(invitations_key(game_id), digest)
        record = None if found is None else json.loads(found)
        if record is None or record["seat"] != seat or record["player"] not in (None, player):
            return None
        return {**record, "id": digest} if self.redis.hdel(invitations_key(game_id), digest) else None

    def spend_named(self, game_id: str, seat: int, player: str) -> dict[str, Any] | None:
        """Spend an invitation of ``seat`` that names ``player``, who claims without the code (the notification told
        the player of it, never its code): its record, or None if there is none."""
        for invitation in self.list(game_id):
            named = invitation["seat"] == seat and invitation["player"] == player
            # Spent by whoever deletes it first: a claim racing another with the code may lose it.
            if named and self.redis.hdel(invitations_key(game_id), invitation["id"]):
                return invitation
        return None

    def restore(self, game_id: str, invitation: dict[str, Any], expires_at: float | None) -> None:
        """Put back an invitation a refused claim spent (``spend``'s record), so that it may still be used."""
        record = {name: invitation[name] for name in ("seat", "player", "by", "created")}
        with self.redis.pipeline(transaction=True) as tx:
            tx.hsetnx(invitations_key(game_id), invitation["id"], json.dumps(record))
            if expires_at is not None:
                tx.expireat(invitations_key(game_id), int(expires_at) + 1)
            tx.execute()
