"""``postalgui claims file`` and ``claims reopen`` refuse a control character before anything
is sent (issue 38): the option and the character are named, exit 2, the sandbox hears nothing."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import SandboxControl, run
from tests.e2e.test_cli_claims import LATE, claims_requests, sandbox_env

__all__ = ["sandbox_env"]  # the fixture, used by name

CONTACT = ("--email", "expedicao@empresa.com.br", "--telefone", "(11) 98765-4321")


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (
            ("--nome", "Fulano \u202eed laT"),
            "nomeDestinatario: control character U+202E (RIGHT-TO-LEFT OVERRIDE)",
        ),
        (("--nome", "Fulano\x00"), "nomeDestinatario: control character U+0000 (NULL)"),
        (
            ("--nome", "Fulano", "--email", "sac@empresa.com.br\x1b[2J"),
            "emailResposta: control character U+001B (ESCAPE)",
        ),
    ],
)
def test_a_control_character_in_a_claim_exits_2_naming_it_and_nothing_is_sent(
    sandbox: SandboxControl, capsys: pytest.CaptureFixture[str], options: tuple[str, ...], said: str
) -> None:
    before = claims_requests(sandbox)
    code, out, err = run(capsys, "claims", "file", LATE, "--motivo", "135", "--yes", *CONTACT, *options)
    assert (code, out) == (2, ""), err
    assert said in err
    assert "\u202e" not in err
    assert "\x1b" not in err
    assert claims_requests(sandbox) == before
