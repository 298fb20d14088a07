"""The API's request and response schemas (marshmallow): they validate input and write the OpenAPI document.

- ``base``: strict requests, links, the largest version.
- ``games``: games, commands, the lobby, the log, the audit, stream tickets.
- ``views``: each game's view, the ``state`` of a GameView (a package: a module per game, and the clocks).
- ``catalogue``: the game types, and ``content``: each game's static content.
- ``players``, ``bots``: players, and registered bots.
- ``problems``: problem documents and the pages of their kinds; ``health``: the health checks.
"""
