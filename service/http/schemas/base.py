"""What every schema builds on: strict requests, a read's language, names, links, the largest version a request may
name."""

from __future__ import annotations

import unicodedata
from typing import Any, ClassVar

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from domain.catalogue import GAMES

#: The largest version a request may name: every JSON client holds it exactly, and it fits a Redis stream ID.
MAX_VERSION = 2**53 - 1
#: What ``?lang=`` does, wherever a request may give it (service/http/language.py).
LANG_DESCRIPTION = "en, pt, uk or it; overrides Accept-Language (another: English)."
#: Where to go next from a resource: name -> path.
LINKS = fields.Dict(keys=fields.String(), values=fields.String())
#: A game type as a request names it in a filter or a list: one this server offers (a 422 names them).
GAME_TYPE = validate.OneOf(list(GAMES), error="{input!r} is not a game type of this server; they are: {choices}")
#: The longest name (of a player, a seat, a registered bot), in characters once normalised.
MAX_NAME = 40
#: The Unicode categories a name may not hold: controls (NUL, CR, LF, ESC...), format characters (the bidi
#: overrides, embeddings, marks and isolates, the zero-width characters, the byte order mark) and the line and
#: paragraph separators. Each would break or forge a line where the name is shown (a log, a terminal, the board),
#: or show one name as another.
REFUSED_IN_NAMES = {
    "Cc": "a control character",
    "Cf": "an invisible format character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
#: The zero-width joiner, which an emoji sequence needs (a family, a flag, a profession: U+1F469 U+200D U+1F52C).
ZWJ = "\u200d"
#: What may stand just before a joiner in an emoji sequence: the emoji presentation selector and the skin tones.
EMOJI_TAILS = {"\ufe0f", *map(chr, range(0x1F3FB, 0x1F400))}


class Strict(Schema):
    """Unknown fields are an error, so a typo never passes silently."""

    class Meta:
        unknown = RAISE


class Answer(Schema):
    """A response body: every field is always there, so the document lists it as ``required`` and a generated client
    types it as present, but those named in ``OPTIONAL``. Answers are dumped, never loaded: required costs nothing."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset()

    def on_bind_field(self, field_name: str, field_obj: fields.Field) -> None:
        """Mark the field required unless it is one of the optional ones."""
        field_obj.required = field_name not in self.OPTIONAL


class Spoken(Strict):
    """A read's query: it may name the language of the answer's words (service/http/language.py)."""

    lang = fields.String(metadata={"description": LANG_DESCRIPTION, "example": "uk"})


class FullMatch(validate.Regexp):
    """marshmallow's Regexp over the whole value: Regexp uses ``re.match``, whose ``$`` also matches before a final
    newline (``"greedy\\n"`` passed ``^[a-z]+$``)."""

    def __call__(self, value: Any) -> Any:
        """``value`` when the pattern matches all of it; else ValidationError."""
        if self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


class Name(fields.String):
    """A name people read (a player's, a seat's, a registered bot's): normalised to NFC, and refused (422, naming the
    character) when it holds one of REFUSED_IN_NAMES, but for a joiner inside an emoji sequence. A
    ``validate=Length`` counts the normalised characters."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        name = unicodedata.normalize("NFC", super()._deserialize(value, attr, data, **kwargs))
        # Every refused category is one isprintable refuses too: a printable name is checked in one C call.
        if name.isprintable():
            return name
        for index, character in enumerate(name):
            refused = REFUSED_IN_NAMES.get(unicodedata.category(character))
            if refused is not None and not joins_emoji(name, index):
                described = unicodedata.name(character, "")
                raise ValidationError(
                    f"U+{ord(character):04X}{f' {described}' if described else ''} is {refused}, which a name may "
                    "not hold"
                )
        return name


def joins_emoji(name: str, index: int) -> bool:
    """True when ``name[index]`` is a zero-width joiner between two emoji: it then draws one picture, hiding nothing."""
    if name[index] != ZWJ or not 0 < index < len(name) - 1:
        return False
    before, after = name[index - 1], name[index + 1]
    return unicodedata.category(after) == "So" and (unicodedata.category(before) == "So" or before in EMOJI_TAILS)
