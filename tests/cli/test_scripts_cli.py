"""Telling the user (issue 24, item 6): ``--scripts DIR`` / ``$YGO_SCRIPTS`` and
``--prefer`` on every command that plays, the one line per deck saying how many
of its cards have an effect and no behaviour (neither native nor Lua),
``--list-missing``, a bad folder as one line and exit 1, ``cards show`` and
``i CARD`` in ``ygo play`` naming a card's behaviour.

The Lua cases run against YGOPro's scripts (``lua_folder``, tests/conftest.py:
skipped with the reason when the folder or ``lupa`` is missing); the WindBot
deck and the full card database come from ``../shared/data`` likewise."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from tests.cli.test_cards_cli import assert_one_line_error
from tests.conftest import SHARED
from tests.scenario import Scenario
from ygo.agents import make_agent
from ygo.cards.pool import embedded_pool
from ygo.cards.scripts import Scripts, default_scripts
from ygo.cli.main import cli
from ygo.cli.play import TerminalGame
from ygo.core.enums import CardType, Phase
from ygo.scripting import Combined

CDB = SHARED / "data" / "cards-en.cdb"
CYBER_DRAGON = SHARED / "data" / "windbot" / "Decks" / "AI_CyberDragon.ydk"

POT_OF_GREED, DARK_HOLE, MONSTER_REBORN = 55144522, 53129443, 83764718
EXODIA = 33396948  # its Lua script does not register (the folder's own for the tests)
POT_OF_AVARICE = 67169062  # no native script; its Lua script registers
REINFORCEMENT = 32807846  # Reinforcement of the Army: likewise
ASH_BLOSSOM = 14558127  # neither: its Lua script (the tests' own) is refused
CARD_DESTRUCTION = 72892473  # in Yugi's starter deck only; its Lua script plays

LINE = re.compile(
    r"(?P<label>.+): (?P<missing>\d+) of (?P<effects>\d+) cards with an effect have no "
    r"behaviour \((?P<copies>\d+) cop(?:y|ies)\); (?P<native>\d+) play native, "
    r"(?:(?P<lua>\d+) Lua|no Lua folder named)(?:; --list-missing lists them|:)$"
)


# The cards these tests need to have no Lua behaviour get a script of our own that
# registers what the bridge refuses (so the tests do not depend on how far the
# bridge has grown); every other script is the user's folder's own (a link).
_REFUSED = """
local s, id = GetID()
function s.initial_effect(c)
    local e1 = Effect.CreateEffect(c)
    e1:SetType(EFFECT_TYPE_XMATERIAL)
    c:RegisterEffect(e1)
end
"""
CYBER_DRAGON_CODE = 70095154


@pytest.fixture(scope="module")
def lua_folder(lua_folder: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("scripts")
    refused = {EXODIA, ASH_BLOSSOM, CYBER_DRAGON_CODE}
    for path in lua_folder.iterdir():
        if path.suffix == ".lua" and path.stem[1:].isdigit() and int(path.stem[1:]) in refused:
            (folder / path.name).write_text(_REFUSED, encoding="utf-8")
        else:
            (folder / path.name).symlink_to(path)
    return folder


@pytest.fixture(autouse=True)
def _no_scripts_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test names its scripts itself."""
    monkeypatch.delenv("YGO_SCRIPTS", raising=False)


def _shared(path: Path) -> Path:
    if not path.is_file():
        pytest.skip(f"shared data not available: {path}")
    return path


def run(*args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), env=env, input=stdin)


def _counts(line: str) -> dict[str, Any]:
    m = LINE.fullmatch(line)
    assert m is not None, line
    return m.groupdict()


def _without(*codes: int) -> Scripts:
    full = default_scripts()
    return Scripts({c: full.effects(c) for c in full.codes() if c not in codes})


def _unscript(monkeypatch: pytest.MonkeyPatch, *codes: int) -> None:
    """The commands' native scripts, lacking these cards' scripts."""
    lacking = _without(*codes)
    monkeypatch.setattr("ygo.cards.scripts.default_scripts", lambda: lacking)


