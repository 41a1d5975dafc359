"""Revisions of the branch cache, oldest first."""
