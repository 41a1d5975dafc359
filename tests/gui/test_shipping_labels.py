"""Labels, content declaration and posting list in the Shipping tab: the PDF made as a task
and shown at once, Print… through the system's dialog with the last printer and layout
remembered, Save…, Cancel, the operator's refusals in its words and code, the day's list."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from io import BytesIO
from pathlib import Path
from typing import Any, ClassVar

import pytest
from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtGui import QPageSize
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QWidget
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import TaskControl
from postalgui.api.errors import BadRequestError
from postalgui.api.models.prepostings import OperatorLayout, PrepostingStatus
from postalgui.documents.reports.posting_list import WORDS_EN
from postalgui.gui import i18n
from postalgui.gui.desk import Desk
from postalgui.gui.tabs.shipping import labels_actions, labels_dialog, labels_preview
from postalgui.gui.tabs.shipping.labels_actions import LabelsActions
from postalgui.gui.tabs.shipping.labels_dialog import LabelsDialog
from postalgui.gui.tabs.shipping.labels_preview import DocumentPreview
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.settings import Settings
from postalgui.services.shipping import posting_lists
from postalgui.services.shipping.posting_lists import labelled_on
from postalgui.services.shipping.settings import ShippingSettings
from postalgui.services.shipping.use_cases import IssuedLabels

IDS = ["PRAAAAAAAAAAAAAAAAAAAAA1", "PRAAAAAAAAAAAAAAAAAAAAA2"]


def label_pdf(names: Sequence[str], size: tuple[float, float] = (283.46, 425.2)) -> bytes:
    """One page (100 x 150 mm by default) per name, the name written on it."""
    from reportlab.pdfgen.canvas import Canvas

    out = BytesIO()
    canvas = Canvas(out, pagesize=size)
    for name in names:
        canvas.drawString(20, size[1] - 40, f"LABEL {name}")
        canvas.showPage()
    canvas.save()
    return out.getvalue()


class FakeSession:
    """What the dialog reads and writes of the composition root: the settings."""

    def __init__(self) -> None:
        self.settings = Settings()
        self.saved: list[Settings] = []

    @property
    def saved_settings(self) -> Settings:
        return self.settings

    def save_preferences(self, settings: Settings) -> None:
        self.saved.append(settings)
        self.settings = settings


@dataclass
class Shipped:
    prepost_id: str
    labelled_at: datetime | None
    status: PrepostingStatus = PrepostingStatus.PREPOSTED  # labelled: the office's mark, not a status


@dataclass
class FakeBook:
    rows: list[Shipped] = field(default_factory=list)
    asked: list[PrepostingStatus | None] = field(default_factory=list)

    def shipments(
        self, *, status: PrepostingStatus | None = None, search: str = "", labelled: bool | None = None
    ) -> list[Shipped]:
        self.asked.append(status)
        return [s for s in self.rows if status is None or s.status == status]


class FakeService:
    def __init__(self) -> None:
        self.session = FakeSession()
        self.shelf = FakeBook()
        self.clock = datetime(2026, 11, 26, 15, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.clock

    def today(self) -> date:
        return self.clock.astimezone().date()

    def book(self) -> FakeBook:
        return self.shelf

    @property
    def settings(self) -> ShippingSettings:
        return self.session.settings.shipping

    def remember(self, settings: ShippingSettings) -> None:
        self.session.save_preferences(self.session.saved_settings.updated(shipping=settings))


@dataclass
class Calls:
    made: list[tuple[str, list[str], str]] = field(default_factory=list)
    pdfs: list[bytes] = field(default_factory=list)


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """The use cases replaced: each PDF names its kind and ids; what was asked is kept."""
    record = Calls()

    def ours(task: TaskControl, service: object, ids: Sequence[str], layout: object) -> IssuedLabels:
        record.made.append(("ours", list(ids), str(layout)))
        record.pdfs.append(label_pdf([f"{layout} {i}" for i in ids]))
        return IssuedLabels(record.pdfs[-1], (), len(ids))

    def operator(task: TaskControl, service: object, ids: Sequence[str], layout: object) -> IssuedLabels:
        record.made.append(("operator", list(ids), str(layout)))
        coded: tuple[Any, ...] = tuple(Coded(f"AB{serial:08d}5BR") for serial, _ in enumerate(ids[1:]))
        pdf = label_pdf([f"OPERATOR {layout} {i}" for i in ids])
        return IssuedLabels(pdf, coded, len(coded))  # one refused: it has no code to follow

    def declarations(task: TaskControl, service: object, ids: Sequence[str]) -> bytes:
        record.made.append(("declaration", list(ids), ""))
        return label_pdf([f"DECLARATION {i}" for i in ids], (595.27, 841.89))

    def posting_list(
        task: TaskControl, service: object, ids: Sequence[str], *, words: Mapping[str, str] | None = None
    ) -> bytes:
        record.made.append(("posting list", list(ids), "en" if words == WORDS_EN else "pt"))
        return label_pdf(["POSTING LIST " + " ".join(ids)], (841.89, 595.27))

    monkeypatch.setattr(labels_dialog, "our_labels", ours)
    monkeypatch.setattr(labels_dialog, "issue_labels", operator)
    monkeypatch.setattr(labels_actions, "declarations", declarations)
    monkeypatch.setattr(posting_lists, "posting_list", posting_list)
    return record


@dataclass(frozen=True)
class Coded:
    object_code: str


@pytest.fixture(autouse=True)
def english(qapp: QCoreApplication) -> Iterator[None]:
    """English as the app speaks it (its plural forms); a test may install Portuguese over it."""
    installed = i18n.install_translators(qapp, "en")
    yield
    i18n.remove_translators(qapp, installed)


@pytest.fixture
def page(qtbot: QtBot) -> QWidget:
    widget = QWidget()
    widget.resize(1100, 720)
    qtbot.addWidget(widget)
    return widget


@pytest.fixture
def desk(page: QWidget, qapp: object) -> Iterator[Desk[Any]]:
    runner = TaskRunner()
    yield Desk(FakeService(), runner, MessageArea(page))
    assert runner.shutdown(10000), "background tasks did not end"


def open_labels(qtbot: QtBot, desk: Desk[Any], page: QWidget, ids: Sequence[str] = IDS) -> LabelsDialog:
    dialog = LabelsDialog(desk, ids, page)
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitSignal(dialog.documentShown, timeout=10000):
        dialog.start()
    return dialog


def test_labels_are_made_and_page_one_is_shown(
    qtbot: QtBot, desk: Desk[Any], page: QWidget, calls: Calls
) -> None:
    dialog = open_labels(qtbot, desk, page)
    assert calls.made == [("ours", IDS, "100x150")]  # the default layout: the thermal printer's
    assert dialog.viewer.page_count == 2
    assert dialog.viewer.current_page == 0
    assert dialog.viewer.zoom_mode == QPdfView.ZoomMode.FitInView  # a label is checked whole
    assert f"LABEL 100x150 {IDS[0]}" in dialog.viewer.text_of_page(0)
    assert dialog.status_label.text() == "2 labels made. 2 objects now followed in Tracking."
    assert dialog.print_button.isEnabled()
    assert dialog.save_button.isEnabled()
    # Words, not codes.
    layouts = [dialog.layout_box.itemText(i) for i in range(dialog.layout_box.count())]
    assert layouts == [
        "A4 sheet, 4 labels a page",
        "Thermal label 100 × 150 mm",
        "Thermal label 100 × 80 mm (compact)",
        "A4 sheet, 1 label a page",
    ]
    assert dialog.layout_box.currentText() == "Thermal label 100 × 150 mm"


def test_the_dialog_speaks_portuguese(
    qtbot: QtBot, desk: Desk[Any], page: QWidget, calls: Calls, qapp: QCoreApplication
) -> None:
    default = QLocale()
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        dialog = open_labels(qtbot, desk, page, IDS[:1])
        assert dialog.windowTitle() == "Etiquetas de 1 pré-postagem"
        assert dialog.layout_box.currentText() == "Etiqueta térmica 100 × 150 mm"
        assert dialog.status_label.text() == "1 etiqueta feita. 1 objeto agora acompanhado no Rastreamento."
        assert (dialog.print_button.text(), dialog.save_button.text()) == ("&Imprimir…", "&Salvar…")
        dialog.close()
    finally:
        i18n.remove_translators(qapp, installed)
        QLocale.setDefault(default)


@pytest.mark.parametrize("screen", [(1100, 720), (1366, 768)])
def test_the_dialog_fits_small_screens_in_both_languages(
    qtbot: QtBot, desk: Desk[Any], page: QWidget, calls: Calls, each_language: str, screen: tuple[int, int]
) -> None:
    dialog = open_labels(qtbot, desk, page)
    for source in ("ours", "operator"):
        dialog.source_box.setCurrentIndex(0 if source == "ours" else 1)
        qtbot.waitUntil(lambda: not dialog.busy, timeout=10000)
        needed = dialog.minimumSizeHint()
        assert needed.width() <= screen[0]
        assert needed.height() <= screen[1] - 60
        for box in (dialog.source_box, dialog.layout_box):
            words = max(box.itemText(i) for i in range(box.count()))
            assert box.sizeHint().width() >= box.fontMetrics().horizontalAdvance(words), words
    dialog.close()


def test_the_tab_says_how_many_objects_tracking_now_follows(
    qtbot: QtBot, desk: Desk[Any], page: QWidget, calls: Calls
) -> None:
    actions = LabelsActions(desk, lambda: list(IDS), page)
    with qtbot.waitSignal(actions.dialogOpened) as opened:
        actions.labels_action.trigger()
    dialog = opened.args[0]
    assert isinstance(dialog, LabelsDialog)
    qtbot.waitUntil(lambda: dialog.viewer.page_count == 2, timeout=10000)
    shown = [bar.text() for bar in desk.messages.messages()]
    assert shown == ["2 objects now followed in Tracking."]
    dialog.close()


@pytest.mark.parametrize(("followed", "said"), [(1, ["1 object now followed in Tracking."]), (0, [])])
def test_the_count_said_is_the_one_the_labels_came_with(
    qtbot: QtBot,
    desk: Desk[Any],
    page: QWidget,
    calls: Calls,
    monkeypatch: pytest.MonkeyPatch,
    followed: int,
    said: list[str],
) -> None:
    def ours(task: TaskControl, service: object, ids: Sequence[str], layout: object) -> IssuedLabels:
        return IssuedLabels(label_pdf(list(ids)), (), followed)  # the other one was followed before

    monkeypatch.setattr(labels_dialog, "our_labels", ours)
    actions = LabelsActions(desk, lambda: list(IDS), page)
    dialog = actions.open_labels()
    assert isinstance(dialog, LabelsDialog)
    qtbot.waitUntil(lambda: dialog.viewer.page_count == 2, timeout=10000)
    assert dialog.status_label.text() == " ".join(["2 labels made.", *said])
    assert [bar.text() for bar in desk.messages.messages()] == said
    dialog.close()


def test_another_layout_or_the_operators_labels_are_made_again(
    qtbot: QtBot, desk: Desk[Any], page: QWidget, calls: Calls
) -> None:
    dialog = open_labels(qtbot, desk, page)
    with qtbot.waitSignal(dialog.documentShown, timeout=10000):
        dialog.choose("ours", "a4")
    assert calls.made[-1] == ("ours", IDS, "a4")
    with qtbot.waitSignal(dialog.documentShown, timeout=10000):
        dialog.source_box.setCurrentIndex(1)
    assert calls.made[-1] == ("operator", IDS, OperatorLayout.PADRAO.value)
    assert dialog.layout_box.currentText() == "The operator's standard label"
    with qtbot.waitSignal(dialog.documentShown, timeout=10000):
        dialog.choose("operator", "LINEAR_100_80")
    assert calls.made[-1] == ("operator", IDS, "LINEAR_100_80")
    # The operator refused one: only the other has a code, and is followed.
    assert dialog.status_label.text() == "2 labels made. 1 object now followed in Tracking."
    assert "OPERATOR LINEAR_100_80" in dialog.viewer.text_of_page(0)


class FakePrinter(QPrinter):
    """A printer whose name sticks (no printer exists offscreen, and Qt drops unknown names)."""

    made: ClassVar[list[FakePrinter]] = []

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.name = ""
        self.names_given: list[str] = []
        FakePrinter.made.append(self)

    def setPrinterName(self, name: str) -> None:
        self.names_given.append(name)
        self.name = name

    def printerName(self) -> str:
        return self.name


class OfferedPrinters(QPrintDialog):
    """A print dialog class that keeps which printer each of its dialogs offered first."""

    offered: ClassVar[list[str]]


def fake_print_dialog(output: Path, choose: str | None) -> type[OfferedPrinters]:
    """A print dialog that the clerk accepts at once, picking ``choose`` (a printer) when given."""

    class FakePrintDialog(OfferedPrinters):
        offered: ClassVar[list[str]] = []

        def exec(self) -> int:
            printer = self.printer()
            FakePrintDialog.offered.append(printer.printerName())
            if choose is not None:
                printer.setPrinterName(choose)
            printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
            printer.setOutputFileName(str(output))
            return QDialog.DialogCode.Accepted.value

    return FakePrintDialog


def test_print_remembers_the_printer_and_the_layout(
    qtbot: QtBot,
    desk: Desk[Any],
    page: QWidget,
    calls: Calls,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    FakePrinter.made.clear()
    monkeypatch.setattr(labels_preview, "QPrinter", FakePrinter)
    first = fake_print_dialog(tmp_path / "first.pdf", "Zebra ZD220")
    monkeypatch.setattr(labels_preview, "QPrintDialog", first)
    dialog = open_labels(qtbot, desk, page)
    with qtbot.waitSignal(dialog.documentShown, timeout=10000):
        dialog.choose("ours", "100x80")
    with qtbot.waitSignal(dialog.printed) as printed:
        dialog.print_button.click()
    assert printed.args == [2]
    assert (tmp_path / "first.pdf").stat().st_size > 0
    assert first.offered == [""]  # nothing remembered yet: the system's default printer
    # The printer is offered at the labels' own page size (100 x 150 mm, in points).
    size = FakePrinter.made[-1].pageLayout().pageSize().size(QPageSize.Unit.Point)
    assert (round(size.width()), round(size.height())) == (283, 425)
    saved = desk.service.session.settings.shipping
    assert saved == ShippingSettings(layout="100x80", printer="Zebra ZD220", label_source="ours")
    dialog.close()

    second = fake_print_dialog(tmp_path / "second.pdf", None)
    monkeypatch.setattr(labels_preview, "QPrintDialog", second)
    again = open_labels(qtbot, desk, page)
    assert calls.made[-1] == ("ours", IDS, "100x80")  # made at once in the remembered layout
    assert again.layout_box.currentText() == "Thermal label 100 × 80 mm (compact)"
    with qtbot.waitSignal(again.printed):
        again.viewer.print_action.trigger()  # the viewer's own Print goes the same way
    assert second.offered == ["Zebra ZD220"]
    again.close()


def test_cancelling_the_print_dialog_prints_and_remembers_nothing(
    qtbot: QtBot, desk: Desk[Any], page: QWidget, calls: Calls, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Refused(QPrintDialog):
        def exec(self) -> int:
            return QDialog.DialogCode.Rejected.value

    monkeypatch.setattr(labels_preview, "QPrintDialog", Refused)
    dialog = open_labels(qtbot, desk, page)
    assert dialog.print_document() == 0
    assert desk.service.session.saved == []
    dialog.close()


def test_save_writes_the_pdf_where_the_clerk_said(
    qtbot: QtBot,
    desk: Desk[Any],
    page: QWidget,
    calls: Calls,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    target = tmp_path / "etiquetas.pdf"
    asked: list[str] = []

    def ask(parent: QWidget, title: str, name: str, types: object) -> Path:
        asked.append(name)
        return target

    monkeypatch.setattr(labels_preview, "ask_save_path", ask)
    dialog = open_labels(qtbot, desk, page)
    with qtbot.waitSignal(dialog.saved):
        dialog.save_button.click()
    assert asked == ["labels"]
    assert target.read_bytes() == calls.pdfs[-1]
    assert desk.service.session.settings.shipping.layout == "100x150"
    assert str(target) in dialog.status_label.text()
    dialog.close()


def test_the_operators_refusal_is_shown_in_its_words_and_code(
    qtbot: QtBot, desk: Desk[Any], page: QWidget, calls: Calls, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(task: TaskControl, service: object, ids: Sequence[str], layout: object) -> IssuedLabels:
        raise BadRequestError(["PPN-295: Pré-postagem cancelada não pode gerar rótulo"], status=400)

    monkeypatch.setattr(labels_dialog, "our_labels", refused)
    dialog = LabelsDialog(desk, IDS, page)
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitSignal(dialog.finishedMaking, timeout=10000):
        dialog.start()
    shown = [bar.text() for bar in dialog.messages.messages()]
    assert shown == [
        "The document could not be made: PPN-295: Pré-postagem cancelada não pode gerar rótulo (HTTP 400)"
    ]
    assert dialog.viewer.page_count == 0
    assert not dialog.print_button.isEnabled()
    assert not dialog.save_button.isEnabled()
    dialog.close()


def test_a_big_batch_shows_progress_and_cancel_stops_it(
    qtbot: QtBot, desk: Desk[Any], page: QWidget, calls: Calls, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = threading.Event()

    def slow(task: TaskControl, service: object, ids: Sequence[str], layout: object) -> IssuedLabels:
        for done in range(1000):
            task.progress(done, 1000, f"Label {done} of 1,000")
            started.set()
            task.token.wait(0.01)
            task.raise_if_cancelled()
        return IssuedLabels(label_pdf(["never"]), (), 0)

    monkeypatch.setattr(labels_dialog, "our_labels", slow)
    monkeypatch.setattr(labels_preview, "PROGRESS_DELAY_MS", 0)
    dialog = LabelsDialog(desk, IDS * 500, page)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.start()
    qtbot.waitUntil(
        lambda: dialog.cancel_button.isVisible() and dialog.progress_bar.value() > 0, timeout=10000
    )
    with qtbot.waitSignal(dialog.finishedMaking, timeout=10000) as finished:
        dialog.cancel_button.click()
    assert finished.args == [True]
    assert not dialog.cancel_button.isVisible()
    assert not dialog.progress_bar.isVisible()
    assert dialog.status_label.text() == "Stopped: nothing was made."
    assert dialog.viewer.page_count == 0
    dialog.close()


def test_nothing_selected_says_what_to_do(qtbot: QtBot, desk: Desk[Any], page: QWidget, calls: Calls) -> None:
    actions = LabelsActions(desk, list, page)
    assert actions.open_labels() is None
    assert actions.open_declaration() is None
    assert [bar.text() for bar in desk.messages.messages()] == [
        "Select the pre-postings whose content declaration you want."
    ]
    assert calls.made == []
    assert actions.dialogs() == []


def test_declaration_of_the_selected(qtbot: QtBot, desk: Desk[Any], page: QWidget, calls: Calls) -> None:
    actions = LabelsActions(desk, lambda: list(IDS), page)
    dialog = actions.open_declaration()
    assert isinstance(dialog, DocumentPreview)
    qtbot.waitUntil(lambda: dialog.viewer.page_count == 2, timeout=10000)
    assert calls.made == [("declaration", IDS, "")]
    assert "DECLARATION" in dialog.viewer.text_of_page(0)
    assert dialog.windowTitle() == "Content declaration"
    dialog.close()
    qtbot.waitUntil(lambda: actions.dialogs() == [])


def test_posting_list_of_the_selected_or_of_today(
    qtbot: QtBot, desk: Desk[Any], page: QWidget, calls: Calls
) -> None:
    selected: list[str] = ["PR1"]
    actions = LabelsActions(desk, lambda: list(selected), page)
    dialog = actions.open_posting_list()
    qtbot.waitUntil(lambda: dialog.viewer.page_count == 1, timeout=10000)
    assert calls.made == [("posting list", ["PR1"], "en")]  # the interface's language
    dialog.close()

    service = desk.service
    now = service.clock
    service.shelf.rows = [
        Shipped("PR-today-late", now),
        Shipped("PR-yesterday", datetime(2026, 11, 24, 15, 0, tzinfo=UTC)),
        Shipped("PR-today-early", now.replace(hour=11)),
        Shipped("PR-not-labelled", None, PrepostingStatus.PREPOSTED),
    ]
    selected.clear()
    dialog = actions.open_posting_list()
    qtbot.waitUntil(lambda: dialog.viewer.page_count == 1, timeout=10000)
    assert calls.made[-1] == ("posting list", ["PR-today-early", "PR-today-late"], "en")
    assert dialog.windowTitle() == "Posting list of today's labelled objects"
    dialog.close()

    service.shelf.rows = []
    dialog = actions.open_posting_list()
    qtbot.waitUntil(lambda: dialog.status_label.text() != "Making the document…", timeout=10000)
    assert dialog.status_label.text() == "There is nothing to put in this document."
    assert len(calls.made) == 2  # nothing asked of the PDF maker
    dialog.close()


def test_labelled_on_keeps_the_days_labelled_oldest_first() -> None:
    day = datetime(2026, 11, 26, 12, 0).astimezone()
    shipments: list[Any] = [
        Shipped("B", day.replace(hour=14)),
        Shipped("A", day.replace(hour=9)),
        Shipped("C", None),
        Shipped("D", day.replace(day=25)),
    ]
    assert [shipment.prepost_id for shipment in labelled_on(shipments, day.date())] == ["A", "B"]


def test_the_days_list_keeps_a_posted_object_and_leaves_a_cancelled_one_out() -> None:
    """The tab and ``ship posting-list`` say the same day's list."""
    day = datetime(2026, 11, 26, 12, 0).astimezone()
    shipments: list[Any] = [
        Shipped("posted", day.replace(hour=10), PrepostingStatus.POSTED),
        Shipped("cancelled", day.replace(hour=11), PrepostingStatus.CANCELLED),
        Shipped("expired", day.replace(hour=8), PrepostingStatus.EXPIRED),
        Shipped("reversed", day.replace(hour=9), PrepostingStatus.REVERSED),
    ]
    assert [shipment.prepost_id for shipment in labelled_on(shipments, day.date())] == ["posted"]


def test_settings_keep_what_was_remembered(tmp_path: Path) -> None:
    settings = Settings().updated(
        shipping=ShippingSettings(layout="a4", printer="Zebra", label_source="operator")
    )
    again = Settings.model_validate_json(settings.model_dump_json())
    assert again.shipping == ShippingSettings(layout="a4", printer="Zebra", label_source="operator")
    assert Settings().shipping == ShippingSettings(layout="100x150", printer="", label_source="ours")
    with pytest.raises(ValueError, match="layout"):
        ShippingSettings.model_validate({"layout": "a5"})