@pytest.fixture
def lua_deck(tmp_path: Path) -> Path:
    """A legal 40-card deck (with the full card database): Pot of Greed, Dark Hole
    and Monster Reborn (native, and Lua too), 3 Pot of Avarice (Lua only), 3 Ash
    Blossom (neither), Normal monsters of the pool."""
    pool = embedded_pool()
    normals = [
        c.code
        for c in pool
        if c.is_monster and c.type & CardType.NORMAL and c.level <= 4
        if not c.benchmark and not c.alias
    ]
    main = [POT_OF_GREED, DARK_HOLE, MONSTER_REBORN, *[POT_OF_AVARICE] * 3, *[ASH_BLOSSOM] * 3]
    for code in normals:
        main += [code] * min(3, 40 - len(main))
    assert len(main) == 40
    path = tmp_path / "lua-test.ydk"
    path.write_text("#main\n" + "\n".join(map(str, main)) + "\n#extra\n!side\n")
    return path


# -- a bad --scripts folder: one line, exit 1 ---------------------------------------------

PLAYING = [
    ["deck", "check", "starter:yugi"],
    ["duel"],
    ["sim", "--games", "1"],
    ["match"],
    ["play"],
    ["cards", "show", "Dark Hole"],
    ["tournament", "starter:yugi", "--games", "1"],
    ["arena", "--games", "1"],
    ["serve"],
]


