"""Special Summons: properly summoned, the revival limit, the Extra Deck (R-SUM-4..12)."""

from __future__ import annotations

from tests.scenario import Scenario, texts
from ygo.core.enums import Location, Phase, Position
from ygo.defaults import Duel
from ygo.engine import ops
from ygo.engine.events import Reason

RITUAL = "Black Luster Ritual"
SOLDIER = "Black Luster Soldier"
REBORN = "Monster Reborn"
BURIAL = "Premature Burial"
COTH = "Call of the Haunted"
ULTIMATE = "Blue-Eyes Ultimate Dragon"
GATE = "Gate Guardian"


def _ritual_then_dark_hole() -> tuple[Scenario, Duel, int, int]:
    """Black Luster Soldier Ritual Summoned, then destroyed by Dark Hole: a properly
    summoned Ritual monster in the GY. Returns the scenario, the duel, the Soldier
    and an unused Monster Reborn in hand."""
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ritual, soldier, magician, hole, reborn = s.hand(
        0, RITUAL, SOLDIER, "Dark Magician", "Dark Hole", REBORN
    )
    s.monster(0, "Celtic Guardian")
    s.choose(0, f"activate {RITUAL} [{ritual}]", f"select Dark Magician [{magician}]")
    s.choose(0, "choose face-up Attack")
    s.choose(0, f"activate Dark Hole [{hole}]")
    duel = s.run()
    assert duel.location(soldier) == Location.GRAVE
    return s, duel, soldier, reborn


def test_a_ritual_monster_that_was_never_ritual_summoned_cannot_be_revived() -> None:
    # R-SUM-8, R-SUM-9: a Ritual monster discarded (or sent) to the GY from the hand
    # was not properly summoned: Monster Reborn has no target, and explain says why.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, REBORN)[0]
    soldier = s.grave(0, SOLDIER)[0]
    duel = s.build()
    assert f"activate {REBORN} [{reborn}]" not in texts(duel.decision)
    reasons = duel.explain(soldier, 0).reasons
    assert any("not properly summoned" in r and "Ritual Summoned" in r for r in reasons)


def test_a_properly_ritual_summoned_monster_can_be_revived_and_again_after_that() -> None:
    # R-SUM-9: the mark survives field -> GY; a revived monster keeps it, so after it
    # is destroyed again it can be revived again.
    s, duel, soldier, reborn = _ritual_then_dark_hole()
    s.choose(0, f"activate {REBORN} [{reborn}]", f"select {SOLDIER} [{soldier}]")
    s.choose(0, "choose face-up Attack")
    duel = s.run(duel)
    assert duel.location(soldier) == Location.MZONE
    assert duel.position(soldier) == Position.FACEUP_ATTACK
    assert not any("properly" in r for r in duel.explain(soldier, 0).reasons)
    st = duel._st
    ops.destroy(st, [soldier], Reason.EFFECT)
    assert duel.location(soldier) == Location.GRAVE
    assert not any("properly" in r for r in duel.explain(soldier, 0).reasons)


def test_the_mark_survives_banishment_and_is_lost_in_the_hand() -> None:
    # R-SUM-9: field -> GY -> banished keeps "properly summoned"; a card that goes to
    # the hand (or the Deck) loses it.
    _s, duel, soldier, _reborn = _ritual_then_dark_hole()
    st = duel._st
    ops.banish(st, [soldier], Reason.EFFECT)
    assert not any("properly" in r for r in duel.explain(soldier, 0).reasons)
    ops.move(st, soldier, Location.GRAVE, Reason.EFFECT)
    ops.to_hand(st, [soldier], Reason.EFFECT)
    ops.send_to_grave(st, [soldier], Reason.EFFECT | Reason.DISCARD)
    reasons = duel.explain(soldier, 0).reasons
    assert any("not properly summoned" in r for r in reasons)


def test_a_fusion_monster_sent_from_the_extra_deck_cannot_be_revived() -> None:
    # R-SUM-8, R-SUM-9: a Fusion monster that reached the GY without a Fusion Summon
    # (sent from the Extra Deck, Gale Dogra) is no target for Monster Reborn,
    # Premature Burial or Call of the Haunted.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn, burial = s.hand(0, REBORN, BURIAL)
    coth = s.spell(0, COTH)
    dragon = s.grave(0, ULTIMATE)[0]
    duel = s.build()
    options = texts(duel.decision)
    assert f"activate {REBORN} [{reborn}]" not in options
    assert f"activate {BURIAL} [{burial}]" not in options
    assert f"activate {COTH} [{coth}]" not in options
    reasons = duel.explain(dragon, 0).reasons
    assert any("not properly summoned" in r and "Fusion Summoned" in r for r in reasons)


