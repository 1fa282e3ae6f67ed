"""The public app stores nothing of its own: what it publishes is read from the
other apps, and what it still has to publish is in the outbox (``outbox.work``)."""
