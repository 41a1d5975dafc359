"""``postalgui --smoke-test [--screenshots DIR]``: does this build of the app work here?

Meant for a frozen build on a new machine and for CI: it starts the embedded sandbox,
fetches a token, builds every tab, makes one quote, renders one PDF page and one label,
paints the map, starts and stops the partner server, and (when asked) saves a screenshot
of each tab. It prints one line per step and exits 0, or 1 naming the step that failed, within
`DEADLINE_S`. It never touches the user's settings or keychain: a temporary config
folder (unless ``POSTALGUI_CONFIG_DIR`` names one) and the in-memory keyring.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtGui import QImage

    from postalgui.services.context import AppContext
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize
from PySide6.QtPdf import QPdfDocument
from PySide6.QtWidgets import QApplication

from postalgui.api.cancel import PlainTask
from postalgui.api.models.price import PriceQuery
from postalgui.api.values import format_brl
from postalgui.documents.reports.labels import LabelData, LabelParty, Layout, render_labels
from postalgui.gui.i18n import install_translators, resolve_language, saved_language
from postalgui.gui.main_window import MainWindow
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.map_view import MapView
from postalgui.services.attendance.export import write_report_pdf
from postalgui.services.context import build_context
from postalgui.services.price.use_cases import quote_single

__all__ = ["DEADLINE_S", "main"]

DEADLINE_S = 60.0


class SmokeStepError(Exception):
    """A step did not do what it must."""


def _say(text: str) -> None:
    sys.stdout.write(f"smoke: {text}\n")
    sys.stdout.flush()


def _pump(app: QApplication, seconds: float) -> None:
    """Let the event loop run (tabs start their own tasks) for `seconds`."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        app.processEvents()
        time.sleep(0.01)


class Smoke:
    """The steps, in order, over one window and context."""

    def __init__(
        self, app: QApplication, window: MainWindow, context: AppContext, shots: Path | None
    ) -> None:
        self.app = app
        self.window = window
        self.context = context
        self.shots = shots

    def token(self) -> str:
        backend = self.context.backend()  # starts the embedded sandbox (a child process)
        token = backend.tokens.get(self.context.default_scope())
        until = f", valid until {token.expires_at.astimezone():%H:%M}" if token.expires_at else ""
        return f"sandbox at {backend.base_url}, token fetched{until}"

    def tabs(self) -> str:
        tabs = self.window.tabs
        names = []
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            tab = self.window.built_tab(index)
            _pump(self.app, 0.6)
            names.append(type(tab).__name__)
            if self.shots is not None:
                label = tabs.tabText(index).replace("&", "")
                image = self.window.grab()
                if image.isNull() or not image.save(str(self.shots / f"{index + 1}-{label}.png")):
                    raise SmokeStepError(f"could not save a screenshot of {label}")
        return ", ".join(names)

    def quote(self) -> str:
        query = PriceQuery.model_validate(
            {"coProduto": "03220", "cepOrigem": "01310100", "cepDestino": "70002900", "psObjeto": "300",
             "tpObjeto": "2", "comprimento": "20", "largura": "20", "altura": "20",
             "nuContrato": self.context.profile.contract or None, "nuDR": self.context.profile.dr}
        )  # fmt: skip
        price = quote_single(PlainTask(), self.context.price, query, international=False, source="cli")
        if price.pcFinal is None:
            raise SmokeStepError(f"the quote has no final price ({price.error})")
        return f"SEDEX 01310-100 to 70002-900, 300 g: {format_brl(price.pcFinal)}"

    def pdf(self) -> str:

        with tempfile.TemporaryDirectory() as folder:
            path = write_report_pdf(Path(folder) / "smoke.pdf", {"day": "2026-01-02", "ran_at": ""}, "pt")
            image = _page_one(path.read_bytes(), QSize(400, 560), "QtPdf rendered an empty page")
        return f"{image.width()}x{image.height()} page rendered"

    def label(self) -> str:
        """A shipping label drawn here: zxing-cpp's DataMatrix and Code 128 must be in the build."""

        party = LabelParty(
            "PostalGUI", "Avenida Paulista", "1000", "", "Bela Vista", "São Paulo", "SP", "01310100"
        )
        label = LabelData("DG049186226BR", "03220", "SEDEX", party, party, "0067599079")
        data = render_labels([label], Layout.THERMAL_100x150)
        _page_one(data, QSize(400, 600), "QtPdf rendered no label")
        return f"100x150 label of {len(data):,} bytes rendered"

    def map(self) -> str:

        views = self.window.findChildren(MapView)
        if not views:
            raise SmokeStepError("the Branches tab has no map")
        view = views[0]
        image = view.grab()
        if image.isNull():
            raise SmokeStepError("the map did not paint")
        return f"{image.width()}x{image.height()} map painted"

    def partner(self) -> str:
        service = self.context.attendance
        url = service.start_partner()
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=10) as answer:  # noqa: S310  # our loopback child
                status = json.load(answer).get("status")
        finally:
            service.stop_partner()
        if status != "ok":
            raise SmokeStepError(f"the partner server answered {status!r}")
        return f"partner server at {url} started, answered and stopped"


