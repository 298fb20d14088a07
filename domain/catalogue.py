"""Every game the server offers, by id."""

from domain import dogs, dogslife, felix
from domain.engine import Rules

GAMES: dict[str, Rules] = {rules.id: rules for rules in (felix.RULES, dogs.RULES, dogslife.RULES)}
