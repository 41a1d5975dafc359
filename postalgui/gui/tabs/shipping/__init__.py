"""The Shipping tab: the address book, pre-postings, labels and the posting list (issue 28)."""
