"""One app's pre-postings: what was registered, by whom, their labels and their course.

A pre-posting is kept as accepted (`rules`), owned by the token's company; its status is
derived from its times and the sandbox clock whenever it is read, as the operator's number
(``statusAtual``): 5 Cancelado once cancelled, 3 Postado once its object's posting (the
tracking history's PO event) has happened, 4 Expirado 7 days after its creation if not
posted by then, else 2 Prepostado (a label issued is no status: the operator has none).

A return authorization (``logisticaReversa`` S, `returns`) gets its object code and an
authorization code at creation and is tracked from then on: posted (or never, by its code) a
while later, it moves from the customer's CEP back to the company's; it expires at the end of
its validity day instead of after 7 days.

A label request (`request_labels`) gives each pre-posting without one an object code
(`codes`) and registers the object in the tracking world, posted a few hours after the
label (always before the expiry): from then on `/srorastro` knows it. The receipt's PDF is
ready `label_delay_s` after the request (1 s; ``PUT /_sandbox/prepost/config`` changes it).

With a state folder the world outlives the run (`journal`), like the claims: a change is
made on the latest file under its lock, and the labelled objects are registered again in
the tracking world when the file is read.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta

from postalgui.sandbox.prepost import messages as m
from postalgui.sandbox.prepost.codes import object_code, serial_start
from postalgui.sandbox.prepost.journal import KeptPrePostings, PrePosting, PrepostJournal, Receipt
from postalgui.sandbox.prepost.returns import authorization_code, is_return, posting_delay, valid_until
from postalgui.sandbox.prepost.rules import Accepted
from postalgui.sandbox.state import SandboxState
from postalgui.sandbox.tracking import TrackingWorld, tracking_world

EXTENSION = "prepost"
DEFAULT_LABEL_DELAY_S = 1.0
POSTED_AFTER = timedelta(hours=3)
"""The object is handed in at the counter this long after its label is issued."""
MAX_LABELS = 100
"""Pre-postings per label request."""


def status_of(item: PrePosting, now: datetime) -> int:
    """The pre-posting's `statusAtual` at `now`."""
    return status_since(item, now)[0]


def status_since(item: PrePosting, now: datetime) -> tuple[int, datetime]:
    """The pre-posting's `statusAtual` at `now` and since when (`dataHoraStatusAtual`)."""
    if item.cancelled_at is not None:
        return m.CANCELADO, item.cancelled_at
    if item.posted_at is not None and item.posted_at <= now:
        return m.POSTADO, item.posted_at
    if now >= item.expires_at:
        return m.EXPIRADO, item.expires_at
    return m.PREPOSTADO, item.created_at


@dataclass(frozen=True)
class LabelOptions:
    """`tipoRotulo`, `formatoRotulo`, `imprimeRemetente`, `layoutImpressao`, checked."""

    label_type: str
    label_format: str
    print_sender: bool
    layout: str


