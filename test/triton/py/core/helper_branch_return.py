# test_core.py test_if_call (jit_if): a helper that returns from inside both branches.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def add_fn_return(x, pid):
    if pid == 0:
        return x + 1
    else:
        return x + 2


@triton.jit
def if_call_jit_if(out):
    pid = tl.program_id(0)
    o = tl.load(out)
    if pid == 0:
        a = o
        a = add_fn_return(a, pid)
        o = a
    tl.store(out, o)
