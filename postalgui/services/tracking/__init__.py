"""Tracking: every parcel of the office followed in the background, the late ones flagged."""
