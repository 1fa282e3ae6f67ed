"""The knockout demo hook: quiet when the Briscola demo tournament is not there."""

import io

from knockout import demo
from knockout.models import Bracket


def test_demo_skips_quietly_without_the_tournament(db):
    out = io.StringIO()
    demo.seed(out)
    assert out.getvalue() == ""
    assert not Bracket.objects.exists()
