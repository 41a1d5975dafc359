"""Deterministic demo invoices of the demo company, their analytic items and totals.

Everything is computed from the sandbox clock's month and fixed string seeds, so the
same sandbox date always gives the same invoices, items and divergences; nothing is
stored. Wire field names appear only in ``Invoice.record()`` and ``divergences()``.

Which invoices exist: those closed in the ``HISTORY_MONTHS`` = 24 months before the
current one (operator time zone). Special months recur every 12 months, keyed on the
month's index since 2000-01 modulo 12 (``MAIN_EVENTS``, ``SECOND_EVENTS``), so any
12-month window (the app's default period) holds each of them exactly once, the
24-month history twice, and an invoice number keeps its content while the window
slides (only statuses age: open, then paid). Per year:
    Contract 9912345678 (DR 72, cost centre 1001), R$ 8.000-45.000 a month, seasonal
    (November and December peak): one RE a month, except one month is R4 (migrated
    from the legacy system) and one RT (estimate). Special months: one RE is
    ``Estornada`` and re-issued as a second RE (96 % of it); one RE carries charges
    (ENCARGOS 187,35) and a credit (CRÉDITOS 250,00); extra invoices: an RZ (zero), an
    RA instalment plan (items 001, 002, 003 of one number, due a month apart, R$ 9.000
    in all), an R6 (2.450,00), an R8 (5.800,00) and an R3 (supplier invoice for
    packaging material).
    Contract 9912345679 (DR 74, cost centre 2001), R$ 800-6.000 a month: one RE a
    month; one month ``Estornada`` and re-issued; a month whose services fall below the
    minimum quota of R$ 1.000,00 is topped up by a financial complement (the QUOTA
    month always does: services 800,40 + complement 199,60); one month uses a
    remaining credit of 120,00.
    Status: the last ``OPEN_MONTHS`` (2) months are ``Em aberto`` (the older one
    overdue), earlier ones ``Paga``; RA instalments are ``Paga`` once their due date is
    past; RZ is ``Paga``. Other contracts (cancelled, in development, foreign) have none.

Dates: ``dataFechamento`` is the last day of the month, ``vencimento`` 20 days later;
the list's date filter applies to ``dataFechamento``. The preview (``preview_invoice``)
is the current, still open month from its first day to today.

Invoice number: ``40_000_000 + months since 2000-01 * 100 + contract slot * 10 + seq``
(8 digits, stable for a month whatever the sandbox date).

Arithmetic, to the cent (``totals_rows``): the rows of TOTALIZACAO FATURA add up to
the invoice total, deductions written negative::

    valor = previous cycles + current cycle + complement - complement refund
            + charges - credits + debits - discounts - remaining credit

The services (previous + current cycle) are spread over the items by cumulative
integer scaling of each item's natural price, so the items' VALOR LIQUIDO add up to
the services exactly; each item has ``VALOR LIQUIDO = VALOR UNITARIO * QUANTIDADE -
DESCONTO``. RA, R6 and R8 invoices have no items: their value is a DÉBITOS row.
"""

from __future__ import annotations

import calendar
import functools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from postalgui.sandbox.demo import DEMO, DemoData

HISTORY_MONTHS = 24
DUE_DAYS = 20
OPEN_MONTHS = 2
"""The last two closed months are still open (the older of the two is overdue)."""
EVENT_CYCLE = 12
MAIN_EVENTS = {"R4": 0, "RA": 1, "RZ": 3, "R8": 4, "R3": 6, "RT": 7, "CHARGES": 8, "R6": 9, "REVERSAL": 10}
"""Special months of contract 9912345678, by months since 2000-01 modulo 12."""
SECOND_EVENTS = {"QUOTA": 2, "REVERSAL": 5, "REMAINING_CREDIT": 7}
"""Special months of contract 9912345679, by months since 2000-01 modulo 12."""
DIVERGENCE_WINDOW_DAYS = 60
"""Divergences concern open billing: posting dates of the last 60 days only."""