class PrepostWorld:
    """The pre-postings of one sandbox app, over its tracking world (kept in `journal` when given)."""

    def __init__(self, tracking: TrackingWorld, journal: PrepostJournal | None = None) -> None:
        self.tracking = tracking
        self.label_delay_s = DEFAULT_LABEL_DELAY_S
        self._journal = journal
        self._lock = threading.Lock()
        self._items: dict[str, PrePosting] = {}
        self._receipts: dict[str, Receipt] = {}
        self._start: int | None = None
        self._count = 0
        self._save = False
        if journal is not None:
            self._take(journal.load())

    # -- the journal ------------------------------------------------------------------

    @contextmanager
    def _held(self, *, changing: bool) -> Iterator[None]:
        """The latest pre-postings (another sandbox on the folder may have made some), under
        the journal's lock when `changing`, saved after if the change touched anything."""
        journal = self._journal
        with self._lock, journal.locked() if journal is not None and changing else nullcontext():
            if journal is not None and journal.changed():
                self._take(journal.load())
            self._save = False
            yield
            if self._save and journal is not None:
                journal.save(self._snapshot())

    def _take(self, kept: KeptPrePostings | None) -> None:
        """The file's pre-postings in place of the ones held; their objects tracked again."""
        for item in self._items.values():
            if item.code is not None:
                self.tracking.unregister(item.code)
        self._items = {item.id: item for item in kept.prepostings} if kept else {}
        self._receipts = {receipt.id: receipt for receipt in kept.receipts} if kept else {}
        self._start, self._count = (kept.start, kept.count) if kept else (None, 0)
        for item in self._items.values():
            self._track(item)

    def _snapshot(self) -> KeptPrePostings:
        return KeptPrePostings(
            start=self._start,
            count=self._count,
            prepostings=list(self._items.values()),
            receipts=list(self._receipts.values()),
        )

    def _track(self, item: PrePosting) -> None:
        if item.code is None or item.posted_at is None or item.cancelled_at is not None:
            return
        body = item.body
        self.tracking.register(
            item.code,
            item.product,
            body.remetente.endereco.cep.replace("-", ""),
            body.destinatario.endereco.cep.replace("-", ""),
            item.posted_at,
            contract=item.contract,
            weight_g=int(body.pesoInformado),
            fate="on_time" if item.eticket is not None else None,  # a return comes home
        )

    def _put(self, item: PrePosting) -> PrePosting:
        self._items[item.id] = item
        self._save = True
        return item

    # -- the service ------------------------------------------------------------------

    def create(self, accepted: Accepted, cnpj: str, now: datetime) -> PrePosting:
        """Keep an accepted body as a new pre-posting of the company `cnpj` (a return: authorized
        now, its object tracked)."""
        item = PrePosting(
            id="PR" + uuid.uuid4().hex[:22].upper(),
            cnpj=cnpj,
            contract=accepted.contract.number,
            card=accepted.card.number,
            product=accepted.product.code,
            body=accepted.body,
            created_at=now,
        )
        with self._held(changing=True):
            if is_return(accepted.body):
                item = self._authorized(item, now)
                self._track(item)
            return self._put(item)

    def _authorized(self, item: PrePosting, now: datetime) -> PrePosting:
        """A return with its object code, authorization code, validity and posting time (if ever)."""
        code = self._next_code(item.body.codigoServico.zfill(5), now)
        until = valid_until(item.body)
        delay = posting_delay(code)
        posted = item.created_at + delay if delay is not None else None
        update = {
            "code": code,
            "eticket": authorization_code(self._count),
            "valid_until": until,
            "posted_at": posted if posted is not None and posted < until else None,
        }
        return item.model_copy(update=update)

    def _next_code(self, product: str, now: datetime) -> str:
        """The world's next object code for ``product`` (the counter starts at the first one)."""
        if self._start is None:
            self._start = serial_start(now)
        self._count += 1
        return object_code(product, self._start, self._count)

    def listed(self, cnpj: str) -> list[PrePosting]:
        """The company's pre-postings, newest first."""
        return [item for item in self.everything() if item.cnpj == cnpj]

    def everything(self) -> list[PrePosting]:
        """Every company's pre-postings, newest first."""
        with self._held(changing=False):
            held = list(reversed(self._items.values()))  # kept in the order they were made
        return sorted(held, key=lambda item: item.created_at, reverse=True)

    def find(self, cnpj: str, ident: str) -> PrePosting:
        """The company's pre-posting with this id, or PrepostError 404."""
        with self._held(changing=False):
            item = self._items.get(ident.strip().upper())
        if item is None or item.cnpj != cnpj:
            raise m.PrepostError(f"{m.NOT_FOUND}: Pré-postagem {ident.strip()[:30]} não encontrada", 404)
        return item

    def by_code(self, cnpj: str, code: str) -> PrePosting | None:
        code = code.strip().upper()
        return next((item for item in self.listed(cnpj) if item.code == code), None)

    def cancel(self, cnpj: str, ident: str, now: datetime) -> PrePosting:
        """Cancel a pre-posting not posted, cancelled or expired (PrepostError otherwise); its
        object, if labelled, leaves the tracking world."""
        item = self.find(cnpj, ident)
        with self._held(changing=True):
            item = self._current(item)
            status = status_of(item, now)
            if status in (m.POSTADO, m.CANCELADO, m.EXPIRADO):
                word = {m.POSTADO: "já postada", m.CANCELADO: "já cancelada", m.EXPIRADO: "expirada"}[status]
                raise m.PrepostError(
                    f"{m.NOT_CANCELLABLE}: Pré-postagem {item.id} {word}: não pode ser cancelada"
                )
            if item.code is not None:
                self.tracking.unregister(item.code)
            return self._put(item.model_copy(update={"cancelled_at": now}))

    def request_labels(
        self, cnpj: str, ids: Sequence[str], codes: Sequence[str], options: LabelOptions, now: datetime
    ) -> Receipt:
        """A receipt for the labels of these pre-postings (by id or object code): each one
        without a code gets one and enters the tracking world."""
        wanted = [*ids, *codes]
        if not 1 <= len(wanted) <= MAX_LABELS:
            rule = f"informe de 1 a {MAX_LABELS} pré-postagens em 'idsPrePostagem' ou 'codigosObjeto'"
            raise m.PrepostError(f"{m.BAD_LABEL_REQUEST}: {rule}")
        chosen = [self.find(cnpj, ident) for ident in ids] + [self._coded(cnpj, code) for code in codes]
        with self._held(changing=True):
            labelled = [self._labelled(self._current(item), now) for item in chosen]
            receipt = Receipt(
                id=uuid.uuid4().hex.upper(),
                cnpj=cnpj,
                ids=[item.id for item in labelled],
                requested_at=now,
                ready_at=now + timedelta(seconds=self.label_delay_s),
                label_type=options.label_type,
                label_format=options.label_format,
                print_sender=options.print_sender,
                layout=options.layout,
            )
            self._receipts[receipt.id] = receipt
            self._save = True
            return receipt

    def _current(self, item: PrePosting) -> PrePosting:
        """The pre-posting as held now (another sandbox on the folder may have forgotten it)."""
        found = self._items.get(item.id)
        if found is None:
            raise m.PrepostError(f"{m.NOT_FOUND}: Pré-postagem {item.id} não encontrada", 404)
        return found

    def _coded(self, cnpj: str, code: str) -> PrePosting:
        found = self.by_code(cnpj, code)
        if found is None:
            raise m.PrepostError(f"{m.BAD_LABEL_REQUEST}: Objeto {code.strip()[:20]} sem pré-postagem")
        return found

    def _labelled(self, item: PrePosting, now: datetime) -> PrePosting:
        status = status_of(item, now)
        if status in (m.CANCELADO, m.EXPIRADO):
            raise m.PrepostError(
                f"{m.BAD_LABEL_REQUEST}: Pré-postagem {item.id} {m.WORDS[status].lower()}: sem rótulo"
            )
        if item.code is not None:
            return item
        posted = min(now + POSTED_AFTER, item.expires_at - timedelta(minutes=1))
        update = {
            "code": self._next_code(item.product, now),
            "labelled_at": now,
            "posted_at": posted,
        }
        labelled = self._put(item.model_copy(update=update))
        self._track(labelled)
        return labelled

    def receipt(self, cnpj: str, ident: str) -> tuple[Receipt, list[PrePosting]]:
        """A receipt of the company and its pre-postings, or PrepostError 404."""
        with self._held(changing=False):
            receipt = self._receipts.get(ident.strip().upper())
            if receipt is None or receipt.cnpj != cnpj:
                raise m.PrepostError(f"{m.NO_RECEIPT}: Recibo {ident.strip()[:40]} não encontrado", 404)
            return receipt, [self._items[ident] for ident in receipt.ids]

    def forget(self) -> int:
        """Forget every pre-posting and receipt (their objects leave tracking; the file keeps
        only the code counter, so codes stay unique); how many pre-postings there were."""
        with self._held(changing=True):
            for item in self._items.values():
                if item.code is not None:
                    self.tracking.unregister(item.code)
            count = len(self._items)
            self._items.clear()
            self._receipts.clear()
            self._save = True
            return count

    def drop(self) -> None:
        """The sandbox was reset (`/_sandbox/reset`): the journal's file goes with the world."""
        if self._journal is not None:
            self._journal.wipe(self._lock)


def prepost_world(state: SandboxState) -> PrepostWorld:
    """The app's pre-posting world (made on first use; dropped by reset, which empties the
    state folder's file when it keeps them there)."""
    tracking = tracking_world(state)  # first: `extension` holds the state's lock while it makes one
    folder = state.config.state_dir
    journal = PrepostJournal(folder) if folder is not None else None
    return state.extension(EXTENSION, lambda: PrepostWorld(tracking, journal), on_reset=PrepostWorld.drop)
