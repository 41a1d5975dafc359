"""PostalGUI."""
