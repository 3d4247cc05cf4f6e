"""Tablier's host-side tools: one command-line entry, `python -m host_tools NAME ...`."""
