"""Labels the office prints itself: the data a label shows, its DataMatrix text, the layouts, the PDF.

`data` holds the values (`LabelParty`, `LabelData`, `Layout`); `datamatrix` the sorting
machines' text (REFERENCE "Labels"); `full` and `compact` draw one label (the 100-wide
SIGEP label, and the 100 x 80 thermal one) with `pen`, `lines` (texts shrunk or wrapped
into their boxes) and `parts` (the texts both write); `render` puts many on pages.
Import from here: ``from postalgui.documents.reports.labels import LabelData, render_labels``.
"""

from postalgui.documents.reports.labels.data import LabelData, LabelParty, Layout
from postalgui.documents.reports.labels.datamatrix import cep_check_digit, datamatrix_text
from postalgui.documents.reports.labels.render import RenderCancelled, render_labels

__all__ = [
    "LabelData",
    "LabelParty",
    "Layout",
    "RenderCancelled",
    "cep_check_digit",
    "datamatrix_text",
    "render_labels",
]
