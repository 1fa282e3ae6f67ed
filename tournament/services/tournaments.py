"""Creating and editing tournaments, and their status (their rule pack and game counts:
:mod:`tournament.services.packs`).

A tournament pins its rule pack by name and by the pack's latest version at creation
(rules.packs), so that a later version of a pack never changes a running tournament.
The creator becomes its director (a TournamentRole).
"""

from __future__ import annotations

import datetime
from typing import TypedDict, Unpack

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from outbox.work import record_publish, record_site
from people.models import Club
from rules.errors import PairingError, RulePackError
from rules.packs import RulePack, load_pack
from rules.pairing import parse_plan
from tournament import visibility
from tournament.models import Girone, Tournament, TournamentRole

from .errors import ServiceError
from .packs import check_hands, turn_target
from .plans import mitchell_offered
from .reasons import reason_text

_STATUS_ORDER = [s.value for s in Tournament.Status]
#: The tournament's fields no public page or API answer reads (the director's
#: settings for pairing and entry): changing only these publishes nothing again.
UNSHOWN_FIELDS = frozenset(
    {
        "entry_mode",
        "avoid_same_club",
        "mitchell_step",
        "rematch_in_last_round",
        "correction_minutes",
        "hold_results",
        "rounds_planned",
        "totals_only",
        "entry_by",
        "idle_minutes",
        "target_points",
        "movement_plan",
        "organiser_id",
    }
)
_FIELDS = Tournament._meta.concrete_fields


def check_movement_plan(
    plan: str, rounds_planned: int, *, format: str = Tournament.Format.PAIRS
) -> tuple[str, ...]:
    """Parse a movement plan for a tournament of ``format``, or raise ServiceError with
    a translated reason (a Mitchell where :func:`.plans.mitchell_offered` says no)."""
    try:
        rounds = parse_plan(plan)
    except PairingError as exc:
        raise ServiceError(
            _("This movement plan cannot be played."), [reason_text(exc)]
        ) from exc
    if not mitchell_offered(format) and "mitchell" in rounds:
        raise ServiceError(
            _("A Mitchell is not offered to teams: choose another plan."),
            [_("Each team holds both lines of its match (docs: rules §11).")],
        )
    if set(rounds) != {"round_robin"} and len(rounds) > rounds_planned:
        raise ServiceError(
            _("The plan has %(plan)s rounds but the tournament has %(planned)s.")
            % {"plan": len(rounds), "planned": rounds_planned}
        )
    return rounds


def unique_slug(name: str, date: datetime.date) -> str:
    """A slug from the name and the year, made unique with -2, -3 ..."""
    base = slugify(f"{name} {date.year}")[:70].strip("-") or "torneo"
    slug, n = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


class Settings(TypedDict, total=False):
    """The settings :func:`create_tournament` leaves, when not given, to the model's
    defaults (no venue or organiser, single entry, no correction period ...)."""

    venue: str
    organiser: Club | None
    entry_mode: str
    avoid_same_club: bool
    mitchell_step: int | None
    rematch_in_last_round: bool
    never_rematch: bool
    hall_numbering: bool
    totals_only: bool
    correction_minutes: int | None
    hold_results: bool
    idle_minutes: int | None


@transaction.atomic
def create_tournament(
    *,
    by: AbstractBaseUser,
    name: str,
    date: datetime.date,
    game: str,
    rule_pack: str,
    rule_pack_version: int | None = None,
    format: str = Tournament.Format.PAIRS,
    hands_per_round: int = 3,
    to_points: bool = False,
    rounds_planned: int = 4,
    movement_plan: str = "3xmitchell+danese",
    entry_by: str = Tournament.EntryBy.REFEREES,
    **settings: Unpack[Settings],
) -> Tournament:
    """Create a tournament with its pack pinned; ``by`` directs it.

    The pack is pinned at its latest version unless ``rule_pack_version`` names an
    earlier one (an event replayed as it was played, under the version it used).
    """
    pack = _pinned_pack(rule_pack, rule_pack_version, game)
    hands_per_round, target = _turns(pack, hands_per_round, to_points)
    _check_format(pack, format)
    check_movement_plan(movement_plan, rounds_planned, format=format)
    tournament = Tournament.objects.create(
        name=name,
        slug=unique_slug(name, date),
        date=date,
        game=game,
        format=format,
        rule_pack=pack.name,
        rule_pack_version=pack.version,
        hands_per_round=hands_per_round,
        target_points=target,
        rounds_planned=rounds_planned,
        movement_plan=movement_plan,
        entry_by=_entry_by(entry_by),
        **settings,
    )
    TournamentRole.objects.create(
        tournament=tournament, user=by, role=TournamentRole.Role.DIRECTOR
    )
    return tournament


def _pinned_pack(rule_pack: str, version: int | None, game: str) -> RulePack:
    """The rule pack a new tournament pins: its latest version, or ``version``."""
    try:
        pack = load_pack(rule_pack)
    except RulePackError as exc:
        raise ServiceError(
            _("Unknown rule pack “%(pack)s”.") % {"pack": rule_pack}
        ) from exc
    if version is not None and version != pack.version:
        try:
            pack = load_pack(rule_pack, version)
        except RulePackError as exc:
            raise ServiceError(
                _("The rule pack “%(pack)s” has no version %(version)s.")
                % {"pack": rule_pack, "version": version}
            ) from exc
    if pack.game != game:
        raise ServiceError(
            _("The rule pack “%(pack)s” is not for %(game)s.")
            % {"pack": pack.title, "game": Tournament.Game(game).label}
        )
    return pack


