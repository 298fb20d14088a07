"""/docs: Swagger UI, served from local files (no CDN), on the document at /v1/openapi.json (service/http/document.py).
"""

from __future__ import annotations

from flask_swagger_ui import get_swaggerui_blueprint

blp = get_swaggerui_blueprint("/docs", "/v1/openapi.json", config={"app_name": "dogpark API"})