STATUS_PAID = "Paga"
STATUS_OPEN = "Em aberto"
STATUS_REVERSED = "Estornada"
STATUS_PREVIEW = "Em apuração"
DOCUMENT_TYPES = ("RE", "R4", "RA", "R6", "R8", "RT", "RZ", "R3")
PAYMENT_TYPE = "BOLETO"

CENT = Decimal("0.01")


def cents_to_decimal(cents: int) -> Decimal:
    return (Decimal(cents) / 100).quantize(CENT)


# -- services billed in the analytic statement -----------------------------------------


@dataclass(frozen=True)
class ServiceSpec:
    """A billable service: how the generator draws weight, quantity and natural price."""

    code: str
    name: str
    kind: str  # "parcel" (one labelled object), "letter" or "material" (quantities, no label)
    prefix: str
    base_cents: int
    per_kg_cents: int
    discount_pct: int
    max_g: int


SEDEX = ServiceSpec("03220", "SEDEX CONTRATO AG", "parcel", "OB", 1890, 450, 8, 12_000)
PAC = ServiceSpec("03298", "PAC CONTRATO AG", "parcel", "PB", 1490, 290, 5, 15_000)
MINI = ServiceSpec("04227", "MINI ENVIOS CONTRATO AG", "parcel", "NB", 850, 0, 0, 300)
SEDEX10 = ServiceSpec("03158", "SEDEX 10 CONTRATO AG", "parcel", "SL", 4290, 900, 8, 10_000)
SEDEX12 = ServiceSpec("03140", "SEDEX 12 CONTRATO AG", "parcel", "SM", 3390, 700, 8, 10_000)
LETTER = ServiceSpec("10065", "CARTA COMERCIAL A FATURAR", "letter", "", 210, 0, 0, 20)
BOX2 = ServiceSpec("70010", "CAIXA DE PAPELAO TIPO 2", "material", "", 340, 0, 0, 150)
BOX4 = ServiceSpec("70028", "CAIXA DE PAPELAO TIPO 4", "material", "", 590, 0, 0, 320)
SLEEVE = ServiceSpec("70036", "ENVELOPE PLASTICO DE SEGURANCA", "material", "", 125, 0, 0, 30)

POSTAL_MIX: tuple[tuple[ServiceSpec, int], ...] = (
    (SEDEX, 30),
    (PAC, 38),
    (MINI, 16),
    (SEDEX10, 4),
    (SEDEX12, 6),
    (LETTER, 6),
)
MATERIAL_MIX: tuple[tuple[ServiceSpec, int], ...] = ((BOX2, 5), (BOX4, 3), (SLEEVE, 2))

_DESTINATIONS = (  # CEP ranges of big cities, for CEP DESTINATARIO
    (1_000_000, 5_999_999),
    (20_000_000, 23_799_999),
    (30_000_000, 31_999_999),
    (40_000_000, 42_599_999),
    (50_000_000, 52_999_999),
    (60_000_000, 61_599_999),
    (70_000_000, 72_799_999),
    (80_000_000, 82_999_999),
    (88_000_000, 88_099_999),
    (90_000_000, 91_999_999),
    (13_000_000, 13_149_999),
    (14_000_000, 14_114_999),
)


# -- profiles of the demo contracts ----------------------------------------------------


@dataclass(frozen=True)
class BillingProfile:
    """How one demo contract is billed: size, cards, units, cost centre, special months."""

    contract: str
    slot: int
    cost_centre: str
    name: str
    cards: tuple[tuple[str, int], ...]
    units: tuple[str, ...]
    base_cents: int
    min_cents: int
    max_cents: int
    avg_item_cents: int
    minimum_quota_cents: int = 0


PROFILES: tuple[BillingProfile, ...] = (
    BillingProfile(
        contract="9912345678",
        slot=1,
        cost_centre="1001",
        name="LOJA EXEMPLO - MATRIZ SAO PAULO",
        cards=(("0074512345", 8), ("0074512346", 2)),
        units=("AC CENTRAL DE SAO PAULO", "AGF VILA MARIANA", "AC PINHEIROS", "CTE JAGUARE"),
        base_cents=2_100_000,
        min_cents=800_000,
        max_cents=4_500_000,
        avg_item_cents=2400,
    ),
    BillingProfile(
        contract="9912345679",
        slot=2,
        cost_centre="2001",
        name="LOJA EXEMPLO - FILIAL CAMPINAS",
        cards=(("0074599001", 1),),
        units=("AC CAMPINAS", "AGF TAQUARAL"),
        base_cents=150_000,
        min_cents=80_000,
        max_cents=600_000,
        avg_item_cents=1900,
        minimum_quota_cents=100_000,
    ),
)
PROFILE_BY_CONTRACT = {profile.contract: profile for profile in PROFILES}

