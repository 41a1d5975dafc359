"""How the composition root wires each feature: its ports (``services/<feature>/ports.py``)
from the root's parts, and its service from those ports only.

`AppContext` keeps one cached property per feature and builds it here, so the root holds
the long-lived parts (settings, credentials, backend, office database) and this module the
wiring. Each feature's service and ports load with its first use, as before the split: the
Prices feature's ports are the only ones imported with this module (the first paint uses
them). The root is seen through `Root`, so this module does not import it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Protocol

from postalgui.api.scopes import LOGIN_KEY
from postalgui.services.price.ports import PricePorts
from postalgui.services.session import Session

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.api.client import OperatorClient
    from postalgui.api.tokens import TokenManager
    from postalgui.services.attendance.service import AttendanceService
    from postalgui.services.branches.service import BranchService
    from postalgui.services.branches.store import BranchCache
    from postalgui.services.claims.service import ClaimsService
    from postalgui.services.contracts.service import ContractService
    from postalgui.services.invoices.jobs import JobStore
    from postalgui.services.invoices.service import InvoiceService
    from postalgui.services.office.service import OfficeService
    from postalgui.services.overview.service import OverviewService
    from postalgui.services.ports import Follow, NewObject
    from postalgui.services.price.history import QuoteHistory
    from postalgui.services.price.preset_store import PresetStore
    from postalgui.services.price.price_settings import PriceSettings
    from postalgui.services.price.price_view import PriceChoices
    from postalgui.services.price.service import PriceService
    from postalgui.services.settings import Settings
    from postalgui.services.shipping.service import ShippingService
    from postalgui.services.tracking.offers import TrackingOffer
    from postalgui.services.tracking.service import TrackingService

__all__ = [
    "Root",
    "build_attendance",
    "build_branches",
    "build_claims",
    "build_contracts",
    "build_invoices",
    "build_office_service",
    "build_overview",
    "build_price",
    "build_shipping",
    "build_tracking",
    "build_tracking_offer",
]


class Root(Session, Protocol):
    """The composition root as the wiring sees it (`AppContext` is one): the connection's
    view (`Session`), the feature stores it keeps, and the features one feature's ports name."""

    @property
    def login(self) -> str | None: ...

    @property
    def following(self) -> Follow: ...

    @property
    def tracking_offer(self) -> TrackingOffer: ...

    @property
    def tracking(self) -> TrackingService: ...

    @property
    def invoices(self) -> InvoiceService: ...

    @property
    def claims(self) -> ClaimsService: ...

    @property
    def branches(self) -> BranchService: ...

    def quote_history(self) -> QuoteHistory: ...

    def preset_store(self) -> PresetStore: ...

    def job_store(self) -> JobStore: ...

    def branch_cache(self) -> BranchCache: ...


def _settings(root: Root) -> Callable[[], Settings]:
    """The settings port: read on each use, since `apply` replaces them."""
    return lambda: root.settings


def _operator(root: Root) -> Callable[[], OperatorClient]:
    """The client port: the backend's, built on first use (blocks: tasks only)."""
    return lambda: root.backend().client


def _tokens(root: Root) -> Callable[[], TokenManager]:
    """The tokens port: the backend's token manager (blocks: tasks only)."""
    return lambda: root.backend().tokens


def _keep(root: Root, **sections: Any) -> None:
    """Keep a feature's settings ``sections`` in the file (`save_preferences`)."""
    root.save_preferences(root.saved_settings.updated(**sections))


def build_price(root: Root, form_prices: Callable[[], PriceChoices]) -> PriceService:
    """``form_prices``: the Prices section as the quote form reads it (a first look until the
    settings file is read in full)."""
    # lazy: the command line starts without it
    from postalgui.services.price.service import PriceService

    def save_prices(prices: PriceSettings) -> None:
        root.save_preferences(root.saved_settings.updated(prices=prices))

    return PriceService(
        PricePorts(
            operator=_operator(root),
            tokens=_tokens(root),
            settings=_settings(root),
            form_prices=form_prices,
            save_prices=save_prices,
            history=root.quote_history,
            office=root.office,
            presets=root.preset_store,
        )
    )


def build_invoices(root: Root) -> InvoiceService:
    # lazy: not needed for the first paint (nor its ports)
    from postalgui.services.invoices.ports import InvoicePorts
    from postalgui.services.invoices.service import InvoiceService

    return InvoiceService(
        InvoicePorts(
            operator=_operator(root),
            contract_scope=root.contract_scope,
            settings=_settings(root),
            jobs=root.job_store,
            office=root.office,
            cache_dir=root.paths.cache_dir,
            follow=root.following,
        )
    )


def build_contracts(root: Root) -> ContractService:
    # lazy: not needed for the first paint (nor its ports)
    from postalgui.services.contracts.ports import ContractPorts
    from postalgui.services.contracts.service import ContractService

    return ContractService(
        ContractPorts(
            operator=_operator(root),
            tokens=_tokens(root),
            settings=_settings(root),
            saved_settings=lambda: root.saved_settings,
            apply=root.apply,
        )
    )


