"""Free text people type where a rule asks for it: a reason.

A correction, a special result or a sheet with missing hands "needs a reason": a
reason is text with at least one letter or digit (of any script). Spaces alone, or an
invisible character (a zero-width space U+200B, the blank braille cell U+2800), are
no reason. A reason holds no control character (a NUL is refused by PostgreSQL and
would be kept by SQLite) and is at most :data:`REASON_MAX_LENGTH` characters, as the
web forms allow; the services check it, so a replay file or any other caller gets
the same answer as the form.
"""

from __future__ import annotations

import re

from django.utils.formats import number_format
from django.utils.translation import gettext as _

#: The longest reason, as the forms' fields allow (scoring and knockout).
REASON_MAX_LENGTH = 500
#: C0 and C1 controls (NUL included) and lone surrogates; tab and newlines are kept.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def has_words(text: str) -> bool:
    """Whether ``text`` says something: at least one letter or digit.

    >>> has_words("tempo scaduto"), has_words("  "), has_words("\\u200b\\u2800")
    (True, False, False)
    >>> has_words("Ω"), has_words("٣")
    (True, True)
    """
    return any(ch.isalnum() for ch in text)


def reason_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored as a reason (translated), or None.

    >>> reason_problem("ok") is None
    True
    """
    if CONTROL.search(text):
        return _("The reason contains a control character (such as NUL): retype it.")
    if len(text.strip()) > REASON_MAX_LENGTH:
        return _("The reason is too long: %(length)s characters, at most %(max)s.") % {
            "length": number_format(len(text.strip()), force_grouping=True),
            "max": REASON_MAX_LENGTH,
        }
    return None
