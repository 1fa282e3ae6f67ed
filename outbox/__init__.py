"""The outbox: work a save leaves for later, recorded in the save's own transaction.

The bottom of the layers, beside ``rules``: it imports nothing of the project. The
apps above record work here (:func:`record_rank`, :func:`record_publish`,
:func:`record_site`, :func:`record_render`); the one worker loop at the top
(:mod:`core.pipeline`) claims it (:func:`claim`) and calls ``standings``, ``public``
and ``printing`` by name.
"""
