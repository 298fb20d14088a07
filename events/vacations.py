"""Players' vacation days: the days a player used this year, and the vacation it is on, changed in one script each.

Key (in the player's slot, beside its other keys)::

    player:{<pid>}:vacation    hash: year (the UTC year ``used`` counts for), used (days),
                               since, until (server time), days (while a vacation lasts)

Every change is one Lua script, so two requests at once never spend the same days: the second finds the vacation
the first began. A vacation is charged to the year it began in, a day for each day it began (a vacation ended after
two hours costs one day; one that runs to its end costs all its days). A vacation that ran to its end is settled by
the next script that reads the hash. A new year starts with no day used, whatever the last one left: days are per
year, and a vacation that runs past the new year is the last year's.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import redis

from domain.table.vacations import DAY

# KEYS[1] the player's vacation hash; ARGV[1] what to do (start, end, read), ARGV[2] now, ARGV[3] now's UTC year,
# ARGV[4] the days a vacation asks (start), ARGV[5] the days a year gives, ARGV[6] a day's seconds. Settles a
# vacation that ran to its end first. Answers {outcome, year, used, since, until, days} ("" where none):
# outcome "ok"; "on" (start: a vacation lasts); "short" (start: too few days left); "none" (end: no vacation).
_VACATION_LUA = """
local key, op, now, year = KEYS[1], ARGV[1], tonumber(ARGV[2]), ARGV[3]
local asked, allowance, day = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local stored = redis.call("HMGET", key, "year", "used", "since", "until", "days")
local ends = tonumber(stored[4])
local used = tonumber(stored[2]) or 0
local function charge(days)
  used = used + days
  redis.call("HSET", key, "used", used)
  redis.call("HDEL", key, "since", "until", "days")
  ends = nil
end
if ends and now >= ends then
  charge(tonumber(stored[5]))
end
local outcome = "ok"
if op == "start" then
  if ends then
    outcome = "on"
  else
    if stored[1] ~= year then
      used = 0
      redis.call("HSET", key, "year", year, "used", 0)
      stored[1] = year
    end
    if asked > allowance - used then
      outcome = "short"
    else
      ends = now + asked * day
      stored[3], stored[5] = ARGV[2], ARGV[4]
      redis.call("HSET", key, "since", ARGV[2], "until", tostring(ends), "days", ARGV[4])
    end
  end
elseif op == "end" then
  if ends then
    charge(math.min(tonumber(stored[5]), math.max(1, math.ceil((now - tonumber(stored[3])) / day))))
  else
    outcome = "none"
  end
end
if not ends then
  return {outcome, stored[1] or "", tostring(used), "", "", ""}
end
return {outcome, stored[1] or "", tostring(used), stored[3], tostring(ends), stored[5]}
"""


@dataclass(frozen=True)
class Vacation:
    """A vacation that lasts: when it began and ends (server time), and the days it was taken for."""

    since: float
    until: float
    days: int


@dataclass(frozen=True)
class Account:
    """A player's vacation days as a script left them: what it did, the days used in ``year``, the vacation on."""

    #: "ok"; "on": a vacation lasts already; "short": too few days left; "none": no vacation to end.
    outcome: str
    year: int | None
    used: int
    current: Vacation | None

    def left(self, year: int, allowance: int) -> int:
        """The days ``year`` still gives: its allowance, less those used, less the vacation on (which it holds)."""
        used = self.used if self.year == year else 0
        held = self.current.days if self.current is not None and self.year == year else 0
        return max(0, allowance - used - held)


def vacation_key(pid: str) -> str:
    """The hash of a player's vacation days."""
    return f"player:{{{pid}}}:vacation"


def utc_year(now: float) -> int:
    """The calendar year (UTC) of a server time."""
    return datetime.fromtimestamp(now, UTC).year


class Vacations:
    """Players' vacation days on one Redis."""

    def __init__(self, client: redis.Redis) -> None:
        self.redis = client
        self._script = client.register_script(_VACATION_LUA)

    def start(self, pid: str, days: int, allowance: int, now: float) -> Account:
        """Begin a vacation of ``days`` now, if none lasts and this year has the days left."""
        return self._run(pid, "start", now, days, allowance)

    def end(self, pid: str, now: float) -> Account:
        """End the player's vacation now, charging a day for each day it began."""
        return self._run(pid, "end", now)

    def read(self, pid: str, now: float) -> Account:
        """The player's vacation days as of ``now`` (a vacation that ran to its end is settled)."""
        return self._run(pid, "read", now)

    def _run(self, pid: str, op: str, now: float, days: int = 0, allowance: int = 0) -> Account:
        args = [op, repr(now), str(utc_year(now)), str(days), str(allowance), str(DAY)]
        outcome, year, used, since, until, held = (
            part.decode() if isinstance(part, bytes) else str(part)
            for part in self._script(keys=[vacation_key(pid)], args=args)
        )
        current = Vacation(float(since), float(until), int(held)) if until else None
        return Account(outcome, int(year) if year else None, int(used), current)
