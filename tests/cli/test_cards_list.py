"""`ygo cards list`: pools, what counts as implemented, --unimplemented, JSON;
`cards show` and `explain` say whether a card's behaviour is implemented."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.cards.conftest import SEED_TSV, read_tsv
from tests.cli.test_cards_cli import make_cdb
from tests.scenario import Scenario
from ygo.cards.pool import embedded_pool
from ygo.cards.scripts import Scripts, default_scripts
from ygo.cli.cards import seed_codes, starter_codes
from ygo.cli.main import cli
from ygo.core.enums import Phase
from ygo.data import starter_deck

# Cards no script covers: effect monsters of a tiny cdb loaded over the pool
# (every pool card may be scripted one day).
SURELY_MISSING = ("Unscripted Test Monster", "Another Unscripted Monster")


@pytest.fixture(scope="module")
def extra_cdb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cdb") / "extra.cdb"
    return make_cdb(path, [(990000501, 0x21, 1000, 1000, SURELY_MISSING[0]),
                           (990000502, 0x21, 1200, 800, SURELY_MISSING[1])])  # fmt: skip


def _list(*args: str, cdb: Path | None = None) -> dict[str, Any]:
    extra = ["--cards", str(cdb)] if cdb is not None else []
    result = CliRunner().invoke(cli, [*extra, "cards", "list", "--json", *args])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def _by_name(data: dict[str, Any]) -> dict[str, str]:
    return {c["name"]: c["behaviour"] for c in data["cards"]}


def test_list_all_says_what_is_implemented_from_scripts_and_card_data(extra_cdb: Path) -> None:
    data = _list(cdb=extra_cdb)
    assert data["pool"] == "all"
    names = _by_name(data)
    assert names["Pot of Greed"] == "scripted"
    assert names["Exodia the Forbidden One"] == "scripted"
    # No effect to script, decided from card data: Normal monsters (the limbs),
    # Tokens, a card whose summary says it has no effect of its own.
    assert names["Right Arm of the Forbidden One"] == "none"
    assert names['Spirit Message "I"'] == "none"
    assert names["Insect Monster Token"] == "none"
    for name in SURELY_MISSING:
        assert names[name] == "not scripted"
    # Neither alternate artworks nor benchmark-only cards are listed.
    pool = embedded_pool()
    in_pool = [c for c in data["cards"] if pool.maybe(c["code"]) is not None]
    assert len(in_pool) == len(data["cards"]) - len(SURELY_MISSING)
    assert all(not pool.get(c["code"]).alias for c in in_pool)
    assert all(not pool.get(c["code"]).benchmark for c in in_pool)
    assert data["total"] == len(data["cards"])
    assert data["unimplemented"] == sum(1 for b in names.values() if b == "not scripted")


def test_list_unimplemented_lists_only_cards_without_a_script_or_effect_free_data(
    extra_cdb: Path,
) -> None:
    full = _list("--pool", "all", cdb=extra_cdb)
    data = _list("--pool", "all", "--unimplemented", cdb=extra_cdb)
    scripts = default_scripts()
    assert data["cards"]
    assert len(data["cards"]) == full["unimplemented"] == data["unimplemented"]
    for c in data["cards"]:
        assert c["behaviour"] == "not scripted"
        assert not scripts.has(c["code"])
    names = {c["name"] for c in data["cards"]}
    assert set(SURELY_MISSING) <= names
    assert "Dark Hole" not in names and "Dark Magician" not in names


def test_list_pools_seeds_and_starter() -> None:
    seeds = _list("--pool", "seeds")
    assert seeds["total"] == len(seed_codes()) == 124
    assert "Exodia the Forbidden One" in _by_name(seeds)
    assert "Victory Dragon" in _by_name(seeds)
    starter = _list("--pool", "starter")
    decks = {*starter_deck("yugi").all_cards(), *starter_deck("kaiba").all_cards()}
    assert starter["total"] == len(decks) == len(starter_codes())
    assert "The Stern Mystic" in _by_name(starter)
    assert "Exodia the Forbidden One" not in _by_name(starter)
    # Case-insensitive pool names; a bad one is a usage error.
    assert _list("--pool", "SEEDS")["total"] == 124
    bad = CliRunner().invoke(cli, ["cards", "list", "--pool", "everything"])
    assert bad.exit_code == 2


#: A seed card made unscripted for the tests below (every pool card may be scripted).
UNSCRIPTED = 10000010  # The Winged Dragon of Ra


def _scripts_without(code: int) -> Scripts:
    full = default_scripts()
    return Scripts({c: full.effects(c) for c in full.codes() if c != code})


def _unscript(monkeypatch: pytest.MonkeyPatch, code: int = UNSCRIPTED) -> None:
    """The CLI's script source, lacking one card's script."""
    lacking = _scripts_without(code)
    monkeypatch.setattr("ygo.cards.scripts.default_scripts", lambda: lacking)


def test_list_table_form(monkeypatch: pytest.MonkeyPatch) -> None:
    _unscript(monkeypatch)
    result = CliRunner().invoke(cli, ["cards", "list", "--pool", "seeds", "--unimplemented"])
    assert result.exit_code == 0
    assert "The Winged Dragon of Ra" in result.output
    assert "not implemented" in result.output
    assert "Pot of Greed" not in result.output
    assert result.output.strip().splitlines()[-1].startswith("seeds pool: 124 cards, ")


def test_seed_list_matches_the_guides_table() -> None:
    rows = read_tsv(SEED_TSV)  # skips without the shared data
    assert seed_codes() == list(dict.fromkeys(int(r["passcode"]) for r in rows))


def test_show_marks_an_effect_free_spell_as_having_no_effect(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _unscript(monkeypatch)
    runner = CliRunner()
    shown = runner.invoke(cli, ["cards", "show", 'Spirit Message "N"', "--json"])
    assert json.loads(shown.output)["behaviour"] == "none"
    missing = runner.invoke(cli, ["cards", "show", "The Winged Dragon of Ra"])
    assert "its effect is not implemented yet" in missing.output


def test_explain_in_a_duel_says_whether_the_effect_is_implemented() -> None:
    s = Scenario(scripts=_scripts_without(UNSCRIPTED)).at(turn=3, player=0, phase=Phase.MAIN1)
    message, dragon, hole = s.hand(0, 'Spirit Message "I"', "The Winged Dragon of Ra", "Dark Hole")
    duel = s.build()
    not_yet = "its effect is not scripted yet (ygo cards show lists what is)"
    assert not_yet in duel.explain(dragon, 0).reasons
    assert not_yet not in duel.explain(message, 0).reasons
    assert not_yet not in duel.explain(hole, 0).reasons