def _turns(
    pack: RulePack, hands_per_round: int, to_points: bool
) -> tuple[int, int | None]:
    """The hands of a turn and its target points: a turn to points (seed 004) plays
    the pack's hands for its table, else the hands asked for (checked)."""
    target = turn_target(pack, to_points)
    if target is not None:  # the table of the turn to points (seed 004)
        hands_per_round = pack.require_vp().target_uses
    check_hands(pack, hands_per_round)
    return hands_per_round, target


def _check_format(pack: RulePack, format: str) -> None:
    """Pairs or teams; teams only under a pack with team rules."""
    if format not in Tournament.Format.values:
        raise ServiceError(_("Unknown tournament format."))
    if format == Tournament.Format.TEAMS and pack.team is None:
        raise ServiceError(
            _("The rule pack “%(pack)s” has no team rules: teams play Burraco only.")
            % {"pack": pack.title}
        )


def _entry_by(value: str) -> str:
    if value not in Tournament.EntryBy.values:
        raise ServiceError(_("Choose who enters the results."))
    return value


@transaction.atomic
def update_tournament(
    tournament: Tournament,
    *,
    name: str,
    date: datetime.date,
    venue: str,
    organiser: Club | None,
    hands_per_round: int,
    rounds_planned: int,
    movement_plan: str,
    entry_mode: str,
    avoid_same_club: bool,
    to_points: bool = False,
    mitchell_step: int | None = None,
    rematch_in_last_round: bool = True,
    never_rematch: bool = False,
    hall_numbering: bool = False,
    totals_only: bool = False,
    correction_minutes: int | None = None,
    hold_results: bool = False,
    entry_by: str = Tournament.EntryBy.REFEREES,
    idle_minutes: int | None = None,
) -> Tournament:
    """Change what may change; the game, the format and the pinned rule pack never do.

    The hands and whether turns are played to points set the rounds created from now
    on (a girone's next round keeps its previous round's). The public pages are
    published again when a field they show changed (not for the director's pairing and
    entry settings: :data:`UNSHOWN_FIELDS`)."""
    pack = load_pack(tournament.rule_pack, tournament.rule_pack_version)
    hands_per_round, target = _turns(pack, hands_per_round, to_points)
    check_movement_plan(movement_plan, rounds_planned, format=tournament.format)
    before = {f.attname: getattr(tournament, f.attname) for f in _FIELDS}
    tournament.name = name
    tournament.date = date
    tournament.venue = venue
    tournament.organiser = organiser
    tournament.hands_per_round = hands_per_round
    tournament.target_points = target
    tournament.rounds_planned = rounds_planned
    tournament.movement_plan = movement_plan
    tournament.entry_mode = entry_mode
    tournament.avoid_same_club = avoid_same_club
    tournament.mitchell_step = mitchell_step
    tournament.rematch_in_last_round = rematch_in_last_round
    tournament.never_rematch = never_rematch
    tournament.hall_numbering = hall_numbering
    tournament.totals_only = totals_only
    tournament.correction_minutes = correction_minutes
    tournament.hold_results = hold_results
    tournament.entry_by = _entry_by(entry_by)
    tournament.idle_minutes = idle_minutes
    tournament.save()
    _publish_shown_changes(tournament, before)
    return tournament


def _publish_shown_changes(tournament: Tournament, before: dict[str, object]) -> None:
    """Publish the tournament's pages again if a field they show changed."""
    changed = {
        name
        for name, value in before.items()
        if getattr(tournament, name) != value and name not in UNSHOWN_FIELDS
    }
    if changed:
        record_publish(tournament.pk, everything=True)
        record_site()  # the API's list and the seasons name the tournament


@transaction.atomic
def set_status(tournament: Tournament, status: str) -> Tournament:
    """Move the tournament one step forward or back: draft, registration, running ...

    "Concluso" is refused while a round is not final (not closed, its results held,
    or in its correction period: :func:`tournament.visibility.conclusion_problems`)."""
    if status not in _STATUS_ORDER:
        raise ServiceError(_("Unknown status."))
    step = _STATUS_ORDER.index(status) - _STATUS_ORDER.index(tournament.status)
    if abs(step) != 1:
        raise ServiceError(
            _("A tournament cannot go from “%(old)s” to “%(new)s”.")
            % {
                "old": tournament.get_status_display(),
                "new": Tournament.Status(status).label,
            }
        )
    if status == Tournament.Status.FINISHED:
        # Concluded means final: the season and the prize list take these standings.
        missing = visibility.conclusion_problems(tournament)
        if missing:
            raise ServiceError(_("The tournament cannot be concluded yet:"), missing)
    tournament.status = status
    tournament.save(update_fields=["status"])
    # Every page follows (set back to draft: its files are removed), and the site's:
    # the API's list, and the seasons (which count only concluded tournaments).
    record_publish(tournament.pk, everything=True)
    record_site()
    return tournament


def next_status(tournament: Tournament) -> str | None:
    """The status a director would move the tournament to next, if any."""
    index = _STATUS_ORDER.index(tournament.status)
    return _STATUS_ORDER[index + 1] if index + 1 < len(_STATUS_ORDER) else None


def gironi_of(tournament: Tournament) -> list[Girone]:
    """The gironi of the tournament's group stage, by label."""
    return list(
        Girone.objects.filter(
            stage__tournament=tournament, stage__kind="groups"
        ).order_by("stage__order", "label")
    )
