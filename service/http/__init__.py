"""The Flask app: what the API answers over HTTP, built by ``app.create_app``.

- ``app``: the app factory.
- ``context``: the app's services and its streams' fan-out, as its requests reach them.
- ``errors``: every error answered as a problem document.
- ``document``: the OpenAPI document's prose, security schemes, shared responses and plugins.
- ``examples``: the document's examples, from games played in memory by the real code.
- ``blueprints/``: one blueprint per resource, and the interactive docs.
- ``schemas/``: the request and response schemas, which also write the document.
- ``access``: who is calling: the seat or player behind a token or a stream's ticket.
- ``bodies``: the JSON bodies the API accepts.
- ``responses``: JSON responses written by orjson.
- ``ratelimit``: the per-address rate of creations and claims, and of stream tickets.
- ``cors``: the browser origins that may call the API.
- ``request_ids``: each request's id, in its log lines and in X-Request-ID.
- ``metrics``: ``/metrics``, and each request counted and timed.
- ``web/``: the web client, a page that plays, watches, replays and audits every game through the API.
"""
