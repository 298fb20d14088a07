"""Spots (Крапки): push-your-luck dice for 1-5 players, solo against Pes."""

from domain.spots.game import Spots

RULES = Spots()

__all__ = ["RULES"]
