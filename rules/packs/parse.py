"""Validate a parsed pack file and build its :class:`~rules.packs.sections.RulePack`.

One reader per section; each reads every key it knows through a
:class:`~rules.packs.table.Table` and refuses the ones it does not.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal, cast

from rules.errors import RulePackError
from rules.packs.sections import (
    CARD_POINT_KEYS,
    STANDINGS_KEYS,
    BriscolaSection,
    BurracoSection,
    EntrySection,
    Game,
    MatchPoints,
    PairingSection,
    RulePack,
    SpecialSection,
    StandingsSection,
)
from rules.packs.table import Table
from rules.packs.vp_tables import read_team, read_vp

#: A pack's file name: ``<name>.v<version>.toml``, the name lower-case words joined by '-'.
PACK_FILE = re.compile(
    r"^(?P<name>[a-z0-9]+(?:-[a-z0-9]+)*)\.v(?P<version>[1-9]\d*)\.toml$"
)


def parse_pack(data: Mapping[str, object], *, origin: str = "<data>") -> RulePack:
    """Validate an already-parsed TOML mapping and build its :class:`RulePack`.

    >>> parse_pack({"name": "x"}, origin="x.v1.toml")
    Traceback (most recent call last):
    ...
    rules.errors.RulePackError: x.v1.toml: missing key 'version' in [top level]
    """
    top = Table(data, "top level", origin)
    name = top.str_("name")
    if not PACK_FILE.match(f"{name}.v1.toml"):
        raise RulePackError(
            f"{origin}: pack name must be lower-case words joined by '-', got {name!r}"
        )
    version = top.int_("version", minimum=1)
    game = cast(Game, top.choice("game", ("burraco", "briscola")))
    title = top.str_("title")
    source = top.str_("source")
    standings = _standings(top.table("standings"))
    if game == "burraco":
        pack = RulePack(
            name=name,
            version=version,
            game=game,
            title=title,
            source=source,
            standings=standings,
            vp=read_vp(top.table("vp")),
            burraco=_burraco(top.table("burraco")),
            special=_special(top.table("special")),
            pairing=_pairing(top.table("pairing")),
            team=read_team(top.table("team"), top.data["vp"]),
            entry=_entry(top.table("entry")),
        )
    else:
        pack = RulePack(
            name=name,
            version=version,
            game=game,
            title=title,
            source=source,
            standings=standings,
            briscola=_briscola(top.table("briscola")),
        )
    top.done()
    return pack


def _burraco(t: Table) -> BurracoSection:
    amounts = {k: t.int_(k, minimum=0, step=5) for k in ("clean", "semiclean", "dirty")}
    closing = t.int_("closing", minimum=0, step=5)
    pozzetto_penalty = t.int_("pozzetto_penalty", minimum=0, step=5)
    if_none_taken = t.bool_("pozzetto_penalty_if_none_taken")
    has_semiclean = t.bool_("has_semiclean")
    combination = t.choice("semiclean_combination", ("at_least_8", "exactly_8"))
    points_table = t.table("card_points")
    card_points = tuple(
        (key, points_table.int_(key, minimum=0, step=5)) for key in CARD_POINT_KEYS
    )
    points_table.done()
    t.done()
    return BurracoSection(
        clean=amounts["clean"],
        semiclean=amounts["semiclean"],
        dirty=amounts["dirty"],
        closing=closing,
        pozzetto_penalty=pozzetto_penalty,
        pozzetto_penalty_if_none_taken=if_none_taken,
        has_semiclean=has_semiclean,
        semiclean_combination=cast(Literal["at_least_8", "exactly_8"], combination),
        card_points=card_points,
    )


def _special(t: Table) -> SpecialSection:
    late_table = t.table("late_forfeit_vp")
    late: list[tuple[int, int, int]] = []
    for key in sorted(late_table.keys(), key=lambda k: (len(k), k)):
        pair = late_table.list_(key)
        if not key.isdigit() or len(pair) != 2 or not all(type(v) is int for v in pair):
            raise RulePackError(
                f"{t.origin}: [special.late_forfeit_vp] maps smazzate to"
                f" [winner VP, late VP], got {key} = {pair!r}"
            )
        late.append((int(key), cast(int, pair[0]), cast(int, pair[1])))
    late_table.done()
    section = SpecialSection(
        rest_vp=t.int_("rest_vp", minimum=0),
        rest_mp=t.mp_rule("rest_mp"),
        forfeit_winner_vp=t.int_("forfeit_winner_vp", minimum=0),
        forfeit_loser_vp=t.int_("forfeit_loser_vp", minimum=0),
        forfeit_mp=t.mp_rule("forfeit_mp"),
        forfeit_loser_mp=t.int_("forfeit_loser_mp", step=5),
        forfeit_played_mp=cast(
            Literal["kept", "band_min"],
            t.choice("forfeit_played_mp", ("kept", "band_min")),
        ),
        late_arrival_mp=t.int_("late_arrival_mp", step=5),
        late_forfeit_vp=tuple(late),
        second_warning_vp=t.int_("second_warning_vp"),
        second_warning_mp=cast(
            Literal["none", "equivalent"],
            t.choice("second_warning_mp", ("none", "equivalent")),
        ),
        both_absent_vp=t.int_("both_absent_vp", minimum=0),
        forfeit_offender_mp=cast(
            Literal["mirror", "band_min"],
            t.choice("forfeit_offender_mp", ("mirror", "band_min")),
        ),
        abandon_penalty=t.int_("abandon_penalty", minimum=0, step=5),
        late_forfeit_cap=t.bool_("late_forfeit_cap"),
        second_warning_scope=cast(
            Literal["meeting", "standings"],
            t.choice("second_warning_scope", ("meeting", "standings")),
        ),
    )
    t.done()
    return section


def _entry(t: Table) -> EntrySection:
    section = EntrySection(
        max_referee_penalty=t.int_("max_referee_penalty", minimum=0, step=5),
        unlikely_hand_above=t.int_("unlikely_hand_above", minimum=0, step=5),
        unlikely_hand_below=t.int_("unlikely_hand_below", maximum=0, step=5),
        unlikely_all_zero=t.bool_("unlikely_all_zero"),
        unlikely_diff_above=t.int_("unlikely_diff_above", minimum=0, step=5),
    )
    t.done()
    return section


def _standings(t: Table) -> StandingsSection:
    chain = t.list_("chain")
    for item in chain:
        if item not in STANDINGS_KEYS:
            raise RulePackError(
                f"{t.origin}: [standings] chain names unknown criterion {item!r}"
                f" (known: {', '.join(STANDINGS_KEYS)})"
            )
    if len(set(chain)) != len(chain):
        raise RulePackError(
            f"{t.origin}: [standings] chain repeats a criterion: {chain!r}"
        )
    section = StandingsSection(
        chain=tuple(cast(list[str], chain)),
        reapply_head_to_head=t.bool_("reapply_head_to_head"),
        unmet_ties=cast(
            Literal["use_played", "skip"],
            t.choice("unmet_ties", ("use_played", "skip")),
        ),
        missed_round_points=t.int_("missed_round_points"),
        missed_round_score=t.int_("missed_round_score"),
        correction_minutes=t.int_("correction_minutes", minimum=0, maximum=1440),
    )
    t.done()
    return section


def _pairing(t: Table) -> PairingSection:
    section = PairingSection(
        danese_no_rematch=cast(
            Literal["previous", "any"],
            t.choice("danese_no_rematch", ("previous", "any")),
        ),
        danese_higher_ranked_ns=t.bool_("danese_higher_ranked_ns"),
        mitchell_ranking=cast(
            Literal["combined", "per_line"],
            t.choice("mitchell_ranking", ("combined", "per_line")),
        ),
    )
    t.done()
    return section


def _briscola(t: Table) -> BriscolaSection:
    games = t.int_("games_per_match", minimum=1)
    final_games = t.int_("final_games_per_match", minimum=1)
    for key, value in (
        ("games_per_match", games),
        ("final_games_per_match", final_games),
    ):
        if value % 2 == 0:
            raise RulePackError(
                f"{t.origin}: [briscola] {key} must be odd (best of N), got {value}"
            )
    points = t.table("match_points")
    match_points = MatchPoints(
        win=points.int_("win", minimum=0),
        draw=points.int_("draw", minimum=0),
        loss=points.int_("loss", minimum=0),
    )
    points.done()
    section = BriscolaSection(
        games_per_match=games,
        final_games_per_match=final_games,
        tie_60=cast(Literal["replay", "draw"], t.choice("tie_60", ("replay", "draw"))),
        match_points=match_points,
        knockout_spareggi=t.int_("knockout_spareggi", minimum=0),
        forfeit_winner_points=t.int_("forfeit_winner_points", minimum=0),
        forfeit_loser_points=t.int_("forfeit_loser_points", minimum=0),
        forfeit_keeps_played=t.bool_("forfeit_keeps_played"),
        rest_points=t.int_("rest_points", minimum=0),
        match_score=cast(
            Literal["card_points", "partite"],
            t.choice("match_score", ("card_points", "partite")),
        ),
        play_all_partite=t.bool_("play_all_partite"),
        forfeit_offender_partite=cast(
            Literal["kept", "void"],
            t.choice("forfeit_offender_partite", ("kept", "void")),
        ),
    )
    t.done()
    return section
