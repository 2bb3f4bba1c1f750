# `//` of an int32 scalar and a uint32 scalar (kernel arguments): refused as for tensors.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(a, b, z):
    tl.store(z, a // b)  # <- refused here
