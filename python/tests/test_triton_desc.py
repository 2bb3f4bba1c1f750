"""tilec.triton with tensor descriptors: `tl.make_tensor_descriptor` in the kernel and
`TensorDescriptor` arguments from the host, translated, then run in the interpreter
(tilerun) against numpy."""

import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import tilec
import tilec.triton as triton
from tilec.triton.tools.tensor_descriptor import TensorDescriptor

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "triton_kernels"))
import descriptors as d  # noqa: E402

TILERUN = os.environ.get("TILERUN")


def run(tmp_path, fn, grid, args, kwargs):
    """Launches `fn` as `fn[grid](*args, **kwargs)` would, in tilerun's interpreter; returns
    every array argument after the run, by the kernel's parameter names."""
    if not TILERUN:
        pytest.skip("TILERUN is not set (scripts/python_test.sh sets it)")
    values, sig, consts, opts, _ = fn.bind(args, dict(kwargs))
    text = fn._text(sig, consts, opts)
    names = list(tilec.compile(text).signature)
    assert len(names) == len(values)
    src = tmp_path / "k.tile"
    src.write_text(text)
    cmd = [TILERUN, str(src), "--interpret", "--races", "--uninit", "--grid", ",".join(map(str, grid))]
    arrays = {}
    for name, v in zip(names, values):
        if isinstance(v, np.ndarray):
            np.save(tmp_path / f"{name}.npy", v)
            cmd += [f"{name}={tmp_path / name}.npy", "--save", f"{name}={tmp_path / name}.out.npy"]
            arrays[name] = v
        else:
            cmd.append(f"{name}={v}")
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    return {n: np.load(tmp_path / f"{n}.out.npy").reshape(a.shape) for n, a in arrays.items()}


def test_a_descriptor_made_in_the_kernel(tmp_path):
    x = np.random.default_rng(0).standard_normal((37, 45)).astype(np.float32)
    y = np.full_like(x, 7.0)
    text = d.scale_rows.source(x, y, 37, 45, 2.0, BM=16, BN=32)
    assert "let x_desc = make_tensor_descriptor(x_ptr, shape = (M, N), strides = (N, 1), block_shape = (BM, BN));" in text
    out = run(tmp_path, d.scale_rows, (3, 2), (x, y, 37, 45, 2.0), {"BM": 16, "BN": 32})
    np.testing.assert_array_equal(out["y_ptr"], x * 2)


def test_host_descriptors_are_passed_as_their_parts(tmp_path):
    rng = np.random.default_rng(1)
    M, N, K = 100, 72, 88
    a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
    bt = rng.uniform(-1, 1, (N, K)).astype(np.float16)
    c = np.zeros((M, N), np.float16)
    descs = [TensorDescriptor(a, [M, K], [K, 1], [64, 32]), TensorDescriptor(bt, [N, K], [K, 1], [32, 32]),
             TensorDescriptor(c, [M, N], [N, 1], [64, 32])]
    consts = {"BLOCK_M": 64, "BLOCK_N": 32, "BLOCK_K": 32}
    text = d.matmul_desc.source(*descs, K, **consts)
    # The signature carries each descriptor's element type and block; the kernel gets its parts.
    assert ("kernel matmul_desc(a_desc_base: *f16, a_desc_shape0: i32, a_desc_shape1: i32, a_desc_stride0: i32, "
            "b_desc_base: *f16,") in text
    assert ("let c_desc = make_tensor_descriptor(c_desc_base, (c_desc_shape0, c_desc_shape1), (c_desc_stride0, 1), "
            "(64, 32), padding_option = \"zero\");") in text
    out = run(tmp_path, d.matmul_desc, (2, 3), (*descs, K), consts)
    want = a.astype(np.float32) @ bt.astype(np.float32).T
    np.testing.assert_allclose(out["c_desc_base"].astype(np.float32), want, rtol=1e-2, atol=1e-2)


