"""What code outside the project reads through the public API alone (issue 22, item 6).

Every test here drives a real duel from its decks and seed with ``Duel.apply``
and reads only public names: where a face-down card named by an option is
(``Action.place``, ``View.at``, ``View.card_of``), the cards of a Synchro or Xyz
material set (``Action.cards``), counters (``CardView.counters``), a card's
current stats and the chain for the referee (``Duel.card_view``, ``Duel.chain``),
and the playground game's per-player view (``Playground.view``). Each new field
has its hidden-information test (R-DUEL-8) beside it.
"""

from __future__ import annotations

import pytest

from tests.engine.helpers import STARTERS, random_policy
from ygo import Duel
from ygo.core.deck import Deck
from ygo.core.enums import Location, Position
from ygo.engine.actions import Action, ActionKind, Place
from ygo.errors import InvalidArgumentError

MIRROR_FORCE = 44095762
TYPHOON = 5318639  # Mystical Space Typhoon: target a Spell or Trap on the field
GENEX = 68505803  # Genex Controller: a Level 3 Tuner
STONE = 13039848  # Giant Soldier of Stone: a Level 3 Normal monster, 1300/2000
GAIA = 97204936  # Gaia Knight, the Force of Earth: Synchro, Level 6 (1 Tuner + non-Tuners)
LEVIATHAN = 69610924  # Number 17: Leviathan Dragon: Xyz, 2 Level 3 monsters
BREAKER = 71413901  # Breaker the Magical Warrior: a Spell Counter when summoned, +300 ATK each


def pick(duel: Duel, prefix: str) -> Action:
    """Take the first option whose text starts with ``prefix``."""
    d = duel.decision
    assert d is not None
    hits = [o for o in d.options if str(o).startswith(prefix)]
    assert hits, (prefix, [str(o) for o in d.options])
    duel.apply(hits[0])
    return hits[0]


def to_turn(duel: Duel, turn: int, player: int) -> None:
    """End turns (passing every priority window, discarding the first card at
    the hand limit) until ``player``'s Main Phase of ``turn``."""
    while not (duel.turn == turn and duel.decision is not None and duel.decision.player == player):
        d = duel.decision
        assert d is not None and duel.turn <= turn
        texts = [str(o) for o in d.options]
        duel.apply("pass" if "pass" in texts else "end-turn" if "end-turn" in texts else 0)
    assert duel.decision is not None and "end-turn" in [str(o) for o in duel.decision.options]


# -- (a) the place of a face-down card an option names ----------------------------------


def _typhoon_targets() -> Duel:
    """Player 0 Sets two Mirror Force; player 1 activates Mystical Space Typhoon:
    its target options name the two face-down cards by place."""
    duel = Duel((Deck((MIRROR_FORCE,) * 20), Deck((TYPHOON,) * 20)), seed=1, first=0)
    pick(duel, "set Mirror Force")
    pick(duel, "set Mirror Force")
    pick(duel, "end-turn")
    pick(duel, "activate Mystical Space Typhoon")
    return duel


def test_an_option_naming_a_face_down_card_gives_its_place() -> None:
    duel = _typhoon_targets()
    d = duel.decision
    assert d is not None and d.player == 1
    assert [o.place for o in d.options] == [
        Place(0, Location.SZONE, 0),
        Place(0, Location.SZONE, 1),
    ]
    view = duel.view(1)
    for option in d.options:
        place = option.place
        assert place is not None and option.card == -1 and place.code == option.zone
        card = view.at(place)
        assert card is view.card_of(option) and card is view.opponent.spells[place.index]
        assert (card.controller, card.location, card.index) == (0, Location.SZONE, place.index)
    duel.apply(d.options[1])
    pick(duel, "pass")  # (player 1 could chain another Typhoon) the card in Zone 2 is destroyed
    assert duel.view(1).opponent.spells[1] is None and duel.view(1).opponent.spells[0] is not None