def test_a_special_summon_only_monster_needs_its_own_summon_first() -> None:
    # R-SUM-8: "must be Special Summoned" in the card data (Gate Guardian) puts the
    # monster under the revival limit; a Normal monster beside it is revived freely.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    reborn = s.hand(0, REBORN)[0]
    gate = s.grave(0, GATE)[0]
    skull = s.grave(1, "Summoned Skull")[0]
    # The only legal target is taken without asking: Gate Guardian is none.
    s.choose(0, f"activate {REBORN} [{reborn}]", "choose face-up Attack")
    duel = s.run()
    assert duel.location(skull) == Location.MZONE
    assert duel.location(gate) == Location.GRAVE
    assert any("not properly summoned" in r for r in duel.explain(gate, 0).reasons)


def test_an_extra_deck_monster_returned_to_the_hand_or_deck_goes_to_the_extra_deck() -> None:
    # R-SUM-12: a Fusion monster that would go to the hand or the Main Deck goes to
    # its owner's Extra Deck instead (face-down), and is no longer properly summoned.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    dragon = s.monster(0, ULTIMATE)
    paladin = s.monster(1, "Dark Paladin")
    duel = s.build()
    st = duel._st
    ops.to_hand(st, [dragon], Reason.EFFECT | Reason.RETURN)
    ops.move(st, paladin, Location.DECK, Reason.EFFECT)
    assert duel.location(dragon) == Location.EXTRA and dragon in duel.extra(0)
    assert duel.location(paladin) == Location.EXTRA and paladin in duel.extra(1)
    assert dragon not in duel.hand(0) and paladin not in duel.deck(1)
    assert duel.position(dragon) == Position.FACEDOWN_DEFENSE
    assert st.sumtype[dragon] == 0


# -- a monster's own Special Summon procedure (R-SUM-8, R-SUM-9, R-SUM-10) --------------------

PARTS = ("Sanga of the Thunder", "Kazejin", "Suijin")


def test_gate_guardian_is_special_summoned_by_its_own_procedure() -> None:
    # R-SUM-8, R-SUM-10: a Main Phase action, not an activation; the tributes are
    # paid, the monster comes out face-up in the chosen position, the Normal Summon
    # is not used, and it is properly summoned (R-SUM-9).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gate, imp = s.hand(0, GATE, "Feral Imp")
    parts = [s.monster(0, n) for n in PARTS]
    s.choose(0, f"special-summon {GATE} [{gate}]", "choose face-up Defense")
    duel = s.run()
    assert duel.location(gate) == Location.MZONE
    assert duel.position(gate) == Position.FACEUP_DEFENSE
    assert [duel.location(u) for u in parts] == [Location.GRAVE] * 3
    assert duel._st.sumtype[gate] & ops.SUMTYPE_PROPER
    assert f"summon Feral Imp [{imp}]" in texts(duel.decision)  # R-SUM-4: no NS used
    assert duel.chain_links == 0


def test_the_procedure_needs_every_part_and_explain_names_the_condition() -> None:
    # R-SUM-8: without Suijin there is no way to summon it; explain quotes the
    # summoning condition.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gate = s.hand(0, GATE)[0]
    s.monster(0, PARTS[0])
    s.monster(0, PARTS[1])
    duel = s.build()
    assert not [o for o in texts(duel.decision) if o.startswith("special-summon")]
    reasons = duel.explain(gate, 0).reasons
    assert any("must be Special Summoned (summoning condition: Tribute Sanga" in r for r in reasons)


def test_a_negated_procedure_summon_is_not_a_proper_summon() -> None:
    # R-SUM-10: Solemn Judgment negates it at the "being summoned" moment; the
    # tributes stay paid; R-SUM-9: never set by a negated summon, so Gate Guardian
    # cannot be revived.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gate = s.hand(0, GATE)[0]
    parts = [s.monster(0, n) for n in PARTS]
    solemn = s.spell(1, "Solemn Judgment")
    s.choose(0, f"special-summon {GATE} [{gate}]", "choose face-up Attack")
    s.choose(1, f"activate Solemn Judgment [{solemn}]")
    duel = s.run()
    assert duel.lp(1) == 4000
    assert duel.location(gate) == Location.GRAVE
    assert [duel.location(u) for u in parts] == [Location.GRAVE] * 3
    reasons = duel.explain(gate, 0).reasons
    assert any("not properly summoned" in r for r in reasons)


