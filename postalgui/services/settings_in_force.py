"""`SettingsInForce`: the session's settings, the file read in full on first use and a
first look (`first_look`) before that.

The window's first paint reads only what the first look holds; whatever else asks for the
settings (a task, the token check, the window one event-loop turn after its first paint)
reads the file in full, once, on whichever thread asks first: pydantic and the settings'
models load then, not on the way to the first paint (issue 40).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from postalgui.api.environments import Environment
from postalgui.services.first_look import FirstLook, first_look

if TYPE_CHECKING:
    from postalgui.services.overrides import Overrides
    from postalgui.services.price.price_view import PriceChoices
    from postalgui.services.settings import Settings, SettingsStore

__all__ = ["SettingsInForce"]


class _Read(NamedTuple):
    """The file read in full: its store, what it holds, that with the overrides."""

    store: SettingsStore
    saved: Settings
    current: Settings


class SettingsInForce:
    """The settings file as saved and with the overrides in force; read in full on first use.

    ``look_first``: until something asks for the whole settings, answer the first paint's
    questions from a first look at the file (when it has one to give; else read in full now).
    """

    def __init__(self, path: Path, overrides: Overrides, *, look_first: bool = False) -> None:
        self.path = path
        self.overrides = overrides
        self._lock = threading.Lock()
        self._read: _Read | None = None  # replaced whole: read without the lock
        self._first: FirstLook | None = None
        if look_first:
            self._first = first_look(path, lambda: self.current.prices, overrides.environment)
        if self._first is None:
            self._load()

    @property
    def loaded(self) -> bool:
        """The file was read in full (its problems, if any, are in `store`)."""
        return self._read is not None

    @property
    def store(self) -> SettingsStore:
        """The file's store, once read in full (so its ``problem`` says what the read found)."""
        return self._load().store

    @property
    def saved(self) -> Settings:
        """The settings file's content, without the overrides."""
        return self._load().saved

    @property
    def current(self) -> Settings:
        """The settings in force: the file's, with the overrides."""
        return self._load().current

    def replace(self, saved: Settings) -> None:
        """New settings were saved (by `store`): these are in force from now on."""
        current = self.overrides.apply(saved)
        with self._lock:
            self._read = _Read(self._load_locked().store, saved, current)

    # --- what the first paint reads: the first look until the file is read in full -------

    @property
    def environment(self) -> Environment:
        first = self._look()
        return first.environment if first is not None else self.current.environment

    @property
    def env_key(self) -> str:
        first = self._look()
        return first.env_key if first is not None else self.current.env_key

    @property
    def delegated(self) -> bool:
        """The profile in force uses a delegated token (no login of its own)."""
        first = self._look()
        return first.delegated if first is not None else self.current.profile().delegated

    @property
    def database_url(self) -> str:
        """The profile's office database URL (``""``: this desk's own file)."""
        first = self._look()
        return first.database_url if first is not None else self.current.profile().database_url

    @property
    def first_tab(self) -> str:
        """The key of the tab the window shows first ("": the first of its list)."""
        first = self._look()
        return first.first_tab if first is not None else self.current.first_tab

    def form_prices(self) -> PriceChoices:
        """The Prices section as the quote form reads it."""
        first = self._look()
        return first.prices if first is not None else self.current.prices

    def _look(self) -> FirstLook | None:
        """The first look while the file is not read in full; None once it is."""
        return None if self._read is not None else self._first

    def _load(self) -> _Read:
        """The file read in full, once (any thread; a second caller waits for the first)."""
        read = self._read
        if read is not None:
            return read
        with self._lock:
            return self._load_locked()

    def _load_locked(self) -> _Read:
        read = self._read
        if read is None:
            # lazy: pydantic and the settings' models, after the first paint (issue 40)
            from postalgui.services.settings import SettingsStore

            store = SettingsStore(self.path)
            saved = store.load()
            read = self._read = _Read(store, saved, self.overrides.apply(saved))
        return read
