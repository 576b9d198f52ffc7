"""``make bench``: every benchmark of the project, printed as tables.

- Engine speed: random vs random on benchmark decks V and S and the two starter
  decks against each other (Yugi vs Kaiba)
  (``shared/bench/anchor-decks.md``), in the reference engine's units and as a
  ratio to it, plus decisions/s and clone cost.
- Card data: embedded pool and cards-en.cdb load times.
- ygo.env: environment steps per second on one core (``benchmarks/env_steps.py``).

``python -m benchmarks --json`` prints one JSON object instead;
``--duels N`` changes the number of duels per deck (default 500).
"""

from __future__ import annotations

import argparse
import json

from benchmarks import cards_load, env_steps
from ygo.sim import benchmark


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks")
    parser.add_argument("--duels", type=int, default=500)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {
        "engine": {
            deck: benchmark(deck, args.duels).to_dict()
            for deck in ("V", "S", "STARTER", "SYNCHRO", "PENDULUM")
        },
        "cards": cards_load.run(),
        "env": env_steps.run(),
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
    if results["env"]:
        print("ygo.env, one core (masked random actions; docs/research.md):")
        for name, r in results["env"].items():
            print(
                f"  {name:12} {r['steps_per_s']:8.0f} steps/s "
                f"{r['steps_per_episode']:7.0f} steps/episode"
            )


if __name__ == "__main__":
    main()