def test_a_descriptor_passed_to_a_helper(tmp_path):
    x = np.arange(100, dtype=np.float32)
    out = np.zeros(50, np.float32)
    desc = TensorDescriptor(x, [100], [1], [16])
    res = run(tmp_path, d.pair_sum, (4,), (desc, out, 50), {"BLOCK": 16})
    # Program p sums x[32p + i] and x[32p + 16 + i]; past x's end the descriptor reads zeros.
    want = np.array([(x[32 * (i // 16) + i % 16] if 32 * (i // 16) + i % 16 < 100 else 0)
                     + (x[32 * (i // 16) + 16 + i % 16] if 32 * (i // 16) + 16 + i % 16 < 100 else 0)
                     for i in range(50)], np.float32)
    np.testing.assert_array_equal(res["out_ptr"], want)


def test_descriptor_types_in_signatures():
    from tilec.triton import arg_type, translate

    x = np.zeros((8, 8), np.float32)
    assert arg_type(TensorDescriptor(x, [8, 8], [8, 1], [8, 8], padding="nan")) == "tensordesc<f32[8,8],nan>"
    src = (HERE / "triton_kernels" / "descriptors.py").read_text()
    text = translate(src, "pair_sum", "tensordesc<f32[16]>, *f32, i32", {"BLOCK": 16})
    assert "kernel pair_sum(x_desc_base: *f32, x_desc_shape0: i32, out_ptr: *f32, n: i32" in text
    with pytest.raises(ValueError, match="last dimension must be contiguous"):
        TensorDescriptor(x, [8, 8], [1, 8], [8, 8])


@pytest.mark.parametrize("causal", [False, True])
def test_attention_forward_with_host_descriptors_runs(tmp_path, causal):
    # Tutorial 06 as Triton 3.6 writes it for Hopper: q, k, v and o as (Z * H * N, D) views
    # behind host descriptors.
    import tutorials as t

    rng = np.random.default_rng(7)
    z, h, n, dim = 2, 2, 64, 16
    q, k, v = (rng.standard_normal((z, h, n, dim)).astype(np.float16) for _ in range(3))
    o = np.zeros_like(q)
    m = np.zeros(z * h * n, np.float32)
    descs = [TensorDescriptor(x.reshape(z * h * n, dim), [z * h * n, dim], [dim, 1], [16, dim]) for x in (q, k, v, o)]
    consts = {"HEAD_DIM": dim, "BLOCK_M": 16, "BLOCK_N": 16, "FP8_OUTPUT": False, "STAGE": 3 if causal else 1}
    out = run(tmp_path, t._attn_fwd_tma, (n // 16, z * h), (0.5, m, z, h, *descs, n), consts)
    s = np.einsum("zhmd,zhnd->zhmn", q.astype(np.float32), k.astype(np.float32)) * 0.5
    if causal:
        s = np.where(np.tril(np.ones((n, n), bool)), s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    want = np.einsum("zhmn,zhnd->zhmd", p / p.sum(axis=-1, keepdims=True), v.astype(np.float32))
    got = out["desc_o_base"].reshape(z, h, n, dim).astype(np.float32)
    np.testing.assert_allclose(got, want, rtol=2e-2, atol=2e-2)


def test_a_grid_function_sees_a_descriptor_by_its_name():
    # The kernel's parameters are the descriptor's parts: the grid function is given the
    # launch's arguments by name around the kernel's meta, on both launch paths.
    x = np.arange(100, dtype=np.float32)
    desc = TensorDescriptor(x, [100], [1], [16])
    grid_fn = lambda meta: (triton.cdiv(meta["x_desc"].shape[0], 2 * meta["BLOCK"]),)  # noqa: E731
    for _ in range(2):
        g = d.pair_sum.prepare(grid_fn, (desc, np.zeros(50, np.float32), 50), {"BLOCK": 16})[1]
        assert g is not grid_fn and g({"BLOCK": 16}) == (4,)

