"""Health checks for load balancers."""

from __future__ import annotations

import redis
from flask_smorest import Blueprint

from service.core.problems import redis_unavailable
from service.http.context import services
from service.http.schemas.health import Health

blp = Blueprint("health", __name__, description="Health checks.")


@blp.route("/healthz", methods=["GET"])
@blp.response(200, Health)
@blp.alt_response(503, "REDIS_UNAVAILABLE")
def healthz() -> dict:
    """Ready: the process is up and Redis answers."""
    try:
        services().redis.ping()
    except redis.RedisError as error:
        raise redis_unavailable(error) from None
    return {"status": "ok", "redis": "ok"}


@blp.route("/livez", methods=["GET"])
@blp.response(200, Health)
def livez() -> dict:
    """Alive: the process answers (touches nothing else; also the benchmark's no-op baseline)."""
    return {"status": "ok", "redis": "unchecked"}
