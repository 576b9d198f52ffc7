"""``ygo play`` as a duelist sees it: handles, moves taken back, the engine's own
steps, the chain, the layout for the terminal's size, the end screen, names.

Every test drives :class:`TerminalGame` through its input loop (what the person
types, line by line) and asserts what the screen shows.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import TextIO, cast

import pytest
from click.testing import CliRunner
from rich.console import Console

from tests.cli.test_play_cli import last_option_answers
from tests.engine.helpers import CELTIC_GUARDIAN, DARK_MAGICIAN, MYSTICAL_ELF, TRAP_HOLE
from tests.scenario import Scenario
from ygo.agents import make_agent
from ygo.agents.registry import OPPONENTS, opponent_lines
from ygo.cli.main import cli
from ygo.cli.play import TerminalGame, play_duel
from ygo.cli.tui.endscreen import end_screen
from ygo.core.enums import Location, Phase, Position
from ygo.data import starter_deck
from ygo.defaults import Duel

MST = 5318639  # Mystical Space Typhoon, Quick-Play Spell (targets a Spell/Trap)
SIZES = [(80, 24), (160, 50)]


def console(width: int = 100, height: int = 40) -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    out = Console(file=buffer, width=width, height=height, highlight=False, color_system=None)
    return out, buffer


def game(
    duel: Duel, lines: list[str], width: int = 100, height: int = 40, **kw: object
) -> tuple[TerminalGame, io.StringIO]:
    out, buffer = console(width, height)
    inp = io.StringIO("".join(f"{line}\n" for line in lines))
    g = TerminalGame(duel, make_agent("greedy", 0), out, inp, **kw)  # type: ignore[arg-type]
    return g, buffer


def after(text: str, marker: str) -> str:
    """The screen from the last ``marker`` on."""
    i = text.rfind(marker)
    assert i >= 0, f"{marker!r} never shown"
    return text[i:]


# -- handles -----------------------------------------------------------------------------


def _hand_scenario() -> Duel:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, CELTIC_GUARDIAN, TRAP_HOLE, MYSTICAL_ELF)
    s.monster(1, MYSTICAL_ELF, Position.FACEUP_ATTACK)
    return s.run()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_handles_in_options_stay_stable_after_a_summon(width: int, height: int) -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, CELTIC_GUARDIAN, TRAP_HOLE, MST)
    duel = s.run()
    mst = duel.hand(0)[2]
    g, buffer = game(duel, ["summon h1", "set h3", "quit"], width, height)
    g.run()
    text = buffer.getvalue()
    first = text[: text.index("> ")]
    # Options name cards by their board handles, not by internal ids.
    assert "summon h1 Celtic Guardian" in first and "set h2 Trap Hole" in first
    assert "set h3 Mystical Space Typhoon" in first
    assert not re.search(r"\[\d+\]", text)
    # After the summon, the hand keeps its numbers: h2, h3 (no renumbering)...
    second = after(text, "You Normal Summon Celtic Guardian")
    assert "set h2 Trap Hole" in second and "set h3 Mystical Space Typhoon" in second
    assert re.search(r"h2 Trap Hole.*h3 Mystical Space Typhoon", second)
    assert "h1 " not in second.split("Hand")[1].split("\n")[0]
    # ...so "set h3" sets Mystical Space Typhoon, not the card now second in the hand.
    assert duel.location(mst) == Location.SZONE
    assert not duel.position(mst) & Position.FACEUP


def test_handles_are_numbered_again_next_turn() -> None:
    duel = _hand_scenario()
    g, buffer = game(duel, ["summon h1", "end", "quit"], auto=True)
    g.run()
    text = buffer.getvalue()
    # The opponent's turn passes; at the person's next turn the hand starts at h1.
    assert duel.turn == 5 or duel.turn_player == 0
    last = after(text, "Hand")
    assert last.startswith("Hand: h1 ") or last.startswith("Hand h1 ")


def test_numbers_and_text_forms_still_work() -> None:
    duel = _hand_scenario()
    g, buffer = game(duel, ["1", "quit"])  # option 1: summon h1 (Celtic Guardian)
    g.run()
    assert "You Normal Summon Celtic Guardian." in buffer.getvalue()


def test_an_ambiguous_or_wrong_handle_is_refused_and_changes_nothing() -> None:
    duel = _hand_scenario()
    before = duel.digest()
    g, buffer = game(duel, ["h1", "summon h9", "summon om1", "quit"])
    g.run()
    text = buffer.getvalue()
    assert "'h1' could be options 1, 2: type the number" in text
    assert "'summon h9' is not an option now" in text
    assert "'summon om1' is not an option now" in text
    assert duel.digest() == before


# -- attacks: both handles at once, a lone target, taking it back ---------------------


def _battle_scenario(opp_monsters: int = 2) -> Duel:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, DARK_MAGICIAN)
    s.monster(0, MYSTICAL_ELF)
    s.monster(1, MYSTICAL_ELF, Position.FACEUP_ATTACK)
    if opp_monsters == 2:
        s.monster(1, CELTIC_GUARDIAN, Position.FACEUP_ATTACK)
    return s.run()


def test_attack_m1_om2_declares_the_attack_on_that_target() -> None:
    duel = _battle_scenario()
    g, buffer = game(duel, ["attack m1 om2", "quit"])
    g.run()
    text = buffer.getvalue()
    assert "Dark Magician attacks targeting Celtic Guardian." in text
    assert duel.lp(1) == 8000 - (2500 - 1400)  # R-BAT-3: the difference


def test_an_attack_may_be_taken_back_before_its_target() -> None:
    duel = _battle_scenario()
    before = duel.digest()
    g, buffer = game(duel, ["attack m1", "cancel", "quit"])
    g.run()
    text = buffer.getvalue()
    assert "target om1 Mystical Elf" in text and "target om2 Celtic Guardian" in text
    assert "cancel  take it back" in text and "Taken back." in text
    assert duel.digest() == before  # nothing happened for real


def test_a_lone_attack_target_is_shown_and_can_be_taken_back() -> None:
    duel = _battle_scenario(opp_monsters=1)
    before = duel.digest()
    g, buffer = game(duel, ["attack m1", "cancel", "attack m1", "", "quit"])
    g.run()
    text = buffer.getvalue()
    notice = "» The only possible attack: Dark Magician attacks targeting Mystical Elf."
    assert text.count(notice) == 2
    assert "Enter: go on · cancel: take it back" in text
    head = text[: text.index("Taken back.")]
    assert "  · Dark Magician attacks" not in head  # not made before the confirmation
    assert duel.digest() != before
    assert duel.lp(1) == 8000 - (2500 - 800)


def test_a_lone_target_named_wrongly_is_refused() -> None:
    duel = _battle_scenario(opp_monsters=1)
    before = duel.digest()
    g, buffer = game(duel, ["attack m1 om2", "quit"])
    g.run()
    assert "om2 cannot be attacked now" in buffer.getvalue()
    assert duel.digest() == before


def test_auto_on_does_not_stop_at_a_lone_target() -> None:
    duel = _battle_scenario(opp_monsters=1)
    g, buffer = game(duel, ["auto on", "attack m1", "quit"])
    g.run()
    text = buffer.getvalue()
    assert "auto-pass on" in text and "The only possible attack" not in text
    assert duel.lp(1) == 8000 - (2500 - 800)


# -- tributes taken back -------------------------------------------------------------------


def test_a_tribute_summon_may_be_taken_back_before_the_last_tribute() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, DARK_MAGICIAN)
    s.monster(0, CELTIC_GUARDIAN)
    s.monster(0, MYSTICAL_ELF)
    s.monster(0, MYSTICAL_ELF)
    duel = s.run()
    magician = duel.hand(0)[0]
    before = duel.digest()
    g, buffer = game(duel, ["summon h1", "tribute m1", "cancel", "quit"])
    g.run()
    text = buffer.getvalue()
    # R-SUM-2: a Level 7 needs two tributes; after the first, it can still be taken back.
    assert "Choose a monster to tribute (2 left)" in text
    assert "Choose a monster to tribute" in after(text, "(2 left)")
    assert "Taken back." in text
    assert duel.digest() == before
    assert len(duel.hand(0)) == 1 and None not in duel.monsters(0)[:3]
    # A wrong tribute typed with the summon: the tribute is asked for, the options shown.
    g, buffer = game(duel, ["summon h1 om1", "cancel", "quit"])
    g.run()
    text = buffer.getvalue()
    assert "'om1' is not an option now" in text
    assert "tribute m1 Celtic Guardian" in after(text, "'om1' is not an option now")
    assert duel.digest() == before
    # Made for real when the last tribute is chosen; typed at once, too.
    g, buffer = game(duel, ["summon h1 m1 m3", "quit"])
    g.run()
    assert "You Normal Summon Dark Magician by tributing 2." in buffer.getvalue()
    assert duel.location(magician) == Location.MZONE and duel.monsters(0)[1] is not None


# -- the end of the Main Phase the engine takes by itself -----------------------------------


def _last_card_scenario() -> Duel:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN2)
    s.hand(0, CELTIC_GUARDIAN)
    return s.run()


def test_the_end_of_your_main_phase_waits_for_enter() -> None:
    duel = _last_card_scenario()
    g, buffer = game(duel, ["summon h1", "", "quit"])
    g.run()
    text = buffer.getvalue()
    notice = "» Your Main Phase 2 ends: there is nothing else you can do."
    assert notice in text
    # The turn stops there: the opponent's turn comes only after Enter.
    assert "--- Turn 4 (Opponent) ---" in text[text.index(notice) :]
    assert "--- Turn 4" not in text[: text.index(notice)]


def test_auto_on_lets_the_main_phase_end_go_by() -> None:
    duel = _last_card_scenario()
    g, buffer = game(duel, ["summon h1", "quit"], auto=True)
    g.run()
    text = buffer.getvalue()
    assert "nothing else you can do" not in text
    assert "--- Turn 4 (Opponent) ---" in text


# -- the chain --------------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_chain_is_on_screen_as_it_builds_and_resolves(width: int, height: int) -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, MST, MST)
    s.spell(1, TRAP_HOLE)
    duel = s.run()
    g, buffer = game(duel, ["activate h1", "activate h2", "select s1", "quit"], width, height)
    g.run()
    text = buffer.getvalue()
    # R-CHAIN-2, R-CHAIN-10: Chain Link 1, its target chosen at activation, who may respond.
    link1 = after(text, "⛓ Chain Link 1: Mystical Space Typhoon (You)")
    assert "Chain (resolves from the last link back to 1)" in link1
    assert "1  Mystical Space Typhoon (s1) · You → targets os1 a face-down card" in link1
    assert "Now: you may respond with Chain Link 2, or pass." in link1
    assert "Respond to Chain Link 1 (your Mystical Space Typhoon) with Chain Link 2" in link1
    # Chain Link 2 on top of it, its target chosen while the chain stands.
    link2 = after(text, "⛓ Chain Link 2: Mystical Space Typhoon (You)")
    assert "2  Mystical Space Typhoon (s2) · You" in link2
    assert "select os1 face-down card" in link2 and "Now: you choose, below." in link2
    # R-CHAIN-4: it resolves from the last link back: link 2 destroys the card of
    # link 1 first, and link 1 still resolves (R-CHAIN-5) and destroys Trap Hole.
    end = after(text, "⛓ Chain Link 2 resolves")
    assert end.index("Chain Link 2 resolves") < end.index("Chain Link 1 resolves")
    assert end.index("Mystical Space Typhoon destroyed") < end.index("Trap Hole destroyed")
    assert "⛓ The chain has resolved." in end
    assert duel.lp(0) == 8000 and duel.spells(1)[0] is None


# -- the layout ------------------------------------------------------------------------------


def _board_block(text: str) -> list[str]:
    lines = text.splitlines()
    start = max(i for i, line in enumerate(lines) if "Turn 3 · Your turn" in line)
    end = next(i for i in range(start, len(lines)) if "Hand" in lines[i])
    return lines[start : end + 1]


def test_a_compact_board_below_100_columns() -> None:
    g, buffer = game(_battle_scenario(), ["quit"], width=80, height=24)
    g.run()
    block = _board_block(buffer.getvalue())
    assert len(block) <= 12  # fits 24 lines with the options and the recent log
    assert all(len(line) <= 80 for line in block)
    assert any(line.startswith("om1 Mystical") for line in block)
    assert any(line.startswith("m1 Dark Magi") for line in block)
    assert any(line.startswith("2500/2100 A") for line in block)


def test_a_wide_board_uses_the_width() -> None:
    g, buffer = game(_battle_scenario(), ["quit"], width=160, height=50)
    g.run()
    text = buffer.getvalue()
    assert "╭" in text  # the panel
    rules = [line for line in text.splitlines() if set(line.strip("│ ")) == {"─"}]
    assert rules and max(len(line.strip("│ ")) for line in rules) > 140  # not 40 columns


def test_the_board_is_drawn_again_only_when_it_changed() -> None:
    duel = _hand_scenario()
    g, buffer = game(duel, ["foo", "summon h9", "?", "board", "summon h1", "quit"])
    g.run()
    text = buffer.getvalue()
    boards = text.count("Turn 3 · Your turn · Main Phase 1")
    assert boards == 3  # the first, "board", and after the summon


def test_the_recent_log_stays_visible_at_80x24() -> None:
    """After the opponent's turn, the screen (the last 24 lines) still shows the
    newest log line, the whole board and the options."""
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=3, first=1)
    g, buffer = game(duel, ["quit"], width=80, height=24)
    g.run()
    text = buffer.getvalue()
    screen = text[: text.rindex("> ")].splitlines()[-23:]
    joined = "\n".join(screen)
    assert "  · Main Phase 1." in joined  # the last log line before the prompt
    assert any("Turn 2 · Your turn" in line for line in screen)
    assert any(line.startswith("Hand ") for line in screen)
    assert "Main Phase: choose an action" in joined and "end-turn" in joined


# -- the end screen -----------------------------------------------------------------------


def _winning_scenario() -> Duel:
    s = Scenario().at(turn=3, player=0, phase=Phase.BATTLE_STEP)
    s.monster(0, DARK_MAGICIAN)
    s.lp(1, 1000)
    return s.run()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_end_screen_shows_the_final_board_the_result_and_why(width: int, height: int) -> None:
    duel = _winning_scenario()
    out, buffer = console(width, height)
    inp = io.StringIO("attack m1\n\nnonsense\nre\n")
    result = play_duel(duel, make_agent("greedy", 0), out, inp)
    assert result is not None and result.winner == 0
    choice = end_screen(out, inp, duel)
    assert choice == "rematch"
    text = after(buffer.getvalue(), "You win (LP reached 0)")
    screen = buffer.getvalue()
    end = screen[screen.rfind("Turn 3") :]
    assert "LP 0" in end  # the final board
    assert "You win (LP reached 0) on turn 3." in text
    assert "Opponent's LP reached 0. Final LP: You 8000 · Opponent 0." in text
    for word in ("again", "rematch", "quit"):
        assert word in text
    assert "type one of: again, rematch, quit" in text


def test_the_end_screen_quits_at_end_of_input_and_offers_a_match_its_words() -> None:
    duel = _winning_scenario()
    out, buffer = console()
    play_duel(duel, make_agent("greedy", 0), out, io.StringIO("attack m1\n\n"))
    assert end_screen(out, io.StringIO(""), duel) == "quit"
    choice = end_screen(
        out, io.StringIO("n\n"), duel, choices=("next", "quit"), heading="Match: 1-0"
    )
    assert choice == "next" and "Match: 1-0" in buffer.getvalue()


def test_play_offers_again_after_a_duel() -> None:
    """``again`` plays the same duel (same seed) again; ``quit`` ends."""
    answers, expected = last_option_answers(2)
    typed = [str(n) for n in answers]
    result = CliRunner().invoke(
        cli, ["play", "--seed", "2", "--auto"], input="\n".join([*typed, "again", *typed, "q"])
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("Seed 2 · mr3") == 2
    assert expected.result is not None
    verdict = f"You lose ({expected.result.reason.label}) on turn {expected.turn}."
    assert out.count(verdict) == 2
    assert out.count("rematch a new duel, same decks and opponent") == 2


# -- names, languages, descriptions, opponents ------------------------------------------------


def test_names_in_the_log() -> None:
    duel = _hand_scenario()
    g, buffer = game(duel, ["summon h1", "quit"], names=("Yugi", "Kaiba"))
    g.run()
    text = buffer.getvalue()
    assert "Yugi Normal Summons Celtic Guardian." in text
    assert "Yugi is player 0" in text


@pytest.mark.parametrize("width", [80, 160])
def test_names_on_the_board_at_every_width(width: int) -> None:
    duel = _hand_scenario()
    g, buffer = game(duel, ["board", "quit"], width=width, names=("[red]Yugi", "Kaiba"))
    g.run()
    board = after(buffer.getvalue(), "Turn 3")
    assert "[red]Yugi's turn" in board  # a name is data, never markup
    assert "Kaiba" in board and "Opponent" not in board


def test_duel_log_uses_names() -> None:
    runner = CliRunner()
    log = runner.invoke(cli, ["duel", "--seed", "5", "--log", "--names", "Yugi,Kaiba"])
    assert log.exit_code == 0
    assert "P0" not in log.stdout.replace("player 0", "") and "Kaiba" in log.stdout
    assert re.search(r"^(Yugi|Kaiba) draws ", log.stdout, re.M)
    bad = runner.invoke(cli, ["duel", "--names", "solo"])
    assert bad.exit_code == 2 and "two names" in bad.output


def test_play_name_goes_into_the_log_and_the_replay(tmp_path: Path) -> None:
    answers, _ = last_option_answers(2)
    path = tmp_path / "alice.json"
    args = ["play", "--seed", "2", "--auto", "--name", "Alice", "--replay-out", str(path)]
    result = CliRunner().invoke(cli, args, input="\n".join(str(n) for n in answers))
    assert result.exit_code == 0, result.output
    assert "Alice is player 0" in result.stdout
    assert re.search(r"^  · Alice draws ", result.stdout, re.M)
    assert "Alice loses" not in result.stdout and "Opponent wins" in result.stdout
    shown = CliRunner().invoke(cli, ["replay", str(path), "--names", "recorded"])
    assert shown.exit_code == 0
    assert re.search(r"^Alice draws ", shown.stdout, re.M)
    assert "Players: P0 Alice, P1 rule" in shown.stdout


def test_lang_zh_shows_chinese_names_everywhere() -> None:
    duel = _battle_scenario()
    g, buffer = game(duel, ["attack m1 om2", "i m1", "quit"], lang="zh")
    g.run()
    text = buffer.getvalue()
    assert "m1 黑魔术师" in text  # the board
    assert "attack-with m1 黑魔术师" in text  # the options
    assert "黑魔术师 attacks targeting 精灵剑士." in text  # the log


def test_i_shows_the_cards_full_description() -> None:
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, TRAP_HOLE)
    g, buffer = game(s.run(), ["i h1", "i", "quit"])
    g.run()
    text = buffer.getvalue()
    assert "Trap Hole" in text and "落穴" in text
    assert "Destroy a freshly Normal- or Flip-Summoned" in text
    assert "i needs a handle" in text


def test_opponent_list_describes_every_agent() -> None:
    result = CliRunner().invoke(cli, ["play", "--opponent", "list"])
    assert result.exit_code == 0
    names = [line.split()[0] for line in result.stdout.splitlines()]
    assert sorted(names) == sorted(n for n, _ in opponent_lines())
    for name, text in OPPONENTS.items():
        assert f"{name}" in result.stdout and text in result.stdout
    bad = CliRunner().invoke(cli, ["play", "--opponent", "minimax"])
    assert bad.exit_code == 2 and "greedy (stronger, a heuristic player" in bad.output


# -- whole duels through the loop at both sizes --------------------------------------------


class ScreenReader:
    """A person who reads the screen: Enter at a pause, else the last option shown."""

    def __init__(self, buffer: io.StringIO) -> None:
        self.buffer = buffer
        self.typed = 0

    def readline(self) -> str:
        self.typed += 1
        assert self.typed < 5000
        shown = self.buffer.getvalue().removesuffix("> ").rstrip()
        if shown.endswith("stop asking"):
            return "\n"
        numbers: list[int] = []
        for line in reversed(shown.splitlines()):
            if not re.match(r"^\s*(\d{1,2}|cancel)  \S", line):
                break
            numbers += [int(n) for n in re.findall(r"(?:^|\s)(\d{1,2})  (?=\S)", line)]
        assert numbers, shown[-400:]
        return f"{min(numbers)}\n"  # the first option: summons, attacks, activations


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_whole_duel_through_the_input_loop(width: int, height: int) -> None:
    duel = Duel((starter_deck("yugi"), starter_deck("kaiba")), seed=7)
    out, buffer = console(width, height)
    person = ScreenReader(buffer)
    result = play_duel(duel, make_agent("greedy", 7), out, cast(TextIO, person))
    assert result is not None and duel.is_over
    assert end_screen(out, io.StringIO("quit\n"), duel) == "quit"
    text = buffer.getvalue()
    verdict = {0: "You win", 1: "You lose", None: "The duel is a draw"}[result.winner]
    assert f"{verdict} ({result.reason.label}) on turn {duel.turn}." in text
    assert person.typed > 10
    assert "Traceback" not in text
