"""One app's tracking world: the statements' labels (shared, `labels`) plus the objects
registered on this app (pre-postings, tests), forgotten by `POST /_sandbox/reset`."""

from __future__ import annotations

import threading
from datetime import date, datetime

from postalgui.sandbox.deadline_engine import DeadlineError, check_cep, national_product
from postalgui.sandbox.demo import DEMO, DemoData
from postalgui.sandbox.errors import GTW_VALIDATION
from postalgui.sandbox.state import SandboxState
from postalgui.sandbox.timefmt import OPERATOR_TZ
from postalgui.sandbox.tracking.codes import normalize_code, valid_code
from postalgui.sandbox.tracking.labels import label_index
from postalgui.sandbox.tracking.objects import FATES, Fate, TrackedObject

EXTENSION = "tracking"


class RegistrationError(ValueError):
    """An object the world cannot track: the message names the field and the rule."""


def _field_error(name: str, rule: str) -> RegistrationError:
    return RegistrationError(f"{GTW_VALIDATION}: Campo '{name}' inválido: {rule}")


def local_time(moment: datetime) -> datetime:
    """A moment as the operator's local time without zone (naive input already is)."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(OPERATOR_TZ).replace(tzinfo=None)
    return moment.replace(microsecond=0)


def _checked(code: str, product: str, origin_cep: str, destination_cep: str, fate: str | None) -> str:
    code = normalize_code(code)
    if not valid_code(code):
        raise _field_error("codigo", "esperado AA123456789BR com o dígito verificador correto")
    try:
        national_product(product)
        check_cep(origin_cep, "cepOrigem")
        check_cep(destination_cep, "cepDestino")
    except DeadlineError as error:
        raise RegistrationError(error.message) from error
    if fate is not None and fate not in FATES:
        raise _field_error("destino", f"um de {', '.join(FATES)}")
    return code


class TrackingWorld:
    """The objects one sandbox app can track."""

    def __init__(self, demo: DemoData = DEMO) -> None:
        self.demo = demo
        self._lock = threading.Lock()
        self._registered: dict[str, TrackedObject] = {}
        self._paid: dict[str, datetime] = {}

    def register(
        self,
        code: str,
        product: str,
        origin_cep: str,
        destination_cep: str,
        posted: datetime,
        *,
        fate: Fate | None = None,
        contract: str | None = None,
        weight_g: int = 0,
    ) -> TrackedObject:
        """Make an object trackable from `posted` on (RegistrationError if it cannot be): what
        other sandbox parts (pre-postings) call, as ``tracking_world(state).register(...)``."""
        code = _checked(code, product, origin_cep, destination_cep, fate)
        weight = weight_g or 200 + int(code[2:10]) % 2800
        tracked = TrackedObject(
            code, product, origin_cep, destination_cep, local_time(posted), contract, weight, fate
        )
        with self._lock:
            self._registered[code] = tracked
        return tracked

    def unregister(self, code: str) -> bool:
        """Forget one registered object (a cancelled pre-posting's); whether it was there."""
        with self._lock:
            return self._registered.pop(code, None) is not None

    def forget_registered(self) -> int:
        """Forget every registered object; how many there were."""
        with self._lock:
            count = len(self._registered)
            self._registered.clear()
            return count

    def compensate(self, code: str, at: datetime | None) -> None:
        """Show the object as compensated (an IDC event, the claims service's payment) from
        local time `at` on; None takes it back."""
        with self._lock:
            if at is None:
                self._paid.pop(code, None)
            else:
                self._paid[code] = local_time(at)

    def compensated(self, code: str) -> datetime | None:
        """When the object's compensation is (or will be) paid, or None."""
        with self._lock:
            return self._paid.get(code)

    def registered(self) -> list[TrackedObject]:
        with self._lock:
            return list(self._registered.values())

    def find(self, code: str, today: date) -> TrackedObject | None:
        """A registered object, else a label of `today`'s statements, else None."""
        with self._lock:
            found = self._registered.get(code)
        if found is not None:
            return found
        known = label_index(today, self.demo).objects.get(code)
        if known is None:
            return None
        return TrackedObject(
            code,
            known.product,
            known.origin_cep,
            known.destination_cep,
            known.posted,
            known.contract,
            known.weight_g,
        )


def tracking_world(state: SandboxState) -> TrackingWorld:
    """The app's tracking world (made on first use, dropped by reset)."""
    return state.extension(EXTENSION, lambda: TrackingWorld(state.config.demo))
