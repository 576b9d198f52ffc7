"""A hostile or careless user, and a cheating opponent, against matches, the
playground game and terminal play (issues 11 and 12).

Each test shows one finding; tests marked xfail(strict=True) are findings not
fixed here (see the reason).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from tests.hostile.conftest import HOSTILE, bounded_error, run_bounded
from ygo.agents import make_agent
from ygo.cli.match_play import TerminalMatch
from ygo.cli.play import TerminalGame
from ygo.core.deck import Deck
from ygo.data import starter_deck
from ygo.defaults import Duel
from ygo.engine.actions import ActionKind, DecisionKind
from ygo.engine.events import Event, EventKind, describe
from ygo.errors import InvalidArgumentError, ReplayError
from ygo.formats.match_replay import MatchReplay, verify_match
from ygo.match import Match, side_swap
from ygo.playground import Playground


def _finish_duel(m: Match) -> None:
    """Play the current duel to its end, always taking the last option."""
    while not m.between_duels and not m.is_over:
        d = m.decision
        assert d is not None
        m.apply(len(d.options) - 1)


def _opening_hands(m: Match) -> tuple[list[str | None], list[str | None]]:
    return (
        [c.name for c in m.view(0).me.hand],
        [c.name for c in m.view(1).me.hand],
    )


# -- seeds: a later duel must not repeat an earlier one's deck order ----------------------


def test_the_second_duel_does_not_deal_the_first_duels_hands_again() -> None:
    # R-DUEL-3, R-DUEL-8: each duel's decks are shuffled, and deck order is hidden.
    # Duel seeds seed + n * GAMMA put duel 2's generator one SplitMix step behind
    # duel 1's, and duel 1's coin toss takes that step: duel 2 dealt exactly the
    # same opening hands and deck order, so a player who had seen duel 1 knew the
    # opponent's draws in duel 2.
    same = 0
    for seed in range(4):
        m = Match((starter_deck("yugi"), starter_deck("kaiba")), seed=seed)
        d = m.decision
        assert d is not None and d.kind == DecisionKind.TURN_ORDER
        m.apply(0)  # go first: duel 2 below also has player 0 first when it chooses so
        first_hands = _opening_hands(m)
        _finish_duel(m)
        assert m.between_duels
        d = m.decision
        assert d is not None
        same_order = (
            ActionKind.GO_FIRST if m.duels[0].first_player == d.player else ActionKind.GO_SECOND
        )
        m.apply(next(a for a in d.options if a.kind == same_order))
        assert m.duel.first_player == m.duels[0].first_player
        same += _opening_hands(m) == first_hands
    assert same == 0


# -- the playground game -------------------------------------------------------------------


def test_the_playground_game_checks_its_seed_like_a_duel() -> None:
    # A duel and a match refuse a negative or a too-large seed; the playground game
    # took any int (and printed "Seed -5"), so the same --seed meant different things.
    for seed in (-5, 1 << 64, True):
        with pytest.raises(InvalidArgumentError, match="seed"):
            Playground((starter_deck("yugi"), starter_deck("kaiba")), seed)
    r = run_bounded("play", "--variant", "playground", "--seed", "-5", stdin="1\n")
    bounded_error(r, "seed", "-5")


def test_quit_leaves_the_playground_game() -> None:
    # Every other prompt of the terminal accepts quit; the playground game answered
    # "choose 1, 2 or 3" forever, so only end of input could leave it.
    r = run_bounded("play", "--variant", "playground", "--seed", "1", stdin="quit\n2\n" * 3)
    assert r.code == 0 and "Traceback" not in r.stderr
    assert "choose 1, 2 or 3" not in r.stdout
    assert "You throw" not in r.stdout  # the "2" after quit was never read as a throw


# -- ygo play --match: the options of ygo play ----------------------------------------------


def test_play_match_honours_name_and_lang() -> None:
    # issue 12: names given with --name in the log and replays, --lang zh card names
    # everywhere. `ygo play --match` accepted both and silently played "You" in English.
    r = run_bounded(
        "play", "--match", "--seed", "3", "--name", "Zed", "--lang", "zh", stdin="quit\n"
    )
    assert r.code == 0, r.stderr
    assert "Zed is player 0" in r.stdout
    assert "Zed draws 恶魔召唤" in r.stdout  # Summoned Skull, in Chinese
    assert "You draw" not in r.stdout


def test_a_hostile_name_in_play_match_prints_as_itself() -> None:
    r = run_bounded("play", "--match", "--seed", "3", "--name", HOSTILE + "Zed", stdin="quit\n")
    assert r.code == 0, r.stderr
    assert "\x1b" not in r.stdout
    assert "[/dim]\ufffd[31m[bold]Zed is player 0" in r.stdout


# -- match replays ----------------------------------------------------------------------------


def test_a_match_replay_with_sorted_keys_is_still_a_match_replay(tmp_path: Path) -> None:
    # `python -m json.tool --sort-keys` or `jq -S` moves "format" after "decks" and
    # "duels": `ygo replay` sniffed only the first 200 bytes and refused the file as
    # "not a replay (format is 'ygo-match-replay', expected 'ygo-replay')".
    m = Match((starter_deck("yugi"), starter_deck("kaiba")), seed=2, record=True)
    _finish_duel(m)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(MatchReplay.of(m).to_dict(), sort_keys=True), encoding="utf-8")
    r = run_bounded("replay", str(path))
    assert r.code == 0, r.stderr
    assert r.stdout.startswith("Duel 1: ")
    assert "Result: unfinished" in r.stdout


# -- terminal sizes ---------------------------------------------------------------------------


def test_a_huge_terminal_keeps_the_board_together() -> None:
    # issue 12: the board is laid out for the terminal's size. At 400 columns the
    # zones were spread 66 columns apart (os1 ... os5 across the whole width),
    # which no one can read at a glance; the board stops growing at 160 columns.
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=3, first=0)
    out = Console(file=io.StringIO(), width=400, highlight=False)
    TerminalGame(duel, make_agent("random", 1), out, io.StringIO("quit\n")).run()
    text = out.file.getvalue()  # type: ignore[attr-defined]
    zones = next(line for line in text.splitlines() if "os1" in line and "os5" in line)
    assert zones.index("of") < 160
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 160


def test_the_log_speaks_to_you_in_the_second_person() -> None:
    # "You reveals Reverse Trap." was printed when De-Spell turned over the person's
    # own Set card; "You takes control of ..." and "You Special Summons ..." likewise.
    def name(uid: int) -> str:
        return "Reverse Trap"

    reveal = describe(Event(EventKind.REVEAL, 0, card=7), name, me=0)
    control = describe(Event(EventKind.CONTROL, 0, card=7), name, me=0)
    summon = describe(Event(EventKind.SPECIAL_SUMMON, 0, card=7), name, me=0)
    assert (reveal, control) == ("You reveal Reverse Trap.", "You take control of Reverse Trap.")
    assert summon == "You Special Summon Reverse Trap."
    assert describe(Event(EventKind.REVEAL, 1, card=7), name, me=0) == (
        "Opponent reveals Reverse Trap."
    )


# -- ygo play --name ------------------------------------------------------------------------


@pytest.mark.parametrize("flags", [(), ("--match",)])
@pytest.mark.parametrize(
    ("name", "fragment"), [("Opponent", "Opponent"), ("   ", "blank"), ("x" * 41, "40")]
)
def test_a_name_that_would_confuse_the_log_is_refused(
    flags: tuple[str, ...], name: str, fragment: str
) -> None:
    # `--name Opponent` printed "Opponent draws Summoned Skull" for the person's own
    # draws and "Duel starts; Opponent goes first" without saying which; a blank
    # name printed "    draws ..."; a huge name pushed the board's header away.
    r = run_bounded("play", *flags, "--seed", "3", "--name", name, stdin="quit\n")
    bounded_error(r, "--name", fragment)
    assert r.stdout == ""  # refused before the duel starts


# -- ygo play --match: the end of each duel -------------------------------------------------

F = 91152256  # Celtic Guardian
DM = 46986414  # Dark Magician


def test_each_duel_of_a_terminal_match_ends_with_the_board_and_why() -> None:
    # issue 12: "ygo play --match uses the same end screen between duels" (the final
    # board, the result and why). The match printed only the score: a person whose
    # duel ended in the opponent's turn never saw why they lost.
    loser, winner = Deck(main=(F, F, DM)), Deck(main=(F,) * 40)  # 3 cards: no 5-card hand
    out = Console(file=io.StringIO(), width=120, highlight=False)
    m = Match((loser, winner), seed=5)
    TerminalMatch(m, make_agent("greedy", 1), out, io.StringIO("1\n2\n")).run()
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert m.is_over and m.wins == (0, 2)
    assert text.count("You lose (could not draw) on turn 0.") == 2
    assert text.count("You had to draw from an empty Deck. Final LP: You 8000") == 2
    assert text.index("You had to draw") < text.index("Score: you 0 – 1 opponent")


def test_a_forged_replay_cannot_side_deck_before_the_first_duel() -> None:
    # R-DECK-3, R-MATCH-2: side decking happens *between* duels; duel 1 is played
    # with the registered deck. verify_match checked only that each duel's deck was
    # the registered one after swaps, so a replay whose duel 1 was played with
    # Side Deck cards already in (here Blue-Eyes for a Celtic Guardian) verified.
    yugi, kaiba = starter_deck("yugi"), starter_deck("kaiba")
    blue_eyes = 89631139
    registered = Deck(yugi.main, yugi.extra, (blue_eyes,))
    sided = side_swap(registered, [F], [blue_eyes], Match((yugi, kaiba)).db)
    m = Match((sided, kaiba), seed=4, record=True)
    _finish_duel(m)
    forged = MatchReplay.of(m).to_dict()
    forged["decks"][0] = {"main": list(yugi.main), "extra": [], "side": [blue_eyes]}
    forged["result"] = None
    with pytest.raises(ReplayError, match="duel 1: player 0's deck is not the registered deck"):
        verify_match(MatchReplay.from_dict(forged))
    honest = MatchReplay.of(m).to_dict()
    honest["result"] = None
    assert len(verify_match(MatchReplay.from_dict(honest))) == 1


# -- findings not fixed here (xfail: each says what is wrong) ----------------------------------


def test_replay_names_apply_to_a_match_replay(tmp_path: Path) -> None:
    m = Match((starter_deck("yugi"), starter_deck("kaiba")), seed=2, record=True,
              players=("greedy", "random"))  # fmt: skip
    _finish_duel(m)
    path = tmp_path / "m.json"
    MatchReplay.of(m).save(path)
    r = run_bounded("replay", "--names", "Ann,Bob", str(path))
    assert r.code == 0, r.stderr
    assert "(Ann)" in r.stdout or "(Bob)" in r.stdout


def test_the_playground_log_speaks_of_you_and_the_opponent() -> None:
    r = run_bounded("play", "--variant", "playground", "--seed", "2", stdin="quit\n")
    assert r.code == 0, r.stderr
    assert "You reveal" in r.stdout and "P0 reveals" not in r.stdout


@pytest.mark.xfail(
    strict=True,
    reason="verify_match does not check the registered decks against R-DECK-1..5: "
    "a match replay with a 30-card Side Deck of one card verifies (the engine "
    "plays odd decks on purpose; whether a match replay may is the lead's call)",
)
def test_a_match_replay_with_an_illegal_side_deck_does_not_verify() -> None:
    # R-DECK-3: the Side Deck is 0 to 15 cards; R-DECK-4: at most 3 copies.
    yugi, kaiba = starter_deck("yugi"), starter_deck("kaiba")
    illegal = Deck(yugi.main, yugi.extra, (89631139,) * 30)
    m = Match((illegal, kaiba), seed=4, record=True)
    _finish_duel(m)
    data = MatchReplay.of(m).to_dict()
    data["result"] = None
    with pytest.raises(ReplayError, match="R-DECK"):
        verify_match(MatchReplay.from_dict(data))


def test_quit_leaves_a_match_between_duels() -> None:
    # Between duels (the side-decking screen, the turn-order question) "quit" was
    # answered "type swap m3 s1, or done" / "choose 1 or 2" for ever: only end of
    # input could leave. Quit leaves, and nothing more is read or played.
    loser, winner = Deck(main=(F, F, DM), side=(F,)), Deck(main=(F,) * 40)
    for lines in ("1\nquit\n2\n", "1\ndone\nquit\n2\n"):
        out = Console(file=io.StringIO(), width=120, highlight=False)
        m = Match((loser, winner), seed=5)
        TerminalMatch(m, make_agent("greedy", 1), out, io.StringIO(lines)).run()
        text = out.file.getvalue()  # type: ignore[attr-defined]
        assert "You left the match." in text
        assert "type swap" not in text and "choose 1 or 2" not in text
        assert m.between_duels and len(m.duels) == 1
