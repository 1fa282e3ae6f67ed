"""Stored standings: recompute on write (:mod:`.store`), read for pages (:mod:`.read`).

Modules: :mod:`.config` (the rule pack's chain and settings), :mod:`.ranking` (the one
way every reader ranks: a girone from ``scoring.scores``, with missed rounds; a stage
as the stable merge of its gironi), :mod:`.store` (refresh in the caller's
transaction), :mod:`.provisional` (the director's view with entered results),
:mod:`.visibility` (releasing a round's tables and results), :mod:`.read` (what pages
and the API show).
"""
