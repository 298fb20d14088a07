"""Every game the server offers, by id."""

from domain import dogs, dogslife, felix, spots
from domain.engine import Rules

GAMES: dict[str, Rules] = {rules.id: rules for rules in (felix.RULES, spots.RULES, dogs.RULES, dogslife.RULES)}
