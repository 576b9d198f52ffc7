"""Whether a monster may be Special Summoned from where it is (R-SUM-8, R-SUM-9):
its summoning conditions, the revival limit, Tokens. Asked by the summon
procedures (:mod:`ygo.engine.summon`, :mod:`ygo.engine.pendulum`), by the card
scripts' filters and by :mod:`ygo.engine.explain`; below all of them."""

from __future__ import annotations

from ygo.core.ints import (
    LOCATION_BANISHED,
    LOCATION_GRAVE,
    LOCATION_PZONE,
    TYPE_EXTRA,
    TYPE_FUSION,
    TYPE_MONSTER,
    TYPE_RITUAL,
    TYPE_SPECIAL_SUMMON,
    TYPE_SYNCHRO,
    TYPE_TOKEN,
    TYPE_XYZ,
)
from ygo.core.state import NONE, State
from ygo.engine import ops, query
from ygo.engine.effect import EffectKind

_CONDITION = EffectKind.CONDITION
_LIMITED = TYPE_RITUAL | TYPE_EXTRA | TYPE_SPECIAL_SUMMON
_GY_OR_BANISHED = LOCATION_GRAVE | LOCATION_BANISHED


def revive_limited(st: State, uid: int) -> bool:
    """R-SUM-8: a monster that cannot be Normal Summoned or Set (Ritual, Fusion,
    Synchro, Xyz, or "must be Special Summoned" in its card data), or whose
    script declares a summoning condition with the revival limit."""
    if st.ctype[uid] & _LIMITED:
        return True
    return any(e.kind == _CONDITION and e.extra.get("revive_limit") for e in st.fx[uid])


def condition_blocker(st: State, uid: int, kind: int, rc: int = NONE) -> str:
    """Which of ``uid``'s summoning conditions (``special_ok``) forbids a Special
    Summon of ``kind`` by card ``rc`` ("" if none does), R-SUM-8."""
    for e in st.fx[uid]:
        if e.kind == _CONDITION:
            ok = e.extra.get("special_ok")
            if ok is not None and not ok(st, uid, kind, rc):
                return f"summoning condition: {e.text}"
    return ""


def special_blocker(st: State, uid: int, kind: int = 0, rc: int = NONE) -> str:
    """Why ``uid`` cannot be Special Summoned from where it is by a summon of
    ``kind`` (``ops.SUMTYPE_*``, 0 for an ordinary effect) made by card ``rc``;
    "" if it can. Zones are not checked here.

    The monster's summoning conditions must hold every time (R-SUM-8); from the
    GY or banished, a monster under the revival limit must have been properly
    summoned first (R-SUM-9)."""
    t = st.ctype[uid]
    if st.loc[uid] == LOCATION_PZONE:
        # R-PEND-1: a Spell Card there, but a monster card that may be summoned
        # from it (the reference reads its printed type).
        t = int(st.data[uid].type)
    if not t & TYPE_MONSTER:
        return "it is not a monster"
    if t & TYPE_TOKEN:
        return "a Token cannot be Special Summoned again"
    if rc != NONE and query.cannot_summon(st, st.ctrl[rc]):
        return "its summoner cannot summon monsters this turn"
    if (st.modders or st.granted) and query.special_summon_forbidden(
        st, uid, st.ctrl[rc] if rc != NONE else st.tp, kind
    ):
        return "an effect forbids its Special Summon"
    why = condition_blocker(st, uid, kind, rc)
    if why:
        return why
    if (
        st.loc[uid] & _GY_OR_BANISHED
        and not st.sumtype[uid] & ops.SUMTYPE_PROPER
        and revive_limited(st, uid)
    ):
        if t & TYPE_RITUAL:
            how = "Ritual Summoned"
        elif t & TYPE_FUSION:
            how = "Fusion Summoned"
        elif t & TYPE_SYNCHRO:
            how = "Synchro Summoned"
        elif t & TYPE_XYZ:
            how = "Xyz Summoned"
        else:
            how = "Special Summoned the way its text says"
        return f"not properly summoned: it must first be {how}"
    return ""
