"""GET /v1/problems: the page of every problem type the API sends, so a problem's ``type`` resolves."""

from __future__ import annotations

from flask_smorest import Blueprint

from domain.language import FALLBACK
from service.core.problems import KINDS, NOT_FOUND, PROBLEMS_PATH, Kind, not_found, title
from service.http.blueprints import problem
from service.http.language import asked_language
from service.http.schemas.problems import ProblemKind, ProblemKinds

blp = Blueprint(
    "problems",
    __name__,
    url_prefix=PROBLEMS_PATH,
    description="What each problem type means and what to do about it: every problem's 'type' is one of these.",
)


def page(kind: Kind, language: str = FALLBACK) -> dict:
    """A kind as its page shows it: its title in ``language`` (what it means and what to do in English)."""
    return {
        "type": kind.type,
        "title": title(kind, language),
        "status": kind.status,
        "meaning": kind.meaning,
        "remedy": kind.remedy,
    }


@blp.route("", methods=["GET"])
@blp.response(200, ProblemKinds)
def list_problems() -> dict:
    """Every kind of problem the API sends, by status."""
    return {"problems": [page(kind, asked_language()) for kind in sorted(KINDS.values(), key=lambda kind: kind.status)]}


@blp.route("/<slug>", methods=["GET"])
@blp.response(200, ProblemKind)
@problem(blp, 404, "No such problem type.", NOT_FOUND)
def get_problem(slug: str) -> dict:
    """One kind of problem: its title and status, what it means and what to do."""
    if slug not in KINDS:
        raise not_found(f"problem type {slug!r}")
    return page(KINDS[slug], asked_language())
