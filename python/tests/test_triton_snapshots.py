"""The translations of the corpus (python/tests/triton_kernels/), each kernel at one
signature, compared with the .tile text kept in triton_kernels/snapshots/: a change in
what the translator writes shows here as a diff to review. To accept one, run with
TILEC_UPDATE_SNAPSHOTS=1 and commit the changed files."""

import os
import pathlib

import pytest

from tilec.triton import translate

HERE = pathlib.Path(__file__).resolve().parent / "triton_kernels"
SNAPSHOTS = HERE / "snapshots"
ATTN = "*f16,*f16,*f16,f32,*f32,*f16," + ",".join(["i32"] * 19)
DESC = "tensordesc<f16[64,64]>"
CASES = [
    ("tutorials.py", "add_kernel", "*f32,*f32,*f32,i32", {"BLOCK_SIZE": 1024}),
    ("tutorials.py", "softmax_kernel", "*f32,*f32,i32,i32,i32,i32", {"BLOCK_SIZE": 1024, "num_stages": 4}),
    ("tutorials.py", "_layer_norm_fwd_fused", "*f32,*f32,*f32,*f32,*f32,*f32,i32,i32,f32", {"BLOCK_SIZE": 1024}),
    ("tutorials.py", "constructs_kernel", "*f32,*f32,i32,f32", {"STEPS": 2, "BLOCK": 128, "DOUBLE": True}),
    ("tutorials.py", "matmul_kernel", "*f16,*f16,*f16," + ",".join(["i32"] * 9),
     {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8, "ACTIVATION": "leaky_relu"}),
    ("tutorials.py", "_attn_fwd", ATTN, {"HEAD_DIM": 64, "BLOCK_M": 128, "BLOCK_N": 64, "STAGE": 3}),
    ("tutorials.py", "_attn_fwd_tma", f"f32,*f32,i32,i32,{DESC},{DESC},{DESC},{DESC},i32",
     {"HEAD_DIM": 64, "BLOCK_M": 64, "BLOCK_N": 64, "FP8_OUTPUT": False, "STAGE": 3}),
    ("descriptors.py", "scale_rows", "*f32,*f32,i32,i32,f32", {"BM": 32, "BN": 32}),
    ("descriptors.py", "matmul_desc", f"{DESC},{DESC},{DESC},i32", {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64}),
    ("descriptors.py", "pair_sum", "tensordesc<f32[16]>,*f32,i32", {"BLOCK": 16}),
]


@pytest.mark.parametrize("module, kernel, signature, consts", CASES, ids=[c[1] for c in CASES])
def test_translation_matches_its_snapshot(module, kernel, signature, consts):
    path = HERE / module
    # The path as the repository names it, so the header line is the same everywhere.
    text = translate(path.read_text(), kernel, signature, consts, path=f"python/tests/triton_kernels/{module}")
    snap = SNAPSHOTS / f"{kernel}.tile"
    if os.environ.get("TILEC_UPDATE_SNAPSHOTS"):
        SNAPSHOTS.mkdir(exist_ok=True)
        snap.write_text(text)
    assert snap.exists(), f"no snapshot {snap}: run with TILEC_UPDATE_SNAPSHOTS=1"
    assert text == snap.read_text(), f"the translation of {kernel} changed: review, then TILEC_UPDATE_SNAPSHOTS=1"


def test_every_snapshot_is_a_case():
    names = {c[1] for c in CASES}
    assert sorted(p.stem for p in SNAPSHOTS.glob("*.tile")) == sorted(names)
