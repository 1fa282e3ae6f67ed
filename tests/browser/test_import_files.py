"""A director uploads awkward CSV files in a real browser: every problem on its line.

A UTF-16 file (as Excel's "Unicode text" writes it) with a doubled quote, a surname of
61 characters and a NUL byte: the preview reads the accents right and names each line;
an .xlsx picked by mistake is refused saying what it is; the standings page offers the
CSV download.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from participants.models import Pair
from people.models import Club
from tournament.models import Tournament, TournamentRole

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_awkward_files_in_the_browser(
    page, live_server, make_user, screenshot_dir, tmp_path
):
    Club.objects.create(name='Circolo "La Rosa"')
    tournament = Tournament.objects.create(
        name="Coppa dei File",
        slug="coppa-file",
        date=dt.date(2026, 5, 9),
        game="burraco",
        rule_pack="fibur-2026",
        rule_pack_version=2,
    )
    user = make_user("direttore-file", password="pw-direttore-1")
    TournamentRole.objects.create(tournament=tournament, user=user, role="director")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(live_server.url + "/login/?next=/direzione/coppa-file/importa/")
    page.get_by_label("Nome utente").fill("direttore-file")
    page.get_by_label("Password").fill("pw-direttore-1")
    page.keyboard.press("Enter")
    page.wait_for_url("**/importa/")

    text = (
        "Cognome 1;Nome 1;Cognome 2;Nome 2;Circolo\r\n"
        'Nicolò;Zoë;Çelik;Anna;"Circolo ""La Rosa"""\r\n'
        + "L"
        * 61
        + ";Ugo;Neri;Ivo;\r\n"
        "Verdi;Ma\x00rta;Russo;Sara;\r\n"
    )
    utf16 = tmp_path / "coppie.csv"
    utf16.write_bytes(text.encode("utf-16"))
    page.locator("#id_file").set_input_files(str(utf16))
    page.get_by_role("button", name="Controlla").click()
    errors = page.locator("#preview .line-errors li")
    errors.first.wait_for()
    listed = [errors.nth(i).inner_text() for i in range(errors.count())]
    assert len(listed) == 2
    assert listed[0].startswith("Riga 3") and "61 caratteri, al massimo 60" in listed[0]
    assert listed[1].startswith("Riga 4") and "carattere di controllo" in listed[1]
    page.screenshot(path=f"{screenshot_dir}/import-utf16-errors.png", full_page=True)
    assert Pair.objects.count() == 0

    xlsx = tmp_path / "coppie.xlsx"
    xlsx.write_bytes(b"PK\x03\x04" + bytes(300))
    page.locator("#id_file").set_input_files(str(xlsx))
    page.get_by_role("button", name="Controlla").click()
    message = page.get_by_text("foglio di calcolo")
    message.wait_for()
    assert "CSV UTF-8" in message.inner_text()
    page.screenshot(path=f"{screenshot_dir}/import-xlsx-refused.png", full_page=True)

    page.goto(live_server.url + "/classifiche/coppa-file/")
    link = page.get_by_role("link", name="Scarica CSV")
    with page.expect_download() as download:
        link.click()
    path = download.value.path()
    assert path is not None
    assert Path(path).read_text(encoding="utf-8-sig").startswith('"stage","girone"')
    page.screenshot(path=f"{screenshot_dir}/standings-csv-button.png", full_page=True)
