"""Launches without a GPU: everything a launch checks before the GPU (arguments against
the signature, the grid), and the error that says a GPU is needed. Buffers are objects
with __cuda_array_interface__ (made-up addresses: nothing is ever read from them)."""

import pathlib

import pytest

import tilec

ROOT = pathlib.Path(__file__).resolve().parents[2]
NO_GPU = "no CUDA driver found (libcuda.so): launching a kernel needs an NVIDIA GPU"


class Buf:
    def __init__(self, typestr="<f4", n=1000, addr=0x7F0000000000):
        self.__cuda_array_interface__ = {"data": (addr, False), "typestr": typestr, "shape": (n,), "version": 3}


@pytest.fixture(scope="module")
def add():
    return tilec.compile(ROOT / "examples" / "add.tile")


def has_gpu():
    import ctypes.util
    return ctypes.util.find_library("cuda") is not None


pytestmark = pytest.mark.skipif(has_gpu(), reason="these check the launch path of a machine without a GPU")


def launch_error(k, grid, *args, **kwargs):
    with pytest.raises(Exception) as info:
        k[grid](*args, **kwargs)
    return info.type, str(info.value)


def test_good_arguments_reach_the_gpu_and_say_there_is_none(add):
    a = Buf()
    assert launch_error(add, (1,), a, a, a, 1000)[1].startswith(NO_GPU)
    assert launch_error(add, 4, a, Buf(), out=a, n=1000)[1].startswith(NO_GPU)
    assert launch_error(add, [4, 1, 1], a, a, a, 1000, TILE=256)[1].startswith(NO_GPU)


def test_arguments_are_checked_against_the_signature(add):
    a = Buf()
    cases = [
        ((a, Buf("<f2"), a, 1000), {}, "argument `b` is *f32, but the buffer holds f16"),
        ((a, a, a), {}, "kernel `add` takes 4 arguments (a: *f32, b: *f32, out: *f32, n: i32); missing: `n`"),
        ((a, a, a, 1, 2), {}, "kernel `add` takes 4 arguments (a: *f32, b: *f32, out: *f32, n: i32), but 5 were given"),
        ((a, a, a, 1000), {"m": 3}, "kernel `add` has no parameter `m` (it has a, b, out, n, TILE)"),
        ((a, a, a, 1000), {"n": 3}, "argument `n` is given twice"),
        ((a, a, 7, 1000), {}, "argument `out` is a pointer (*f32), but a number was given"),
        ((a, a, a, a), {}, "argument `n` is a scalar (i32), but a buffer was given"),
        ((a, a, a, 1.5), {}, "argument `n` is i32, but a float was given"),
        ((a, a, a, 1 << 40), {}, "argument `n` = 1099511627776 does not fit in i32"),
        ((a, a, a, "1000"), {}, "argument `n`: a str is neither a number nor a CUDA tensor"),
        ((Buf(n=1 << 31), a, a, 4), {}, "argument `a` has 2147483648 elements; this kernel uses 32-bit offsets"),
        ((Buf("<c8"), a, a, 4), {}, "argument `a`: tilec has no element type for `<c8`"),
    ]
    for args, kwargs, want in cases:
        ty, msg = launch_error(add, (1,), *args, **kwargs)
        assert (ty, msg[: len(want)]) == (TypeError, want)


def test_the_grid_may_be_a_callable_of_the_arguments_and_constants(add):
    a, seen = Buf(), []

    def grid(meta):
        seen.append(dict(meta))
        return (tilec.cdiv(meta["n"], meta["TILE"]),)

    assert launch_error(add, grid, a, a, a, 1000)[1].startswith(NO_GPU)
    assert launch_error(add, grid, a, a, a, n=1000, TILE=256)[1].startswith(NO_GPU)
    assert [(m["n"], m["TILE"], m["a"] is a) for m in seen] == [(1000, 1024, True), (1000, 256, True)]


def test_bad_grids(add):
    a = Buf()
    for grid, want in [((), "a grid is an int or a tuple of 1 to 3 ints"), ((1, 2, 3, 4), "a grid is an int"),
                       ("x", "a grid is an int"), ((1.5,), "a grid is an int")]:
        ty, msg = launch_error(add, grid, a, a, a, 1000)
        assert (ty, msg[: len(want)]) == (TypeError, want)
    assert launch_error(add, (-1,), a, a, a, 1000) == (ValueError, "grid [-1]: each dimension is from 0 to 2^32-1")


FAKE_TORCH = r'''
import json, sys, types
torch = types.ModuleType("torch")
class dtype:
    def __init__(self, name): self.name = name
    def __repr__(self): return "torch." + self.name
for n in ["float32", "float16", "bfloat16", "float64", "int32", "int64", "complex64"]:
    setattr(torch, n, dtype(n))
class Tensor:
    def __init__(self, dtype=torch.float32, device=0, ptr=0x7F0000000000, n=1000):
        self.dtype, self.device, self.ptr, self.n = dtype, device, ptr, n
    def get_device(self): return self.device
    def data_ptr(self): return self.ptr
    def numel(self): return self.n
torch.Tensor = Tensor
torch._C = types.SimpleNamespace(_cuda_getCurrentRawStream=lambda device: 0)
torch.cuda = types.SimpleNamespace(current_device=lambda: 0)
sys.modules["torch"] = torch

import tilec
add = tilec.compile(sys.argv[1])
t = Tensor()
cases = {
    "good": (t, t, t, 1000),
    "cpu": (t, Tensor(device=-1), t, 1000),
    "dtype": (t, t, Tensor(torch.float16), 1000),
    "devices": (t, Tensor(device=1), t, 1000),
    "complex": (Tensor(torch.complex64), t, t, 1000),
}
out = {}
for name, args in cases.items():
    try:
        add[(1,)](*args)
        out[name] = ["no error", ""]
    except Exception as e:
        out[name] = [type(e).__name__, str(e)]
print(json.dumps(out))
'''


def test_torch_tensors_are_read_through_torchs_api():
    """The tensor path (get_device, dtype, data_ptr, numel, torch's current stream), with
    a stand-in torch module in a fresh interpreter (CI has no torch)."""
    import json
    import subprocess
    import sys

    p = subprocess.run([sys.executable, "-c", FAKE_TORCH, str(ROOT / "examples" / "add.tile")],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["good"][0] == "RuntimeError" and out["good"][1].startswith(NO_GPU)
    assert out["cpu"] == ["TypeError", "argument `b` is a tensor on the CPU: tilec kernels take CUDA tensors (.cuda())"]
    assert out["dtype"] == ["TypeError", "argument `out` is *f32, but the buffer holds f16"]
    assert out["devices"] == ["ValueError", "argument `b` is on cuda:1, but an earlier one is on cuda:0"]
    assert out["complex"] == ["TypeError", "argument `a`: tilec has no element type for torch.complex64"]


def test_autotuned_kernels_refuse_overrides_of_tuned_names_and_tune_on_a_gpu():
    k = tilec.compile(ROOT / "examples" / "matmul_autotune.tile")
    assert k.best_config is None
    a = Buf("<f2", 64 * 64)
    args = (a, a, a, 64, 64, 64, 64, 1, 64, 1, 64, 1)
    ty, msg = launch_error(k, (1,), *args, BM=64)
    assert (ty, msg) == (ValueError, "`BM` is set by the kernel's #[autotune] configurations: a launch cannot override it")
    assert launch_error(k, (1,), *args)[1].startswith(NO_GPU)
    assert k.best_config is None