def test_a_place_tells_the_chooser_where_and_never_which_card() -> None:
    # R-DUEL-8: the option and the card the view shows there carry no identity.
    duel = _typhoon_targets()
    d = duel.decision
    assert d is not None
    view = duel.view(1)
    for option in d.options:
        card = view.card_of(option)
        assert card is not None
        assert (card.uid, card.code, card.name, card.atk, card.counters) == (None,) * 5
        assert option.cards == () and "Mirror Force" not in option.label
    # Options about no card by its place have none.
    first = Duel(STARTERS, seed=2, first=0).decision
    assert first is not None and all(o.place is None for o in first.options)


def test_an_attack_target_is_found_in_the_view_by_its_zone() -> None:
    # A face-down monster attacked: the TARGET option names its Monster Zone; the
    # attacker's view shows it there, hidden.
    duel = Duel((Deck((STONE,) * 20), Deck((STONE,) * 20)), seed=4, first=0)
    pick(duel, "set Giant Soldier of Stone")  # (turn 1 then ends by itself)
    to_turn(duel, 3, 0)
    pick(duel, "set Giant Soldier of Stone")
    to_turn(duel, 4, 1)
    pick(duel, "summon Giant Soldier of Stone")
    pick(duel, "battle")
    pick(duel, "attack-with")
    d = duel.decision
    assert d is not None and d.player == 1
    targets = [o for o in d.options if o.kind == ActionKind.TARGET]
    assert [t.zone for t in targets] == [0, 1]
    for target in targets:
        card = duel.view(1).card_of(target)
        assert card is not None and card.uid is None and not card.face_up
        assert (card.controller, card.location, card.index) == (0, Location.MZONE, target.zone)
        assert target.place is None  # (its zone is relative: the turn player's opponent's)
        mine = duel.view(0).card_of(target)  # the same option read in its owner's view
        assert mine is not None and mine.name == "Giant Soldier of Stone"
        assert mine.uid == duel.monsters(0)[target.zone]


# -- (b) the cards of a Synchro or Xyz material set ---------------------------------------


def _three_level_3s() -> tuple[Duel, list[int]]:
    """Player 0 controls Genex Controller (a Tuner) and two Giant Soldiers of Stone
    (turns 1, 3 and 5), with Gaia Knight and Leviathan Dragon in the Extra Deck."""
    deck = Deck((GENEX, STONE) * 10, extra=(GAIA, LEVIATHAN))
    duel = Duel((deck, Deck((STONE,) * 20)), seed=3, first=0, ruleset=None)
    pick(duel, "summon Genex Controller")
    to_turn(duel, 3, 0)
    pick(duel, "summon Giant Soldier of Stone")
    to_turn(duel, 5, 0)
    pick(duel, "summon Giant Soldier of Stone")
    mons = [c.uid for c in duel.view(0).me.monsters if c is not None]
    assert len(mons) == 3 and all(u is not None for u in mons)
    return duel, [u for u in mons if u is not None]


def _labelled(duel: Duel, cards: tuple[int, ...]) -> str:
    return " + ".join(f"{duel.name(u)} [{u}]" for u in cards)


def test_a_synchro_material_option_carries_its_cards() -> None:
    # R-SYN-1: one decision among the working sets; each option's set as uids.
    duel, (genex, stone1, stone2) = _three_level_3s()
    pick(duel, "synchro-summon Gaia Knight")
    pick(duel, "choose face-up Attack")
    d = duel.decision
    assert d is not None and d.player == 0
    assert [o.cards for o in d.options] == [(genex, stone1), (genex, stone2)]
    view = duel.view(0)
    for o in d.options:
        assert o.kind == ActionKind.CHOOSE and o.label == _labelled(duel, o.cards)
        found = [view.find(u) for u in o.cards]
        assert all(c is not None and c.location == Location.MZONE for c in found)
        assert view.card_of(o) is None  # a set is about no single card
    duel.apply(d.options[1])
    assert duel.location(genex) == duel.location(stone2) == Location.GRAVE
    assert duel.location(stone1) == Location.MZONE