_SEASON = {1: 0.78, 2: 0.82, 3: 0.95, 4: 0.93, 5: 1.05, 6: 0.98, 7: 1.0, 8: 1.02, 9: 0.97, 10: 1.08}
_SEASON |= {11: 1.55, 12: 1.85}


# -- invoices --------------------------------------------------------------------------


@dataclass(frozen=True)
class Adjustments:
    """The non-service rows of TOTALIZACAO FATURA, in cents, as positive magnitudes."""

    complement: int = 0
    complement_refund: int = 0
    charges: int = 0
    credits: int = 0
    debits: int = 0
    discounts: int = 0
    remaining_credit: int = 0

    @property
    def net(self) -> int:
        """What the adjustments add to the services (negative when they deduct)."""
        return (
            self.complement
            - self.complement_refund
            + self.charges
            - self.credits
            + self.debits
            - self.discounts
            - self.remaining_credit
        )


@dataclass(frozen=True)
class Invoice:
    """One invoice (or one instalment of an RA invoice), with what its items derive from."""

    id: int
    contract: str
    dr: int
    cnpj: str
    company_name: str
    contract_name: str
    cost_centre: str
    status: str
    closing: date
    due: date
    valor_cents: int
    item: str
    doc_type: str
    lote: str
    cycle_start: date
    cycle_end: date
    adjustments: Adjustments = field(default_factory=Adjustments)
    item_count: int = 0
    previous_share: float = 0.0
    profile: str = "postal"  # "postal", "material" or "none" (no items)
    cards: tuple[tuple[str, int], ...] = ()
    units: tuple[str, ...] = ()
    paid_on: date | None = None
    payment_type: str = PAYMENT_TYPE
    preview: bool = False

    @property
    def valor(self) -> Decimal:
        return cents_to_decimal(self.valor_cents)

    @property
    def open_cents(self) -> int:
        return self.valor_cents if self.status == STATUS_OPEN else 0

    @property
    def services_cents(self) -> int:
        """What the items add up to: the invoice value less the adjustments."""
        return self.valor_cents - self.adjustments.net

    @property
    def dr_fatura(self) -> str:
        return f"{self.dr:05d}"

    @property
    def seed(self) -> str:
        return f"items-{self.contract}-{self.id}-{self.item}-{self.cycle_end.isoformat()}"

    def record(self) -> dict[str, Any]:
        """The wire record of ``GET /v1/faturas`` (spec 2.1 plus REFERENCE's extras)."""
        return {
            "id": self.id,
            "contrato": self.contract,
            "status": self.status,
            "vencimento": self.due.isoformat(),
            "valor": float(self.valor),
            "itemFatura": self.item,
            "tipoDocumento": self.doc_type,
            "dataFechamento": self.closing.isoformat(),
            "tipoPagamento": self.payment_type,
            "lote": self.lote,
            "nomeContrato": self.contract_name,
            "centroCusto": self.cost_centre,
            "drFatura": self.dr_fatura,
            "valorEmAberto": float(cents_to_decimal(self.open_cents)),
        }


def month_start(day: date) -> date:
    return day.replace(day=1)


def month_end(day: date) -> date:
    return day.replace(day=calendar.monthrange(day.year, day.month)[1])


def add_months(day: date, months: int) -> date:
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day.day, last))


def months_since_2000(day: date) -> int:
    return (day.year - 2000) * 12 + day.month - 1


def invoice_number(closing: date, slot: int, seq: int) -> int:
    return 40_000_000 + months_since_2000(closing) * 100 + slot * 10 + seq


