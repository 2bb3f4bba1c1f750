# test_core.py test_dot_mulbroadcasted: a matmul as expand_dims, broadcast multiply and sum.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def dot_mulbroadcasted(z, x, y, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr, BMM: tl.constexpr,
                       BNN: tl.constexpr, BKK: tl.constexpr):
    pidn = tl.program_id(1)
    pidm = tl.program_id(0)
    offm = tl.arange(0, BMM)[:, None]
    offn = tl.arange(0, BNN)[None, :]
    offak = tl.arange(0, BKK)[None, :]
    offbk = tl.arange(0, BKK)[:, None]
    acc = tl.full((BMM, BNN), 0, tl.float32)
    for ridx5 in range(0, K // BKK):
        x1 = tl.load(x + ((pidm * K * BMM) + (offm * K) + (ridx5 * BKK) + offak))
        y1 = tl.load(y + ((pidn * BNN) + (offbk * N) + (ridx5 * N * BKK) + offn))
        x1 = tl.expand_dims(x1, axis=2)
        y1 = tl.expand_dims(y1, axis=0)
        t = tl.sum(x1 * y1, axis=1)
        acc = t + acc
    tl.store(z + ((pidm * BMM * N) + (pidn * BNN) + (offm * N) + offn), acc)
