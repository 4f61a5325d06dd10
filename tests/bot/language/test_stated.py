"""`stated` reads each role once while one question's facts are judged against every frame, and
never hands one question's values to another's (§ 5-903(b): whose event, and which)."""

from __future__ import annotations

from datetime import date

from bot.language import read_facts
from bot.language.stated import judging, stated

DAY = date(2026, 4, 1)


def test_judging_gives_the_values_read_without_it_and_only_for_its_own_facts() -> None:
    died = read_facts("our LG candidate died on April 3; successor deadline?", today=DAY)
    withdrew = read_facts("the LG candidate withdrew on March 2; successor deadline?", today=DAY)
    roles = ("event", "office", "state", "date", "asks")
    plain = {role: stated(died, role) for role in roles}
    assert plain["event"] == ["death"]
    with judging(died):
        assert {role: stated(died, role) for role in roles} == plain
        # (other facts read while one question is judged are read on their own)
        assert stated(withdrew, "event") == ["withdrawal"]
        # (judging the same facts again, within, keeps the one reading)
        with judging(died):
            assert {role: stated(died, role) for role in roles} == plain
        assert stated(died, "event") == ["death"]
    # Once judged, facts changed afterwards are read afresh.
    died.cause = "withdrawal"
    assert stated(died, "event") == ["withdrawal"]
