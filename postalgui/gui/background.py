"""Task functions the window needs that `postalgui.services.connection` lacks.

Plain functions of their inputs and a handle, run by `TaskRunner`; they belong with
`current_token` in the services layer and live here only until they move there.
"""

from __future__ import annotations

from postalgui.services.connection import ConnectionReport
from postalgui.services.context import AppContext
from postalgui.services.tasks import TaskHandle


def renew_token(handle: TaskHandle, context: AppContext) -> ConnectionReport:
    """A new token for the configured scope, whatever the cache holds ("Renew token")."""
    backend = context.backend()
    handle.raise_if_cancelled()
    scope = context.default_scope()
    return ConnectionReport.from_token(backend.tokens.fetch(scope), backend.base_url, scope)
