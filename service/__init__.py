"""The dogpark service: everything around the rules (domain/) and the event store (events/), grouped by concern.

- ``core/``: the command path and the plumbing the web processes and the workers (workers/) share: settings, the
  wiring, logs, metrics, the command handler, loading games, the read side, the kinds of problem, tokens.
- ``streams/``: the Server-Sent Events fan-out: one reader of Redis per web process, feeding its open streams.
- ``http/``: the Flask app: its factory, errors and OpenAPI document, the blueprints, the schemas, CORS, rate
  limits, the web client.
- ``gunicorn/``: the web server's settings, the balance of connections between its workers, one send per response.
- ``ops/``: the operator's tools: the ``dogpark`` command, the stack runner, the arena, archiving, verifying an audit.

Imports flow one way, down this list: core imports only domain and events; streams imports core; http and gunicorn
import core and streams, never each other; workers import core alone; ops may import them all. setup.cfg's
[importlinter] contracts say so, and ``make lint`` checks them.
"""
