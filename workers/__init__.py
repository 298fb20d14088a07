"""The RQ workers: they move games on through the one command handler (service/core/), given only game ids.

- ``jobs``: the job of a game's system step: a built-in bot's turn, an automatic step, a clock's expiry.
- ``webhooks``: registered bots' calls, and the webhook worker process that makes them.
- ``ratings``: a finished game's rating update, which the webhook worker runs.
- ``sweeper``: re-queues steps a killed worker or an outage lost.
- ``outage``: riding out a Redis outage.
"""
