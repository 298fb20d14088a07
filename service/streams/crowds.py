"""Crowds: handing a batch to many streams without keeping the process's requests waiting behind them.

The deliverer lets the event loop run after every HAND_OUT_SLICE of writing, and the requests being answered finish
(Answering), so that a command's request waits behind a slice of the crowd, never behind the whole crowd.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from service.streams import greenlets
from service.streams.batches import Batch
from service.streams.subscription import Subscription

#: Seconds the deliverer hands out (writes to sockets) before it lets everything else that is ready run (_pause), so
#: that a request ready meanwhile (a command) runs between slices rather than after a whole crowd of streams: under
#: overload the streams lag, not the commands.
HAND_OUT_SLICE = 0.0003
#: Seconds a hand-out waits at most, between two slices, for the requests being answered to finish (Answering).
ANSWER_WAIT = 0.005


class Answering:
    """The requests this process is answering, each from the app's call to its return (a stream: while it opens).

    Before it takes a game's news the deliverer lets the game's own finish (the command that appended it may be
    one), and a crowd's hand-out between its slices (at most ANSWER_WAIT at a time), so that a command that came
    during a crowd's writes waits behind one slice of them, not behind a slice at each of its own waits (for its
    request, for Redis). Only the requests already begun are waited for: under a steady load, where some request is
    always being answered, a hand-out does not wait ANSWER_WAIT at every slice. Counted under gevent only, where one
    thread runs every request.
    """

    def __init__(self) -> None:
        self._begun = 0
        #: The tickets of the requests being answered, oldest first (a dict keeps the order they were added in), and
        #: each one's path.
        self._open: dict[int, str] = {}
        self._finished = threading.Event()

    @property
    def count(self) -> int:
        """How many requests are being answered."""
        return len(self._open)

    def wrap(self, wsgi_app: Callable[..., Any]) -> Callable[..., Any]:
        """``wsgi_app``, counted while it runs (unchanged but under gevent)."""
        if not greenlets.under_gevent():
            return wsgi_app

        def counted(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
            ticket = self._begun
            self._begun += 1
            self._open[ticket] = environ.get("PATH_INFO", "")
            try:
                return wsgi_app(environ, start_response)
            finally:
                del self._open[ticket]
                self._finished.set()

        return counted

    def wait(self, about: str | None = None) -> None:
        """Wait until the requests being answered now (those whose path holds ``about``, if given) have finished, not
        those begun meanwhile, for at most ANSWER_WAIT."""
        if not self._open:
            return
        begun, deadline = self._begun, time.monotonic() + ANSWER_WAIT
        while self._waited_for(begun, about):
            left = deadline - time.monotonic()
            if left <= 0:
                return
            self._finished.clear()
            self._finished.wait(left)

    def _waited_for(self, begun: int, about: str | None) -> bool:
        """Whether a request begun before ticket ``begun`` (whose path holds ``about``, if given) is being answered."""
        if about is None:
            return bool(self._open) and next(iter(self._open)) < begun
        return any(ticket < begun and about in path for ticket, path in list(self._open.items()))



def hand_out(streams: Iterable[Subscription], *items: Batch | object, answering: Answering | None = None) -> None:
    """Hand ``items`` to every stream, letting the event loop run after every HAND_OUT_SLICE seconds of it (and the
    requests being answered finish)."""
    sliced = now = time.monotonic()
    for subscription in streams:
        subscription.put(*items)
        subscription.spoke = now
        now = time.monotonic()
        if now - sliced > HAND_OUT_SLICE:
            _pause(answering)
            sliced = now = time.monotonic()


def _pause(answering: Answering | None = None) -> None:
    """Let every other greenlet that is ready, or whose socket is, run first, and the requests being answered
    finish; then go on at once (threads: yield).

    Not a short sleep: the event loop rounds a timer of less than a millisecond up to one, which left a deliverer
    writing 0.3 ms in every 1.4 and spread a crowd's writes over the next command's time.
    """
    if greenlets.under_gevent():
        from gevent import idle

        idle()
        if answering is not None:
            answering.wait()
    else:
        time.sleep(0)
