"""The sandbox's claims service (Fale Conosco, "pedido de informação"): `cadastra`,
`acompanha`, `reativa`, answered from the same tracking world.

`rules` decides each answer from an object's tracking history (544 within the deadline,
530 on time, 510 after 90 days, ...) and each claim's verdict; `world` keeps the app's
claims per `state.extension` (protocols, closing, payment, reopening) and hands payments to
the tracking world (an IDC event); `journal` keeps them in the sandbox's state folder between
runs, when it has one; `bodies` checks the requests, `wire` writes the answers;
`messages` holds the codes and their words.
"""

from __future__ import annotations

from postalgui.sandbox.claims.world import ClaimsWorld, claims_world

__all__ = ["ClaimsWorld", "claims_world"]
