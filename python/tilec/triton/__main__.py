"""`python -m tilec.triton kernel.py --kernel NAME --signature '*f32,*f32,i32' [-D BLOCK=1024]
[-o kernel.tile]`: a `@triton.jit` kernel as tile-language text (the signature as Triton's
ahead-of-time compiler takes it: one type per non-constexpr parameter, in order). Without
--signature the kernel's parameters stay generic, as far as the tile language allows: it
is written as a helper (`fn NAME(x_ptr, n)`, untyped parameters, each -D written in), which
a typed `kernel` of your own calls."""

import argparse
import sys

from ._translate import TranslateError, translate


def _value(text: str):
    if text in ("true", "True"):
        return True
    if text in ("false", "False"):
        return False
    try:
        return int(text, 0)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text  # a string constexpr


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tilec.triton", description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--signature", help="one type per non-constexpr parameter; without it, a generic helper")
    ap.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("-o", dest="output")
    a = ap.parse_args(argv)
    consts = {}
    for d in a.defines:
        name, _, v = d.partition("=")
        if not _:
            print(f"error: -D {d}: write NAME=VALUE", file=sys.stderr)
            return 1
        consts[name] = _value(v)
    try:
        with open(a.file) as f:
            text = translate(f.read(), a.kernel, a.signature, consts, path=a.file)
    except (TranslateError, ValueError, OSError, SyntaxError) as e:
        print(f"error: {e}" if not isinstance(e, TranslateError) else str(e), file=sys.stderr)
        return 1
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
