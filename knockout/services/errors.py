"""The one error the knockout services raise: its message is shown to the user."""


class KnockoutError(Exception):
    """A request refused with its reason (translated); nothing was changed."""


class ReasonRequired(KnockoutError):
    """A correction of a result already entered came without its reason."""
