"""The branch list as a spreadsheet row per unit (the operator's field names as titles).

A CSV for machines and for Excel alike: CEP written ``00000-000`` (Excel would read
``01032970`` as a number and drop the zero), lists joined with `` / ``, the week's
hours in one readable cell, coordinates with a dot (as the operator sends them).
"""

from __future__ import annotations

from postalgui.api.models.branches import Unit
from postalgui.api.values import format_cep, is_valid_cep
from postalgui.services.branches.hours import week_table

__all__ = ["UNIT_COLUMNS", "hours_summary", "unit_row"]

UNIT_COLUMNS = (
    "id",
    "nome",
    "tipoUnidade",
    "descStatus",
    "logradouro",
    "numero",
    "complemento",
    "bairro",
    "municipio",
    "uf",
    "cep",
    "telefones",
    "emails",
    "horarios",
    "limitePostagemSemana",
    "inCliqueRetire",
    "latitude",
    "longitude",
    "dhAlteracao",
)


def hours_summary(unit: Unit) -> str:
    """``seg-sex 09:00-17:00 (almoço 12:00-13:00); sáb 09:00-13:00`` (the operator's language)."""
    table = week_table(unit.horarios)
    if table.always_open:
        return "24 horas, todos os dias"
    parts = []
    if table.weekdays:
        text = f"seg-sex {table.weekdays[0]}-{table.weekdays[1]}"
        if table.lunch:
            text += f" (almoço {table.lunch[0]}-{table.lunch[1]})"
        parts.append(text)
    if table.saturday:
        parts.append(f"sáb {table.saturday[0]}-{table.saturday[1]}")
    if table.sunday:
        parts.append(f"dom {table.sunday[0]}-{table.sunday[1]}")
    return "; ".join(parts)


def unit_row(unit: Unit) -> list[str]:
    """One unit's cells, in `UNIT_COLUMNS` order."""
    address = unit.endereco
    cep = address.cep or ""
    return [
        unit.id,
        unit.nome,
        unit.tipoUnidade.descricao if unit.tipoUnidade else "",
        unit.descStatus or "",
        address.logradouro or "",
        address.numero or "",
        address.complemento or "",
        address.bairro or "",
        address.localidade or address.municipio or "",
        address.uf or "",
        format_cep(cep) if is_valid_cep(cep) else cep,
        " / ".join(unit.telefones),
        " / ".join(unit.emails),
        hours_summary(unit),
        unit.horarios.limitePostagemSemana or "",
        "S" if unit.clique_retire else "N",
        address.latitude or "",
        address.longitude or "",
        unit.dhAlteracao.isoformat(timespec="milliseconds") if unit.dhAlteracao else "",
    ]
