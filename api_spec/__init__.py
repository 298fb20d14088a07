"""The OpenAPI document: `openapi.yaml` here is exactly what the app serves at /v1/openapi.json."""

from pathlib import Path

SPEC_PATH = Path(__file__).with_name("openapi.yaml")
