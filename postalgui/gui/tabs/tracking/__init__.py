"""The Tracking tab: every parcel of the office followed, the ones that need a person flagged."""