def test_an_xyz_material_option_carries_its_cards_and_survives_a_save() -> None:
    # R-XYZ-1: two Level 3 monsters of the three, as sets; the field goes into
    # saves and comes back (and is left out of equality, as the label is).
    duel, (genex, stone1, stone2) = _three_level_3s()
    pick(duel, "xyz-summon Number 17")
    pick(duel, "choose face-up Attack")
    d = duel.decision
    assert d is not None
    sets = [(genex, stone1), (genex, stone2), (stone1, stone2)]
    assert [o.cards for o in d.options] == sets
    loaded = Duel.load(duel.save())
    assert loaded.decision == d
    assert loaded.decision is not None and [o.cards for o in loaded.decision.options] == sets
    assert Action(ActionKind.CHOOSE, zone=0) == d.options[0]
    loaded.apply(d.options[2])
    (xyz,) = [
        c for c in loaded.view(1).opponent.monsters if c and c.name == "Number 17: Leviathan Dragon"
    ]
    assert [m.uid for m in xyz.materials] == [stone1, stone2]


def test_material_sets_name_only_cards_both_players_see() -> None:
    # R-DUEL-8: a material set is the chooser's face-up monsters: public to both.
    duel, _ = _three_level_3s()
    pick(duel, "synchro-summon Gaia Knight")
    pick(duel, "choose face-up Attack")
    d = duel.decision
    assert d is not None
    for viewer in (0, 1):
        visible = {c.uid for c in duel.view(viewer).cards() if c.uid is not None}
        assert all(set(o.cards) <= visible for o in d.options)


# -- (c) counters on a card --------------------------------------------------------------


def _breakers() -> Duel:
    """Player 0 Normal Summons Breaker (a Spell Counter) on turn 1 and Sets another
    on turn 3."""
    duel = Duel((Deck((BREAKER,) * 20), Deck((STONE,) * 20)), seed=5, first=0)
    pick(duel, "summon Breaker")
    return duel


def test_counters_are_in_the_view() -> None:
    # R-TERM-5: a face-up card's counters are public; Breaker's ATK counts them.
    duel = _breakers()
    up = duel.view(0).me.monsters[0]
    assert up is not None and up.uid is not None
    for view in (duel.view(0), duel.view(1), duel.spectator_view()):
        card = view.players[0].monsters[0]
        assert card is not None and (card.counters, card.atk) == (1, 1900)
    hand = duel.view(0).me.hand
    assert hand and all(c.counters == 0 for c in hand)  # known, no counters


def test_a_hidden_card_shows_no_counters() -> None:
    # R-DUEL-8: a card the viewer may not identify shows nothing but its place:
    # its counters neither (None, not a count).
    duel = _breakers()
    to_turn(duel, 3, 0)
    pick(duel, "set Breaker")
    mine = duel.view(0).me.monsters[1]
    assert mine is not None and mine.counters == 0 and not mine.face_up
    for view in (duel.view(1), duel.spectator_view()):
        card = view.players[0].monsters[1]
        assert card is not None and card.uid is None and card.counters is None
        assert all(c.counters is None for c in view.players[0].hand)


# -- (d) a card's current stats and the chain, for the referee ----------------------------


def test_the_referee_reads_any_card_as_a_view_shows_it() -> None:
    # The one way: a player reads CardView in view(p); the referee reads the same
    # CardView of any card with duel.card_view(uid), hidden or not.
    duel = _breakers()
    to_turn(duel, 3, 0)
    pick(duel, "set Breaker")
    down = duel.monsters(0)[1]
    assert down is not None
    card = duel.card_view(down)
    assert (card.uid, card.name, card.location, card.index) == (
        down,
        "Breaker the Magical Warrior",
        Location.MZONE,
        1,
    )
    assert (card.atk, card.defense, card.counters, card.position) == (
        1600,
        1000,
        0,
        Position.FACEDOWN_DEFENSE,
    )
    up = duel.monsters(0)[0]  # current stats: 1600 + 300 for its Spell Counter
    assert up is not None and (duel.card_view(up).atk, duel.card_view(up).counters) == (1900, 1)
    assert duel.card_view(up) == duel.view(1).opponent.monsters[0]
    top = duel.deck(0)[-1]  # a Deck card: printed stats, its place in the pile
    in_deck = duel.card_view(top)
    assert (in_deck.location, in_deck.index, in_deck.atk) == (
        Location.DECK,
        len(duel.deck(0)) - 1,
        1600,
    )


