"""The embedded sandbox keeps its claims across restarts: a sandbox started again on the same
state folder answers the same protocols and progress, hands out new protocols, reopens and
pays as if it had never stopped; reset and `DELETE /_sandbox/claims` empty the file, a
damaged one is set aside, and the app gives its embedded sandbox a folder in its data folder."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import pytest

from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.claims.rules import REJECTED_SHARE, facts, filing_code
from postalgui.sandbox.claims.world import REOPENED_REPLY
from postalgui.sandbox.config import STATE_DIR_ENV, SandboxConfig
from postalgui.sandbox.tracking.labels import label_index
from postalgui.sandbox.tracking.world import TrackingWorld
from postalgui.services.attendance.sandbox_key import SANDBOX_STATE_ENV, sandbox_environment
from tests.unit.sandbox.claims_support import NOW, NOW_TS, Sandbox, pedido

UNKNOWN = 990
FILE = "claims.json"


def _upheld(code: str) -> bool:
    return random.Random(f"claim-merit/{code}").random() >= REJECTED_SHARE


def _late_label() -> str:
    """A label of the demo statements (the tracking world knows it in every run), delivered
    late within the 90 days, whose compensation is judged "Procedente"."""
    world = TrackingWorld()
    for code, known in reversed(list(label_index(NOW.date()).objects.items())):
        obj = world.find(code, NOW.date())
        if known.contract != DEMO.contract or obj is None or not _upheld(code):
            continue
        found = facts(obj, NOW)
        if found.delivered_on is not None and filing_code(found, 135, NOW.date()) == 0:
            return code
    raise AssertionError("no late label in the demo statements")


@contextmanager
def _session(folder: Path | None) -> Iterator[Sandbox]:
    """One run of the sandbox on `folder` (the clock at NOW, as each run starts)."""
    config = SandboxConfig(clock=lambda: NOW_TS, state_dir=folder)
    with SandboxServer(port=0, config=config) as server:
        sandbox = Sandbox(server)
        sandbox.login()
        try:
            yield sandbox
        finally:
            sandbox.http.close()


def _filed(sandbox: Sandbox, code: str) -> str:
    (answer,) = sandbox.file(pedido(code))
    assert answer["codigo retorno"] == "0", answer
    return str(answer["numero do pi"])


def _kept(folder: Path) -> dict[str, Any]:
    return dict(json.loads((folder / FILE).read_text()))


def test_filed_claims_answer_the_same_after_a_restart(tmp_path: Path) -> None:
    label = _late_label()
    with _session(tmp_path) as first:
        registered = first.make(
            "late", lambda f: f.delivered_on is not None and not f.on_time, code_ok=lambda c: not _upheld(c)
        )
        paid, refused = _filed(first, label), _filed(first, registered)
        before = first.follow(paid), first.follow(refused)
        tracked = first.track(label)
    kept = _kept(tmp_path)
    assert {claim["protocol"] for claim in kept["claims"]} == {paid, refused}
    with _session(tmp_path) as second:
        second.serial = 100  # objects registered in this run get other codes
        assert (second.follow(paid), second.follow(refused)) == before
        assert second.follow(label)["numeroPi"] == paid
        assert second.file(pedido(label))[0]["codigo retorno"] == "900"  # filed once, even across runs
        again = _filed(second, second.make("late", lambda f: f.delivered_on is not None and not f.on_time))
        assert again not in {paid, refused}
        assert int(again) > max(int(paid), int(refused))
        second.advance(5.1)  # closed: the label's upheld, the registered object's refused
        merit = "Indicativo Procedência"
        assert (second.follow(paid)[merit], second.follow(refused)[merit]) == ("S", "N")
        assert second.reopen(refused)[0]["codigo retorno"] == "512"  # its object is not tracked in this run
        second.advance(7)
        newest = second.track(label)["eventos"][0]
        assert (newest["codigo"], newest["dtHrCriado"]) == ("IDC", "2026-12-07T10:00:00")
    with _session(tmp_path) as third:
        assert third.track(label)["eventos"] == tracked["eventos"]  # back at NOW: not paid yet
        third.advance(12.1)
        assert third.track(label)["eventos"][0]["codigo"] == "IDC"  # without asking the claims service
        closed = third.follow(refused)  # reopened in the last run, closed upheld since
        shown = (closed["Situação Manifestação"], closed["Indicativo Procedência"])
        assert (*shown, closed["Mensagem Última Resposta"]) == ("Encerrada", "S", REOPENED_REPLY)
        assert third.reopen(refused)[0]["codigo retorno"] == "590"


def test_forget_and_reset_empty_the_file(tmp_path: Path) -> None:
    label = _late_label()
    with _session(tmp_path) as first:
        protocol = _filed(first, label)
        first.control("DELETE", "/claims")
        assert first.follow(protocol)["Código Retorno"] == str(UNKNOWN)
        assert _kept(tmp_path)["claims"] == []
    with _session(tmp_path) as second:
        assert second.follow(protocol)["Código Retorno"] == str(UNKNOWN)
        assert _filed(second, label) != protocol  # the counter was kept
        second.control("POST", "/reset")
        assert not (tmp_path / FILE).exists()
    with _session(tmp_path) as third:
        assert third.follow(label)["Código Retorno"] == str(UNKNOWN)


def test_a_damaged_file_is_set_aside_and_the_sandbox_starts_empty(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / FILE).write_text('{"version": 1, "claims": [')
    with caplog.at_level(logging.WARNING), _session(tmp_path) as sandbox:
        assert sandbox.follow("2632900001")["Código Retorno"] == str(UNKNOWN)
        protocol = _filed(sandbox, _late_label())
    (aside,) = tmp_path.glob(f"{FILE}.bad-*")
    assert aside.read_text() == '{"version": 1, "claims": ['
    assert "set aside" in caplog.text
    assert [claim["protocol"] for claim in _kept(tmp_path)["claims"]] == [protocol]


def test_two_sandboxes_on_one_folder_keep_each_others_claims(tmp_path: Path) -> None:
    """The window's sandbox and a command's run side by side on the same folder."""
    label = _late_label()
    with _session(tmp_path) as window, _session(tmp_path) as command:
        late = command.make("late", lambda f: f.delivered_on is not None and not f.on_time)
        by_command = _filed(command, late)
        assert window.follow(by_command)["codigoObjeto"] == late
        by_window = _filed(window, label)
        assert by_window != by_command
        assert command.follow(by_window)["numeroPi"] == by_window
    with _session(tmp_path) as later:
        assert {later.follow(p)["numeroPi"] for p in (by_command, by_window)} == {by_command, by_window}


def test_without_a_state_folder_nothing_is_kept(tmp_path: Path) -> None:
    with _session(None) as sandbox:
        _filed(sandbox, _late_label())
    assert SandboxConfig.from_env({}).state_dir is None
    assert list(tmp_path.iterdir()) == []


def test_the_state_folder_comes_from_the_environment() -> None:
    assert SANDBOX_STATE_ENV == STATE_DIR_ENV
    assert SandboxConfig.from_env({STATE_DIR_ENV: "~/kept"}).state_dir == Path.home() / "kept"
    assert SandboxConfig.from_env({STATE_DIR_ENV: "  "}).state_dir is None


class _Child:
    """A child server that records the environment it was given and starts nothing."""

    made: ClassVar[list[dict[str, str]]] = []
    url = "http://127.0.0.1:9"

    def __init__(self, *args: object, environ: dict[str, str], **kwargs: object) -> None:
        self.made.append(environ)

    def start(self) -> None:
        pass

    def wait_ready(self, timeout: float) -> bool:
        return True

    def stop(self) -> None:
        pass


@pytest.mark.parametrize("mine", [None, "/srv/kept"])
def test_the_app_gives_its_embedded_sandbox_a_state_folder(
    mine: str | None, config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from postalgui.services.context import build_context
    from postalgui.serving import child

    if mine is not None:
        monkeypatch.setenv(STATE_DIR_ENV, mine)
    monkeypatch.setattr(child, "ChildServer", _Child)
    _Child.made.clear()
    context = build_context()
    try:
        assert context.sandbox_url() == _Child.url
    finally:
        context.close()
    (environ,) = _Child.made
    expected = mine or str(context.paths.data_dir / "sandbox-state" / context.env_key)
    assert environ[STATE_DIR_ENV] == expected
    assert context.paths.data_dir.is_relative_to(config_dir)
    assert sandbox_environment(context.credentials, "sandbox", {}, data_dir=Path("d"))[
        SANDBOX_STATE_ENV
    ] == str(Path("d", "sandbox-state", "sandbox"))