def build_attendance(root: Root) -> AttendanceService:
    # lazy: not needed for the first paint (nor its ports)
    from postalgui.services.attendance.ports import AttendancePorts
    from postalgui.services.attendance.service import AttendanceService

    return AttendanceService(
        AttendancePorts(
            settings=_settings(root),
            overrides=root.overrides,
            credentials=root.credentials,
            sandbox_url=root.sandbox_url,
            tokens=_tokens(root),
            data_dir=root.paths.data_dir,
            office=root.office,
        )
    )


def build_branches(root: Root) -> BranchService:
    # lazy: not needed for the first paint (nor its ports)
    from postalgui.services.branches.ports import BranchPorts
    from postalgui.services.branches.service import BranchService

    return BranchService(
        BranchPorts(
            operator=_operator(root),
            contract_scope=root.contract_scope,
            settings=_settings(root),
            cache=root.branch_cache,
            cache_dir=root.paths.cache_dir,
        )
    )


def build_office_service(root: Root) -> OfficeService:
    # lazy: SQLAlchemy, for the dialog only
    from postalgui.services.office.ports import OfficePorts
    from postalgui.services.office.service import OfficeService

    return OfficeService(OfficePorts(root.paths.data_dir, author=lambda: root.login or ""))


def build_tracking(root: Root) -> TrackingService:
    # lazy: not needed for the first paint
    from postalgui.services.tracking.ports import TrackingPorts
    from postalgui.services.tracking.service import TrackingService

    return TrackingService(
        TrackingPorts(
            operator=_operator(root),
            scope=root.default_scope,
            settings=lambda: root.settings.tracking,
            office=root.office,
            branches=lambda: root.branches,
        )
    )


def build_tracking_offer(root: Root) -> TrackingOffer:
    # lazy: not needed for the first paint
    from postalgui.services.tracking.offers import TrackingOffer

    return TrackingOffer(lambda: root.tracking)


def build_claims(root: Root) -> ClaimsService:
    # lazy: not needed for the first paint
    from postalgui.services.claims.ports import ClaimsPorts
    from postalgui.services.claims.recipients import ShipmentRecipients
    from postalgui.services.claims.service import ClaimsService
    from postalgui.services.tracking.imports import objects_from_invoice

    def recipients(codes: Sequence[str]) -> Mapping[str, str]:
        # The claims feature reads the pre-postings' recipients through this port only.
        return ShipmentRecipients(root.office())(codes)

    def invoice_objects(
        task: TaskControl, number: str, document_type: str, *, interval_s: float | None = None
    ) -> Sequence[NewObject]:
        return objects_from_invoice(
            task, root.tracking, root.invoices, number, document_type, interval_s=interval_s
        )

    return ClaimsService(
        ClaimsPorts(
            operator=_operator(root),
            scope=root.default_scope,
            profile=lambda: root.profile,
            settings=lambda: root.settings.claims,
            saved=lambda: root.saved_settings.claims,
            keep=lambda claims: _keep(root, claims=claims),
            office=root.office,
            tracked=root.tracking_offer,
            clock=lambda: root.tracking.now(),
            invoice_objects=invoice_objects,
            recipients=recipients,
            proofs=root.tracking_offer,
        )
    )


def build_shipping(root: Root) -> ShippingService:
    # lazy: not needed for the first paint
    from postalgui.services.shipping.ports import ShippingPorts
    from postalgui.services.shipping.service import ShippingService

    return ShippingService(
        ShippingPorts(
            operator=_operator(root),
            scope=root.default_scope,
            profile=lambda: root.profile,
            settings=lambda: root.settings.shipping,
            remember=lambda shipping: _keep(root, shipping=shipping),
            login=lambda: root.credentials.get(root.env_key, LOGIN_KEY),
            env_key=lambda: root.env_key,
            data_dir=lambda: root.paths.data_dir,
            office=root.office,
            follow=root.following,
            whereabouts=root.tracking_offer,
        )
    )


def build_overview(root: Root) -> OverviewService:
    # lazy: not needed for the first paint (nor its ports)
    from postalgui.services.claims.offers import ClaimsOffer
    from postalgui.services.overview.ports import OverviewPorts
    from postalgui.services.overview.service import OverviewService
    from postalgui.services.price.products import product_names

    claims = ClaimsOffer(lambda: root.claims)

    def utc_offset_minutes() -> int:
        offset = root.tracking.now().astimezone().utcoffset() or timedelta(0)
        return int(offset.total_seconds() // 60)

    return OverviewService(
        OverviewPorts(
            office=root.office,
            environment=lambda: root.office().env_key,
            today=lambda: root.tracking.today(),
            utc_offset_minutes=utc_offset_minutes,
            claims_money=lambda: claims,
            service_names=lambda: product_names(root.settings.prices.product_names),
        )
    )
