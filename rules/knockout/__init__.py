"""Knockout stage: qualifiers, seeding and the tabellone (bracket).

Terminology (code name = Italian term): bracket = tabellone; group = girone;
seed = testa di serie; bye = passaggio del turno (the pair goes through without
playing); play-off game = spareggio; final = finale; third-place match = finale per
il terzo posto; match = incontro (best of N partite).
"""
