"""The dashboard tells the truth (issue 17 §7).

"Prossimi passi" follow each girone's state: no "Genera il turno 2" before round 1 is
scored and closed, nothing beyond the plan's last round; the pair counts come from one
place, so the dashboard, the girone page and the pairs page agree (withdrawn pairs
counted apart).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw.services import rounds
from participants.services.counts import pair_counts
from participants.services.registration import set_withdrawn
from seating.services import gironi
from tournament.models import Tournament

from .test_late_pairs import late_pair
from .test_rounds import play

pytestmark = pytest.mark.django_db


def dashboard(client, tournament):
    return client.get(
        reverse("tournament:dashboard", kwargs={"slug": tournament.slug})
    ).content.decode()


def steps(page: str) -> str:
    start = page.index("Prossimi passi")
    return page[start : page.index("</section>", start)]


def test_next_steps_follow_the_rounds(client, make_tournament, make_pairs, director):
    tournament = make_tournament(
        movement_plan="random+danese_modificato", rounds_planned=2
    )
    make_pairs(tournament, 4)
    girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
    client.force_login(director)
    assert "Genera il turno 1 del Girone A" in steps(dashboard(client, tournament))
    first = rounds.generate_round(girone)
    assert "Rivedi e pubblica il turno 1" in steps(dashboard(client, tournament))
    rounds.publish_round(first)
    text = steps(dashboard(client, tournament))
    assert "Inserisci i risultati del turno 1 del Girone A" in text
    assert "Genera il turno 2" not in text  # round 1 is not scored yet
    play(first, director, {})  # scored and closed
    text = steps(dashboard(client, tournament))
    assert "Genera il turno 2 del Girone A" in text
    play(rounds.generate_round(girone), director, {})
    text = steps(dashboard(client, tournament))
    assert "Genera il turno 3" not in text  # the plan has two rounds
    assert "Classifica finale" in text and "Rapporto per la federazione" in text


def test_finishing_is_offered_once_the_plan_is_played(
    client, make_tournament, make_pairs, director
):
    tournament = make_tournament(
        movement_plan="random+danese_modificato", rounds_planned=2
    )
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    make_pairs(tournament, 4)
    girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
    client.force_login(director)
    finish = "Passa a “Concluso”"
    assert finish not in steps(dashboard(client, tournament))  # nothing played yet
    play(rounds.generate_round(girone), director, {})
    assert finish not in steps(dashboard(client, tournament))  # one round to go
    play(rounds.generate_round(girone), director, {})
    assert finish in steps(dashboard(client, tournament))


def test_a_scored_round_is_offered_for_closing(
    client, make_tournament, make_pairs, director
):
    from scoring import services as scoring
    from scoring.services import Hand, Sheet

    tournament = make_tournament()
    make_pairs(tournament, 4)
    girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
    first = rounds.publish_round(rounds.generate_round(girone))
    for table in first.tables.all():
        scoring.submit_sheet(
            table=scoring.load_table(table.pk),
            sheet=Sheet(hands=(Hand(300, 100),) * first.hands),
            by=director,
            expected_lock_version=0,
            token=f"t{table.pk}",
        )
    client.force_login(director)
    text = steps(dashboard(client, tournament))
    assert "Controlla e chiudi il turno 1 del Girone A" in text
    assert (
        reverse("scoring:recap", kwargs={"slug": tournament.slug, "round_id": first.pk})
        in text
    )


def test_counts_agree_between_the_pages(client, make_tournament, make_pairs, director):
    tournament = make_tournament()
    make_pairs(tournament, 16)
    girone_a, _b = gironi.split_into_gironi(tournament, count=2).gironi
    set_withdrawn(girone_a.pairs.order_by("number").first(), True)
    gironi.move_pair(late_pair(tournament, 17), girone_a)
    counts = pair_counts(tournament)
    assert (counts.registered, counts.playing, counts.withdrawn) == (17, 16, 1)
    assert (counts.of(girone_a).total, counts.of(girone_a).withdrawn) == (9, 1)
    client.force_login(director)
    page = dashboard(client, tournament)
    assert "17 coppie iscritte · 16 in gioco · 1 ritirata" in page
    assert "9 coppie (1 ritirata)" in page
    girone_page = client.get(
        reverse("tournament:girone", kwargs={"slug": tournament.slug, "girone": "A"})
    ).content.decode()
    assert "9 coppie (1 ritirata)" in girone_page
    pairs_page = client.get(
        reverse("tournament:pairs", kwargs={"slug": tournament.slug})
    ).content.decode()
    assert "17 coppie iscritte" in pairs_page and "16 in gioco" in pairs_page


def test_the_rules_are_named_by_their_title(client, make_tournament, director):
    """The dashboard names the pinned rule pack by its title, never by its key."""
    from tournament.services.packs import pinned_pack

    tournament = make_tournament()
    client.force_login(director)
    page = dashboard(client, tournament)
    title = pinned_pack(tournament).title
    assert f"regolamento: {title}" in page.replace("&#x27;", "'")
    assert tournament.rule_pack not in page
    # A pack no longer installed: its key and version are all there is to show.
    Tournament.objects.filter(pk=tournament.pk).update(rule_pack="tolto")
    page = dashboard(client, Tournament.objects.get(pk=tournament.pk))
    assert "regolamento tolto, versione" in page
