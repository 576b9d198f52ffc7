"""Train a tiny policy with REINFORCE (numpy only) against the random agent.

    .venv/bin/python examples/train_reinforce.py --episodes 3000 --out runs/reinforce

The policy scores each legal option of the page with a linear function of its
option row (:mod:`ygo.env.encoding`: kind, the card's features, option number)
and of the kind crossed with a few global features (LP, monsters on each side,
phase), and samples from the softmax over the masked options. After each batch
of episodes the weights move along the REINFORCE gradient of the return (+1 win,
-1 loss) minus a running baseline. Every ``--eval-every`` episodes the greedy
(argmax) policy plays ``--eval-games`` fixed-seed duels against ``random``.

Writes ``OUT/curve.png`` (training win rate, moving average, and the evaluation
points), ``OUT/curve.json`` and ``OUT/weights.npz``; prints the last evaluation.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ygo.engine.duel import SEED_LIMIT
from ygo.env import YgoGymEnv
from ygo.env.encoding import (
    ACTION_KINDS,
    C_CARD_INDEX,
    C_LOC,
    G_LP,
    G_MY_TURN,
    G_PHASE,
    LOCATIONS,
    O_CARD,
    O_KIND,
    O_NEXT,
    split,
)

F = npt.NDArray[np.float64]
_MZONE = C_LOC + LOCATIONS.index(4)  # the card-row column "in a Monster Zone"


def features(obs: npt.NDArray[np.float32], page_size: int) -> F:
    """One feature row per action slot: the option row, plus its kind crossed
    with the global context."""
    parts = split(obs, page_size)
    opts = parts.options.astype(np.float64)
    opts[:, O_CARD + C_CARD_INDEX] = 0.0  # an id, not a magnitude
    g = parts.global_
    cards = parts.cards
    mine = cards[:5, _MZONE].sum() / 5
    theirs = cards[13:18, _MZONE].sum() / 5
    context = np.array(
        [1.0, g[G_LP], g[G_LP + 1], mine, theirs, g[G_MY_TURN], *g[G_PHASE : G_PHASE + 10]]
    )
    kinds = opts[:, O_KIND : O_KIND + ACTION_KINDS]
    cross = (kinds[:, :, None] * context[None, None, :]).reshape(page_size, -1)
    return np.concatenate([opts, cross], axis=1)


class Policy:
    def __init__(self, dim: int, rng: np.random.Generator) -> None:
        self.w = np.zeros(dim)
        self.rng = rng

    def probs(self, phi: F, mask: npt.NDArray[np.int8]) -> F:
        logits = phi @ self.w
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, phi: F, mask: npt.NDArray[np.int8], greedy: bool = False) -> tuple[int, F]:
        p = self.probs(phi, mask)
        a = int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))
        return a, phi[a] - p @ phi  # the gradient of log p(a)


def episode(env: YgoGymEnv, policy: Policy, seed: int, greedy: bool = False) -> tuple[float, F]:
    obs, _ = env.reset(seed=seed)
    grad = np.zeros_like(policy.w)
    k = env.driver.page_size
    turns = 0  # consecutive page turns
    while True:
        phi = features(obs["observation"], k)
        mask = obs["action_mask"]
        is_next = split(obs["observation"], k).options[:, O_NEXT] > 0
        if greedy and turns >= 4:  # the argmax could cycle through the pages for ever
            mask = np.where(is_next, 0, mask).astype(np.int8)
        a, g = policy.act(phi, mask, greedy)
        turns = turns + 1 if is_next[a] else 0
        grad += g
        obs, r, term, trunc, _ = env.step(a)
        if term or trunc:
            return float(r), grad


def evaluate(env: YgoGymEnv, policy: Policy, games: int, seed: int) -> tuple[float, float]:
    """Win rates of the sampled and of the greedy (argmax) policy on fixed seeds."""
    state = policy.rng
    policy.rng = np.random.default_rng(seed)  # the same draws at every evaluation
    sampled = sum(episode(env, policy, seed + i)[0] > 0 for i in range(games))
    policy.rng = state
    greedy = sum(episode(env, policy, seed + i, greedy=True)[0] > 0 for i in range(games))
    return sampled / games, greedy / games


def baseline_random(env: YgoGymEnv, games: int, seed: int) -> float:
    """Random against the opponent on the evaluation seeds (the bar to beat)."""
    rng = np.random.default_rng(seed)
    wins = 0
    for i in range(games):
        obs, _ = env.reset(seed=seed + i)
        while True:
            obs, r, term, trunc, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            if term or trunc:
                wins += r > 0
                break
    return wins / games


def train(args: argparse.Namespace) -> dict[str, Any]:
    rng = np.random.default_rng(args.seed)
    env = YgoGymEnv(opponent=args.opponent, decks=args.decks)
    # a duel takes about 300 decisions; an argmax policy that loops is cut (a loss)
    eval_env = YgoGymEnv(opponent=args.opponent, decks=args.decks, max_decisions=1500)
    obs, _ = env.reset(seed=0)
    policy = Policy(features(obs["observation"], env.driver.page_size).shape[1], rng)
    eval_seed = 1 << 40  # evaluation duels never meet training ones
    curve: dict[str, list[float]] = {
        "episode": [],
        "train_win": [],
        "eval_at": [],
        "eval_win": [],
        "eval_win_greedy": [],
    }
    baseline, batch, wins = 0.0, [], []
    t0 = time.perf_counter()
    bar = baseline_random(eval_env, args.eval_games, eval_seed)
    before, before_greedy = evaluate(eval_env, policy, args.eval_games, eval_seed)
    curve["eval_at"].append(0)
    curve["eval_win"].append(before)
    curve["eval_win_greedy"].append(before_greedy)
    for ep in range(1, args.episodes + 1):
        r, grad = episode(env, policy, int(rng.integers(SEED_LIMIT >> 1)))
        batch.append((r, grad))
        wins.append(1.0 if r > 0 else 0.0)
        if len(batch) == args.batch:
            step = sum((ret - baseline) * g for ret, g in batch) / len(batch)
            policy.w += args.lr * step
            baseline = 0.9 * baseline + 0.1 * float(np.mean([ret for ret, _ in batch]))
            batch = []
        if ep % args.batch == 0:
            curve["episode"].append(ep)
            curve["train_win"].append(float(np.mean(wins[-200:])))
        if ep % args.eval_every == 0 or ep == args.episodes:
            win, greedy = evaluate(eval_env, policy, args.eval_games, eval_seed)
            curve["eval_at"].append(ep)
            curve["eval_win"].append(win)
            curve["eval_win_greedy"].append(greedy)
            print(
                f"episode {ep}: train {np.mean(wins[-200:]):.2f}, eval {win:.2f} "
                f"(greedy {greedy:.2f}) "
                f"({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
            save(args, policy, curve, bar, time.perf_counter() - t0)  # a checkpoint
    return save(args, policy, curve, bar, time.perf_counter() - t0)


def save(
    args: argparse.Namespace,
    policy: Policy,
    curve: dict[str, list[float]],
    bar: float,
    seconds: float,
) -> dict[str, Any]:
    """Write weights.npz, curve.json and curve.png (after every evaluation)."""
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    np.savez(out / "weights.npz", w=policy.w)
    summary = {
        "episodes": curve["eval_at"][-1],
        "opponent": args.opponent,
        "decks": args.decks,
        "eval_games": args.eval_games,
        "random_baseline": bar,
        "eval_win_before": curve["eval_win"][0],
        "eval_win_after": curve["eval_win"][-1],
        "eval_win_greedy_before": curve["eval_win_greedy"][0],
        "eval_win_greedy_after": curve["eval_win_greedy"][-1],
        "seconds": round(seconds, 1),
        "cpu_seconds": round(time.process_time(), 1),
        "curve": curve,
    }
    (out / "curve.json").write_text(json.dumps(summary, indent=2) + "\n")
    plot(curve, out / "curve.png", args, bar)
    return summary


def plot(curve: dict[str, list[float]], path: Path, args: argparse.Namespace, bar: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(curve["episode"], curve["train_win"], label="training (last 200, sampled policy)")
    n = args.eval_games
    ax.plot(curve["eval_at"], curve["eval_win"], "o-", label=f"evaluation, sampled ({n} duels)")
    ax.plot(
        curve["eval_at"], curve["eval_win_greedy"], "s:", label=f"evaluation, argmax ({n} duels)"
    )
    ax.axhline(
        bar, color="grey", ls="--", lw=1, label=f"random policy on the same duels ({bar:.2f})"
    )
    ax.set_xlabel("episodes")
    ax.set_ylabel(f"win rate against {args.opponent}")
    ax.set_ylim(0, 1)
    ax.set_title(f"REINFORCE, linear policy, decks: {args.decks}")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--episodes", type=int, default=3000)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--eval-every", type=int, default=500)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--decks", default="starter", help="starter or pool")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="runs/reinforce")
    summary = train(ap.parse_args(argv))
    print(
        f"against {summary['opponent']}: random policy {summary['random_baseline']:.2f}; "
        f"learned policy {summary['eval_win_before']:.2f} before, "
        f"{summary['eval_win_after']:.2f} after {summary['episodes']} episodes "
        f"(argmax {summary['eval_win_greedy_before']:.2f} -> "
        f"{summary['eval_win_greedy_after']:.2f}; {summary['seconds']} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
