"""Per-card scenarios: a card in its natural position, its first activation
offered, then pass until the chain resolves.

The board is the same for every card (:func:`board`): in player 0's Main Phase
1 each player controls two vanilla monsters (one of player 1's Set) and a Set
card it cannot activate there (player 1 a Normal Spell on player 0's turn,
player 0 Trap Hole with no summon of the opponent), both GYs hold monsters and a
Spell, both hands and Decks hold cards. The card itself:

- a Spell: in player 0's hand;
- a Trap: Set in player 0's Spell & Trap Zone (Set on an earlier turn), unless
  it is activated when an attack is declared (then Set on player 1's side,
  and player 0 attacks with its first monster from the Battle Step) or when a
  monster is summoned (player 1's side; player 0 Normal Summons first);
- a Main Deck monster: one in player 0's hand, one face-up on its field;
  an Extra Deck monster: face-up on player 0's field.

:class:`CardPolicy` plays it: the card's first activation the reference
offers (or, for a monster with none, its Normal Summon), the lead-in first
(the attack, the summon), then every chain passed, the first cards selected,
yes to every question, until the turn player is back at an open prompt; then
both engines are compared (``harness.Runner``).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from tests.oracle.harness import Result, Runner, default_answer, generic_answer
from tests.oracle.reference import cache_root, folder_identity
from ygo.core.card import CardData
from ygo.core.enums import CardType
from ygo.effects import Effect
from ygo.engine.effect import EffectKind
from ygo.engine.windows import Window
from ygo.scripting import Combined

DARK_MAGICIAN = 46986414
CELTIC_GUARDIAN = 91152256
BLUE_EYES = 89631139
MYSTICAL_ELF = 15025844
SUMMONED_SKULL = 70781052
GIANT_SOLDIER = 13039848
GAIA = 6368038
CURSE_OF_DRAGON = 28279543
FERAL_IMP = 41392891
DARK_HOLE = 53129443
POT_OF_GREED = 55144522
MONSTER_REBORN = 83764718
TRAP_HOLE = 4206964

BOARD_CARDS = (
    DARK_MAGICIAN, CELTIC_GUARDIAN, BLUE_EYES, MYSTICAL_ELF, SUMMONED_SKULL, GIANT_SOLDIER,
    GAIA, CURSE_OF_DRAGON, FERAL_IMP, DARK_HOLE, POT_OF_GREED, MONSTER_REBORN, TRAP_HOLE,
)  # fmt: skip
"""The cards of :func:`board` (vanilla monsters; the Set cards cannot be
activated by their owners there: a Normal Spell on the opponent's turn, Trap
Hole without an opponent's summon)."""

_DECK = [MYSTICAL_ELF, GAIA, FERAL_IMP, POT_OF_GREED, CURSE_OF_DRAGON, GIANT_SOLDIER, DARK_HOLE,
         CELTIC_GUARDIAN]  # fmt: skip
_EXTRA_TYPES = CardType.FUSION | CardType.SYNCHRO | CardType.XYZ | CardType.LINK


def board() -> dict[str, Any]:
    """The shared position, in the oracle's scenario format."""
    return {
        "rules": "mr3",
        "turn_player": 0,
        "start_phase": "main1",
        "seed": 1,
        "players": [
            {
                "lp": 8000,
                "hand": [FERAL_IMP],
                "deck": list(_DECK),
                "monsters": [
                    {"code": DARK_MAGICIAN, "zone": 0, "position": "attack"},
                    {"code": CELTIC_GUARDIAN, "zone": 1, "position": "defense"},
                ],
                "spells": [{"code": TRAP_HOLE, "zone": 4, "face_up": False}],
                "gy": [BLUE_EYES, POT_OF_GREED, MYSTICAL_ELF],
            },
            {
                "lp": 8000,
                "hand": [CELTIC_GUARDIAN, GIANT_SOLDIER],
                "deck": list(_DECK),
                "monsters": [
                    {"code": SUMMONED_SKULL, "zone": 0, "position": "attack"},
                    {"code": GIANT_SOLDIER, "zone": 1, "position": "facedown_defense"},
                ],
                "spells": [{"code": DARK_HOLE, "zone": 0, "face_up": False}],
                "gy": [GAIA, MONSTER_REBORN, CURSE_OF_DRAGON],
            },
        ],
        "responses": [],
    }


def _windows(effects: tuple[Effect, ...]) -> int:
    out = 0
    for e in effects:
        if e.kind == EffectKind.ACTIVATE:
            out |= e.windows
    return out


_BATTLE_WINDOWS = (
    Window.ATTACK_DECLARED.bit
    | Window.DAMAGE_START.bit
    | Window.DAMAGE_BEFORE_CALC.bit
    | Window.DAMAGE_AFTER_CALC.bit
    | Window.DAMAGE_END.bit
    | Window.BATTLE_START.bit
    | Window.BATTLE_STEP_END.bit
)


def card_scenario(
    card: CardData, effects: tuple[Effect, ...], battle: bool = False
) -> tuple[dict[str, Any], CardPolicy]:
    """The card's scenario and the policy that plays it (``effects``: ygo's
    effects of the card, which say when a Trap is activated). ``battle``: a
    Spell or a Trap of player 0 is activated from the Battle Step instead."""
    scn = board()
    if battle:
        scn["start_phase"] = "battle"
    scn["name"] = f"{card.name} ({card.code})"
    p0, p1 = scn["players"]
    code = card.code
    lead = ""
    controller = 0
    if card.type & CardType.TOKEN:
        raise ValueError("a Token")
    if card.type & CardType.SPELL:
        p0["hand"].insert(0, code)
    elif card.type & CardType.TRAP:
        windows = _windows(effects)
        if windows & _BATTLE_WINDOWS:
            scn["start_phase"] = "battle"
            p1["spells"].append({"code": code, "zone": 1, "face_up": False})
            lead, controller = "attack", 1
        elif windows & Window.SUMMONED.bit:
            p1["spells"].append({"code": code, "zone": 1, "face_up": False})
            lead, controller = "summon", 1
        else:
            p0["spells"].append({"code": code, "zone": 0, "face_up": False})
    elif card.type & _EXTRA_TYPES:
        p0["monsters"].append({"code": code, "zone": 2, "position": "attack"})
    else:
        p0["hand"].insert(0, code)
        p0["monsters"].append({"code": code, "zone": 2, "position": "attack"})
    is_monster = bool(card.type & CardType.MONSTER) and not card.type & _EXTRA_TYPES
    return scn, CardPolicy(code, controller, lead, summon=is_monster)


class CardPolicy:
    """Plays a per-card scenario in the reference's terms (see the module)."""

    def __init__(self, subject: int, controller: int, lead: str, summon: bool) -> None:
        self.subject = subject
        self.controller = controller
        self.lead = lead
        self.summon = summon
        self.led = not lead
        self.acted = False
        self.failed = ""
        self.did = ""
        """What the card did: "activated" or "summoned"."""

    def _fail(self, why: str) -> None:
        self.failed = why

    def answer(self, prompt: dict[str, Any], out: dict[str, Any]) -> dict[str, Any] | None:
        t = prompt["type"]
        opts = prompt["options"]
        p = int(prompt["player"])

        def first(action: str, code: int | None = None) -> dict[str, Any] | None:
            for o in opts:
                if o["action"] == action and (code is None or o.get("code") == code):
                    return {"index": o["index"]}
            return None

        if t == "SELECT_IDLECMD":
            if self.acted:
                return None
            if not self.led:
                self.led = True
                got = first("summon", CELTIC_GUARDIAN) or first("summon")
                if got is None:
                    self._fail("the lead-in summon is not offered")
                return got
            if self.controller == 0:
                got = first("activate", self.subject)
                if got is not None:
                    self.acted, self.did = True, "activated"
                    return got
                if self.summon:
                    got = first("summon", self.subject)
                    if got is not None:
                        self.acted, self.did = True, "summoned"
                        return got
            self._fail("no activation" + (" or summon" if self.summon else "") + " offered")
            return None
        if t == "SELECT_BATTLECMD":
            if self.acted:
                return None
            if not self.led:
                self.led = True
                got = first("attack")
                if got is None:
                    self._fail("no attacker for the lead-in attack")
                return got
            if self.controller == 0:
                got = first("activate", self.subject)
                if got is not None:
                    self.acted, self.did = True, "activated"
                    return got
                self._fail("no activation offered")
                return None
            self._fail("the card's activation was not offered after the attack")
            return None
        if t == "SELECT_CHAIN" and not self.acted and p == self.controller and self.led:
            got = first("activate", self.subject)
            if got is not None:
                self.acted, self.did = True, "activated"
                return got
        if t == "SELECT_EFFECTYN" and not self.acted and int(prompt.get("code", 0)) == self.subject:
            self.acted, self.did = True, "activated"
            return {"yes": True}
        got = generic_answer(prompt) or default_answer(prompt)
        if got is None:
            self._fail(f"the harness does not answer {t}")
        return got


# -- the cards -----------------------------------------------------------------------


def lua_codes(folder: Path) -> list[int]:
    """The cards ygo plays through Lua: every script of ``folder`` whose
    ``initial_effect`` ygo's bridge runs (``LuaScripts.has``), by passcode.
    Finding them runs all 13,523 scripts (about 12 s); the list is cached in
    ``~/.cache/ygo-oracle`` under a digest of the script folder and of the
    bridge's own source (``src/ygo/lua``)."""
    import ygo.lua

    h = hashlib.sha256(folder_identity(folder).encode())
    for path in sorted(Path(ygo.lua.__file__).parent.iterdir()):
        if path.suffix in (".py", ".lua"):
            h.update(path.name.encode() + path.read_bytes())
    cached = cache_root() / f"lua-codes-{h.hexdigest()[:24]}.json"
    try:
        codes: list[int] = json.loads(cached.read_text())
        return codes
    except (OSError, ValueError):
        pass
    lua = ygo.lua.LuaScripts(folder)
    every = sorted(int(p.stem[1:]) for p in folder.glob("c*.lua") if p.stem[1:].isdigit())
    codes = [c for c in every if lua.has(c)]
    cached.parent.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(codes))
    os.replace(tmp, cached)
    return codes