def _page_one(data: bytes, size: QSize, blank: str) -> QImage:
    """Page one of the PDF ``data`` as this build's QtPdf draws it; ``blank`` is the step's
    failure when the page comes out empty."""
    # lazy, as in the steps: Qt loads once `main` has set up the environment

    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    document = QPdfDocument()
    try:
        document.load(buffer)
        if document.error() != QPdfDocument.Error.None_:
            raise SmokeStepError(f"QtPdf could not open a PDF ({document.error()})")
        image = document.render(0, size)
    finally:
        document.close()
    if image.isNull():
        raise SmokeStepError(blank)
    return image


def _watchdog(seconds: float, step: list[str]) -> threading.Timer:
    """Exit 1 naming the step if the whole run hangs past its deadline."""

    def expire() -> None:
        _say(f"FAILED: no result within {seconds:.0f} s (during: {step[0]})")
        os._exit(1)

    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()
    return timer


def _run_steps(smoke: Smoke, step: list[str]) -> int:
    steps: list[tuple[str, Callable[[], str]]] = [
        ("sandbox and token", smoke.token),
        ("every tab", smoke.tabs),
        ("one quote", smoke.quote),
        ("one PDF page", smoke.pdf),
        ("one label", smoke.label),
        ("the map", smoke.map),
        ("partner server", smoke.partner),
    ]
    for name, run in steps:
        step[0] = name
        started = time.monotonic()
        try:
            detail = run()
        except Exception as exc:  # noqa: BLE001  # any failure is the answer: say which step
            _say(f"FAILED at {name}: {type(exc).__name__}: {exc}")
            return 1
        _say(f"ok  {name} ({time.monotonic() - started:.1f} s): {detail}")
    return 0


def _prepare_environment(stack: ExitStack) -> None:
    os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    if not os.environ.get("POSTALGUI_CONFIG_DIR"):
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="postalgui-smoke-")))
        os.environ["POSTALGUI_CONFIG_DIR"] = str(folder)
        (folder).mkdir(exist_ok=True)
        (folder / "settings.json").write_text(json.dumps({"first_run_done": True}), encoding="utf-8")
    for name in ("POSTALGUI_ENV", "POSTALGUI_BASE_URL"):
        os.environ.pop(name, None)  # always the embedded sandbox


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="postalgui --smoke-test")
    parser.add_argument("--screenshots", type=Path, metavar="DIR", help="save a PNG of each tab here")
    args = parser.parse_args(argv)
    step = ["start"]
    started = time.monotonic()
    watchdog = _watchdog(DEADLINE_S, step)
    with ExitStack() as stack:
        _prepare_environment(stack)
        if args.screenshots is not None:
            args.screenshots.mkdir(parents=True, exist_ok=True)
        code = _run_session(args.screenshots, step)
    watchdog.cancel()
    _say(("passed" if code == 0 else "failed") + f" in {time.monotonic() - started:.1f} s")
    return code


def _run_session(shots: Path | None, step: list[str]) -> int:

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(["postalgui"])
    context = build_context()
    install_translators(app, resolve_language(saved_language(context.paths.settings_file)))
    runner = TaskRunner()
    window = MainWindow(context, runner)
    window.resize(1100, 720)
    window.show()
    try:
        return _run_steps(Smoke(app, window, context, shots), step)
    finally:
        step[0] = "shutdown"
        runner.shutdown(5000)
        window.close()
        window.deleteLater()
        context.close()
        _pump(app, 0.1)
