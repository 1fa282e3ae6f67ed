"""Pure rules of Burraco (F.I.Bur.) and Briscola tournaments.

Nothing in this package imports Django, touches a database or does I/O beyond reading
its own packaged data files (the rule packs under ``rules/packs``). It takes and returns
plain values (ints, tuples, frozen dataclasses, enums) and raises one family of errors,
:class:`rules.errors.RulesError`, whose messages name the bad value.

Terminology (code name = Italian term):

* hand = smazzata; round = turno; group = girone; line = linea (NS / EO);
* pair = coppia; match = incontro; game (Briscola) = partita;
* MP = match points (punti partita); VP = victory points (punti vittoria);
* head-to-head table = classifica avulsa; bye/rest = riposo; bracket = tabellone.
"""
