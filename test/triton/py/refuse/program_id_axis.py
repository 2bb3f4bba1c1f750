# test_invalid_pid_axis: program_id axis must be 0, 1 or 2.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(dst):
    pid = tl.program_id(20)  # <- refused here
    tl.store(dst, pid)
