"""The office database as the features see it: which one, who writes, what is waiting."""
