"""What the publisher still has to write (:mod:`public.publish`).

A change marks its tournament (and, when cheap, what in it) once its transaction
commits: one :class:`PublishMark` row per change, insert-only, so that saves of one
tournament never wait for each other on a shared row. :class:`PublishState` says
whether a publishing task is already waiting for the tournament (at most one is).
"""

from django.db import models


class PublishState(models.Model):
    tournament = models.OneToOneField(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="+"
    )
    #: A publishing task is queued and has not started yet.
    queued = models.BooleanField(default=False)
    queued_at = models.DateTimeField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"publish {self.tournament_id}: queued={self.queued}"


class PublishMark(models.Model):
    class Kind(models.TextChoices):
        ALL = "all"  # everything of the tournament
        PAGES = "pages"  # its own pages (standings, tournament page, API answers)
        PAIR = "pair"  # one pair's page (ref: the pair's id)
        GIRONE = "girone"  # every pair and round of a girone (ref: the girone's id)
        ROUND = "round"  # one round's tables (ref: the round's id)

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="+"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    ref = models.BigIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.tournament_id}:{self.kind}:{self.ref}"
