"""One blueprint per resource."""

from __future__ import annotations

from collections.abc import Callable

from flask_smorest import Blueprint

from service.problems import PROBLEM
from service.schemas import Problem


def problem(blp: Blueprint, status: int, description: str) -> Callable:
    """Document an error response of an endpoint as application/problem+json."""
    return blp.alt_response(status, schema=Problem, content_type=PROBLEM, description=description)
