"""``make bench``: every benchmark of the project, printed as tables.

- Engine speed: random vs random on benchmark decks V and S and the two starter
  decks against each other (Yugi vs Kaiba)
  (``shared/bench/anchor-decks.md``), in the reference engine's units and as a
  ratio to it, plus decisions/s and clone cost.
- Card data: embedded pool and cards-en.cdb load times.
- ygo.env: environment steps per second on one core (``benchmarks/env_steps.py``).
- Lua: deck S with every card that has a YGOPro Lua script playing it
  (``--prefer lua``) beside native deck S, in interleaved rounds, when a script
  folder is at hand (``--scripts DIR``, else ``$YGO_SCRIPTS``, else
  ``../shared/ygopro-scripts``); its ratio to native (target: 0.5 or more).

``python -m benchmarks --json`` prints one JSON object instead;
``--duels N`` changes the number of duels per deck (default 500).
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from benchmarks import cards_load, env_steps
from ygo.sim import benchmark, benchmark_pair


def _lua_folder(named: str | None) -> Path | None:
    for folder in (named, os.environ.get("YGO_SCRIPTS"), "../shared/ygopro-scripts"):
        if folder and (Path(folder) / "constant.lua").is_file():
            return Path(folder)
    return None


def _lua(folder: Path | None, duels: int) -> dict[str, Any] | None:
    """Deck S through the Lua scripts beside native deck S (None: no folder, or
    no Lua extra)."""
    from ygo.lua.runtime import available

    if folder is None or not available():
        return None
    from ygo.scripting import script_source

    native, lua = benchmark_pair("S", script_source(folder, prefer="lua"), duels)
    return {
        "folder": str(folder),
        "native": native.to_dict(),
        "lua": lua.to_dict(),
        "lua_to_native": round(lua.duels_per_s / native.duels_per_s, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks")
    parser.add_argument("--duels", type=int, default=500)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--scripts", metavar="DIR", help="A folder of YGOPro Lua scripts.")
    args = parser.parse_args()
    results = {
        "engine": {
            deck: benchmark(deck, args.duels).to_dict()
            for deck in ("V", "S", "STARTER", "SYNCHRO", "PENDULUM")
        },
        "cards": cards_load.run(),
        "env": env_steps.run(),
        "lua": _lua(_lua_folder(args.scripts), args.duels),
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"Engine: {args.duels} random duels per deck (mr3), one process")
    head = f"{'deck':5}{'duels/s':>9}{'ratio':>7}{'turns':>7}{'decisions':>11}"
    head += f"{'dec/s':>9}{'RSS MB':>8}{'clone µs':>10}{'clone/dec':>10}{'links':>7}"
    print(head)
    for deck, r in results["engine"].items():
        print(
            f"{deck[:5]:5}{r['duels_per_s']:9.1f}{r['ratio_to_reference']:7.2f}{r['turns_per_duel']:7.1f}"
            f"{r['decisions_per_duel']:11.0f}{r['decisions_per_s']:9.0f}{r['peak_rss_mb']:8.1f}"
            f"{r['clone_us']:10.1f}{r['clone_per_decision']:10.2f}{r['chain_links_per_duel']:7.1f}"
        )
    print("reference (ygopro-core): V 148 duels/s, 68.5 turns, 349 decisions; S 142, 66.9, 352,")
    print("  14.8 chain links per duel on deck S")
    e = results["engine"]
    print(
        f"deck S / deck V duels/s: {e['S']['duels_per_s'] / e['V']['duels_per_s']:.2f} "
        "(reference 0.96)"
    )
    print(
        f"starter (Yugi vs Kaiba) / deck V duels/s: "
        f"{e['STARTER']['duels_per_s'] / e['V']['duels_per_s']:.2f} (no reference figure)"
    )
    for deck in ("SYNCHRO", "PENDULUM"):
        print(
            f"{deck.lower()} sample deck (mr3) / deck V duels/s: "
            f"{e[deck]['duels_per_s'] / e['V']['duels_per_s']:.2f} (no reference figure)"
        )
    print("Card data:")
    for name, value in results["cards"].items():
        print(f"  {name:16} {value:8.2f} ms")
    lua = results["lua"]
    if lua is not None:
        print(f"Lua scripts ({lua['folder']}, --prefer lua), deck S beside native deck S:")
        print(
            f"  native {lua['native']['duels_per_s']:.1f} duels/s, Lua "
            f"{lua['lua']['duels_per_s']:.1f} duels/s: Lua / native "
            f"{lua['lua_to_native']:.2f} (target 0.5)"
        )
    else:
        print("Lua: skipped (no script folder: --scripts DIR or $YGO_SCRIPTS)")
    if results["env"]:
        print("ygo.env, one core (masked random actions; docs/research.md):")
        for name, r in results["env"].items():
            print(
                f"  {name:12} {r['steps_per_s']:8.0f} steps/s "
                f"{r['steps_per_episode']:7.0f} steps/episode"
            )


if __name__ == "__main__":
    main()
