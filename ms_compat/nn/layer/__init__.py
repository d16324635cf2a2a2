"""``mindspore.nn`` layers (one family per module)."""
