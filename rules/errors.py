"""The one family of errors raised by :mod:`rules`.

Every message says what was wrong and repeats the value given, so that the Django
layer can show it (translated) next to the field that caused it.
"""


class RulesError(ValueError):
    """Base class for every error raised by :mod:`rules`."""


class InvalidScoreError(RulesError):
    """A score (MP, card points, Briscola points) is impossible or malformed."""


class InvalidHandError(RulesError):
    """A smazzata's breakdown breaks the game's rules (closing, pozzetto, burrachi)."""


class InvalidMatchError(RulesError):
    """A match (incontro) has the wrong number of games or an impossible outcome.

    ``code`` and ``params`` (when set) say the same as the English message in a form
    the Django layer can translate: ``"after_decided"`` (``number``, ``a``, ``b``,
    ``score``, ``best_of``), ``"undecided"`` (``score``, ``best_of``) and
    ``"incomplete"`` (``score``, ``best_of``, ``counted``) for a Briscola match;
    ``"too_many"``, ``"not_reached"`` and ``"after_reached"`` for a Burraco turn played
    to points (:mod:`rules.to_points`).
    """

    def __init__(
        self, message: str, *, code: str = "", params: dict[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = dict(params or {})


class RulePackError(RulesError):
    """A rule pack is unknown, malformed, or lacks a setting."""


class PairingError(RulesError):
    """A movement (Mitchell, Danese, round robin, bracket) cannot be generated.

    ``code`` and ``params`` (when set) say the same as the English message in a form
    the Django layer can translate: ``code`` names the reason, ``params`` holds its
    numbers and lists of pair numbers.
    """

    def __init__(
        self, message: str, *, code: str = "", params: dict[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = dict(params or {})


class StandingsError(RulesError):
    """A standings chain is malformed or the results are inconsistent."""


class TeamError(RulesError):
    """A team's roster or line-up, or a team match's seats, break the rules.

    ``code`` and ``params`` say the same as the English message in a form the Django
    layer can translate (as :class:`PairingError`).
    """

    def __init__(
        self, message: str, *, code: str = "", params: dict[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = dict(params or {})
