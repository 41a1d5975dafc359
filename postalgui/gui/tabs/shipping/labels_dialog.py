"""`LabelsDialog`: the labels of the selected pre-postings, previewed, printed or saved.

The clerk picks who makes them (PostalGUI's own PDF, or the operator's, asked online)
and the layout in words; the labels are made again at once for what was picked, and the
first page is on screen as soon as the PDF is made. Print… offers the printer the labels
went to last, at the labels' page size; after a print the printer, the source and the
layout are remembered (`ShippingSettings`). Making the labels issues the object codes
still missing, and the service puts the labelled objects on the tracking watchlist:
the dialog says how many are now followed (`IssuedLabels.followed`, both sources).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Signal, Slot
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from postalgui.api.models.prepostings import OperatorLayout
from postalgui.documents.reports.labels import Layout
from postalgui.gui.messages import arg
from postalgui.gui.tabs.shipping.labels_preview import MESSAGE_KEY, DocumentPreview
from postalgui.gui.tabs.shipping.labels_words import layout_words, source_word
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.shipping.printing import our_labels
from postalgui.services.shipping.settings import LabelSource, ShippingSettings
from postalgui.services.shipping.use_cases import IssuedLabels, issue_labels

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.shipping.service import ShippingService

__all__ = ["LabelsDialog"]

SOURCES: tuple[LabelSource, ...] = ("ours", "operator")


class LabelsDialog(DocumentPreview):
    """Source and layout over the preview; `start` makes the labels.

    Signals: ``labelsMade(int)`` with how many objects Tracking follows since these labels
    were made (`IssuedLabels.followed`: none when every one was followed before).
    """

    labelsMade = Signal(int)

    def __init__(
        self, desk: Desk[ShippingService], ids: Sequence[str], parent: QWidget | None = None
    ) -> None:
        title = QCoreApplication.translate("LabelsDialog", "Labels")
        stem = QCoreApplication.translate("LabelsDialog", "labels")
        super().__init__(desk, title, stem, parent)
        self.setObjectName("shippingLabelsDialog")
        self.viewer.set_zoom_mode(QPdfView.ZoomMode.FitInView)  # a label is checked whole
        self.ids = list(ids)
        self._followed = 0
        self.setWindowTitle(self.tr("Labels of %Ln pre-posting(s)", "", len(self.ids)))
        settings = self.shipping_settings()
        self.source_box = QComboBox(self)
        self.source_box.setObjectName("labelsSourceBox")
        for source in SOURCES:
            self.source_box.addItem(source_word(source), source)
        self.source_box.setCurrentIndex(SOURCES.index(settings.label_source))
        self.layout_box = QComboBox(self)
        self.layout_box.setObjectName("labelsLayoutBox")
        # The operator's layouts have longer names than ours: the box follows what it holds.
        self.layout_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._fill_layouts(settings)
        source_label = QLabel(self.tr("&Labels:"), self)
        source_label.setBuddy(self.source_box)
        layout_label = QLabel(self.tr("La&yout:"), self)
        layout_label.setBuddy(self.layout_box)
        for widget in (source_label, self.source_box, layout_label, self.layout_box):
            self.controls.addWidget(widget)
        self.controls.addStretch(1)
        self.source_box.currentIndexChanged.connect(self._on_source_box_current_index_changed)
        self.layout_box.currentIndexChanged.connect(self._on_layout_box_current_index_changed)

    # --- what is chosen --------------------------------------------------------------------------

    def shipping_settings(self) -> ShippingSettings:
        return self.desk.service.settings

    def source(self) -> LabelSource:
        return SOURCES[max(self.source_box.currentIndex(), 0)]

    def layout_value(self) -> str:
        """The chosen layout's value: ours (``"100x150"``) or the operator's (``"PADRAO"``)."""
        return str(self.layout_box.currentData())

    def choose(self, source: LabelSource, layout: str) -> None:
        """Pick a source and a layout (by value) as the clerk would; the labels are made again."""
        self.source_box.setCurrentIndex(SOURCES.index(source))
        index = self.layout_box.findData(layout)
        if index >= 0:
            self.layout_box.setCurrentIndex(index)

    def _fill_layouts(self, settings: ShippingSettings) -> None:
        source = self.source()
        remembered = settings.operator_layout if source == "operator" else settings.layout
        self.layout_box.blockSignals(True)
        self.layout_box.clear()
        for value, words in layout_words(source):
            self.layout_box.addItem(words, value)
        self.layout_box.setCurrentIndex(max(self.layout_box.findData(remembered), 0))
        self.layout_box.blockSignals(False)

    # --- making ----------------------------------------------------------------------------------

    def start(self) -> TaskHandle:
        """Make the labels of the chosen source and layout (a task; the preview follows).
        Both sources answer `IssuedLabels`: the PDF and how many objects are now followed."""
        value = self.layout_value()
        if self.source() == "operator":
            return self.make_with(
                issue_labels,
                self.ids,
                OperatorLayout(value),
                name="operator labels",
                on_result=self._on_issued,
            )
        return self.make_with(our_labels, self.ids, Layout(value), name="labels", on_result=self._on_issued)

    def show_pdf(self, data: bytes) -> bool:
        shown = super().show_pdf(data)
        if shown:
            self.labelsMade.emit(self._followed)
        return shown

    def made(self, path: Path) -> str:
        said = [self.tr("%Ln label(s) made.", "", len(self.ids))]
        if self._followed:
            said.append(self.tr("%Ln object(s) now followed in Tracking.", "", self._followed))
        return " ".join(said)

    # --- remembering -----------------------------------------------------------------------------

    def printer_name(self) -> str:
        return self.shipping_settings().printer

    def remember_printer(self, printer: QPrinter) -> None:
        self.remember(printer=printer.printerName())

    def save_document(self, target: Path | None = None) -> Path | None:
        saved = super().save_document(target)
        if saved is not None:
            self.remember()
        return saved

    def remember(self, *, printer: str | None = None) -> None:
        """Keep the source and layout in force (and the printer, after a print)."""
        settings = self.shipping_settings()
        changes: dict[str, str] = {"label_source": self.source()}
        changes["operator_layout" if self.source() == "operator" else "layout"] = self.layout_value()
        if printer is not None:
            changes["printer"] = printer
        try:
            self.desk.service.remember(settings.updated(**changes))
        except OSError as error:
            self.messages.show_message(
                arg(
                    self.tr("The printer and layout could not be remembered: %1"),
                    error.strerror or str(error),
                ),
                MessageKind.WARNING,
                key=MESSAGE_KEY,
            )

    # --- slots -----------------------------------------------------------------------------------

    @Slot(object)
    def _on_issued(self, issued: IssuedLabels) -> None:
        """The labels made (either source): their PDF, and how many objects Tracking now follows."""
        self._followed = issued.followed
        self.show_pdf(issued.pdf)

    @Slot(int)
    def _on_source_box_current_index_changed(self, _index: int) -> None:
        self._fill_layouts(self.shipping_settings())
        self.start()

    @Slot(int)
    def _on_layout_box_current_index_changed(self, _index: int) -> None:
        self.start()
