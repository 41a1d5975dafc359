"""Reading the operator's JSON answers into models, with one error shape for every service.

Gateways differ in small ways: a single record wrapped in a one-element array, a list
sent inside a page envelope (``itens``). These readers accept them and turn anything
else, or a record the model refuses, into `InvalidResponseError` naming what was
expected; no pydantic error escapes the client.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

from postalgui.api.errors import InvalidResponseError

if TYPE_CHECKING:
    import requests

__all__ = ["answer_reader", "one_record", "record_list", "validated"]

Model = TypeVar("Model", bound=BaseModel)


def one_record(data: object, model: type[Model], what: str) -> Model:
    """One record; a single-element array (some gateways wrap it) is unwrapped."""
    if isinstance(data, list) and len(data) == 1:
        data = data[0]
    if not isinstance(data, dict):
        raise InvalidResponseError(f"Invalid response from the operator: expected a {what} record")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise InvalidResponseError(
            f"Invalid {what} record from the operator: {exc.error_count()} problem(s)"
        ) from exc


def record_list(data: object, model: type[Model], what: str, *, bare_record: bool = False) -> list[Model]:
    """Records of an array or of a page envelope's ``itens``; ``None`` is no records.

    ``bare_record``: a single object also counts as a list of one (contact lists).
    """
    if data is None:
        return []
    if isinstance(data, dict):
        if isinstance(data.get("itens"), list):
            data = data["itens"]
        elif bare_record:
            data = [data]
    if not isinstance(data, list):
        raise InvalidResponseError(f"Invalid response from the operator: expected a list of {what} records")
    return validated(data, model, what)


def validated(data: list[Any], model: type[Model], what: str) -> list[Model]:
    """Every entry of an array as ``model``."""
    if not all(isinstance(entry, dict) for entry in data):
        raise InvalidResponseError(f"Invalid response from the operator: expected {what} records")
    try:
        return [model.model_validate(entry) for entry in data]
    except ValidationError as exc:
        raise InvalidResponseError(
            f"Invalid {what} record from the operator: {exc.error_count()} problem(s)"
        ) from exc


def answer_reader(model: type[Model], what: str) -> Callable[[requests.Response], Model]:
    """A reader for `OperatorClient.call_read`: the answer's bytes as ``model``, parsed by
    pydantic's core (no dict in between); one it refuses is `InvalidResponseError`."""

    def read(response: requests.Response) -> Model:
        try:
            return model.model_validate_json(response.content)
        except ValidationError as exc:
            raise InvalidResponseError(
                f"Invalid {what} answer from the operator (HTTP {response.status_code}): "
                f"{exc.error_count()} problem(s)",
                status=response.status_code,
            ) from None

    return read
