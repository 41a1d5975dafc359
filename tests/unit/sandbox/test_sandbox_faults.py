"""Fault settings: the compact string, the JSON forms and the injector's decisions."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from postalgui.sandbox.faults import Fault, FaultConfig, FaultInjector, FaultMiddleware, ScriptedFault
from postalgui.sandbox.stats import Stats


def test_parse_compact_string() -> None:
    config = FaultConfig.parse("latency=200,error=0.1,malformed=0.05,drop=0.02,seed=1")
    assert config == FaultConfig(latency_ms=200, error_rate=0.1, malformed_rate=0.05, drop_rate=0.02, seed=1)


def test_parse_accepts_long_names_spaces_and_paths() -> None:
    config = FaultConfig.parse(" latency_ms = 5 , error_rate=0.5, paths=/token|/meucontrato, seed=none ")
    assert config.latency_ms == 5
    assert config.error_rate == 0.5
    assert config.paths == ("/token", "/meucontrato")
    assert config.seed is None


def test_parse_empty_string_is_no_faults() -> None:
    assert FaultConfig.parse("") == FaultConfig()
    assert not FaultConfig().active


@pytest.mark.parametrize(
    "text",
    [
        "latency",
        "speed=3",
        "error=lots",
        "error=1.5",
        "latency=-1",
        "error=0.6,drop=0.6",
        "paths=token",
        "seed=1.5",
        "latency=600001",  # a typo must not stall every request until the sandbox stops
    ],
)
def test_parse_refuses_bad_settings(text: str) -> None:
    with pytest.raises(ValueError, match=r"."):
        FaultConfig.parse(text)


def test_compact_form_round_trips() -> None:
    config = FaultConfig(latency_ms=10, error_rate=0.25, drop_rate=0.1, seed=3, paths=("/token",))
    assert FaultConfig.parse(config.to_compact()) == config


def test_json_form_round_trips_and_refuses_unknown_fields() -> None:
    config = FaultConfig(error_rate=0.5, seed=9, paths=("/token",))
    assert FaultConfig.from_mapping(config.to_dict()) == config
    with pytest.raises(ValueError, match="unknown"):
        FaultConfig.from_mapping({"error": 0.5})
    with pytest.raises(ValueError, match="integer"):
        FaultConfig.from_mapping({"latency_ms": "fast"})


def test_script_entry_with_status_is_an_error() -> None:
    item = ScriptedFault.from_mapping({"status": 503, "retry_after": 2, "path_prefix": "/token", "count": 1})
    assert item.fault == Fault("error", status=503, retry_after=2)
    assert item.path_prefix == "/token"
    assert item.to_dict() == {
        "kind": "error",
        "status": 503,
        "retry_after": 2,
        "path_prefix": "/token",
        "method": None,
        "count": 1,
    }


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"kind": "explode"},
        {"status": 200},
        {"kind": "drop", "count": 0},
        {"kind": "malformed", "variant": "xml"},
        {"kind": "drop", "when": "now"},
        {"kind": "delay", "latency_ms": -5},
        {"kind": "delay", "latency_ms": 10**100},
        {"status": 503, "retry_after": 10**12},
        {"kind": "drop", "count": 10**100},
    ],
)
def test_bad_script_entries_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"."):
        ScriptedFault.from_mapping(data)


def test_retry_after_defaults_to_one_second_for_429_and_503_only() -> None:
    assert Fault("error", status=429).retry_after_header() == "1"
    assert Fault("error", status=503).retry_after_header() == "1"
    assert Fault("error", status=500).retry_after_header() is None
    assert Fault("error", status=500, retry_after=7).retry_after_header() == "7"


def test_script_applies_to_matching_requests_in_order_then_runs_out() -> None:
    injector = FaultInjector()
    injector.add_script(
        [
            ScriptedFault.from_mapping({"status": 429, "path_prefix": "/token", "count": 2}),
            ScriptedFault.from_mapping({"kind": "drop", "method": "get"}),
        ]
    )
    assert injector.plan("GET", "/meucontrato/v1/x").fault == Fault("drop")
    assert injector.plan("POST", "/token/v1/autentica").fault == Fault("error", status=429)
    assert injector.plan("POST", "/token/v1/autentica").fault == Fault("error", status=429)
    assert injector.plan("POST", "/token/v1/autentica").fault is None
    assert injector.pending() == []


def test_delay_script_entry_delays_without_failing() -> None:
    injector = FaultInjector()
    injector.add_script([ScriptedFault.from_mapping({"kind": "delay", "latency_ms": 250})])
    plan = injector.plan("GET", "/agencia/v1/unidades")
    assert (plan.delay_ms, plan.fault) == (250, None)


def test_control_paths_are_never_faulted() -> None:
    injector = FaultInjector(FaultConfig(latency_ms=100, error_rate=1.0))
    injector.add_script([ScriptedFault.from_mapping({"kind": "drop"})])
    plan = injector.plan("GET", "/_sandbox/stats")
    assert (plan.delay_ms, plan.fault) == (0, None)
    assert len(injector.pending()) == 1


def test_path_filter_limits_random_faults_and_latency() -> None:
    injector = FaultInjector(FaultConfig(latency_ms=50, error_rate=1.0, paths=("/token",)))
    assert injector.plan("GET", "/meucontrato/v1/empresas").fault is None
    plan = injector.plan("POST", "/token/v1/autentica")
    assert plan.delay_ms == 50
    assert plan.fault is not None
    assert plan.fault.kind == "error"


def test_seeded_random_faults_hit_roughly_their_share_and_repeat() -> None:
    config = FaultConfig(error_rate=0.2, malformed_rate=0.1, drop_rate=0.1, seed=42)

    def kinds() -> list[str | None]:
        injector = FaultInjector(config)
        plans = [injector.plan("GET", "/preco/v1/nacional/03220") for _ in range(2000)]
        return [plan.fault.kind if plan.fault else None for plan in plans]

    first = kinds()
    assert first == kinds()
    assert 0.17 < first.count("error") / 2000 < 0.23
    assert 0.07 < first.count("malformed") / 2000 < 0.13
    assert 0.07 < first.count("drop") / 2000 < 0.13


def test_random_errors_use_429_500_and_503() -> None:
    injector = FaultInjector(FaultConfig(error_rate=1.0, seed=1))
    statuses = {injector.plan("GET", "/x").fault.status for _ in range(200)}  # type: ignore[union-attr]
    assert statuses == {429, 500, 503}


def _served(injector: FaultInjector, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What happens, in order, when one request goes through the middleware (the sleeps
    recorded, not slept)."""
    seen: list[str] = []

    async def sleep(seconds: float) -> None:
        seen.append(f"wait {round(seconds, 1)}")

    async def app(_scope: Any, _receive: Any, send: Any) -> None:
        seen.append("answer made")
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    async def send(message: Any) -> None:
        seen.append(message["type"])

    async def receive() -> Any:
        return {"type": "http.request", "body": b"", "more_body": False}

    monkeypatch.setattr(asyncio, "sleep", sleep)
    middleware = FaultMiddleware(app, injector, Stats())
    scope = {"type": "http", "method": "POST", "path": "/preco/v1/nacional"}
    asyncio.run(middleware(scope, receive, send))
    return seen


def test_a_latency_holds_the_answer_not_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """A remote server's answer time includes its own work: the answer is made at once and
    leaves when due, so eight requests at once are not made one after the other's wait."""
    seen = _served(FaultInjector(FaultConfig(latency_ms=500)), monkeypatch)
    assert seen[0] == "answer made"
    assert seen[1].startswith("wait 0.")  # what is left of the 500 ms
    assert seen[2:] == ["http.response.start", "http.response.body"]


def test_a_scripted_delay_still_waits_before_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    injector = FaultInjector()
    injector.add_script([ScriptedFault.from_mapping({"kind": "delay", "latency_ms": 300})])
    assert _served(injector, monkeypatch) == [
        "wait 0.3",
        "answer made",
        "http.response.start",
        "http.response.body",
    ]
