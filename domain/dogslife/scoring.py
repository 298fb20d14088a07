"""The end of the game (spec §5): the win by burying, the end of the timed variant (§4.9), and the result."""

from __future__ import annotations

from typing import Any

from domain.dogslife.state import Play, State


def burial_win(state: State, seat: int, buried: int) -> str | None:
    """Why ``seat`` wins burying bone number ``buried``: "target" (§5.1), "tiebreak" (sudden death, §4.9), or None."""
    if buried >= state["options"]["bone_target"]:
        return "target"
    if seat in state["sudden_death"]:
        return "tiebreak"
    return None


def rounds_run_out(state: State) -> bool:
    """§4.9 by rounds: the last round (``timed_rounds``) has begun and time has not yet been called."""
    limit = state["options"]["timed_rounds"]
    return bool(limit) and state["round"] >= limit and not state["time_up"]


def time_expiry_due(state: State) -> bool:
    """§4.9: whether time may be called now, by the clock (``timed_minutes``) or by the round counter."""
    by_clock = bool(state["options"]["timed_minutes"]) and not state["time_up"]
    return by_clock or rounds_run_out(state)


def judge_timed_end(play: Play) -> bool:
    """§4.9, once the round after time ran out ends: a strict leader wins (True); else the tied seats go on."""
    buried = [dog["buried"] for dog in play.state["seats"]]
    tied = [seat for seat, total in enumerate(buried) if total == max(buried)]
    if len(tied) == 1:
        play.emit("GameWon", seat=tied[0], reason="time")
        return True
    play.emit("SuddenDeathStarted", seats=tied)
    return False


def result(state: State) -> dict[str, Any] | None:
    """§5: the winner and every dog's buried bones (the display ranking of the timed variant), once the game is over."""
    if state["phase"] != "over":
        return None
    scores = [
        {"seat": seat, "dog": dog["dog"], "buried": dog["buried"], "total": dog["buried"]}
        for seat, dog in enumerate(state["seats"])
    ]
    return {"scores": scores, "winners": [state["winner"]], "reason": state["win_reason"]}