def monthly_value_cents(profile: BillingProfile, month: date) -> int:
    """The services of a month: seasonal, growing slowly, noisy, within the profile's range."""
    rng = random.Random(f"valor-{profile.contract}-{month:%Y-%m}")
    growth = 1 + 0.006 * (months_since_2000(month) - 300)
    value = profile.base_cents * _SEASON[month.month] * growth * rng.uniform(0.88, 1.12)
    return max(profile.min_cents, min(profile.max_cents, int(value))) + rng.randint(0, 99)


def _item_count(profile: BillingProfile, services_cents: int) -> int:
    if services_cents <= 0:
        return 0
    return max(50, min(2000, services_cents // profile.avg_item_cents))


@dataclass(frozen=True)
class _Context:
    demo: DemoData
    profile: BillingProfile
    dr: int
    today: date


def _base_invoice(ctx: _Context, closing: date, seq: int, valor_cents: int, **changes: Any) -> Invoice:
    profile = ctx.profile
    services = valor_cents - changes.get("adjustments", Adjustments()).net
    invoice = Invoice(
        id=invoice_number(closing, profile.slot, seq),
        contract=profile.contract,
        dr=ctx.dr,
        cnpj=ctx.demo.cnpj,
        company_name=ctx.demo.company_name,
        contract_name=profile.name,
        cost_centre=profile.cost_centre,
        status=STATUS_PAID,
        closing=closing,
        due=closing + timedelta(days=DUE_DAYS),
        valor_cents=valor_cents,
        item="001",
        doc_type="RE",
        lote=f"{closing:%Y%m}{ctx.dr:02d}{profile.slot}{seq}",
        cycle_start=month_start(closing),
        cycle_end=closing,
        item_count=_item_count(profile, services),
        previous_share=0.03,
        cards=profile.cards,
        units=profile.units,
    )
    invoice = replace(invoice, **changes)
    if invoice.status == STATUS_PAID and invoice.paid_on is None and invoice.valor_cents > 0:
        lead = random.Random(f"paid-{invoice.id}-{invoice.item}").randint(0, 6)
        invoice = replace(invoice, paid_on=invoice.due - timedelta(days=lead))
    return invoice


def _month_invoices(ctx: _Context, months_ago: int) -> list[Invoice]:
    """The invoices closed `months_ago` months before the current month."""
    profile = ctx.profile
    closing = month_end(add_months(month_start(ctx.today), -months_ago))
    phase = months_since_2000(closing) % EVENT_CYCLE
    events = MAIN_EVENTS if profile.slot == 1 else SECOND_EVENTS
    event = next((name for name, at in events.items() if at == phase), None)
    services = monthly_value_cents(profile, closing)
    if event == "QUOTA":
        services = profile.minimum_quota_cents * 4 // 5 + 40  # surely below the quota
    quota = profile.minimum_quota_cents
    adjustments = Adjustments(complement=quota - services) if services < quota else Adjustments()
    status = STATUS_OPEN if months_ago <= OPEN_MONTHS else STATUS_PAID
    regular = _base_invoice(
        ctx, closing, 0, services + adjustments.complement, status=status, adjustments=adjustments
    )
    return _with_event(ctx, event, closing, regular)


def _reissue(ctx: _Context, closing: date, reversed_invoice: Invoice) -> list[Invoice]:
    reissued = (reversed_invoice.valor_cents * 96) // 100
    due = closing + timedelta(days=DUE_DAYS + 10)
    return [
        replace(reversed_invoice, status=STATUS_REVERSED, paid_on=None),
        _base_invoice(ctx, closing, 2, reissued, due=due, status=reversed_invoice.status),
    ]


_NO_ITEMS: dict[str, Any] = {"profile": "none", "previous_share": 0.0, "item_count": 0}


def _with_event(ctx: _Context, event: str | None, closing: date, regular: Invoice) -> list[Invoice]:
    """The month's regular invoice, changed or joined by the month's special event."""
    status = regular.status
    if event in ("R4", "RT"):
        return [replace(regular, doc_type=event)]
    if event == "REVERSAL":
        return _reissue(ctx, closing, regular)
    if event == "CHARGES":
        adjustments = replace(regular.adjustments, charges=18_735, credits=25_000)
        return [_base_invoice(ctx, closing, 0, regular.valor_cents, adjustments=adjustments, status=status)]
    if event == "REMAINING_CREDIT":
        adjustments = replace(regular.adjustments, remaining_credit=12_000)
        return [replace(regular, valor_cents=regular.valor_cents - 12_000, adjustments=adjustments)]
    if event == "RZ":
        return [regular, _base_invoice(ctx, closing, 3, 0, doc_type="RZ", status=STATUS_PAID, **_NO_ITEMS)]
    if event == "RA":
        return [regular, *_instalments(ctx, closing, 900_000)]
    if event in ("R6", "R8"):
        seq, value = (5, 245_000) if event == "R6" else (6, 580_000)
        debit = Adjustments(debits=value)
        extra = _base_invoice(
            ctx, closing, seq, value, doc_type=event, adjustments=debit, status=status, **_NO_ITEMS
        )
        return [regular, extra]
    if event == "R3":
        value = random.Random(f"r3-{closing:%Y-%m}").randint(120_000, 240_000)
        extra = _base_invoice(
            ctx,
            closing,
            7,
            value,
            doc_type="R3",
            profile="material",
            previous_share=0.0,
            item_count=60,
            status=status,
        )
        return [regular, extra]
    return [regular]


def _instalments(ctx: _Context, closing: date, debt_cents: int) -> list[Invoice]:
    """An RA invoice: one number, items 001..003, due a month apart, paid once due."""
    share = debt_cents // 3
    invoices = []
    for index in range(3):
        due = add_months(closing + timedelta(days=DUE_DAYS), index)
        value = share if index < 2 else debt_cents - 2 * share
        invoices.append(
            _base_invoice(
                ctx,
                closing,
                4,
                value,
                doc_type="RA",
                item=f"{index + 1:03d}",
                due=due,
                status=STATUS_PAID if due < ctx.today else STATUS_OPEN,
                adjustments=Adjustments(debits=value),
                **_NO_ITEMS,
            )
        )
    return invoices


def _context(demo: DemoData, contract: str, today: date) -> _Context | None:
    profile = PROFILE_BY_CONTRACT.get(contract)
    found = demo.find_contract(contract)
    if profile is None or found is None or found[0].cnpj != demo.cnpj:
        return None
    return _Context(demo, profile, found[1].dr, today)


@functools.lru_cache(maxsize=64)
def contract_invoices(contract: str, today: date, demo: DemoData = DEMO) -> tuple[Invoice, ...]:
    """Every demo invoice of a contract, oldest closing first (empty for other contracts)."""
    ctx = _context(demo, contract, today)
    if ctx is None:
        return ()
    invoices: list[Invoice] = []
    for months_ago in range(HISTORY_MONTHS, 0, -1):
        invoices.extend(_month_invoices(ctx, months_ago))
    return tuple(invoices)


def all_invoices(today: date, demo: DemoData = DEMO) -> tuple[Invoice, ...]:
    return tuple(inv for profile in PROFILES for inv in contract_invoices(profile.contract, today, demo))


def find_invoice(number: int, item: str, today: date, demo: DemoData = DEMO) -> Invoice | None:
    """The invoice (instalment) with this number and item, if it exists today."""
    return next((inv for inv in all_invoices(today, demo) if inv.id == number and inv.item == item), None)


def invoices_between(
    contract: str, first: date, last: date, today: date, demo: DemoData = DEMO
) -> list[Invoice]:
    """Invoices of a contract whose closing date (dataFechamento) is within [first, last]."""
    return [inv for inv in contract_invoices(contract, today, demo) if first <= inv.closing <= last]


def preview_invoice(contract: str, today: date, demo: DemoData = DEMO) -> Invoice | None:
    """The open month so far: what the next invoice would hold if it closed today."""
    ctx = _context(demo, contract, today)
    if ctx is None:
        return None
    closing = month_end(today)
    elapsed = (today - month_start(today)).days + 1
    value = monthly_value_cents(ctx.profile, closing) * elapsed // closing.day
    return _base_invoice(
        ctx,
        closing,
        0,
        value,
        status=STATUS_PREVIEW,
        cycle_end=today,
        preview=True,
        previous_share=0.0,
    )


def large_invoice(count: int = 100_000, demo: DemoData = DEMO) -> Invoice:
    """A big deterministic invoice for benchmarks (not served by the sandbox)."""
    closing = date(2026, 10, 31)
    ctx = _Context(demo, PROFILES[0], 72, closing)
    return _base_invoice(ctx, closing, 9, count * 2400 + 37, item_count=count)


# -- analytic items ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AnalyticItem:
    """One line of the detail block; money in cents."""

    card: str
    holder: str
    service: ServiceSpec
    posted: date
    extras: str
    unit: str
    cep: str
    label: str
    document: str
    weight_g: int
    unit_cents: int
    discount_cents: int
    quantity: int
    net_cents: int
    declared_cents: int
    previous_cycle: bool


@dataclass(frozen=True, slots=True)
class _Draw:
    service: ServiceSpec
    quantity: int
    weight_g: int
    natural_cents: int
    extras: str
    declared_cents: int
    cep: str
    unit: str
    card: str
    document: str
    serial: int


def s10_check_digit(serial: str) -> int:
    """The UPU S10 check digit of an 8-digit object serial."""
    total = sum(int(d) * w for d, w in zip(serial, (8, 6, 4, 2, 3, 5, 9, 7), strict=True))
    result = 11 - total % 11
    return 0 if result == 10 else 5 if result == 11 else result


def object_label(prefix: str, serial: int) -> str:
    digits = f"{serial % 100_000_000:08d}"
    return f"{prefix}{digits}{s10_check_digit(digits)}BR"


def _pick(rng: random.Random, choices: tuple[tuple[Any, int], ...]) -> Any:
    total = sum(weight for _, weight in choices)
    draw = rng.randrange(total)
    for value, weight in choices:
        if draw < weight:
            return value
        draw -= weight
    raise AssertionError("unreachable")


def _draw(rng: random.Random, invoice: Invoice, serial: int) -> _Draw:
    mix = MATERIAL_MIX if invoice.profile == "material" else POSTAL_MIX
    spec: ServiceSpec = _pick(rng, mix)
    card: str = _pick(rng, invoice.cards) if invoice.cards else ""
    unit = rng.choice(invoice.units) if invoice.units else ""
    document = str(rng.randint(10_000, 999_999))
    if spec.kind == "parcel":
        weight = max(50, int(spec.max_g * rng.random() ** 3))
        natural = spec.base_cents + spec.per_kg_cents * weight // 1000
        codes = []
        declared = 0
        if spec is not MINI and rng.random() < 0.2:
            declared = rng.randint(50, 2000) * 100
            codes.append("064" if spec is PAC else "019")
            natural += declared // 100
        if rng.random() < 0.1:
            codes.insert(0, "001")
            natural += 700
        low, high = rng.choice(_DESTINATIONS)
        cep = f"{rng.randint(low, high):08d}"
        natural = natural * rng.randint(95, 105) // 100
        return _Draw(spec, 1, weight, natural, ", ".join(codes), declared, cep, unit, card, document, serial)
    quantity = rng.randint(10, 80) if spec.kind == "letter" else rng.randint(10, 200)
    natural = spec.base_cents * quantity
    return _Draw(spec, quantity, spec.max_g * quantity, natural, "", 0, "", unit, card, document, serial)


def _posting_days(first: date, last: date) -> list[date]:
    days = [first + timedelta(days=n) for n in range((last - first).days + 1)]
    return [day for day in days if day.weekday() != 6] or days


def _draws(invoice: Invoice, count: int) -> Iterator[_Draw]:
    rng = random.Random(invoice.seed)
    base_serial = rng.randint(10_000_000, 80_000_000)
    for index in range(count):
        yield _draw(rng, invoice, base_serial + index * 7)


def analytic_items(invoice: Invoice, count: int | None = None) -> Iterator[AnalyticItem]:
    """The invoice's detail lines, deterministic; their VALOR LIQUIDO add up to the services.

    `count` overrides the invoice's item count (benchmarks build 100,000-line
    statements this way); the total stays the invoice's.
    """
    if invoice.profile == "none":
        return
    n = invoice.item_count if count is None else count
    target = invoice.services_cents
    if n <= 0 or target <= 0:
        return
    natural_total = sum(draw.natural_cents for draw in _draws(invoice, n))
    previous = round(n * invoice.previous_share)
    current_days = _posting_days(invoice.cycle_start, invoice.cycle_end)
    previous_days = _posting_days(invoice.cycle_start - timedelta(days=6), invoice.cycle_start - timedelta(1))
    cumulative = 0
    assigned = 0
    for index, draw in enumerate(_draws(invoice, n)):
        cumulative += draw.natural_cents
        upto = cumulative * target // natural_total
        net = upto - assigned
        assigned = upto
        if index < previous:
            posted = previous_days[index * len(previous_days) // previous]
        else:
            posted = current_days[(index - previous) * len(current_days) // (n - previous)]
        spec = draw.service
        unit_cents = -(-net * 100 // (draw.quantity * (100 - spec.discount_pct)))
        yield AnalyticItem(
            card=draw.card,
            holder=invoice.company_name,
            service=spec,
            posted=posted,
            extras=draw.extras,
            unit=draw.unit,
            cep=draw.cep,
            label=object_label(spec.prefix, draw.serial) if spec.kind == "parcel" else "",
            document=draw.document,
            weight_g=draw.weight_g,
            unit_cents=unit_cents,
            discount_cents=unit_cents * draw.quantity - net,
            quantity=draw.quantity,
            net_cents=net,
            declared_cents=draw.declared_cents,
            previous_cycle=index < previous,
        )


# -- totals ------------------------------------------------------------------------------


@dataclass
class ServiceTotal:
    """TOTALIZACAO POR SERVICO: one service's quantity, gross, discount and net, in cents."""

    code: str
    name: str
    quantity: int = 0
    gross_cents: int = 0
    discount_cents: int = 0
    net_cents: int = 0


@dataclass
class DayTotal:
    """Synthetic statement detail: one posting date, card and service."""

    posted: date
    card: str
    code: str
    name: str
    quantity: int = 0
    net_cents: int = 0


@dataclass
class InvoiceSummary:
    """Everything the statements print besides the items themselves."""

    services: list[ServiceTotal] = field(default_factory=list)
    days: list[DayTotal] = field(default_factory=list)
    previous_quantity: int = 0
    previous_cents: int = 0
    current_quantity: int = 0
    current_cents: int = 0
    item_count: int = 0


class SummaryBuilder:
    """Accumulates totals while the items stream by (the CSV writer needs both)."""

    def __init__(self) -> None:
        self.summary = InvoiceSummary()
        self._services: dict[str, ServiceTotal] = {}
        self._days: dict[tuple[date, str, str], DayTotal] = {}

    def add(self, item: AnalyticItem) -> None:
        spec = item.service
        total = self._services.get(spec.code)
        if total is None:
            total = self._services[spec.code] = ServiceTotal(spec.code, spec.name)
        total.quantity += item.quantity
        total.gross_cents += item.unit_cents * item.quantity
        total.discount_cents += item.discount_cents
        total.net_cents += item.net_cents
        key = (item.posted, item.card, spec.code)
        day = self._days.get(key)
        if day is None:
            day = self._days[key] = DayTotal(item.posted, item.card, spec.code, spec.name)
        day.quantity += item.quantity
        day.net_cents += item.net_cents
        summary = self.summary
        summary.item_count += 1
        if item.previous_cycle:
            summary.previous_quantity += item.quantity
            summary.previous_cents += item.net_cents
        else:
            summary.current_quantity += item.quantity
            summary.current_cents += item.net_cents

    def finish(self) -> InvoiceSummary:
        self.summary.services = sorted(self._services.values(), key=lambda total: total.code)
        self.summary.days = sorted(self._days.values(), key=lambda d: (d.posted, d.card, d.code))
        return self.summary


def summarize(invoice: Invoice, count: int | None = None) -> InvoiceSummary:
    """Totals of the invoice's items (cached for the demo invoices' own item count)."""
    if count is None:
        return _cached_summary(invoice)
    builder = SummaryBuilder()
    for item in analytic_items(invoice, count):
        builder.add(item)
    return builder.finish()


@functools.lru_cache(maxsize=128)
def _cached_summary(invoice: Invoice) -> InvoiceSummary:
    builder = SummaryBuilder()
    for item in analytic_items(invoice):
        builder.add(item)
    return builder.finish()


TOTAL_LABEL = "TOTAL DA FATURA"


def totals_rows(invoice: Invoice, summary: InvoiceSummary) -> list[tuple[str, int, int]]:
    """TOTALIZACAO FATURA: (label, quantity, signed cents); the rows add up to the last."""
    adj = invoice.adjustments
    rows = [
        ("SERVIÇOS DE CICLOS ANTERIORES", summary.previous_quantity, summary.previous_cents),
        ("SERVIÇOS DO CICLO ATUAL", summary.current_quantity, summary.current_cents),
        ("COMPLEMENTO FINANCEIRO (COTA MÍNIMA)", int(adj.complement > 0), adj.complement),
        ("ESTORNO DO COMPLEMENTO FINANCEIRO", int(adj.complement_refund > 0), -adj.complement_refund),
        ("ENCARGOS", int(adj.charges > 0), adj.charges),
        ("CRÉDITOS", int(adj.credits > 0), -adj.credits),
        ("DÉBITOS", int(adj.debits > 0), adj.debits),
        ("DESCONTOS", int(adj.discounts > 0), -adj.discounts),
        ("CRÉDITO REMANESCENTE", int(adj.remaining_credit > 0), -adj.remaining_credit),
    ]
    total = sum(cents for _, _, cents in rows)
    rows.append((TOTAL_LABEL, summary.previous_quantity + summary.current_quantity, total))
    return rows


# -- divergences -----------------------------------------------------------------------

_REASONS = ("PESO DIVERGENTE", "DIMENSOES DIVERGENTES", "CEP DE DESTINO DIVERGENTE")


def divergences(
    contract: str, first: date, last: date, today: date, demo: DemoData = DEMO
) -> list[dict[str, Any]]:
    """Tariff divergences of open billing for posting dates in [first, last] (wire records).

    Only the last ``DIVERGENCE_WINDOW_DAYS`` up to today can have any; 0-2 per day.
    """
    profile = PROFILE_BY_CONTRACT.get(contract)
    if profile is None or _context(demo, contract, today) is None:
        return []
    start = max(first, today - timedelta(days=DIVERGENCE_WINDOW_DAYS - 1))
    end = min(last, today)
    records: list[dict[str, Any]] = []
    day = start
    while day <= end:
        rng = random.Random(f"div-{contract}-{day.isoformat()}")
        for _ in range(rng.choice((0, 0, 0, 1, 1, 2))):
            records.append(_divergence(rng, profile, day))
        day += timedelta(days=1)
    return records


def _divergence(rng: random.Random, profile: BillingProfile, day: date) -> dict[str, Any]:
    """One divergence with only the keys the operator's documents name (REFERENCE.md:
    ``codigoObjeto``, ``valorTarifadoSgpb``, ``dataPostagem``; the spec shows none). The
    draws stay as they were, so each day keeps its divergences."""
    spec = rng.choice((SEDEX, PAC, PAC, SEDEX10))
    informed = rng.randint(200, 5000)
    reason = rng.choice(_REASONS)
    measured = informed + rng.randint(300, 4000) if reason != _REASONS[2] else informed
    tariffed = spec.base_cents + spec.per_kg_cents * measured // 1000
    if reason != _REASONS[0]:
        tariffed += rng.randint(150, 1800)
    rng.choice(_DESTINATIONS)
    serial = rng.randint(10_000_000, 99_999_999)
    _pick(rng, profile.cards)
    return {
        "codigoObjeto": object_label(spec.prefix, serial),
        "dataPostagem": day.isoformat(),
        "valorTarifadoSgpb": float(cents_to_decimal(tariffed)),
    }
