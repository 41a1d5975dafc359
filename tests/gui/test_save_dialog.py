"""Save dialogs: start in the folder last saved to (kept across runs), type by the name's suffix."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.widgets.saved_file import (
    FOLDERS_FILE,
    ask_save_path,
    csv_type,
    last_folder,
    pdf_type,
    remember_folder,
    table_types,
)


class Dialog:
    """Stands in for `QFileDialog.getSaveFileName`: records the start, answers as told."""

    def __init__(self, answer: str, picked: str = "") -> None:
        self.answer, self.picked = answer, picked
        self.calls: list[tuple[str, str, str]] = []

    def __call__(
        self, _parent: object, _title: str, suggested: str, filters: str, picked: str
    ) -> tuple[str, str]:
        self.calls.append((suggested, filters, picked))
        return self.answer, self.picked or picked


@pytest.fixture
def parent(qtbot: QtBot) -> QWidget:
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


def test_the_folder_last_saved_to_is_where_the_next_dialog_starts(
    parent: QWidget, tmp_path: Path, config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = Dialog(str(tmp_path / "a" / "quotes.xlsx"))
    (tmp_path / "a").mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", first)
    assert ask_save_path(parent, "Export", "quotes", table_types()) == tmp_path / "a" / "quotes.xlsx"
    suggested, filters, picked = first.calls[0]
    assert Path(suggested).name == "quotes.xlsx"
    assert Path(suggested).parent != tmp_path / "a"
    assert filters == "Excel workbook (*.xlsx);;CSV (*.csv)"
    assert picked == "Excel workbook (*.xlsx)"
    assert (config_dir / FOLDERS_FILE).is_file()  # kept beside the settings, for the next run

    second = Dialog("")  # cancelled: nothing remembered
    monkeypatch.setattr(QFileDialog, "getSaveFileName", second)
    assert ask_save_path(parent, "Save PDF as", "invoice", [pdf_type()]) is None
    assert second.calls[0][0] == str(tmp_path / "a" / "invoice.pdf")
    assert last_folder() == tmp_path / "a"


def test_a_folder_gone_since_falls_back_to_documents(tmp_path: Path) -> None:
    remember_folder(tmp_path / "gone")
    assert last_folder() != tmp_path / "gone"
    remember_folder(tmp_path)
    assert last_folder() == tmp_path


@pytest.mark.parametrize(
    ("typed", "picked", "saved"),
    [
        ("lista", "CSV (*.csv)", "lista.csv"),  # no suffix: the type picked
        ("lista", "Excel workbook (*.xlsx)", "lista.xlsx"),
        ("lista.CSV", "Excel workbook (*.xlsx)", "lista.CSV"),  # the name's own suffix wins
        ("lista.xlsx", "CSV (*.csv)", "lista.xlsx"),
        ("lista.txt", "CSV (*.csv)", "lista.txt.csv"),
    ],
)
def test_the_type_follows_the_name_s_suffix_else_the_one_picked(
    parent: QWidget, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, typed: str, picked: str, saved: str
) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", Dialog(str(tmp_path / typed), picked))
    assert ask_save_path(parent, "Export", "lista", table_types()) == tmp_path / saved


def test_csv_alone_is_offered_as_one_type(
    parent: QWidget, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = Dialog(str(tmp_path / "x"))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    assert ask_save_path(parent, "Export", "x", [csv_type()]) == tmp_path / "x.csv"
    assert dialog.calls[0][1] == "CSV (*.csv)"