def test_the_referees_cards_equal_every_players_view_of_them() -> None:
    # Every card a view shows with its identity is exactly duel.card_view(uid), so
    # stats have one source; random duels with chains, both seats, many points.
    chains = 0
    for seed in range(4):
        duel = Duel(STARTERS, seed=seed, first=0)
        policy = random_policy(seed)
        n = 0
        while not duel.is_over and n < 300:
            for viewer in (0, 1):
                view = duel.view(viewer)
                for side in view.players:
                    for c in (*side.hand, *side.grave, *side.banished, *side.extra):
                        if c.uid is not None:
                            assert duel.card_view(c.uid) == c
                    for z in (*side.monsters, *side.spells, side.field):
                        if z is not None and z.uid is not None:
                            assert duel.card_view(z.uid) == z
                referee = duel.chain
                assert [(x.number, x.player, x.effect, x.negated) for x in referee] == [
                    (x.number, x.player, x.effect, x.negated) for x in view.chain
                ]
                for mine, whole in zip(view.chain, referee, strict=True):
                    assert whole.card.uid is not None and whole.card.name is not None
                    if mine.card.uid is not None:
                        assert mine.card.uid == whole.card.uid
                    assert len(mine.targets) == len(whole.targets)
            chains += bool(duel.chain)
            d = duel.decision
            assert d is not None
            duel.apply(policy(duel, d))
            n += 1
    assert chains > 0


def test_the_referees_chain_names_a_face_down_card_the_opponent_sees_hidden() -> None:
    # Typhoon on the chain targets a face-down Mirror Force: the referee's chain
    # names the target, player 1's view shows it hidden (R-DUEL-8) at its place.
    duel = _typhoon_targets()
    pick(duel, "select face-down card (opponent's Spell & Trap Zone 2)")
    d = duel.decision
    assert d is not None and d.player == 1  # it could chain a second Typhoon
    (link,) = duel.chain
    (target,) = link.targets
    assert (target.name, target.location, target.index) == ("Mirror Force", Location.SZONE, 1)
    assert target == duel.card_view(duel.spells(0)[1] or -1)
    for view in (duel.view(1), duel.spectator_view()):
        (seen,) = view.chain
        (hidden,) = seen.targets
        assert (hidden.uid, hidden.code, hidden.name, hidden.counters) == (None,) * 4
        assert (hidden.controller, hidden.location, hidden.index) == (0, Location.SZONE, 1)
        assert seen.card == link.card  # the activated Typhoon is public
    (own,) = duel.view(0).chain[0].targets
    assert own == target  # its controller knows it


def test_the_referee_reads_an_xyz_material_as_the_view_shows_it() -> None:
    # Materials are public (R-DUEL-8): card_view of each is its view under the monster.
    duel, (genex, stone1, stone2) = _three_level_3s()
    pick(duel, "xyz-summon Number 17")
    pick(duel, "choose face-up Attack")
    pick(duel, f"choose {duel.name(stone1)} [{stone1}] + {duel.name(stone2)} [{stone2}]")
    xyz = next(c for c in duel.view(1).opponent.monsters if c and c.materials)
    assert [duel.card_view(u) for u in (stone1, stone2)] == list(xyz.materials)
    assert duel.card_view(stone2).location == Location.OVERLAY
    assert duel.card_view(stone2).index == 1
    assert xyz.uid is not None and duel.card_view(xyz.uid) == xyz
    assert duel.card_view(genex) == duel.view(1).opponent.monsters[0]


def test_card_view_refuses_a_bad_card_id() -> None:
    duel = Duel(STARTERS, seed=1, first=0)
    for bad in (-1, duel.card_count, "3", True):
        with pytest.raises(InvalidArgumentError):
            duel.card_view(bad)  # type: ignore[arg-type]
