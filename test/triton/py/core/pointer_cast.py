# Pointer casts: test_where's .to(tl.pi32_t), test_constexpr's out_ptr.to(tl.pointer_type(...)).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def where_tile_pointers(cond_ptr, a_ptr, b_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    decide = tl.load(cond_ptr + offsets, mask=mask)
    a = tl.load(a_ptr + offsets, mask=mask).to(tl.pi32_t)
    b = tl.load(b_ptr + offsets, mask=mask).to(tl.pi32_t)
    output = tl.where(decide, a, b)
    tl.store(output_ptr + offsets, output.to(tl.int64), mask=mask)


@triton.jit
def store_through_cast(out_ptr):
    tl.store(out_ptr.to(tl.pointer_type(tl.int32)), 5)
    tl.store(out_ptr.to(tl.pointer_type(tl.int32)) + 1, 1099511627)
