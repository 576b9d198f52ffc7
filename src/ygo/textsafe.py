"""Names are data: make card names and other outside text safe to print.

Card names come from databases and files a user (or an attacker) supplied. They
may hold terminal escape sequences, other control characters, or rich markup
such as ``[/dim]``. Everything printed or written by the project passes through
one of these functions.
"""

from __future__ import annotations

import re

from rich.markup import escape as _rich_escape

# C0 and C1 control characters (ESC among them) and DEL; tabs and newlines too,
# since a name is one line.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def plain(text: str) -> str:
    """``text`` with every control character replaced by U+FFFD (one line, no escapes)."""
    return _CONTROL.sub("\ufffd", text)


def markup(text: str) -> str:
    """``text`` safe to embed in rich markup: control characters replaced and
    markup brackets escaped, so ``[/dim]`` prints as itself."""
    return _rich_escape(plain(text))
