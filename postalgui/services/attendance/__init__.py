"""The Attendances feature: the registration-system client, the partner server and its ledger."""
