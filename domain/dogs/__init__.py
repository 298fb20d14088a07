"""DOGS, the kennel-management board game, 2-4 players (spec: shared/rules/dogs.md).

Modules: ``content`` (the YAML data), ``board`` (routes), ``pens`` (fitting, scoring),
``state`` (evolve), ``setup``, ``moves`` (pending seat, legal moves), ``game`` (decide),
``scoring``, ``bots``, ``render`` and ``rules`` (the engine contract).

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

from domain.dogs.rules import DogsRules

RULES = DogsRules()

__all__ = ["RULES", "DogsRules"]
