"""DOGS, the kennel-management board game, 2-4 players (spec: shared/rules/dogs.md).

Modules, from the rules' data up to the engine contract:
- ``content``: the printed material and fixed numbers (§2; data in ``content/*.yaml``), and lookups on them;
- ``state``: the state's shape, queries on it, and ``evolve`` (§4.0);
- ``board``: truck routes (R1-R3, R29), filling the board and dealing the boxes (§2.4, §2.6);
- ``pens``: a kennel's pens, legal pen contents, layouts, the arrangement and donations (§2.5, R7-R11, §4.4);
- ``scoring``: the end, final scores, the tie-break and the result (§5);
- ``rounds``: the system's steps, emitted right after the command that makes them due (§4.1-4.3, §5.1);
- ``commands``: each command's arguments, canonical form or checks, and events (§4.1-4.3);
- ``moves``: who acts, the legal moves, ``decide`` and ``automatic`` (§4);
- ``setup``: the options and the events that start a game (§3);
- ``view``: what each seat may see (§7);
- ``text``: events, moves and the table in words;
- ``bots``: the random and greedy bots (§10);
- ``rules``: ``Dogs``, the engine contract.

Command encoding. Commands and their arguments are the spec's (§4). Pens and tokens are named
by id; tuples are JSON lists (``CureDogs.cures`` = ``[[token, pen], ...]``, ``FeedDogs.unfed`` =
``[[pen, token], ...]``). Every argument must be present, null where the spec allows null.
``legal_moves`` lists one canonical command per distinct outcome and ``decide`` accepts any
valid equivalent:
- dogs of one breed in one place are alike: the lowest token id is listed;
- ``ArrangeKennel`` / ``AcceptDonation`` layouts and ``CureDogs`` plans are listed once per
  profile: each pen's shape (pen by pen) plus the breeds placed or cured (which single shares a
  pen with which is not distinguished);
- orders that change nothing are sorted (dog-swap spaces, warehouse tokens, bonus cards,
  ``FeedDogs`` entries within the part that reaches the infirmary and the part that does not);
- the ``donate`` list is processed in token-id order whatever order it is given in.
All automatic steps are emitted right after the command that makes them due, so ``automatic``
is always empty.
"""

from domain.dogs.rules import Dogs

RULES = Dogs()

__all__ = ["RULES", "Dogs"]
