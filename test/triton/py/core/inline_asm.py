# test_core.py test_inline_asm, test_inline_asm_multiple_outputs (GPU only).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def inline_asm_shf(x, y, z, N: tl.constexpr, BLOCK: tl.constexpr):
    a = tl.load(x + tl.arange(0, BLOCK))
    b = tl.load(y + tl.arange(0, BLOCK))
    s = tl.full([BLOCK], N, tl.int32)
    r = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r", [a, b, s], dtype=tl.uint32,
                                  is_pure=True, pack=1)
    tl.store(z + tl.arange(0, BLOCK), r)


@triton.jit
def inline_asm_multiple_outputs(a_ptr, b_ptr, c_ptr, d_ptr, BLOCK: tl.constexpr):
    a = tl.load(a_ptr + tl.arange(0, BLOCK))
    b = tl.load(b_ptr + tl.arange(0, BLOCK))
    (c, d) = tl.inline_asm_elementwise(
        asm="sub.u32 $0, $2, $3; sub.u32 $1, $3, $2;",
        constraints="=r,=r,r,r",
        args=[a, b],
        dtype=(tl.uint32, tl.uint32),
        is_pure=True,
        pack=1,
    )
    tl.store(c_ptr + tl.arange(0, BLOCK), c)
    tl.store(d_ptr + tl.arange(0, BLOCK), d)
