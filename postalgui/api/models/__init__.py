"""Pydantic models of the operator's wire format, one module per service."""
