"""The command path and the plumbing every process of a stack shares: the web processes, the workers, the CLI.

It imports only the rules (domain/) and the event store (events/), and no web framework.

- ``config``: Settings, read once from the environment.
- ``wiring``: the composition root: Services, built from the settings.
- ``handler``: the command handler: load, decide, append, enqueue; the one way anything changes a game.
- ``repository``: loading games: the newest snapshot and the events after it, and each process's cache of games.
- ``reads``: the read side: views and events as a given seat may see them.
- ``problems``: the registry of problem kinds, and Problem, the error a client is told of.
- ``auth``: seat tokens and stream tickets, stored only as hashes.
- ``player_entries``: each player's entry in a game, as the per-player index holds it.
- ``steps``: a game's next system step, queued as RQ's job.
- ``webhook_http``: the wire of a webhook call: where a bot may be called, the signature, one bounded POST.
- ``json_bodies``: JSON written by orjson.
- ``logs``: logging for the stack's processes.
- ``metrics``: every Prometheus metric, and how jobs and commands are counted.
"""
