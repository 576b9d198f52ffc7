"""The playground game (docs/playground.md): one test per rule sentence, PG-1..PG-8.

Cards are made up here so that each test shows one rule: ``m(atk, def)`` is a
monster with those stats (None for "?")."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ygo.agents import RandomAgent, make_agent
from ygo.cards.pool import embedded_pool
from ygo.cli.main import cli
from ygo.core.card import CardData
from ygo.core.deck import Deck
from ygo.core.enums import CardType
from ygo.errors import IllegalActionError
from ygo.playground import MAX_THROWS, Playground, PlaygroundResult, play_playground

_POOL = embedded_pool()


class FakeDB:
    """The embedded pool plus made-up monsters."""

    def __init__(self) -> None:
        self.cards: dict[int, CardData] = {}

    def get(self, code: int) -> CardData:
        return self.cards[code] if code in self.cards else _POOL.get(code)


DB = FakeDB()


def m(atk: int | None, defense: int | None) -> int:
    code = 900_000_000 + len(DB.cards)
    DB.cards[code] = CardData(
        code, f"M{atk}/{defense}", CardType.MONSTER | CardType.NORMAL, atk=atk, defense=defense
    )
    return code


SPELL = 55144522  # Pot of Greed
TRAP = 44095762  # Mirror Force
FUSION = 11901678  # B. Skull Dragon 3200/2500, Extra Deck

ROCK, PAPER, SCISSORS = "choose rock", "choose paper", "choose scissors"


def game(p0: list[int], p1: list[int]) -> Playground:
    """Piles in the order listed, the first card on top."""
    return Playground((p0, p1), db=DB, shuffle=False)


def throw(g: Playground, a: str, b: str) -> None:
    g.apply(a)
    g.apply(b)


def test_pg1_each_player_has_a_shuffled_face_down_pile_of_their_monsters() -> None:
    # PG-1: one pile per player; the Extra Deck's monsters are in; the seed shuffles.
    cards = [m(100 * i, 0) for i in range(1, 11)]
    big = m(5000, 5000)  # no standoff with any of them
    deck = Deck(main=tuple(cards), extra=(FUSION,))
    orders = set()
    for seed in range(5):
        g = Playground((deck, Deck(main=(big,))), seed, db=DB)
        pile = [*g.piles[0], g.revealed[0]]
        assert sorted(c for c in pile if c is not None) == sorted([*cards, FUSION])
        orders.add(tuple(pile))
    assert len(orders) > 1
    same = Playground((deck, deck), 3, db=DB)
    assert same.piles == Playground((deck, deck), 3, db=DB).piles


def test_pg2_each_reveals_one_card_and_keeps_it_until_it_is_put_out() -> None:
    # PG-2: one card revealed each, from the top; the winner keeps theirs.
    a, b = m(2000, 500), m(1000, 500)
    a2, b2 = m(1, 1), m(1, 1)
    g = game([a, a2], [b, b2])
    assert g.revealed == [a, b] and g.pile_size(0) == g.pile_size(1) == 1
    throw(g, PAPER, ROCK)  # player 0 attacks and puts b out
    assert g.revealed == [a, b2] and g.pile_size(0) == 1 and g.pile_size(1) == 0


@pytest.mark.parametrize(
    ("t0", "t1", "attacker"),
    [(ROCK, SCISSORS, 0), (SCISSORS, PAPER, 0), (PAPER, ROCK, 0), (ROCK, PAPER, 1),
     (PAPER, SCISSORS, 1), (SCISSORS, ROCK, 1)],
)  # fmt: skip
def test_pg3_the_rock_paper_scissors_winner_attacks(t0: str, t1: str, attacker: int) -> None:
    # PG-3: the winner of the throw attacks; both cards could put the other out.
    g = game([m(1000, 0), m(5, 5)], [m(1000, 0), m(5, 5)])
    first = list(g.revealed)
    throw(g, t0, t1)
    assert g.revealed[attacker] == first[attacker]
    assert g.out[1 - attacker] == [first[1 - attacker]] and g.out[attacker] == []


def test_pg3_a_tie_is_thrown_again_and_player_1_does_not_see_player_0s_throw() -> None:
    g = game([m(1000, 0)], [m(1000, 0)])
    before = list(g.revealed)
    d0 = g.decision
    assert d0 is not None and d0.player == 0
    g.apply(ROCK)
    d1 = g.decision
    assert (
        d1 is not None and d1.player == 1 and d1 == d0.__class__(1, d0.kind, d0.options, 0, d0.text)
    )
    g.apply(ROCK)
    assert g.revealed == before and g.out == [[], []] and g.throws == 1
    assert g.decision is not None and g.decision.player == 0


def test_pg4_greater_atk_than_def_puts_the_card_out() -> None:
    # PG-4: attacker's ATK > defender's DEF: out; the attacker is unhurt.
    strong, weak, nxt = m(1500, 100), m(3000, 1499), m(10, 10)
    g = game([strong], [weak, nxt])
    throw(g, ROCK, SCISSORS)
    assert g.out == [[], [weak]] and g.revealed == [strong, nxt]


@pytest.mark.parametrize("defense", [1500, 1600])
def test_pg5_otherwise_the_attack_goes_on(defense: int) -> None:
    # PG-5: ATK equal to or less than DEF: nothing happens, throw again.
    a, b = m(1500, 0), m(1000, defense)
    g = game([a], [b])
    throw(g, ROCK, SCISSORS)  # player 0 attacks and fails
    assert g.revealed == [a, b] and g.out == [[], []] and g.result is None
    throw(g, SCISSORS, ROCK)  # player 1 attacks: 1000 > 0
    assert g.out == [[a], []]


def test_pg5_a_standoff_sets_both_cards_aside() -> None:
    # PG-5 (decided): neither card can ever put the other out: both set aside.
    wall0, wall1 = m(100, 2000), m(100, 2000)
    n0, n1 = m(900, 0), m(800, 0)
    g = game([wall0, n0], [wall1, n1])
    assert g.out == [[wall0], [wall1]] and g.revealed == [n0, n1]


def test_pg6_revealing_a_question_mark_monster_loses() -> None:
    # PG-6: ATK and DEF both "?": its owner loses at once.
    a, q = m(2000, 0), m(None, None)
    g = game([a, m(1, 1)], [m(100, 100), q])
    throw(g, PAPER, ROCK)  # player 1's first card is out; they reveal the "?" monster
    assert g.result == PlaygroundResult(0, 'revealed a "?" monster')
    assert g.decision is None
    with pytest.raises(IllegalActionError):
        g.apply(ROCK)
    # Both at once: a draw. One "?" only: it counts as 0.
    assert game([m(None, None)], [m(None, None)]).result == PlaygroundResult(
        None, 'revealed a "?" monster'
    )
    half = m(None, 500)
    g = game([half], [m(600, 0)])
    assert g.result is None
    throw(g, PAPER, ROCK)  # player 0 attacks with ATK "?" = 0: not greater than DEF 0
    assert g.out == [[], []]
    throw(g, ROCK, PAPER)  # player 1 attacks: 600 > DEF 500
    assert g.out == [[half], []] and g.result == PlaygroundResult(1, "no cards left")


def test_pg7_spells_and_traps_are_not_used() -> None:
    # PG-7: Spells and Traps are left out of the piles.
    a = m(1000, 1000)
    g = Playground((Deck(main=(SPELL, a, TRAP)), Deck(main=(TRAP, m(1, 1), SPELL))), db=DB)
    assert g.revealed[0] == a and g.pile_size(0) == 0 and g.pile_size(1) == 0
    assert g.out == [[], []]  # no Spell or Trap was ever revealed and set aside


def test_pg8_a_player_with_no_card_to_reveal_loses() -> None:
    # PG-8: the last card out with none to reveal: that player loses.
    g = game([m(1000, 0)], [m(100, 100)])
    throw(g, ROCK, SCISSORS)
    assert g.result == PlaygroundResult(0, "no cards left")
    # No monsters at all: a loss at once; both empty: a draw.
    assert game([], [m(1, 1)]).result == PlaygroundResult(1, "no cards left")
    assert game([SPELL], [TRAP]).result == PlaygroundResult(None, "no cards left")
    # After a standoff that took both last cards: a draw.
    assert game([m(0, 9)], [m(0, 9)]).result == PlaygroundResult(None, "no cards left")


def test_pg8_endless_ties_are_a_draw_after_max_throws() -> None:
    g = game([m(1000, 0)], [m(1000, 0)])
    for _ in range(MAX_THROWS):
        throw(g, ROCK, ROCK)
    assert g.result == PlaygroundResult(None, f"no result after {MAX_THROWS} throws")


def test_agents_play_it_to_the_end_and_the_seed_repeats_it() -> None:
    from ygo.data import starter_deck

    decks = (starter_deck("yugi"), starter_deck("kaiba"))
    logs = []
    for _ in range(2):
        g = Playground(decks, 11)
        play_playground(g, (RandomAgent(1), make_agent("greedy", 2)), 11)
        assert g.result is not None
        logs.append(g.log)
    assert logs[0] == logs[1]


def test_sim_and_play_commands() -> None:
    runner = CliRunner()
    r = runner.invoke(cli, ["sim", "--variant", "playground", "--games", "4", "--json"])
    assert r.exit_code == 0, r.output
    assert '"games": 4' in r.output
    r = runner.invoke(cli, ["sim", "--variant", "playground", "--match", "--games", "1"])
    assert r.exit_code == 1 and "cannot be combined" in r.output
