"""Training (`tools.research.train_td`) in resumable chunks: a run stopped and resumed makes the
same weights as one run straight through, and the weights carry the seed and every hyper-parameter.
A few games of a tiny network: the machinery, not the training, which never runs here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from nardy.ai.network import WEIGHTS
from nardy.short.ai import network as short_network

ROOT = Path(__file__).resolve().parents[2]
TINY = ["--seed", "7", "--hidden", "6", "--lam", "0.6", "--save-every", "2", "--check-every", "99"]


def train(out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "tools.research.train_td", "--out", str(out), "--nice", "0"]
    command += args
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)


def arrays(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as data:
        return {k: data[k] for k in data.files}


def test_a_resumed_run_makes_the_same_weights_as_one_run(tmp_path: Path) -> None:
    whole, chunked = tmp_path / "whole.npz", tmp_path / "chunked.npz"
    assert train(whole, "--games", "4", *TINY).returncode == 0
    assert train(chunked, "--games", "2", *TINY).returncode == 0
    halfway = arrays(chunked)
    resumed = train(chunked, "--games", "4", "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert "resuming after game 2" in resumed.stdout
    one, two = arrays(whole), arrays(chunked)
    assert not np.array_equal(halfway["w1"], two["w1"])  # the resumed chunk trained on
    for name in WEIGHTS:
        assert np.array_equal(one[name], two[name]), name
    names = ("variant", "seed", "hidden", "lam", "lr", "start_from", "games")
    record = {k: two[k].item() for k in names}
    assert record == {
        "variant": "long",
        "seed": 7,
        "hidden": 6,
        "lam": 0.6,
        "lr": 0.001,
        "start_from": "random",
        "games": 4,
    }
    assert set(two) == set(WEIGHTS) | set(record)  # the optimiser's state stays in the checkpoint
    assert {"m_w1", "v_w1", "adam_t"} <= set(arrays(tmp_path / "chunked.ckpt.npz"))


def test_resuming_refuses_other_hyper_parameters_and_a_missing_checkpoint(tmp_path: Path) -> None:
    out = tmp_path / "net.npz"
    missing = train(out, "--games", "2", "--resume")
    assert missing.returncode == 2
    assert missing.stderr.endswith(
        f"error: no checkpoint {tmp_path / 'net.ckpt.npz'} to resume; start without --resume\n"
    )
    assert train(out, "--games", "2", *TINY).returncode == 0
    other = train(out, "--games", "3", "--resume", "--lam", "0.9")
    assert other.returncode == 2
    assert "error: --lam not as in the checkpoint, made with" in other.stderr
    assert arrays(out)["games"].item() == 2  # nothing trained, nothing written


def test_a_run_from_given_weights_records_them_and_keeps_their_size(tmp_path: Path) -> None:
    first, second = tmp_path / "first.npz", tmp_path / "second.npz"
    assert train(first, "--games", "2", *TINY).returncode == 0
    fewer = train(second, "--games", "2", "--start-from", str(first), "--hidden", "5")
    assert fewer.returncode == 2
    assert "error: --hidden: 5 hidden units are fewer than the 6 there are" in fewer.stderr
    assert not second.exists()
    assert train(second, "--games", "2", "--start-from", str(first)).returncode == 0
    made = arrays(second)
    assert made["start_from"].item() == "first.npz"
    assert made["hidden"].item() == 6 == made["w1"].shape[1]
    again = train(second, "--games", "4")  # a fresh run would throw the checkpoint away
    assert again.returncode == 2
    assert "exists: go on with --resume, or remove it" in again.stderr
    assert arrays(second)["games"].item() == 2


def test_a_run_from_given_weights_may_widen_them(tmp_path: Path) -> None:
    """`--hidden` above the weights' own adds units; the run records the new size and
    trains them all."""
    first, wider = tmp_path / "first.npz", tmp_path / "wider.npz"
    assert train(first, "--games", "2", *TINY).returncode == 0
    made = train(wider, "--games", "2", "--seed", "3", "--start-from", str(first), "--hidden", "9")
    assert made.returncode == 0, made.stderr
    start, trained = arrays(first), arrays(wider)
    assert trained["hidden"].item() == 9 == trained["w1"].shape[1] == trained["w2"].shape[0]
    assert trained["start_from"].item() == "first.npz"
    assert not np.array_equal(trained["w2"][6:], np.zeros((3, 3)))  # the new units learn
    assert not np.array_equal(trained["w1"][:, :6], start["w1"])


def test_short_nardys_network_trains_and_refuses_long_weights(tmp_path: Path) -> None:
    out = tmp_path / "short.npz"
    run = train(out, "--variant", "short", "--games", "2", *TINY)
    assert run.returncode == 0, run.stderr
    made = arrays(out)
    assert made["variant"].item() == "short"
    assert made["w1"].shape == (short_network.INPUTS, 6)
    assert made["w2"].shape == (6, short_network.OUTPUTS)
    long_weights = tmp_path / "long.npz"
    assert train(long_weights, "--games", "2", *TINY).returncode == 0
    mixed = train(
        tmp_path / "x.npz", "--variant", "short", "--games", "2", "--start-from", str(long_weights)
    )
    assert mixed.returncode == 2
    assert "not short nardy's network's" in mixed.stderr


def test_a_checkpoint_from_before_the_variant_field_resumes_as_long_nardys(tmp_path: Path) -> None:
    out = tmp_path / "old.npz"
    assert train(out, "--games", "2", *TINY).returncode == 0
    checkpoint = tmp_path / "old.ckpt.npz"
    kept = {k: v for k, v in arrays(checkpoint).items() if k != "variant"}
    np.savez_compressed(checkpoint, allow_pickle=False, **kept)
    resumed = train(out, "--games", "3", "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert arrays(out)["variant"].item() == "long"
