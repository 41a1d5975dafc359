"""Keeping what the labels dialog remembers (`ShippingSettings`) in the settings file.

Apart from `settings`, which the settings model imports: this needs the `Session`, and
the session's settings import that model (an import circle otherwise).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from postalgui.services.session import Session
    from postalgui.services.shipping.settings import ShippingSettings

__all__ = ["save_shipping_settings"]


def save_shipping_settings(session: Session, shipping: ShippingSettings) -> None:
    """Keep ``shipping`` in the settings file (OSError when it cannot be written); the
    connection stays as it is."""
    session.save_preferences(session.saved_settings.updated(shipping=shipping))
