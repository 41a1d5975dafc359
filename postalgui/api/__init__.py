"""The operator client: transport, tokens, errors, value types. Never imports Qt."""
