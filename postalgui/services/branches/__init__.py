"""The Branches feature: unit search, cache and sync, opening hours, local filtering, export."""
