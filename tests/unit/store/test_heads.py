"""Each store's `HEAD` is its migrations folder's newest revision: a store that knew an
older head would run Alembic on every open, one that named an unknown head never migrate."""

from __future__ import annotations

import pytest
from alembic.script import ScriptDirectory

from postalgui.services.branches.store import BranchCache
from postalgui.store.office import OfficeStore


@pytest.mark.parametrize("store", [OfficeStore, BranchCache])
def test_head_is_the_newest_revision(store: type[OfficeStore]) -> None:
    scripts = ScriptDirectory(str(store.MIGRATIONS))
    assert scripts.get_current_head() == store.HEAD
