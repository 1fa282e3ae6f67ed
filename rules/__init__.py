"""Pure rules of Burraco (F.I.Bur.) and Briscola tournaments.

Nothing in this package imports Django, touches a database or does I/O beyond reading
its own packaged data files (the rule packs under ``rules/packs``). It takes and returns
plain values (ints, tuples, frozen dataclasses, enums) and raises one family of errors,
:class:`rules.errors.RulesError`, whose messages name the bad value.

Modules:

* :mod:`rules.packs` - versioned rule packs (``rules/packs/<name>.v<N>.toml``), each citing
  its source; the open questions of docs/rules.md §12 are settings there;
* :mod:`rules.vp` - MP→VP with the F.I.Bur. tables (``victory_points``, ``band_min_mp``);
* :mod:`rules.burraco` - a line's score for one smazzata (``LineBreakdown``,
  ``line_score``, ``hand_scores``, ``max_hand_score``);
* :mod:`rules.melds` and :mod:`rules.cards` - cards, melds, burraco kinds from the cards;
* :mod:`rules.briscola` - partite, best-of-N matches, knockout spareggi;
* :mod:`rules.pairing`, :mod:`rules.standings`, :mod:`rules.knockout` - movements,
  rankings and brackets;
* :mod:`rules.errors` - the error family.

Terminology (code name = Italian term):

* hand = smazzata; round = turno; group = girone; line = linea (NS / EO);
* pair = coppia; match = incontro; game (Briscola) = partita;
* MP = match points (punti partita); VP = victory points (punti vittoria);
* head-to-head table = classifica avulsa; bye/rest = riposo; bracket = tabellone.
"""
