"""Seeded games give the very event logs, results and final states they gave before the engine's speed-ups.

The digests below were computed from the code before the speed-ups of issue 34 (the engine as a simulator): a
faster ``legal_moves``, ``decide``, ``evolve`` or ``copy`` must not change a single byte of a game's log, the order
of its legal moves (a random bot picks by index), or the state it folds to. A change to a game's rules or to its
greedy bot changes them on purpose: then recompute them from the code before that change (``digest`` below).
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from domain.catalogue import GAMES
from domain.engine import Command, View
from domain.playout import play

#: The digest of each seeded game: (game, players, bot, seed, max_events) -> sha256 of its log, result and state.
EXPECTED: dict[tuple[str, int, str, int, int | None], str] = {
    ("felix", 4, "random", 1, None): "4f3fb810feb4deca716479c20c03049f1ba1c138f7d1035b8dec5f6d8c9fbd47",
    ("felix", 4, "random", 2, None): "3ebc932597e02ed3adc3aa8743bb2c7b4227b7e454b14f414bdb48b5e2131518",
    ("felix", 4, "random", 3, None): "59e6e9e1a50e817cb1af13e8c69a9f7b4bd0c1eb5d40e3e206d9ac961de54950",
    ("felix", 4, "greedy", 1, None): "36ff79aa23318c55c5a3d497b352acad902f43cbf016dd55e59ff3ab1a78dd87",
    ("felix", 4, "greedy", 2, None): "afbe45298b704eb88c032081ab8bce4004882405455c6c03afa6ad0f039b1049",
    ("felix", 3, "random", 1, None): "e1c97454a8a836590b76dcb922919f2c0c02874dd5dfee5b6aee495cad27dc45",
    ("felix", 3, "random", 2, None): "0f10c7de5ea3db30c1106d659170a625427cc0aba294b95f4047ebfc49c69e64",
    ("felix", 3, "random", 3, None): "afb8383bf2dc6a969230c3c0ba5a42205788688362ab9b6137abd05cad9b7f84",
    ("felix", 3, "greedy", 1, None): "3d864f68c37abcd0d8dd845c991cac17acd633277ffb44aa730ac138f3366148",
    ("felix", 3, "greedy", 2, None): "12d19b7e5ed295129c50b9bfeda9f08526448da964d8b85272e4fb86ffd16c80",
    ("spots", 2, "random", 1, None): "c5d4deb826000e87b03bbcdc009ddb9808d5d986a809e23bec66912a45539a88",
    ("spots", 2, "random", 2, None): "23949a7c362ce0afbcd3da8bf420cc961b77d5cfbda90c5a348c9d2add11745c",
    ("spots", 2, "random", 3, None): "36339b9c58e6ee7d15232ca808c9697a94845ed2ecd4fb5442c2f8697d60f308",
    ("spots", 2, "greedy", 1, None): "1a92d59165e2dd479003f7a8c8eb7a73a12dea87a4112fe8be6b01259d02dfb1",
    ("spots", 2, "greedy", 2, None): "1fc2317c3218fbca871901109d1757b55bc72e2e77b1bacc041dfb084ead71ca",
    ("spots", 1, "random", 1, None): "921fb6d61432165eceb7caa3aa14ae813b7f98b6d584e858ad46c9145835c487",
    ("spots", 1, "random", 2, None): "7161aa711bd993db8c7244f97bbf785316bee722f28329c38238875a19c4d98a",
    ("spots", 1, "random", 3, None): "d3aebc6a0007b3b668d24d0414c882ba0ef9fddc667b713f4296e1e8315a32e6",
    ("spots", 1, "greedy", 1, None): "2dee0c5f49274967a4a63d408ad4304a8a8714d2ad4a0527dc9ba1c09fb40ddc",
    ("spots", 1, "greedy", 2, None): "d6802562af917d5169c1fdef04bc9826f0c3754281eb0e78c9c0b75a53924a15",
    ("dogs", 2, "random", 1, None): "95ee40b6a926627d64da8bf6ef2c328a4ae680aeee9b6d9f8007734c7aab47f0",
    ("dogs", 2, "random", 2, None): "6002c426e99292174a7f084d717247a3dffe6fea22b6b085394da99400b7a616",
    ("dogs", 2, "random", 3, None): "4d645799c848a2476276c2141b67f22e5cf919ad12b5552d76b6bfaa139ab9f8",
    ("dogs", 2, "greedy", 1, None): "34339c773fbe5f985ce5cca5623817ddb8f4585f63b60c0121ec35607f64c456",
    ("dogs", 2, "greedy", 2, None): "2916821c881ae7c73cc477f106790a3ad60f7fca9b1bff98b0eeb43ca9ec4551",
    ("dogs", 3, "random", 1, None): "95a26fa683df69882a4c2c8c2715fae951902dfa32dcf938e1403b89006a21ae",
    ("dogs", 3, "random", 2, None): "ac9eae9e617041ac00824379d6e34f23792f98c8e916cc71c99a18cc29cf5fa5",
    ("dogs", 3, "random", 3, None): "6f7da4866194ba0e354a89f4f102c0a24780ad830e1d42c33b91192e8c1560e2",
    ("dogs", 3, "greedy", 1, None): "e06e94acaf836b182698854a5f988c500fe2b5341682d873d3469167eecbe8ef",
    ("dogs", 3, "greedy", 2, None): "75b95311e89a871bfbc77756d7122bb57ed1f69e12251694ffb7d1f0470fbe06",
    ("dogslife", 3, "random", 1, 1500): "44941f7e6e4b27a07ea909f89e940902c9853c8ef49c6b3bc50d9d45b4218cfa",
    ("dogslife", 3, "random", 2, 1500): "ba33c72b77e126a2d00dba1fd02167ca775b63066d031b9d21f151bf25002140",
    ("dogslife", 3, "random", 3, 1500): "e8aec4d0695886dad341a73c37fcff58c0f84dba0e9eaa66e5ded6e1caaa9d3f",
    ("dogslife", 3, "greedy", 1, None): "42a9f0ea53aff415ce78e784b2707e1708c26b23cf57387a0348254705321a5b",
    ("dogslife", 3, "greedy", 2, None): "411d6502f120ceb1f2d74b0d8a341853cb8fb09108818efc82da5b71a6ab2354",
}


def random_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """A uniform choice among the legal moves, as a search's random playout chooses."""
    return rng.choice(legal)


def digest(game: str, players: int, bot: str, seed: int, max_events: int | None) -> str:
    """The sha256 of a seeded game's legal moves at each decision (in their order), its events as stored (keys in
    their order), its result and its final state."""
    rules = GAMES[game]
    hashed = hashlib.sha256()
    chosen = random_bot if bot == "random" else rules.bots[bot]

    def hashing(view: View, legal: list[Command], rng: random.Random) -> Command:
        hashed.update(json.dumps(legal).encode())
        return chosen(view, legal, rng)

    played = play(rules, players, [hashing] * players, f"pinned-{game}-{seed}", {}, max_events=max_events)
    for ev in played.events:
        hashed.update(json.dumps(ev).encode())
    hashed.update(json.dumps(played.result, sort_keys=True).encode())
    hashed.update(json.dumps(played.state, sort_keys=True).encode())
    return hashed.hexdigest()


@pytest.mark.parametrize("case", list(EXPECTED), ids=["-".join(map(str, case)) for case in EXPECTED])
def test_a_seeded_game_gives_the_log_and_state_it_gave_before_the_speed_ups(case):
    assert digest(*case) == EXPECTED[case]
