"""The language of a request's words: ``?lang=``, else the best of ``Accept-Language``, else English.

Every read renders its texts, labels, prompts and problem titles in it and says which in ``Content-Language``;
the answer varies by ``Accept-Language``, which caches must know.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import Flask, Response, g, request

from domain.language import FALLBACK, language_of, supported

#: The query parameter that picks the language over Accept-Language.
LANG_PARAMETER = "lang"


def asked_language() -> str:
    """The supported language this request asks for (English when it asks for none of them)."""
    chosen = g.get("language")
    if chosen is None:
        asked = request.args.get(LANG_PARAMETER)
        chosen = language_of(asked) if asked else preferred(request.accept_languages.values())
        g.language = chosen
    return str(chosen)


def preferred(tags: Iterable[str]) -> str:
    """The first supported language among ``tags`` (most wanted first), by primary subtag: pt-BR is pt."""
    # werkzeug's best_match prefers any exact match, however unwanted (en;q=0.1 over it-IT), to a primary subtag's.
    return next((language for language in map(supported, tags) if language is not None), FALLBACK)


def speak_languages(app: Flask) -> None:
    """Say each answer's language in Content-Language (and that it varies with Accept-Language)."""

    @app.after_request
    def _content_language(response: Response) -> Response:
        response.headers["Content-Language"] = asked_language()
        response.vary.add("Accept-Language")
        return response
