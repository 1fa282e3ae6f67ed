"""Stored standings: recompute on write (:mod:`.store`), read for pages (:mod:`.read`).

Modules: :mod:`.config` (the rule pack's chain and defaults), :mod:`.inputs` (results
as match tuples), :mod:`.store` (refresh in the caller's transaction),
:mod:`.provisional` (the director's view with entered results), :mod:`.visibility`
(releasing a round's tables and results), :mod:`.read` (what pages and the API show).
"""
