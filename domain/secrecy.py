"""Finding secrets in what a seat is shown: the contract's check that views and redacted events hide them, and the
table's check that nothing hidden became visible in the moves an undo takes back (domain/table/undo.py).

The meaning of a secret is the engine's (``domain.engine.Secret``): a string may not occur as any value or key;
a tuple, an order, may not occur as consecutive items of any list.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import orjson

from domain.engine import Secret

Orders = dict[Any, list[tuple[Any, ...]]]


def find_leaks(shown: Any, secrets: list[Secret]) -> list[Secret]:
    """The secrets that ``shown`` (a view or an event, JSON-ready) reveals, each once, in the order met."""
    # Almost every payload hides every secret, so first a quick look at its printed text: a secret cannot be
    # shown unless it is printed there (an order as items printed one after another), and the text is made
    # and searched at C speed (orjson's text: the playouts' largest cost was repr). Only the suspects left are
    # looked for item by item.
    try:
        spellings = _spellings(tuple(secrets))
    except TypeError as unhashable:
        raise ValueError(f"a secret is a string or a tuple of JSON scalars: {unhashable}") from None
    if not spellings:
        return []
    text = _printed(shown)
    suspects = [secret for secret, spelling in spellings if text is None or spelling is None or spelling in text]
    if not suspects:
        return []
    found: dict[Secret, None] = {}
    _walk(shown, {s for s in suspects if isinstance(s, str)}, _by_first_item(suspects), found)
    return list(found)


@lru_cache(maxsize=64)  # asked again for each seat and each payload, often with the very same secrets
def _spellings(secrets: tuple[Secret, ...]) -> list[tuple[Secret, bytes | None]]:
    """Each secret with the way it prints inside a payload: a string as itself, an order as its items in a row."""
    out: list[tuple[Secret, bytes | None]] = []
    for secret in secrets:
        if isinstance(secret, str):
            out.append((secret, _printed(secret)))
        elif isinstance(secret, tuple) and len(secret) >= 2:
            items = [_printed(item) for item in secret]
            printed = [item for item in items if item is not None]
            out.append((secret, b",".join(printed) if len(printed) == len(items) else None))
        else:
            raise ValueError(f"a secret is a string or a tuple of two or more values, not {secret!r}")
    return out


def _printed(value: Any) -> bytes | None:
    """``value`` as JSON text (a list's items joined by a bare comma); None where JSON cannot hold it."""
    try:
        return orjson.dumps(value)
    except TypeError:  # a set, a key that is no string, an int past 64 bits: no quick look, every secret a suspect
        return None


def _by_first_item(secrets: list[Secret]) -> Orders:
    """The orders among ``secrets`` by their first item, so that each list is scanned once."""
    orders: Orders = {}
    for secret in secrets:
        if isinstance(secret, tuple):
            orders.setdefault(secret[0], []).append(secret)
    return orders


def _walk(node: Any, words: set[str], orders: Orders, found: dict[Secret, None]) -> None:
    if isinstance(node, str):
        if node in words:
            found[node] = None
    elif isinstance(node, dict):
        for key, value in node.items():
            if key in words:
                found[key] = None
            _walk(value, words, orders, found)
    elif isinstance(node, list | tuple):
        for at, item in enumerate(node):
            if not isinstance(item, dict | list) and item in orders:
                for order in orders[item]:
                    if tuple(node[at:at + len(order)]) == order:
                        found[order] = None
            _walk(item, words, orders, found)
