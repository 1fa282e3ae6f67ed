#!/usr/bin/env bash
# Refresh the Italian catalogue: collect msgids, fill Italian from locale/tsv/*.tsv
# (lines: English msgid <TAB> Italian), compile. Safe to run again at any time.
set -eu
cd "$(dirname "$0")/.."
.venv/bin/python manage.py makemessages -l it --no-obsolete --no-wrap --ignore=.venv --ignore=staticfiles --ignore=bench -v0
cat locale/tsv/*.tsv > /tmp/torneo-i18n-$$.tsv
.venv/bin/python scripts/po_fill.py /tmp/torneo-i18n-$$.tsv
rm -f /tmp/torneo-i18n-$$.tsv
.venv/bin/python manage.py compilemessages --ignore=.venv -v0
