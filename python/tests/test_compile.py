"""tilec.compile without a GPU: kernels, their metadata and signature, and compile errors."""

import os
import pathlib

import pytest

import tilec

ROOT = pathlib.Path(__file__).resolve().parents[2]
ADD = ROOT / "examples" / "add.tile"

SCALE = """
kernel scale(x: *f32, n: i32, s: f32, const TILE: i32 = 256, const CLAMP: bool = false) {
    let offs = program_id(0) * TILE + arange(0, TILE);
    store(x + offs, load(x + offs, mask = offs < n) * s, mask = offs < n);
}
"""


def test_compiles_a_path_and_describes_the_kernel():
    for source in (ADD, str(ADD)):
        k = tilec.compile(source)
        assert k.name == "add"
        assert ".entry add" in k.ptx and ".target sm_90" in k.ptx
        assert k.signature == {"a": "*f32", "b": "*f32", "out": "*f32", "n": "i32"}
        assert list(k.signature) == ["a", "b", "out", "n"]
        assert k.constants == {"TILE": 1024}
        m = k.metadata
        assert (m["name"], m["block"], m["num_warps"], m["index_bits"]) == ("add", [128, 1, 1], 4, 32)
        assert [c["value"] for c in m["consts"]] == ["1024"]
        assert repr(k) == "<tilec.Kernel add(a: *f32, b: *f32, out: *f32, n: i32)>"


def test_compiles_text_with_options():
    k = tilec.compile(SCALE, arch="sm_80", defines={"TILE": 512, "CLAMP": True}, num_warps=8)
    assert ".target sm_80" in k.ptx
    assert k.constants == {"TILE": 512, "CLAMP": True}
    assert k.metadata["block"] == [256, 1, 1]
    assert k.signature == {"x": "*f32", "n": "i32", "s": "f32"}
    assert tilec.compile(SCALE, index_bits=64).metadata["index_bits"] == 64


def test_picks_a_kernel_of_several():
    two = SCALE + SCALE.replace("scale", "scale2")
    assert tilec.compile(two, kernel="scale2").name == "scale2"
    with pytest.raises(ValueError, match=r"<source> has 2 kernels \(scale, scale2\): say which with kernel="):
        tilec.compile(two)


def test_a_compile_error_carries_its_position_and_rendering():
    with pytest.raises(tilec.CompileError) as info:
        tilec.compile("kernel k(x: *f32) {\n    store(x, y);\n}\n")
    e = info.value
    assert (e.file, e.line, e.column, e.message) == ("<source>", 2, 14, "unknown name `y`")
    assert not e.internal
    assert str(e) == e.rendered == (
        "<source>:2:14: error: unknown name `y`\n"
        "  |\n"
        "2 |     store(x, y);\n"
        "  |              ^ not found in this scope\n"
        "  |\n"
        "  = help: did you mean `x`?\n"
    )
    assert e.diagnostics[0] == tilec.Diagnostic("error", "<source>", 2, 14, "unknown name `y`",
                                                ["help: did you mean `x`?"])


def test_errors_in_a_file_name_the_file(tmp_path):
    bad = tmp_path / "bad.tile"
    bad.write_text("kernel k(x: *f32) {\n    let a = 1 +;\n}\n")
    with pytest.raises(tilec.CompileError) as info:
        tilec.compile(bad)
    assert (info.value.file, info.value.line) == (str(bad), 2)
    assert str(info.value).startswith(f"{bad}:2:")
    with pytest.raises(tilec.CompileError) as info:
        tilec.compile(tmp_path / "missing.tile")
    assert info.value.file == str(tmp_path / "missing.tile") and info.value.line is None
    assert "cannot read the file" in info.value.message


def test_bad_options():
    with pytest.raises(ValueError, match="unknown target `sm_75`"):
        tilec.compile(ADD, arch="sm_75")
    with pytest.raises(ValueError, match="`num_warps` must be 1, 2, 4, 8, 16 or 32, found 3"):
        tilec.compile(ADD, num_warps=3)
    with pytest.raises(TypeError):
        tilec.compile(42)
    with pytest.raises(tilec.CompileError, match="TILE"):
        tilec.compile(ADD, defines={"TILE": 1000})  # arange needs a power of two


def test_cdiv():
    assert [tilec.cdiv(n, 256) for n in (0, 1, 256, 257)] == [0, 1, 1, 2]
