# test_core.py test_where with scalar pointers (TEST_SCALAR_POINTERS).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def where_scalar_pointers(cond_ptr, a_ptr, b_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    ptr = tl.where(tl.load(cond_ptr), a_ptr, b_ptr)
    output = tl.load(ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, output, mask=mask)