def test_gate_guardian_summoned_by_its_procedure_can_be_revived() -> None:
    # R-SUM-9: properly summoned, destroyed, revived by Monster Reborn.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gate, hole, reborn = s.hand(0, GATE, "Dark Hole", REBORN)
    for n in PARTS:
        s.monster(0, n)
    s.choose(0, f"special-summon {GATE} [{gate}]", "choose face-up Attack")
    s.choose(0, f"activate Dark Hole [{hole}]")
    s.choose(0, f"activate {REBORN} [{reborn}]", f"select {GATE} [{gate}]")
    s.choose(0, "choose face-up Attack")
    duel = s.run()
    assert duel.location(gate) == Location.MZONE


def test_a_duel_saved_inside_a_procedure_summon_loads_and_continues() -> None:
    # The summon frame of a procedure (its cost questions, its position) saves and
    # loads like any other decision.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    gate = s.hand(0, GATE)[0]
    for n in PARTS:
        s.monster(0, n)
    s.choose(0, f"special-summon {GATE} [{gate}]")
    duel = s.run()
    assert texts(duel.decision) == ["choose face-up Attack", "choose face-up Defense"]
    loaded = Duel.load(duel.save())
    loaded.apply("choose face-up Attack")
    assert loaded.location(gate) == Location.MZONE


# -- Tokens (R-SUM-11) --------------------------------------------------------------------------


TOKEN = "Insect Monster Token"


def _token(duel: Duel, player: int = 0) -> int:
    (uid,) = [u for u in duel.monsters(player) if u is not None and duel.name(u) == TOKEN]
    return uid


def test_a_token_can_be_tributed_and_then_ceases_to_exist() -> None:
    # R-SUM-11, R-MON-1: a Token is a monster for every rule (a Tribute for a
    # Tribute Summon); off the field it is nowhere (not in the GY).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    skull = s.hand(0, "Summoned Skull")[0]
    s.token(0, TOKEN)
    duel = s.build()
    token = _token(duel)
    s.choose(0, f"summon Summoned Skull [{skull}]")
    duel = s.run(duel)
    assert duel.location(skull) == Location.MZONE
    assert duel._st.loc[token] == 0
    assert duel.grave(0) == []


def test_a_destroyed_or_returned_token_ceases_to_exist() -> None:
    # R-SUM-11: destroyed, it does not reach the GY; returned, not the hand.
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1).token(0, TOKEN).token(0, TOKEN)
    duel = s.build()
    a, b = [u for u in duel.monsters(0) if u is not None]
    st = duel._st
    ops.destroy(st, [a], Reason.EFFECT)
    ops.to_hand(st, [b], Reason.EFFECT | Reason.RETURN)
    assert st.loc[a] == 0 and st.loc[b] == 0
    assert duel.grave(0) == [] and duel.hand(0) == []


def test_a_token_can_be_a_ritual_tribute_but_never_be_revived() -> None:
    # R-SUM-11: a Token may be Tributed for a Ritual Summon (Level 1 here); once
    # gone, nothing can bring it back (no Special Summon of a Token that left).
    s = Scenario().at(turn=3, player=0, phase=Phase.MAIN1)
    ritual, relinquished = s.hand(0, "Black Illusion Ritual", "Relinquished")
    s.token(0, TOKEN)
    duel = s.build()
    token = _token(duel)
    s.choose(0, f"activate Black Illusion Ritual [{ritual}]", "choose face-up Attack")
    duel = s.run(duel)
    assert duel.location(relinquished) == Location.MZONE
    assert duel._st.loc[token] == 0
    from ygo.engine.specials import special_blocker

    assert special_blocker(duel._st, token) == "a Token cannot be Special Summoned again"


# -- the Extra Deck in play (R-DECK-2, R-MON-1) ---------------------------------------------------


def test_fusion_monsters_start_in_the_extra_deck_hidden_from_the_opponent() -> None:
    # R-DECK-2: the Extra Deck is not part of the Main Deck: its monsters are never
    # drawn; the owner sees them, the opponent only counts them. R-MON-1: Fusion is
    # a monster kind of its own (never Normal Summoned).
    from ygo.core.deck import Deck

    celtic = 91152256
    fusions = (23995346, 11901678)  # Blue-Eyes Ultimate Dragon, B. Skull Dragon
    deck = Deck(main=(celtic,) * 40, extra=fusions)
    duel = Duel((deck, deck), seed=1, first=0)
    st = duel._st
    for p in (0, 1):
        assert sorted(st.data[u].code for u in duel.extra(p)) == sorted(fusions)
        assert all(not st.data[u].is_extra_deck for u in duel.hand(p) + duel.deck(p))
        assert len(duel.deck(p)) + len(duel.hand(p)) == 40
    mine, theirs = duel.view(0).players
    assert [c.name for c in mine.extra] == [duel.name(u) for u in duel.extra(0)]
    assert theirs.extra_count == 2
    assert all(c.name is None or not c.known for c in theirs.extra)
