"""The director's services: each owns its transaction; views call one per request.

* :mod:`.tournaments`: create and edit tournaments, status, next actions;
* :mod:`.registration`: register pairs (form and CSV import), withdraw;
* :mod:`.gironi`: split the pairs into gironi;
* :mod:`.pairing` (read only) and :mod:`.rounds`: generate, swap, publish rounds.
"""
