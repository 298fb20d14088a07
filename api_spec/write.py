"""Write api_spec/openapi.yaml from the app's own schemas (run by `make spec`)."""

from __future__ import annotations

import yaml

from api_spec import SPEC_PATH
from service.http.app import create_app


def document() -> dict:
    """The OpenAPI document the app serves."""
    app = create_app()
    with app.test_client() as client:
        return client.get("/v1/openapi.json").get_json()


def main() -> None:
    """Regenerate the file."""
    SPEC_PATH.write_text(yaml.safe_dump(document(), sort_keys=False, allow_unicode=True))
    print(f"wrote {SPEC_PATH}")


if __name__ == "__main__":
    main()