def native_codes(source: Combined) -> list[int]:
    """The cards of the guides' pool (``ygo cards list --pool seeds``) that have
    a native script."""
    from ygo.cli.cards import seed_codes

    return list(dict.fromkeys(c for c in seed_codes() if source.native.has(c)))


def run_card(runner: Runner, code: int) -> Result:
    """The per-card scenario of ``code`` in both engines."""
    card = runner.db.maybe(code)
    name = f"{card.name} ({code})" if card is not None else str(code)
    if card is None:
        return Result(name, "setup", reason="not in ygo's card database")
    try:
        effects = runner.scripts.effects(code)
        scn, policy = card_scenario(card, effects)
    except Exception as exc:
        return Result(name, "setup", reason=f"no scenario: {exc}")
    res = runner.run(scn, policy, name=name)
    res.did = policy.did
    own_spell = policy.controller == 0 and card.type & (CardType.SPELL | CardType.TRAP)
    if res.status == "setup" and res.reason == "no activation offered" and own_spell:
        scn, policy = card_scenario(card, effects, battle=True)
        again = runner.run(scn, policy, name=name)
        again.did = policy.did and f"{policy.did} in the Battle Step"
        if again.status != "setup":
            return again
        res.reason = "no activation offered in Main Phase 1 or the Battle Step"
    return res
