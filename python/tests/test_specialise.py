"""What a launch is compiled for (its specialisation, which keys the kernel's cache of
compiled modules), without a GPU: `Kernel.specialisation(*args)` answers with the
compile options a launch of those arguments would use."""

import pathlib

import pytest

import tilec

ROOT = pathlib.Path(__file__).resolve().parents[2]


class Buf:
    def __init__(self, typestr="<f2", n=1 << 20, addr=0x7F0000000000):
        self.__cuda_array_interface__ = {"data": (addr, False), "typestr": typestr, "shape": (n,), "version": 3}


@pytest.fixture(scope="module")
def matmul():
    return tilec.compile(ROOT / "examples" / "matmul.tile")


def mm_args(m, n, k, a=None):
    a = a or Buf()
    return (a, Buf(), Buf(), m, n, k, k, 1, n, 1, n, 1)


def test_integers_are_specialised_on_the_largest_power_of_two_up_to_16(matmul):
    # 3000 and 4104 are multiples of 8 (f16 rows 16-byte aligned): compiled as such, so
    # the K loop copies 16 bytes a thread and is pipelined.
    s = matmul.specialisation(*mm_args(3000, 3000, 3000))
    assert s["equal_to_one"] == ["sak", "sbn", "scn"]
    assert s["divisibility"] == {"a": 16, "b": 16, "c": 16, "M": 8, "N": 8, "K": 8, "sam": 8, "sbk": 8, "scm": 8}
    s = matmul.specialisation(*mm_args(4096, 5000, 4104))
    assert {n: s["divisibility"].get(n) for n in ("M", "N", "K", "sam", "sbk")} == \
        {"M": 16, "N": 8, "K": 8, "sam": 8, "sbk": 8}
    # Odd sizes assume nothing (no entry); 6 is a multiple of 2; 0 of everything.
    s = matmul.specialisation(*mm_args(3001, 6, 0))
    assert {n: s["divisibility"].get(n) for n in ("M", "N", "K")} == {"M": None, "N": 2, "K": 16}
    # A pointer is compiled for its alignment, up to 16 bytes.
    s = matmul.specialisation(*mm_args(64, 64, 64, a=Buf(addr=0x7F0000000008)))
    assert s["divisibility"]["a"] == 8


def test_the_cache_key_follows_the_specialisation(matmul):
    key = matmul._cache_key
    # The same divisors, the same key (3000 and 3016 are both multiples of 8 only) ...
    assert key(*mm_args(3000, 3000, 3000)) == key(*mm_args(3016, 3016, 3016))
    # ... and another divisor, another key: 8, 16, 4, nothing, equal to 1.
    keys = {key(*mm_args(3000, 3000, m)) for m in (3000, 4096, 3004, 3001, 1)}
    assert len(keys) == 5
    # A const override is a compile of its own.
    assert key(*mm_args(3000, 3000, 3000)) != key(*mm_args(3000, 3000, 3000), BK=32)


def test_specialisation_checks_arguments_as_a_launch_does(matmul):
    with pytest.raises(TypeError, match="argument `b` is \\*f16, but the buffer holds f32"):
        matmul.specialisation(Buf(), Buf("<f4"), Buf(), 64, 64, 64, 64, 1, 64, 1, 64, 1)


def test_a_divisor_the_compiler_asks_for_is_taken_beyond_16():
    rows = tilec.compile(
        "kernel rows(x: *f32, o: *f32, n: i32) {\n    let acc = zeros((64,), f32);\n"
        "    for s in range(0, n, 64) {\n        let i = s + arange(0, 64);\n"
        "        acc = acc + load(x + i, mask = i < n, other = 0.0);\n    }\n"
        "    store(o + arange(0, 64), acc);\n}\n")
    assert rows.metadata["params"][2]["divisibility_hint"] == 64
    div = lambda n: rows.specialisation(Buf("<f4"), Buf("<f4"), n)["divisibility"].get("n")  # noqa: E731
    assert [div(n) for n in (256, 272, 40, 33)] == [64, 16, 8, None]
