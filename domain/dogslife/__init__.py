"""A Dog's Life (2001 rules): the dogslife game package."""

from domain.dogslife.game import RULES

__all__ = ["RULES"]
