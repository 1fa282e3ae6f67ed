"""Team results: what a team match gives each team, from its tables' pair scores.

docs/rules.md §11. A team match is two ordinary tables; each is entered, checked and
converted as a pair match and gets its :class:`~scoring.models.PairScore` rows. When
every table of the match has a version that counts, :func:`write_team_scores` combines
them with :func:`rules.team.team_match` under the tournament's pack (``[team]
mp_combination``) and stores a :class:`~scoring.models.TeamScore` row per team; until
then the match has none (a match counts once it is complete). A resting team's rest
table gives it :func:`rules.team.team_rest`. Called in the transaction that changes a
table's version that counts, after its pair scores are written.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from rules.packs import RulePack, load_pack
from rules.team import TableScore, team_match, team_rest
from seating.models import Table, TeamMatch
from tournament.models import Tournament

from ..models import PairScore, ResultVersion, TeamScore

Kind = ResultVersion.Kind


def _pack(tournament: Tournament) -> RulePack:
    return load_pack(tournament.rule_pack, tournament.rule_pack_version)


def _warned(score: PairScore) -> bool:
    version = score.version
    return version.kind == Kind.SECOND_WARNING and version.line == score.line


def _extra(score: PairScore, pack: RulePack) -> int:
    """VP a table takes outside its MP conversion for this line (a second warning)."""
    if score.penalty_vp:  # second_warning_scope = "standings": recorded apart
        return -score.penalty_vp
    return pack.require_special().second_warning_vp if _warned(score) else 0


def _mp_off(score: PairScore) -> int:
    """MP a second warning took from this line (``second_warning_mp``): the line's
    hands as played, less its stored MP (0 for any other result)."""
    if score.penalty_mp:  # second_warning_scope = "standings": recorded apart
        return score.penalty_mp
    if not _warned(score):
        return 0
    played = sum(getattr(h, score.line) for h in score.version.hands.all())
    return max(0, played - score.mp_for)


def write_team_scores(table: Table, written: list[PairScore] | None = None) -> None:
    """Rewrite the TeamScore rows of ``table``'s team match (nothing for pair events).

    ``written``: the table's PairScore rows just written (with their versions), so
    only the match's other table is read again. Read without the default orderings
    (TeamMatch's and PairScore's start with the round's, which join the girone,
    stage and tournament to order a row or four)."""
    match = (
        TeamMatch.objects.filter(Q(table_1=table) | Q(table_2=table))
        .select_related("round__girone__stage__tournament")
        .order_by()
        .first()
    )
    if match is None:
        return
    TeamScore.objects.filter(match=match).delete()
    round_ = match.round
    pack = _pack(round_.girone.stage.tournament)
    tables = [pk for pk in (match.table_1_id, match.table_2_id) if pk is not None]
    if written is not None:
        tables = [pk for pk in tables if pk != table.pk]
    read = PairScore.objects.filter(table_id__in=tables).select_related("version")
    scores: dict[tuple[int | None, str], PairScore] = {
        (s.table_id, s.line): s for s in [*(written or []), *read.order_by()]
    }
    common = {
        "round": round_,
        "girone_id": round_.girone_id,
        "round_number": round_.number,
        "match": match,
    }
    if match.team_b_id is None:
        _write_rest(match, scores.get((match.table_1_id, "ns")), pack, common)
    else:
        _write_match(match, scores, pack, common)


def _write_rest(
    match: TeamMatch, rest: PairScore | None, pack: RulePack, common: dict[str, Any]
) -> None:
    """A resting team: its rest table's award (or the score a referee set there)."""
    round_ = match.round
    if rest is None:
        return
    if rest.version.kind == Kind.REST:
        award = team_rest(round_.hands, pack)
        vp, mp = award.vp_a, award.mp_a
    else:  # a referee-set score at the rest table counts as set
        vp, mp = rest.vp, rest.mp_for
    TeamScore.objects.create(
        team_id=match.team_a_id,
        side="a",
        opponent=None,
        vp=vp,
        mp_for=mp,
        mp_against=0,
        played=False,
        **common,
    )


def _write_match(
    match: TeamMatch,
    scores: dict[tuple[int | None, str], PairScore],
    pack: RulePack,
    common: dict[str, Any],
) -> None:
    """A match of two teams, once both its tables count: rules.team combines them."""
    assert match.team_b_id is not None
    round_ = match.round
    # Team A holds NS at table 1 and EO at table 2; team B the other two lines.
    sides = [
        (scores.get((match.table_1_id, "ns")), scores.get((match.table_1_id, "ew"))),
        (scores.get((match.table_2_id, "ew")), scores.get((match.table_2_id, "ns"))),
    ]
    complete = [(a, b) for a, b in sides if a is not None and b is not None]
    if len(complete) < len(sides):
        return  # the match is not complete yet
    result = team_match(_table_scores(complete, pack), round_.hands, pack)
    played = any(a.played for a, _b in sides)  # type: ignore[union-attr]
    # Second ammonizioni under second_warning_scope = "standings" (docs/rules.md §6.5,
    # §11): each team's lines' penalties stay apart from the match, so the other team's
    # MP against is what the warned team made.
    pen_a = [(a.penalty_vp, a.penalty_mp) for a, _b in sides]  # type: ignore[union-attr]
    pen_b = [(b.penalty_vp, b.penalty_mp) for _a, b in sides]  # type: ignore[union-attr]
    vp_off_a, mp_off_a = sum(p[0] for p in pen_a), sum(p[1] for p in pen_a)
    vp_off_b, mp_off_b = sum(p[0] for p in pen_b), sum(p[1] for p in pen_b)
    # Each side: (team, VP, MP, penalty VP, penalty MP); its MP against are the other
    # side's MP with the other's penalties (what it made at the tables).
    side_a = (match.team_a_id, result.vp_a, result.mp_a, vp_off_a, mp_off_a)
    side_b = (match.team_b_id, result.vp_b, result.mp_b, vp_off_b, mp_off_b)
    TeamScore.objects.bulk_create(
        [
            TeamScore(
                team_id=us[0],
                side=side,
                opponent_id=them[0],
                vp=us[1],
                mp_for=us[2],
                mp_against=them[2] + them[4],
                played=played,
                penalty_vp=us[3],
                penalty_mp=us[4],
                **common,
            )
            for side, us, them in (("a", side_a, side_b), ("b", side_b, side_a))
        ]
    )


def _table_scores(
    complete: list[tuple[PairScore, PairScore]], pack: RulePack
) -> list[TableScore]:
    """Each table of the match as rules.team reads it, team A's line first."""
    return [
        TableScore(
            a.mp_for,
            b.mp_for,
            a.vp,
            b.vp,
            _extra(a, pack),
            _extra(b, pack),
            _mp_off(a),
            _mp_off(b),
        )
        for a, b in complete
    ]
