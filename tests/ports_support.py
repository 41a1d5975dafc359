"""The tracking, claims and shipping services' ports built by hand for tests: the office
database and settings given, anything a test does not give raises when used."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path

from postalgui.api.client import OperatorClient
from postalgui.services.claims.ports import ClaimsPorts, InvoiceObjects, TrackedObjects
from postalgui.services.claims.recipients import Recipients, no_recipients
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.overview.ports import OverviewPorts
from postalgui.services.ports import ClaimsMoney, Follow
from postalgui.services.price.products import product_names
from postalgui.services.settings import Profile, Settings
from postalgui.services.shipping.ports import ShippingPorts
from postalgui.services.tracking.ports import TrackingPorts
from tests.feature_ports import unwired

__all__ = ["claims_ports", "shipping_ports", "tracking_ports"]


def _operator(client: OperatorClient | None) -> Callable[[], OperatorClient]:
    return unwired("operator client") if client is None else lambda: client


def tracking_ports(
    office: OfficeDatabase, settings: Settings | None = None, *, operator: OperatorClient | None = None
) -> TrackingPorts:
    settings = settings or Settings()
    return TrackingPorts(
        operator=_operator(operator),
        scope=lambda: settings.profile().default_scope(),
        settings=lambda: settings.tracking,
        office=lambda: office,
    )


def claims_ports(
    office: OfficeDatabase,
    tracked: TrackedObjects,
    settings: Settings | None = None,
    *,
    profile: Profile | None = None,
    clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    operator: OperatorClient | None = None,
    invoice_objects: InvoiceObjects | None = None,
    recipients: Recipients = no_recipients,
) -> ClaimsPorts:
    settings = settings or Settings()
    profile = profile or settings.profile()
    return ClaimsPorts(
        operator=_operator(operator),
        scope=profile.default_scope,
        profile=lambda: profile,
        settings=lambda: settings.claims,
        saved=lambda: settings.claims,
        keep=unwired("settings file"),
        office=lambda: office,
        tracked=tracked,
        clock=clock,
        invoice_objects=invoice_objects,
        recipients=recipients,
    )


def shipping_ports(
    office: OfficeDatabase | None = None,
    settings: Settings | None = None,
    *,
    follow: Follow | None = None,
    login: str | None = "clerk.a",
    data_dir: Path | None = None,
    operator: OperatorClient | None = None,
) -> ShippingPorts:
    """Remembered settings are kept in ``settings`` (a new object each time)."""
    kept = [settings or Settings()]
    return ShippingPorts(
        operator=_operator(operator),
        scope=lambda: kept[-1].profile().default_scope(),
        profile=lambda: kept[-1].profile(),
        settings=lambda: kept[-1].shipping,
        remember=lambda shipping: kept.append(kept[-1].updated(shipping=shipping)),
        login=lambda: login,
        env_key=lambda: kept[-1].env_key,
        data_dir=unwired("data folder") if data_dir is None else lambda: data_dir,
        office=None if office is None else lambda: office,
        follow=follow,
    )


def overview_ports(
    office: OfficeDatabase,
    today: date,
    *,
    offset_minutes: int = -180,
    claims_money: ClaimsMoney | None = None,
) -> OverviewPorts:
    """The Overview of ``office``'s environment on ``today``, in Brasília by default."""
    return OverviewPorts(
        office=lambda: office,
        environment=lambda: office.env_key,
        today=lambda: today,
        utc_offset_minutes=lambda: offset_minutes,
        claims_money=lambda: claims_money,
        service_names=lambda: product_names({}),
    )
