"""The command line over the same client, for scripting and support."""
