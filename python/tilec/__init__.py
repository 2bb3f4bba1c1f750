"""tilec: compile tile kernels (Triton's programming model, brace syntax) to PTX, and
launch them on torch tensors.

    import tilec, torch
    add = tilec.compile("examples/add.tile")
    add[lambda meta: (tilec.cdiv(n, meta["TILE"]),)](a, b, out, n)

See docs/python.md.
"""

import os
from typing import Dict, Optional, Union

from ._errors import CompileError, Diagnostic
from ._tilec import Kernel, Launcher, __version__, _compile

__all__ = ["compile", "cdiv", "CompileError", "Diagnostic", "Kernel", "__version__"]


def cdiv(a: int, b: int) -> int:
    """Ceiling division, for grids: ``cdiv(n, TILE)`` programs cover ``n`` elements."""
    return -(-a // b)


def _const_text(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def compile(
    source: Union[str, os.PathLike],
    kernel: Optional[str] = None,
    arch: Optional[str] = None,
    defines: Optional[Dict[str, Union[int, float, bool]]] = None,
    num_warps: Optional[int] = None,
    index_bits: int = 32,
) -> Kernel:
    """Compiles a kernel and returns it, ready to launch as ``k[grid](*args, **consts)``.

    ``source`` is a path (an ``os.PathLike``, or a ``str`` of one line naming an existing
    file) or the source text itself. ``kernel`` picks a kernel of a file with several.
    ``arch`` (``"sm_80"``, ``"sm_90"``, ``"sm_90a"``) fixes the target; by default each
    device compiles for its own (and ``k.ptx`` is sm_90's). ``defines`` overrides ``const``
    parameters, ``num_warps`` every kernel's ``#[num_warps]``; ``index_bits=64`` makes
    buffers of 2^31 elements or more addressable.

    Raises ``CompileError`` (with file, line, column and the rendered message) when the
    program is wrong, ``ValueError`` for a bad option.
    """
    if isinstance(source, os.PathLike):
        text, path = None, os.fspath(source)
    elif isinstance(source, str):
        is_path = "\n" not in source and ("{" not in source or os.path.isfile(source))
        text, path = (None, source) if is_path else (source, None)
    else:
        raise TypeError(f"tilec.compile takes source text or a path, not {type(source).__name__}")
    pairs = [(str(k), _const_text(v)) for k, v in (defines or {}).items()]
    return _compile(text, path, kernel, arch, pairs, num_warps, index_bits)
