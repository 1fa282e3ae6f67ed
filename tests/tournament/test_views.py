"""The director's pages through the test client: permissions and the main flow."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from draw.services import rounds
from participants.models import Pair
from seating.services import gironi
from tournament.models import Round, Tournament

CSV_OK = (
    "Cognome 1;Nome 1;Tessera 1;Cognome 2;Nome 2;Tessera 2;Circolo\n"
    "Rossi;Anna;T001;Bianchi;Luca;T002;\n"
    "Verdi;Marta;;Neri;Paolo;;\n"
    "Russo;Sara;;Romano;Ugo;;\n"
    "Gallo;Rita;;Costa;Ivo;;\n"
)


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def creator_client(client, director):
    """A user allowed to create tournaments (the add permission), directing none yet."""
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client.force_login(director)
    return client


def url(name, tournament, **kwargs):
    return reverse(f"tournament:{name}", kwargs={"slug": tournament.slug, **kwargs})


@pytest.mark.django_db
class TestPermissions:
    def test_anonymous_is_sent_to_login(self, client, tournament):
        response = client.get(url("dashboard", tournament))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))

    def test_user_without_role_is_refused(self, client, make_user, tournament):
        client.force_login(make_user("intruso"))
        assert client.get(url("dashboard", tournament)).status_code == 403
        assert client.post(url("pairs", tournament), {}).status_code == 403
        assert client.get(reverse("tournament:create")).status_code == 403

    def test_referee_is_not_a_director(self, client, make_user, tournament, grant):
        referee = make_user("arbitro")
        grant(referee, tournament, role="referee")
        client.force_login(referee)
        assert client.get(url("gironi", tournament)).status_code == 403

    def test_director_of_another_tournament_is_refused(
        self, client, make_user, make_tournament, grant
    ):
        other = make_tournament(name="Altro torneo")
        mine = make_tournament(name="Mio torneo")
        someone = make_user("qualcuno")
        grant(someone, mine)
        client.force_login(someone)
        assert client.get(url("dashboard", mine)).status_code == 200
        assert client.get(url("dashboard", other)).status_code == 403
        listed = client.get(reverse("tournament:index")).content.decode()
        assert "Mio torneo" in listed and "Altro torneo" not in listed

    def test_superuser_may_direct_everything(self, client, make_user, tournament):
        client.force_login(make_user("capo", is_superuser=True))
        assert client.get(url("dashboard", tournament)).status_code == 200


@pytest.mark.django_db
def test_create_tournament_pins_the_pack(creator_client, director):
    response = creator_client.post(
        reverse("tournament:create"),
        {
            "name": "Coppa Primavera",
            "date": "2026-04-12",
            "game": "burraco",
            "rule_pack": "fibur-2026",
            "hands_per_round": 3,
            "rounds_planned": 4,
            "movement_plan": "3xmitchell+danese",
            "entry_mode": "single",
            "rematch_in_last_round": "on",
        },
    )
    tournament = Tournament.objects.get(name="Coppa Primavera")
    assert response.status_code == 302
    assert (tournament.rule_pack, tournament.rule_pack_version) == ("fibur-2026", 4)
    assert tournament.roles.filter(user=director, role="director").exists()


@pytest.mark.django_db
def test_create_refuses_a_bad_plan_in_italian(creator_client):
    """A formula sent by a script is read too; its refusal is said in words, without
    repeating the formula (issue 28 §2)."""
    response = creator_client.post(
        reverse("tournament:create"),
        {
            "name": "Coppa",
            "date": "2026-04-12",
            "game": "burraco",
            "rule_pack": "fibur-2026",
            "hands_per_round": 3,
            "rounds_planned": 4,
            "movement_plan": "danese+3xmitchell",
            "entry_mode": "single",
        },
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "il turno 1 non può usare Danese" in page
    assert "danese+3xmitchell" not in page
    assert not Tournament.objects.filter(name="Coppa").exists()


@pytest.mark.django_db
def test_import_preview_then_confirm(director_client, tournament):
    bad = CSV_OK + "Esposito;;;Ricci;Gino;;\n"
    response = director_client.post(url("import", tournament), {"text": bad})
    page = response.content.decode()
    assert "6" in page and "Esposito" in page
    assert tournament.pairs.count() == 0
    response = director_client.post(url("import", tournament), {"text": CSV_OK})
    assert tournament.pairs.count() == 0  # a clean preview still saves nothing
    assert 'id="confirm-import"' in response.content.decode()
    response = director_client.post(
        url("import", tournament), {"text": CSV_OK, "confirm": "on"}
    )
    assert response.status_code == 302
    assert tournament.pairs.count() == 4


@pytest.mark.django_db
def test_register_one_pair_then_withdraw(director_client, tournament):
    response = director_client.post(
        url("pairs", tournament),
        {
            "last_name1": "rossi",
            "first_name1": "anna",
            "last_name2": "Bianchi",
            "first_name2": "Luca",
        },
    )
    assert response.status_code == 302
    pair = Pair.objects.get(tournament=tournament)
    assert pair.number == 1 and pair.player1.last_name == "Rossi"
    # One tap asks for a confirmation and changes nothing (issue 28 §3).
    response = director_client.post(
        url("withdraw", tournament, number=1), {"withdrawn": "1"}
    )
    assert response.status_code == 200
    assert 'id="confirm-withdraw"' in response.content.decode()
    pair.refresh_from_db()
    assert not pair.withdrawn
    director_client.post(
        url("withdraw", tournament, number=1), {"withdrawn": "1", "confirm": "1"}
    )
    pair.refresh_from_db()
    assert pair.withdrawn


@pytest.mark.django_db
def test_register_pair_with_missing_name_shows_the_field_error(
    director_client, tournament
):
    response = director_client.post(
        url("pairs", tournament),
        {"last_name1": "Rossi", "first_name1": "Anna", "last_name2": "Bianchi"},
    )
    assert response.status_code == 200
    assert response.context["form"].errors["first_name2"]
    assert not tournament.pairs.exists()


def test_a_pair_number_past_the_limit_is_refused_with_the_limit(
    director_client, tournament
):
    """A digit too many: the form says the tournament's limit (99999, as the CSV
    import does), never the database column's."""
    response = director_client.post(
        url("pairs", tournament),
        {
            "last_name1": "Rossi",
            "first_name1": "Anna",
            "last_name2": "Bianchi",
            "first_name2": "Luca",
            "number": "4000000000",
        },
    )
    (error,) = response.context["form"].errors["number"]
    assert "99999" in error.replace(".", "") and "2147483647" not in error
    assert not tournament.pairs.exists()


