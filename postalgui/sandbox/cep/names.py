"""Words the sandbox's emulated addresses are made of: street types with their DNE
abbreviations, street names (people, dates, trees) and districts, as Brazilian addresses
read them (mixed case, accents kept). Kept apart from the drawing rules so the lists can
grow without touching them."""

from __future__ import annotations

STREET_TYPES: tuple[tuple[str, str, int], ...] = (
    ("Rua", "R", 60),
    ("Avenida", "Av", 16),
    ("Travessa", "Tv", 8),
    ("Alameda", "Al", 5),
    ("Praça", "Pç", 4),
    ("Estrada", "Estr", 3),
    ("Largo", "Lg", 2),
    ("Viela", "Vl", 2),
)
"""(type, abbreviation, weight): how often each type is drawn."""

PEOPLE: tuple[str, ...] = (
    "Tiradentes",
    "Marechal Deodoro",
    "Dom Pedro II",
    "Rui Barbosa",
    "Santos Dumont",
    "Castro Alves",
    "Machado de Assis",
    "Cecília Meireles",
    "Anita Garibaldi",
    "Princesa Isabel",
    "Duque de Caxias",
    "Barão do Rio Branco",
    "José Bonifácio",
    "Padre Anchieta",
    "Carlos Gomes",
    "Olavo Bilac",
    "Monteiro Lobato",
    "Getúlio Vargas",
    "Juscelino Kubitschek",
    "Floriano Peixoto",
    "Benjamin Constant",
    "Joaquim Nabuco",
    "Clarice Lispector",
    "Chiquinha Gonzaga",
    "Vinícius de Moraes",
    "Carlos Drummond de Andrade",
    "Oswaldo Cruz",
    "Coronel Joaquim Ferreira",
    "Professora Maria das Dores",
    "Doutor Antônio Carlos",
    "Maria Quitéria",
    "Zumbi dos Palmares",
    "Rachel de Queiroz",
    "Irmã Dulce",
)

DATES: tuple[str, ...] = (
    "Sete de Setembro",
    "Quinze de Novembro",
    "Treze de Maio",
    "Primeiro de Maio",
    "Vinte e Um de Abril",
    "Sete de Abril",
    "Nove de Julho",
    "Vinte e Cinco de Março",
    "Dois de Julho",
    "Vinte de Setembro",
    "Doze de Outubro",
    "Vinte e Quatro de Fevereiro",
)

TREES: tuple[str, ...] = (
    "dos Ipês",
    "das Palmeiras",
    "das Mangueiras",
    "dos Jacarandás",
    "das Acácias",
    "dos Cedros",
    "das Paineiras",
    "dos Jatobás",
    "das Figueiras",
    "dos Eucaliptos",
    "das Seringueiras",
    "dos Flamboyants",
    "dos Pinheiros",
    "das Castanheiras",
    "dos Oitis",
    "dos Buritis",
)

DISTRICTS: tuple[str, ...] = (
    "Centro",
    "Centro",
    "Jardim América",
    "Jardim Europa",
    "Jardim Primavera",
    "Jardim das Flores",
    "Jardim Alvorada",
    "Jardim Santa Rita",
    "Vila Nova",
    "Vila Maria",
    "Vila Rica",
    "Vila São José",
    "Vila Operária",
    "Vila Esperança",
    "Parque das Nações",
    "Parque Industrial",
    "Boa Vista",
    "Bela Vista",
    "Santo Antônio",
    "São Cristóvão",
    "Cidade Nova",
    "Nossa Senhora Aparecida",
    "Alto da Colina",
    "Planalto",
)

UNIT_KINDS: tuple[tuple[str, str], ...] = (
    ("AC", "Agência dos Correios"),
    ("ACF", "Agência Franqueada"),
    ("CDD", "Centro de Distribuição Domiciliária"),
)
"""(siglaUnidade, what the unit's name starts with) of a post-office CEP."""
