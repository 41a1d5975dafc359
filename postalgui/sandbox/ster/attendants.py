"""The demo counters: units and the attendants who serve partners' customers at them.

Operator codes carry a unit and an attendant (spec 002, 2.1); a partner's panel groups
attendances by unit, so the demo spreads them over own and outsourced units in several
states. Names, CEPs and unit codes are made up but shaped like the real ones; CPFs
carry valid check digits (a partner may validate them).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Unit:
    """A counter unit as the operator code describes it."""

    mcmcu: str
    codigo: str
    tipo: str  # "Propria" or "Terceirizada"
    sigla: str
    cep: str
    cidade: str
    uf: str


@dataclass(frozen=True)
class Attendant:
    """Someone at a counter: employees of own units have a `matricula`, outsourced staff none."""

    nome: str
    cpf: str
    matricula: str
    unit: Unit
    caixa: int


def cpf_with_check_digits(base9: str) -> str:
    """The 11-digit CPF for nine base digits (the two check digits computed mod 11)."""
    digits = [int(c) for c in base9]
    for length in (9, 10):
        total = sum(d * w for d, w in zip(digits, range(length + 1, 1, -1), strict=True))
        rest = total % 11
        digits.append(0 if rest < 2 else 11 - rest)
    return "".join(str(d) for d in digits)


_UNITS = (
    Unit("00418832", "418832", "Propria", "AC CENTRAL SAO PAULO", "01032970", "São Paulo", "SP"),
    Unit("00425117", "425117", "Terceirizada", "AGF VILA MARIANA", "04116970", "São Paulo", "SP"),
    Unit("00512064", "512064", "Propria", "AC CENTRAL RIO DE JANEIRO", "20010974", "Rio de Janeiro", "RJ"),
    Unit("00630458", "630458", "Propria", "AC SAVASSI", "30140971", "Belo Horizonte", "MG"),
    Unit("00741296", "741296", "Terceirizada", "AGF BOQUEIRAO", "81650970", "Curitiba", "PR"),
    Unit("00853371", "853371", "Propria", "AC BOA VIAGEM", "51020970", "Recife", "PE"),
    Unit("00967140", "967140", "Propria", "AC MANAUS CENTRO", "69005970", "Manaus", "AM"),
)

ATTENDANTS: tuple[Attendant, ...] = (
    Attendant("Mariana Souza Lima", cpf_with_check_digits("348125907"), "80231457", _UNITS[0], 3),
    Attendant("Rafael Nogueira Teixeira", cpf_with_check_digits("512678340"), "", _UNITS[1], 1),
    Attendant("Ana Beatriz Carvalho", cpf_with_check_digits("209384615"), "81457209", _UNITS[2], 7),
    Attendant("José Ricardo Pereira", cpf_with_check_digits("437810592"), "80998314", _UNITS[3], 2),
    Attendant("Luana Kowalski", cpf_with_check_digits("615243078"), "", _UNITS[4], 4),
    Attendant("Severino Albuquerque Neto", cpf_with_check_digits("128907453"), "82130566", _UNITS[5], 5),
    Attendant("Raimunda Castro Farias", cpf_with_check_digits("730156284"), "83302871", _UNITS[6], 1),
)
"""Taken in turn by the simulated counter, so consecutive attendances differ."""
