"""The firmware's version, in one place: the board says it in its `hello` event, the mip
package (package.json) and pyproject.toml carry it, and CHANGES.md's newest heading names it.

Semantic versioning: the minor number grows with each release of new capabilities, the
patch number with fixes only; a change the saved state or the record format cannot read back
is called out in CHANGES.md (the record format has its own number, record/record_writer.py's FORMAT_VERSION).
"""
VERSION = "0.3.0"
