"""``postalgui --smoke-test`` from source (CI runs it on the frozen build too), and the way a
frozen build starts its server children."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSize

from postalgui.documents.reports.labels import LabelData, LabelParty, Layout, render_labels
from postalgui.gui.smoke import SmokeStepError, _page_one
from postalgui.serving import child


def test_the_smoke_test_passes_and_shoots_every_tab(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("POSTALGUI_")}
    env |= {"QT_QPA_PLATFORM": "offscreen", "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    shots = tmp_path / "shots"
    done = subprocess.run(
        [sys.executable, "-m", "postalgui", "--smoke-test", "--screenshots", str(shots)],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("smoke: ")]
    steps = [
        "sandbox and token",
        "every tab",
        "one quote",
        "one PDF page",
        "one label",
        "the map",
        "partner server",
    ]
    assert [line.split("(")[0].removeprefix("smoke: ok  ").strip() for line in lines[:-1]] == steps
    assert lines[-1].startswith("smoke: passed in ")
    assert len(list(shots.glob("*.png"))) == 10  # nine feature tabs and Connection


def test_a_frozen_build_starts_its_children_from_its_own_executable(monkeypatch: pytest.MonkeyPatch) -> None:
    assert child.child_command() == [sys.executable, "-m", "postalgui.serving"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/postalgui/postalgui")
    assert child.child_command() == ["/opt/postalgui/postalgui", "--serve-child"]


def test_the_serve_child_flag_is_handled_before_anything_else(capsys: pytest.CaptureFixture[str]) -> None:
    from postalgui.__main__ import main

    # A child asked to serve beyond loopback refuses at once (no Qt, no CLI parser involved).
    factory = "postalgui.sandbox.process:app_from_environment"
    assert main(["--serve-child", factory, "--host", "192.0.2.1"]) == 2
    assert "loopback only" in capsys.readouterr().err


def test_a_pdf_page_qtpdf_cannot_read_fails_the_step(qapp: object) -> None:
    with pytest.raises(SmokeStepError, match="could not open"):
        _page_one(b"%PDF-1.4 not a document", QSize(40, 60), "blank")


def test_a_label_renders_as_page_one_at_the_asked_size(qapp: object) -> None:
    party = LabelParty(
        "PostalGUI", "Avenida Paulista", "1000", "", "Bela Vista", "São Paulo", "SP", "01310100"
    )
    data = render_labels(
        [LabelData("DG049186226BR", "03220", "SEDEX", party, party, "0067599079")], Layout.THERMAL_100x150
    )
    image = _page_one(data, QSize(40, 60), "blank")
    assert (image.width(), image.height()) == (40, 60)
