# test_core.py test_inline_asm_with_pointers (GPU only).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def inline_asm_with_pointers(x, y, BLOCK: tl.constexpr):
    x_ptrs = x + tl.arange(0, BLOCK)
    y_ptrs = y + tl.arange(0, BLOCK)
    tl.inline_asm_elementwise("ld.global.b8 $0, [$1]; shl.b32 $0, $0, 3; st.global.b8 [$2], $0;", "=r,l,l",
                              [x_ptrs, y_ptrs], dtype=tl.int8, is_pure=False, pack=1)
