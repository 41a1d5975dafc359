"""The PDF viewer's toolbar and actions: pages, zoom, search, print and save, each with
the keys clerks already know (Acrobat's Ctrl+0/1/2, the platform's Find, Print, ...).

Widgets only: the viewer connects what they do. The actions are added to the viewer (the
toolbar's owner) with ``WidgetWithChildrenShortcut``, so each open statement answers its
keys only while it has focus, whether or not the toolbar shows the action.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QLabel, QLineEdit, QSpinBox, QStyle, QToolBar, QWidget

__all__ = ["PdfToolbar"]

_keys = QKeySequence.keyBindings
_Standard = QKeySequence.StandardKey
_Pixmap = QStyle.StandardPixmap
_Theme = QIcon.ThemeIcon


class PdfToolbar(QToolBar):
    """Page thumbnails (shown or not, F4), previous/next page and the page box, zoom out/in
    with the zoom shown, fit width, fit page and 100% (one checked at most), the search box
    with its result count and previous/next result, Print and Save as; First/Last page and
    Find are keys only."""

    def __init__(self, owner: QWidget) -> None:
        super().__init__(self.tr("PDF tools"), owner)
        self._owner = owner
        self.setObjectName("pdfToolbar")
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonFollowStyle)
        self._page_actions()
        self._zoom_actions()
        self._find_actions()
        self._file_actions()
        self._page_box()
        self._zoom_box()
        self._search_box()
        self.addAction(self.print_action)
        self.addAction(self.save_as_action)

    def _action(
        self,
        text: str,
        icon: QIcon.ThemeIcon | None,
        shortcuts: list[QKeySequence],
        fallback: QStyle.StandardPixmap | None = None,
    ) -> QAction:
        action = QAction(text, self._owner)
        themed = QIcon.fromTheme(icon) if icon is not None else QIcon()
        if themed.isNull() and fallback is not None:
            themed = self.style().standardIcon(fallback)
        action.setIcon(themed)
        action.setShortcuts(shortcuts)
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        if shortcuts:
            native = shortcuts[0].toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{text} ({native})")
        self._owner.addAction(action)
        return action

    def _page_actions(self) -> None:
        self.previous_page_action = self._action(
            self.tr("Previous page"), _Theme.GoUp, [QKeySequence(Qt.Key.Key_PageUp)], _Pixmap.SP_ArrowUp
        )
        self.next_page_action = self._action(
            self.tr("Next page"), _Theme.GoDown, [QKeySequence(Qt.Key.Key_PageDown)], _Pixmap.SP_ArrowDown
        )
        self.first_page_action = self._action(
            self.tr("First page"), None, _keys(_Standard.MoveToStartOfDocument)
        )
        self.last_page_action = self._action(self.tr("Last page"), None, _keys(_Standard.MoveToEndOfDocument))

    def _zoom_actions(self) -> None:
        self.zoom_in_action = self._action(
            self.tr("Zoom in"), _Theme.ZoomIn, [*_keys(_Standard.ZoomIn), QKeySequence("Ctrl+=")]
        )
        self.zoom_out_action = self._action(self.tr("Zoom out"), _Theme.ZoomOut, _keys(_Standard.ZoomOut))
        # Without an icon theme the buttons show their text: signs keep the toolbar in one
        # line in Portuguese too ("Diminuir zoom" stays in the tooltip).
        self.zoom_in_action.setIconText("+")
        self.zoom_out_action.setIconText("\N{MINUS SIGN}")
        # Acrobat's keys, which the clerks already know: Ctrl+0 page, Ctrl+1 actual size, Ctrl+2 width.
        self.fit_width_action = self._action(self.tr("Fit width"), None, [QKeySequence("Ctrl+2")])
        self.fit_page_action = self._action(self.tr("Fit page"), _Theme.ZoomFitBest, [QKeySequence("Ctrl+0")])
        self.actual_size_action = self._action(self.tr("100%"), None, [QKeySequence("Ctrl+1")])
        self.zoom_group = QActionGroup(self._owner)
        self.zoom_group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        for action in (self.fit_width_action, self.fit_page_action, self.actual_size_action):
            action.setCheckable(True)
            self.zoom_group.addAction(action)

    def _find_actions(self) -> None:
        self.find_action = self._action(self.tr("Find"), _Theme.EditFind, _keys(_Standard.Find))
        self.find_next_action = self._action(
            self.tr("Next result"), _Theme.GoNext, _keys(_Standard.FindNext), _Pixmap.SP_ArrowForward
        )
        self.find_previous_action = self._action(
            self.tr("Previous result"), _Theme.GoPrevious, _keys(_Standard.FindPrevious), _Pixmap.SP_ArrowBack
        )

    def _file_actions(self) -> None:
        self.print_action = self._action(self.tr("Print…"), _Theme.DocumentPrint, _keys(_Standard.Print))
        # Not StandardKey.SaveAs: it has no binding on Windows.
        self.save_as_action = self._action(
            self.tr("Save as…"),
            _Theme.DocumentSaveAs,
            [QKeySequence("Ctrl+Shift+S")],
            _Pixmap.SP_DialogSaveButton,
        )

    def _page_box(self) -> None:
        self.thumbnails_action = self._action(
            self.tr("Page thumbnails"), None, [QKeySequence(Qt.Key.Key_F4)], _Pixmap.SP_FileDialogListView
        )
        self.thumbnails_action.setCheckable(True)
        self.thumbnails_action.setChecked(True)
        self.addAction(self.thumbnails_action)
        self.addAction(self.previous_page_action)
        self.addAction(self.next_page_action)
        self.page_spin = QSpinBox(self)
        self.page_spin.setObjectName("pdfPage")
        self.page_spin.setKeyboardTracking(False)  # typing "12" must not visit page 1 first
        self.page_spin.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.NoButtons)
        self.page_spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.page_spin.setAccessibleName(self.tr("Page"))
        self.addWidget(self.page_spin)
        self.addSeparator()

    def _zoom_box(self) -> None:
        self.addAction(self.zoom_out_action)
        self.zoom_label = QLabel(self)
        self.zoom_label.setObjectName("pdfZoom")
        self.zoom_label.setMinimumWidth(self.zoom_label.fontMetrics().horizontalAdvance("8888%"))
        self.zoom_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.addWidget(self.zoom_label)
        self.addAction(self.zoom_in_action)
        self.addAction(self.fit_width_action)
        self.addAction(self.fit_page_action)
        self.addAction(self.actual_size_action)
        self.addSeparator()

    def _search_box(self) -> None:
        self.search_edit = QLineEdit(self)
        self.search_edit.setObjectName("pdfSearch")
        self.search_edit.setPlaceholderText(self.tr("Find in document"))
        self.search_edit.setAccessibleName(self.tr("Find in document"))
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setMaximumWidth(self.search_edit.fontMetrics().horizontalAdvance("M" * 18))
        self.addWidget(self.search_edit)
        self.search_label = QLabel(self)
        self.search_label.setObjectName("pdfSearchResults")
        self.addWidget(self.search_label)
        self.addAction(self.find_previous_action)
        self.addAction(self.find_next_action)
        self.addSeparator()
