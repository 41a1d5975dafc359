"""The Shipping tab: the address book, pre-postings, labels, declarations and posting lists."""
