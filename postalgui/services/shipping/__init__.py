"""Shipping: addresses, pre-postings and labels (issue 28); first the CEP lookup."""
