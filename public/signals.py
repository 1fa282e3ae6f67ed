"""What marks a tournament's published files dirty (:mod:`public.queue`).

* the standings stored (a result saved, corrected, released): the tournament's pages;
  in the standings worker they are published there, after it ranks;
* a table's scores written: that table's pairs and round (published with the
  standings that follow in the same save);
* a round published, released, closed, or its correction period changed: every pair and
  round of its girone; a later publishing at the end of the correction period;
* a table seated, a pair edited or withdrawn: that pair, its round;
* a bracket's result: the tournament's pages;
* the tournament itself (status, name): everything, but only when a field the public
  pages can show changed (:data:`UNSHOWN_TOURNAMENT_FIELDS` are the director's
  settings no public page reads); set back to draft (or deleted): its files are
  removed at once, after the commit.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver
from django.utils import timezone

from knockout.models import Bracket
from scoring.hooks import scores_changed
from standings.hooks import standings_stored
from tournament import visibility
from tournament.models import Girone, Pair, Round, Table, Tournament

from . import queue
from .models import PublishMark

Kind = PublishMark.Kind
#: The round's fields that change what its pages show.
ROUND_FIELDS = {"status", "tables_public", "results_public", "provisional_until"}
#: The tournament's fields no public page or API answer reads (the director's
#: settings for pairing and entry): changing only these republishes nothing.
UNSHOWN_TOURNAMENT_FIELDS = frozenset(
    {
        "entry_mode",
        "avoid_same_club",
        "mitchell_step",
        "rematch_in_last_round",
        "correction_minutes",
        "rounds_planned",
        "totals_only",
        "created_at",
        "organiser",
    }
)


def _tournament_of_gironi(girone_ids) -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for girone_id, tournament_id in Girone.objects.filter(
        pk__in=list(girone_ids)
    ).values_list("pk", "stage__tournament_id"):
        found.setdefault(tournament_id, []).append(girone_id)
    return found


@receiver(standings_stored, dispatch_uid="public_standings_stored")
def standings_saved(sender, girone_ids, background=False, **kwargs) -> None:
    if not queue.enabled():
        return
    for tournament_id in _tournament_of_gironi(girone_ids):
        queue.after_commit(tournament_id, [(Kind.PAGES, None)], background=background)


@receiver(scores_changed, dispatch_uid="public_scores_changed")
def scores_saved(sender, girone_ids, table_ids=(), **kwargs) -> None:
    if not queue.enabled() or not table_ids:
        return
    rows = Table.objects.filter(pk__in=list(table_ids)).values_list(
        "round_id", "pair_ns_id", "pair_ew_id", "round__girone__stage__tournament_id"
    )
    for round_id, ns, ew, tournament_id in rows:
        marks = [(Kind.ROUND, round_id)] + [
            (Kind.PAIR, p) for p in (ns, ew) if p is not None
        ]
        # The standings stored in the same save (or by the worker) publish them.
        queue.after_commit(tournament_id, marks, publish=False)


@receiver(post_save, sender=Round, dispatch_uid="public_round_saved")
def round_saved(sender, instance: Round, created: bool, update_fields=None, **kw):
    if not queue.enabled() or kw.get("raw"):
        return
    if update_fields is not None and not ROUND_FIELDS & set(update_fields):
        return
    if created and not visibility.round_is_published(instance):
        return  # a new draft (pairing the next round): nothing of it is public
    tournament_id = Girone.objects.filter(pk=instance.girone_id).values_list(
        "stage__tournament_id", flat=True
    )[0]
    queue.after_commit(tournament_id, [(Kind.GIRONE, instance.girone_id)])
    until = instance.provisional_until
    if until is not None and until > timezone.now():
        # The file itself turns final when the correction period ends.
        def at_deadline() -> None:
            queue.mark(tournament_id, [(Kind.GIRONE, instance.girone_id)])
            queue.enqueue(tournament_id, at=until)

        transaction.on_commit(at_deadline)


@receiver(post_save, sender=Table, dispatch_uid="public_table_saved")
def table_saved(sender, instance: Table, created: bool, **kwargs) -> None:
    if not queue.enabled() or kwargs.get("raw"):
        return
    tournament_id = Round.objects.filter(pk=instance.round_id).values_list(
        "girone__stage__tournament_id", flat=True
    )[0]
    marks = [(Kind.ROUND, instance.round_id)] + [
        (Kind.PAIR, p) for p in (instance.pair_ns_id, instance.pair_ew_id) if p
    ]
    queue.after_commit(tournament_id, marks)


@receiver(post_save, sender=Pair, dispatch_uid="public_pair_saved")
def pair_saved(sender, instance: Pair, **kwargs) -> None:
    if not queue.enabled() or kwargs.get("raw"):
        return
    queue.after_commit(
        instance.tournament_id, [(Kind.PAIR, instance.pk), (Kind.PAGES, None)]
    )


@receiver(post_delete, sender=Pair, dispatch_uid="public_pair_deleted")
def pair_deleted(sender, instance: Pair, **kwargs) -> None:
    if queue.enabled():
        queue.after_commit(instance.tournament_id, [(Kind.ALL, None)])


@receiver(post_save, sender=Bracket, dispatch_uid="public_bracket_saved")
def bracket_saved(sender, instance: Bracket, **kwargs) -> None:
    if not queue.enabled() or kwargs.get("raw"):
        return
    tournament_id = instance.stage.tournament_id
    queue.after_commit(tournament_id, [(Kind.PAGES, None)])


def _field_values(tournament: Tournament) -> dict[str, object]:
    return {
        f.attname: getattr(tournament, f.attname)
        for f in Tournament._meta.concrete_fields
    }


@receiver(pre_save, sender=Tournament, dispatch_uid="public_tournament_saving")
def tournament_saving(sender, instance: Tournament, update_fields=None, **kwargs):
    """Remember the stored row, to tell in post_save which fields changed."""
    if not queue.enabled() or kwargs.get("raw") or instance.pk is None:
        return
    if update_fields is not None:
        return  # post_save knows them
    before = Tournament.objects.filter(pk=instance.pk).first()
    instance._public_before = _field_values(before) if before else None


def _shown_change(instance: Tournament, created: bool, update_fields) -> bool:
    """Whether the save can change a public page."""
    if created:
        return True
    if update_fields is not None:
        changed = {Tournament._meta.get_field(f).attname for f in update_fields}
    else:
        before = getattr(instance, "_public_before", None)
        if before is None:
            return True
        after = _field_values(instance)
        changed = {name for name, value in after.items() if before[name] != value}
    unshown = {Tournament._meta.get_field(f).attname for f in UNSHOWN_TOURNAMENT_FIELDS}
    return bool(changed - unshown)


@receiver(post_save, sender=Tournament, dispatch_uid="public_tournament_saved")
def tournament_saved(
    sender, instance: Tournament, created: bool, update_fields=None, **kwargs
) -> None:
    if not queue.enabled() or kwargs.get("raw"):
        return
    if not visibility.tournament_is_public(instance):
        _unpublish_after_commit(instance.slug)
    if _shown_change(instance, created, update_fields):
        queue.after_commit(instance.pk, [(Kind.ALL, None)])


@receiver(post_delete, sender=Tournament, dispatch_uid="public_tournament_deleted")
def tournament_deleted(sender, instance: Tournament, **kwargs) -> None:
    if queue.enabled():
        _unpublish_after_commit(instance.slug)


def _unpublish_after_commit(slug: str) -> None:
    from .publish import unpublish_tournament

    # Removing a folder is quick, and nothing unreleased may stay served a moment.
    transaction.on_commit(lambda: unpublish_tournament(slug))
