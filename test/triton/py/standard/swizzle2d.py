# test_standard.py test_swizzle2d: tl.swizzle2d renumbers a grid in groups of size_g rows.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def swizzle2d_kernel(output, size_i, size_j, size_g):
    for i in tl.range(0, size_i, 1):
        for j in tl.range(0, size_j, 1):
            new_i, new_j = tl.swizzle2d(i, j, size_i, size_j, size_g)
            tl.store(output + new_i * size_j + new_j, i * size_j + j)
