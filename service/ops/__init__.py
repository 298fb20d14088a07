"""The operator's tools.

- ``cli``: the ``dogpark`` command: play in the terminal, bot win rates, verify, run the stack or a part of it,
  the arena, archiving.
- ``stack``: the whole stack as child processes, as ``make run`` and the end-to-end tests start it; its parts:
  ``processes`` (a free port, waiting for a child, ending children), ``private_redis`` (its own redis-server),
  ``web_server`` (where gunicorn listens and the app it serves).
- ``arena``: bots rated by games played through a real server.
- ``archive``: finished games to files, and out of Redis.
- ``verify``: a finished game's audit checked on its own.
"""
