"""A stand-in for tilec's Python package on the GPU machine (which has no Rust build of
it): `compile` picks PTX compiled beforehand by tilec (--divisibility n=16: power-of-two
sizes only), launches go through CuPy on torch's default stream. Only what
bench/scan_sweep.py uses."""
import json
import os

import cupy as cp
import numpy as np

__version__ = "ptx-shim"
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "ptx")


def cdiv(a, b):
    return -(-a // b)


class Kernel:
    def __init__(self, kernel, tile, warps):
        base = os.path.join(HERE, f"{kernel}_T{tile}_w{warps}")
        meta = json.load(open(base + ".json"))
        self.meta = next(k for k in meta["kernels"] if k["name"] == kernel)
        self.fn = cp.RawModule(path=base + ".ptx").get_function(kernel)
        self.constants = {}
        for c in self.meta["consts"]:
            v = c["value"]
            self.constants[c["name"]] = {"true": True, "false": False}.get(v, None)
            if self.constants[c["name"]] is None:
                self.constants[c["name"]] = int(v)
        self.params = self.meta["params"]

    def __getitem__(self, grid):
        def launch(*args):
            meta = dict(self.constants)
            meta.update({p["name"]: a for p, a in zip(self.params, args)})
            g = grid(meta) if callable(grid) else grid
            g = tuple(g) if isinstance(g, (tuple, list)) else (g,)
            conv = []
            for p, a in zip(self.params, args):
                if p["type"].startswith("*"):
                    assert a.data_ptr() % p["divisibility"] == 0, (p["name"], a.data_ptr())
                    conv.append(np.uint64(a.data_ptr()))
                else:
                    assert a % p["divisibility"] == 0, (p["name"], a)
                    conv.append(np.int32(a))
            self.fn(g, tuple(self.meta["block"]), tuple(conv), shared_mem=self.meta["shared_bytes"])
        return launch


def compile(path, kernel=None, defines=None, num_warps=None):
    return Kernel(kernel, (defines or {}).get("TILE", 8192), num_warps or 4)
