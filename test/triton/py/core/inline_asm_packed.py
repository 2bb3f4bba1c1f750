# test_core.py test_inline_asm_packed: pack=4 (four 8-bit values in one 32-bit register).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def inline_asm_packed(x, y, BLOCK: tl.constexpr):
    v = tl.load(x + tl.arange(0, BLOCK))
    r = tl.inline_asm_elementwise("and.b32 $0, $1, 0x1F1F1F1F; shl.b32 $0, $0, 3;", "=r,r", [v], dtype=tl.int8,
                                  is_pure=True, pack=4)
    tl.store(y + tl.arange(0, BLOCK), r)