@pytest.mark.parametrize("command", PLAYING, ids=lambda c: " ".join(c[:2]))
def test_a_missing_scripts_folder_is_one_line_and_exit_1(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # nothing is written anywhere, but if it were: here
    import ygo.web.server

    monkeypatch.setattr(ygo.web.server, "run", lambda *a, **k: pytest.fail("served"))
    missing = tmp_path / "no-such-folder"
    result = run(*command, "--scripts", str(missing))
    assert_one_line_error(result, "--scripts", f"{missing} is not a folder of Lua card scripts")
    assert list(tmp_path.iterdir()) == []


def test_the_environment_variable_names_the_folder_and_the_error_says_so(tmp_path: Path) -> None:
    missing = str(tmp_path / "gone")
    result = run("duel", env={"YGO_SCRIPTS": missing})
    assert_one_line_error(result, "YGO_SCRIPTS: ", f"{missing} is not a folder")
    # --scripts wins over the variable.
    result = run("duel", "--scripts", str(tmp_path / "other"), env={"YGO_SCRIPTS": missing})
    assert_one_line_error(result, "--scripts: ", "other is not a folder")


def test_a_folder_that_is_not_a_script_folder(lua_folder: Path, tmp_path: Path) -> None:
    (tmp_path / "c1.lua").write_text("-- a card script, but no constant.lua\n")
    result = run("deck", "check", "starter:yugi", "--scripts", str(tmp_path))
    assert_one_line_error(result, "is not a YGOPro script folder", "constant.lua")


def test_without_lupa_the_lua_extra_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ygo.lua.runtime

    monkeypatch.setattr(ygo.lua.runtime, "_lupa", None)
    for name in ("constant.lua", "utility.lua", "procedure.lua"):
        (tmp_path / name).write_text("")
    result = run("duel", "--scripts", str(tmp_path))
    assert_one_line_error(result, "--scripts: ", "pip install 'ygo[lua]'", "lupa")


def test_prefer_lua_needs_a_folder_and_prefer_takes_two_values() -> None:
    assert_one_line_error(run("duel", "--prefer", "lua"), "--prefer lua needs a folder")
    assert run("duel", "--prefer", "python").exit_code == 2


def test_every_command_that_plays_documents_the_options() -> None:
    for command in PLAYING:
        name = command[:2] if command[0] in ("deck", "cards") else command[:1]
        text = run(*name, "--help")
        assert text.exit_code == 0
        out = " ".join(text.output.split())
        assert "--scripts DIR" in out and "YGO_SCRIPTS" in out and "--prefer" in out, command
        if command[0] not in ("cards", "serve"):
            assert "--list-missing" in out, command


# -- deck check: the count, and how it drops with the Lua scripts ---------------------------


def test_deck_check_counts_the_cards_without_behaviour_and_lua_lowers_it(
    lua_folder: Path,
) -> None:
    cdb, deck = str(_shared(CDB)), str(_shared(CYBER_DRAGON))
    native = run("--cards", cdb, "deck", "check", deck)
    assert native.exit_code == 0, native.output  # a legal deck: the count is not a violation
    lines = native.stdout.strip().splitlines()
    assert lines[0] == "AI_CyberDragon: legal (mr3 ruleset)" and len(lines) == 2
    before = _counts(lines[1])
    assert before["lua"] is None and int(before["missing"]) > 0
    assert lines[1].endswith("no Lua folder named; --list-missing lists them")

    with_lua = run("--cards", cdb, "deck", "check", deck, "--scripts", str(lua_folder))
    assert with_lua.exit_code == 0, with_lua.output
    after = _counts(with_lua.stdout.strip().splitlines()[1])
    assert after["effects"] == before["effects"] and after["native"] == before["native"]
    assert int(after["lua"]) > 0
    assert int(after["missing"]) == int(before["missing"]) - int(after["lua"])
    assert int(after["copies"]) < int(before["copies"])

    # The environment variable does the same as --scripts.
    by_env = run("--cards", cdb, "deck", "check", deck, env={"YGO_SCRIPTS": str(lua_folder)})
    assert by_env.stdout == with_lua.stdout


def test_deck_check_lists_the_missing_cards_with_the_lua_reason(lua_folder: Path) -> None:
    cdb, deck = str(_shared(CDB)), str(_shared(CYBER_DRAGON))
    args = ["--cards", cdb, "deck", "check", deck, "--scripts", str(lua_folder)]
    listed = run(*args, "--list-missing")
    lines = listed.stdout.strip().splitlines()
    head = _counts(lines[1])
    assert lines[1].endswith(":")
    rows = lines[2:]
    assert len(rows) == int(head["missing"])
    copies = [re.findall(r" x(\d+)(?: \(|$)", r) for r in rows]
    assert sum(int(c[0]) for c in copies) == int(head["copies"])
    cyber = next(r for r in rows if " Cyber Dragon x3 " in r)
    assert cyber.split()[0] == "70095154" and cyber.endswith(")")  # why its script does not play
    data = json.loads(run(*args, "--json").stdout)
    b = data["behaviour"]
    assert (b["missing"], b["missing_copies"]) == (int(head["missing"]), int(head["copies"]))
    assert b["lua"] == int(head["lua"]) and b["native"] == int(head["native"])
    assert len(b["cards"]) == b["missing"] and all(c["reason"] for c in b["cards"])
    assert {"code", "name", "copies", "reason"} == set(b["cards"][0])


def test_deck_check_of_a_deck_whose_cards_all_play() -> None:
    out = run("deck", "check", "starter:yugi").stdout.strip().splitlines()
    assert out[-1] == "Starter Deck Yugi: every card with an effect has a behaviour (20 native)"
    v = run("deck", "check", "starter:yugi", "--list-missing").stdout.strip().splitlines()
    assert v == out  # nothing to list
    data = json.loads(run("deck", "check", "starter:yugi", "--json").stdout)
    assert data["behaviour"]["missing"] == 0 and data["behaviour"]["cards"] == []


# -- the commands that play: one line per deck on stderr ------------------------------------


def _warnings(result: Result) -> list[str]:
    return [line for line in result.stderr.splitlines() if " cards with an effect " in line]


def test_duel_says_per_deck_what_has_no_behaviour_and_lua_lowers_it(
    lua_folder: Path, lua_deck: Path
) -> None:
    cdb, deck = str(_shared(CDB)), str(lua_deck)
    base = ["--cards", cdb, "duel", "--deck0", deck, "--deck1", deck, "--seed", "3"]
    native = run(*base)
    assert native.exit_code == 0, native.output
    assert native.stdout.strip().splitlines()[-1].startswith("Result: ")
    lines = _warnings(native)
    assert [line.split(":")[0] for line in lines] == ["warning", "warning"]
    p0 = _counts(lines[0].removeprefix("warning: "))
    assert p0["label"] == "P0 lua-test" and _counts(lines[1][9:])["label"] == "P1 lua-test"
    assert (p0["missing"], p0["effects"], p0["copies"], p0["native"]) == ("2", "5", "6", "3")

    with_lua = run(*base, "--scripts", str(lua_folder))
    assert with_lua.exit_code == 0, with_lua.output
    p0 = _counts(_warnings(with_lua)[0].removeprefix("warning: "))
    assert (p0["missing"], p0["copies"], p0["native"], p0["lua"]) == ("1", "3", "3", "1")

    listed = run(*base, "--scripts", str(lua_folder), "--list-missing")
    err = listed.stderr.splitlines()
    i = next(k for k, line in enumerate(err) if line.startswith("warning: P0 "))
    assert err[i].endswith(":") and err[i + 1].split()[:2] == [str(ASH_BLOSSOM), "Ash"]
    assert "x3 (" in err[i + 1]  # with the reason its Lua script gave

    # --prefer lua: the cards with both scripts play their Lua script.
    lua_first = run(*base, "--scripts", str(lua_folder), "--prefer", "lua")
    assert lua_first.exit_code == 0, lua_first.output
    p0 = _counts(_warnings(lua_first)[0].removeprefix("warning: "))
    assert (p0["missing"], p0["native"], p0["lua"]) == ("1", "0", "4")


def test_a_deck_that_plays_whole_says_so_only_with_a_lua_folder(lua_folder: Path) -> None:
    quiet = run("duel")
    assert quiet.exit_code == 0 and quiet.stderr == ""  # nothing missing, nothing to say
    told = run("duel", "--scripts", str(lua_folder))
    assert told.exit_code == 0, told.output
    assert told.stderr.splitlines() == [
        "note: P0 Starter Deck Yugi: every card with an effect has a behaviour (20 native, 0 Lua)",
        "note: P1 Starter Deck Kaiba: every card with an effect has a behaviour (19 native, 0 Lua)",
    ]


def test_sim_and_match_say_it_too(lua_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _unscript(monkeypatch, CARD_DESTRUCTION)  # Yugi's deck lacks one native script
    for command in (["sim", "--games", "2"], ["sim", "--match", "--games", "1"], ["match"]):
        native = run(*command)
        assert native.exit_code == 0, native.output
        (line,) = _warnings(native)
        c = _counts(line.removeprefix("warning: "))
        assert (c["label"], c["missing"], c["copies"]) == ("P0 Starter Deck Yugi", "1", "1")
        lua = run(*command, "--scripts", str(lua_folder))  # it plays from Lua
        assert lua.exit_code == 0, lua.output
        assert _warnings(lua) == []
        assert "note: P0 Starter Deck Yugi: every card with an effect has a behaviour " in (
            lua.stderr
        )
        assert "(19 native, 1 Lua)" in lua.stderr


def test_tournament_and_arena_say_it_per_deck_and_keep_lua_games_apart(
    lua_folder: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _unscript(monkeypatch, CARD_DESTRUCTION)
    out = tmp_path / "t"
    t = ["tournament", "starter:yugi", "--games", "1", "--jobs", "1", "--out", str(out)]
    native = run(*t)
    assert native.exit_code == 0, native.output
    (line,) = _warnings(native)
    assert _counts(line.removeprefix("warning: "))["label"] == "Starter Deck Yugi"
    lua = run(*t, "--scripts", str(lua_folder), "--list-missing")
    assert lua.exit_code == 0, lua.output
    assert "(19 native, 1 Lua)" in lua.stderr
    records = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert len(records) == 2 and ":lua:" not in records[0]["key"]
    assert records[1]["key"].endswith(f":lua:native:{lua_folder}")
    assert json.loads((out / "matrix.json").read_text())["scripts"]["lua"] == str(lua_folder)

    a = ["arena", "--agents", "random,greedy", "--decks", "yugi", "--games", "1"]
    a += ["--out", str(tmp_path / "a")]
    native = run(*a)
    assert native.exit_code == 0, native.output
    (line,) = _warnings(native)
    assert _counts(line.removeprefix("warning: "))["label"] == "yugi"
    lua = run(*a, "--scripts", str(lua_folder))
    assert lua.exit_code == 0, lua.output
    assert "(19 native, 1 Lua)" in lua.stderr
    games = [json.loads(x) for x in (tmp_path / "a" / "games.jsonl").read_text().splitlines()]
    assert [g["scripts"] for g in games] == ["", f"lua:native:{lua_folder}"]
    summary = json.loads((tmp_path / "a" / "summary.json").read_text())
    assert summary["games"] == 1 and summary["config"]["scripts"]["lua"] == str(lua_folder)


def test_serve_passes_the_scripts_to_every_room(
    lua_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[dict[str, Any]] = []
    import ygo.web.server

    monkeypatch.setattr(ygo.web.server, "run", lambda *a, **k: calls.append(k))
    out = run("serve", "--scripts", str(lua_folder), "--prefer", "lua")
    assert out.exit_code == 0, out.output
    assert f"card scripts: Lua from {lua_folder} first, then native" in out.stdout
    scripts = calls[0]["scripts"]
    assert isinstance(scripts, Combined) and scripts.lua is not None and scripts.prefer == "lua"


# -- ygo play: the line before the duel, and i CARD ----------------------------------------


def test_play_says_it_before_the_duel(lua_folder: Path) -> None:
    result = run(
        "play", "--seed", "3", "--scripts", str(lua_folder), "--prefer", "lua", stdin="quit\n"
    )
    assert result.exit_code == 0, result.output
    err = result.stderr.splitlines()
    assert err[0].startswith("note: your deck Starter Deck Yugi: every card with an effect has")
    assert err[1].startswith("note: the opponent's deck Starter Deck Kaiba: every card")


def _inspect(scripts: Any, *cards: int | str) -> str:
    s = Scenario(scripts=scripts).at(turn=3, player=0, phase=Phase.MAIN1)
    s.hand(0, *cards)
    buffer = io.StringIO()
    out = Console(file=buffer, width=200, highlight=False, color_system=None)
    lines = [f"i h{k + 1}" for k in range(len(cards))] + ["quit"]
    inp = io.StringIO("".join(f"{line}\n" for line in lines))
    TerminalGame(s.run(), make_agent("greedy", 0), out, inp).run()
    return buffer.getvalue()


def _behaviours(text: str) -> list[str]:
    return [m.strip(" │") for m in re.findall(r"behaviour: ([^\n]*)", text)]


def test_inspect_says_native_lua_or_none(lua_folder: Path) -> None:
    from ygo.playable import ScriptChoice

    lua = ScriptChoice(str(lua_folder)).source()
    mixed = Combined(_without(DARK_HOLE, EXODIA), lua.lua, "native")
    text = _inspect(mixed, POT_OF_GREED, DARK_HOLE, "Celtic Guardian", EXODIA)
    native, from_lua, normal, none = _behaviours(text)
    assert native == "native (the project's own script plays its effect)"
    assert from_lua == f"Lua (c{DARK_HOLE}.lua plays its effect)"
    assert normal == "none needed (the card has no effect)"
    assert none.startswith("none: its effect is not implemented yet")
    assert "; Lua: " in none  # why Exodia's Lua script gives it no behaviour
    # Without a Lua folder, a missing script is just missing.
    (alone,) = _behaviours(_inspect(_without(DARK_HOLE), DARK_HOLE))
    assert alone == "none: its effect is not implemented yet (it plays as its printed stats)"


def test_play_help_names_what_i_says() -> None:
    from ygo.cli.play import HELP

    assert "a card's full description and what plays its effect (native," in HELP


# -- cards show ---------------------------------------------------------------------------


def _show(*args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    result = run("--cards", str(_shared(CDB)), "cards", "show", *args, "--json", env=env)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_cards_show_says_native_lua_or_none(lua_folder: Path) -> None:
    folder = str(lua_folder)
    assert _show(str(POT_OF_GREED), "--scripts", folder)["script"] == "native"
    assert _show(str(POT_OF_GREED), "--scripts", folder, "--prefer", "lua")["script"] == "lua"
    rota = _show(str(REINFORCEMENT), "--scripts", folder)
    assert (rota["script"], rota["behaviour"]) == ("lua", "scripted")
    assert _show(str(REINFORCEMENT))["script"] == "none"  # without the folder
    assert _show(str(REINFORCEMENT), env={"YGO_SCRIPTS": folder})["script"] == "lua"
    ash = _show(str(ASH_BLOSSOM), "--scripts", folder)
    assert (ash["script"], ash["behaviour"]) == ("none", "not scripted")
    assert ash["script_error"]  # the one-line reason its script did not register
    assert "script_error" not in _show(str(ASH_BLOSSOM))
    panel = run("--cards", str(CDB), "cards", "show", str(REINFORCEMENT), "--scripts", folder)
    assert f"Lua (c{REINFORCEMENT}.lua plays its effect)" in panel.stdout
    panel = run("--cards", str(CDB), "cards", "show", str(ASH_BLOSSOM), "--scripts", folder)
    flat = " ".join(panel.stdout.replace("│", " ").split())
    assert "none: its effect is not implemented yet (it plays as its printed stats); Lua: " in flat
    assert " ".join(ash["script_error"].split()) in flat


def test_a_duel_played_with_lua_scripts_replays_with_them(
    lua_folder: Path, lua_deck: Path, tmp_path: Path
) -> None:
    cdb, deck, out = str(_shared(CDB)), str(lua_deck), tmp_path / "r.json"
    lua = ["--scripts", str(lua_folder)]
    game = ["--cards", cdb, "duel", "--deck0", deck, "--deck1", deck, "--seed", "2"]
    played = run(*game, *lua, "--replay-out", str(out))
    assert played.exit_code == 0, played.output
    assert json.loads(out.read_text())["scripts"] == "lua"  # which came first, not the path
    verified = run("--cards", cdb, "replay", str(out), "--verify", *lua)
    assert verified.exit_code == 0, verified.output
    assert verified.stdout.startswith("ok: ")
    by_env = run("--cards", cdb, "replay", str(out), "--verify", env={"YGO_SCRIPTS": lua[1]})
    assert by_env.exit_code == 0 and by_env.stdout == verified.stdout
    assert_one_line_error(
        run("--cards", cdb, "replay", str(out), "--verify"),
        "this replay was played with YGOPro Lua card scripts (native first)",
        "--scripts DIR or $YGO_SCRIPTS",
    )
    # --prefer lua is recorded too; a native replay ignores a Lua folder.
    played = run(*game, *lua, "--prefer", "lua", "--replay-out", str(out))
    assert played.exit_code == 0, played.output
    assert json.loads(out.read_text())["scripts"] == "lua-first"
    assert run("--cards", cdb, "replay", str(out), "--verify", *lua).exit_code == 0
    played = run(*game, "--replay-out", str(out))
    assert "scripts" not in json.loads(out.read_text())
    assert run("--cards", cdb, "replay", str(out), "--verify", *lua).exit_code == 0
    assert "--scripts DIR" in run("replay", "--help").output


def test_a_match_replay_records_the_lua_scripts_too(lua_folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    played = run("match", "--scripts", str(lua_folder), "--replay-out", str(out))
    assert played.exit_code == 0, played.output
    assert {d.get("scripts") for d in json.loads(out.read_text())["duels"]} == {"lua"}
    ok = run("replay", str(out), "--verify", "--scripts", str(lua_folder))
    assert ok.exit_code == 0, ok.output
    assert_one_line_error(run("replay", str(out), "--verify"), "Lua card scripts")


def test_cards_list_counts_the_lua_scripts_too(
    lua_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _unscript(monkeypatch, CARD_DESTRUCTION)
    args = ["cards", "list", "--pool", "starter", "--unimplemented", "--json"]
    native = json.loads(run(*args).stdout)
    assert [c["code"] for c in native["cards"]] == [CARD_DESTRUCTION]
    with_lua = json.loads(run(*args, "--scripts", str(lua_folder)).stdout)
    assert with_lua["unimplemented"] == 0 and with_lua["cards"] == []


def test_replaying_a_lua_duel_without_its_scripts_is_refused_up_front() -> None:
    from ygo.data import starter_deck
    from ygo.errors import ReplayError
    from ygo.formats.replay import Replay, replay_duel
    from ygo.rules import Ruleset

    decks = (starter_deck("yugi"), starter_deck("kaiba"))
    replay = Replay(Ruleset.mr3(), decks, 1, scripts="lua")
    with pytest.raises(ReplayError, match=r"Lua card scripts \(native first\)"):
        replay_duel(replay)  # the native scripts alone: it would diverge