@pytest.mark.django_db
def test_split_generate_swap_publish(director_client, tournament, make_pairs):
    make_pairs(tournament, 10)
    response = director_client.post(
        url("gironi", tournament), {"count": 2, "method": "snake"}
    )
    assert response.status_code == 302
    response = director_client.post(url("generate", tournament, girone="A"))
    assert response.status_code == 302
    round_ = Round.objects.get(girone__label="A", number=1)
    assert round_.status == Round.Status.DRAFT
    page = director_client.get(response["Location"]).content.decode()
    assert "Pubblica" in page or "Publish" in page
    numbers = [t.pair_ns.number for t in round_.tables.all()]
    response = director_client.post(
        url("swap", tournament, girone="A", number=1),
        {"first": numbers[0], "second": numbers[1]},
    )
    assert response.status_code == 302
    director_client.post(url("publish", tournament, girone="A", number=1))
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED and round_.tables_public
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


@pytest.mark.django_db
def test_pages_render(director_client, tournament, make_pairs):
    make_pairs(tournament, 8)
    gironi.split_into_gironi(tournament, count=1)
    round_ = rounds.generate_round(tournament.stages.get().gironi.get(), seed=1)
    for name, extra in [
        ("dashboard", {}),
        ("edit", {}),
        ("pairs", {}),
        ("import", {}),
        ("gironi", {}),
        ("girone", {"girone": "A"}),
        ("round", {"girone": "A", "number": round_.number}),
    ]:
        assert director_client.get(url(name, tournament, **extra)).status_code == 200
    assert director_client.get(reverse("tournament:index")).status_code == 200
    assert director_client.get(reverse("tournament:clubs")).status_code == 200


@pytest.mark.django_db
def test_upload_a_csv_file(director_client, tournament):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile(
        "coppie.csv", CSV_OK.encode("cp1252"), content_type="text/csv"
    )
    response = director_client.post(url("import", tournament), {"file": upload})
    assert response.context["preview"].ok
    assert len(response.context["preview"].entries) == 4
    assert tournament.pairs.count() == 0


@pytest.mark.django_db
def test_unpublish_with_results_is_refused_on_the_page(
    director_client, tournament, make_pairs
):
    from scoring.models import TableResult

    make_pairs(tournament, 4)
    girone = gironi.split_into_gironi(tournament, count=1).gironi[0]
    round_ = rounds.publish_round(rounds.generate_round(girone, seed=2))
    TableResult.objects.create(
        table=round_.tables.first(), round=round_, status="entered"
    )
    response = director_client.post(
        url("unpublish", tournament, girone="A", number=1), follow=True
    )
    page = response.content.decode()
    assert "Il turno 1 ha risultati: non se ne può ritirare la pubblicazione." in page
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED


@pytest.mark.django_db
def test_the_girone_page_names_movements_and_statuses_in_italian(
    director_client, make_tournament, make_pairs
):
    """Found by the reviewer on the Briscola demo's girone page: each round showed the
    raw identifier "round_robin" and a closed round's badge read "Chiusura" (closing)
    instead of "Chiuso"."""
    from django.utils import translation

    tournament = make_tournament(movement_plan="round_robin")
    make_pairs(tournament, 4)
    gironi.split_into_gironi(tournament, count=1)
    round_ = rounds.generate_round(tournament.stages.get().gironi.get(), seed=1)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    with translation.override("it"):
        page = director_client.get(
            url("girone", tournament, girone="A"), HTTP_ACCEPT_LANGUAGE="it"
        ).content.decode()
    assert "round_robin" not in page
    assert "all&#x27;italiana" in page or "all'italiana" in page
    assert ">Chiuso<" in page and "Chiusura" not in page


@pytest.mark.django_db
def test_a_briscola_round_page_counts_partite_not_smazzate(
    director_client, make_tournament, make_pairs
):
    """Issue 16 §6: no Burraco word on a Briscola page. Found by the reviewer: the
    director's round page of the Briscola demo read "all'italiana · smazzate: 3"."""
    from django.utils import translation

    tournament = make_tournament(
        game=Tournament.Game.BRISCOLA,
        rule_pack="briscola-approdo",
        movement_plan="round_robin",
        hands_per_round=3,
    )
    make_pairs(tournament, 4)
    gironi.split_into_gironi(tournament, count=1)
    round_ = rounds.generate_round(tournament.stages.get().gironi.get(), seed=1)
    with translation.override("it"):
        page = director_client.get(
            url("round", tournament, girone="A", number=round_.number),
            HTTP_ACCEPT_LANGUAGE="it",
        ).content.decode()
    assert "partite per incontro: 3" in page
    assert "smazzat" not in page.lower()
