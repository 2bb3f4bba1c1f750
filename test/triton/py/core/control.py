# test_core.py control flow and calls: test_for_iv, test_if, test_if_else, test_if_return, test_nested_if_else_return, test_while, test_nested_while, test_if_call, test_call, test_temp_var_in_loop, test_static_range, test_num_programs, test_noinline, test_tuples, test_constexpr_shape, test_constexpr_scalar_shape.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def for_iv(out, lo, hi, IV: tl.constexpr):
    acc = lo * 0
    for i in range(lo, hi, IV):
        acc += i
    tl.store(out, acc)


@triton.jit
def for_iv_i32(out, lo, hi, IV: tl.constexpr):
    acc = 0
    for i in range(lo, hi, IV):
        acc += i
    tl.store(out, acc)


# IF_TYPE: 0 "if", 1 "if_and_dynamic", 2 "if_exp_static", 3 "if_exp_dynamic", 4 "if_exp_dynamic_constexpr",
# 5 "if_exp_dynamic_void", 6 "if_and_static".
@triton.jit
def if_(cond, x_true, x_false, ret, IF_TYPE: tl.constexpr, BOOL_VAR: tl.constexpr, STATIC_VALUE: tl.constexpr):
    pid = tl.program_id(0)
    c = tl.load(cond)
    if IF_TYPE == 0:
        if pid % 2 == 0:
            tl.store(ret, tl.load(x_true))
        elif 1 == pid % 2:
            tl.store(ret, tl.load(x_false))
    elif IF_TYPE == 3:
        val = tl.load(x_true) if pid % 2 == 0 else tl.load(x_false)
        tl.store(ret, val)
    elif IF_TYPE == 4:
        val = 3.14 if pid % 2 == 0 else tl.load(x_false)
        tl.store(ret, val)
    elif IF_TYPE == 5:
        tl.store(ret, tl.load(x_true)) if pid % 2 == 0 else tl.store(ret, tl.load(x_false))
    elif IF_TYPE == 2:
        tl.store(ret, tl.load(x_true)) if BOOL_VAR == 1 else tl.store(ret, tl.load(x_false))
    elif IF_TYPE == 1:
        if BOOL_VAR == 1 and (1 != pid % 2 and pid % 2 != 1):
            tl.store(ret, tl.load(x_true))
        else:
            tl.store(ret, tl.load(x_false))
    elif IF_TYPE == 6:
        if STATIC_VALUE != 0 and STATIC_VALUE != 0:
            tl.store(ret, tl.load(x_true))
        else:
            tl.store(ret, tl.load(x_false))


@triton.jit
def if_else(cond, true_val, false_val, out):
    if tl.load(cond):
        val = tl.load(true_val)
    else:
        val = tl.load(false_val)
    tl.store(out, val)


# MODE 0: exit_early loaded; 1: the constexpr COND.
@triton.jit
def if_return(exit_early, out, COND: tl.constexpr, MODE: tl.constexpr):
    if MODE == 0:
        if tl.load(exit_early):
            tl.store(out, 0)
            return
    else:
        if COND == 1:
            tl.store(out, 0)
            return
    tl.store(out, 1)


@triton.jit
def nested_if_else_return(cond1, cond2, cond3, val1, val2, val3, out):
    val = 0
    if tl.load(cond1):
        if tl.load(cond2):
            val = tl.load(val1)
        else:
            return
    else:
        if tl.load(cond3):
            val = tl.load(val2)
        else:
            val = tl.load(val3)
    tl.store(out, val)


@triton.jit
def while_(init_i, bound, cut_off, out_i, out_init_i, out_j):
    init = tl.load(init_i)
    curr_i = init
    j = 0
    while j < tl.load(bound):
        curr_i = curr_i + (j == tl.load(cut_off)).to(tl.int32)
        j += 1
        tl.store(out_init_i, init)
    tl.store(out_i, curr_i)
    tl.store(out_j, j)


@triton.jit
def nested_while(data, count_ptr):
    for i in range(10):
        count = tl.load(count_ptr)
        while count > 0:
            tl.store(data, tl.load(data) + 1.0)
            count = count - 2


@triton.jit
def add_fn(x):
    return x + 1


@triton.jit
def add_fn_expr(out, x):
    tl.store(out, x)


# CALL: 0 "attribute", 1 "attribute_jit", 2 "jit", 3 "jit_expr", 4 "jit_static_cond", 5 "jit_extern".
@triton.jit
def if_call(out, CALL: tl.constexpr):
    pid = tl.program_id(0)
    o = tl.load(out)
    if CALL == 0:
        if pid == 0:
            a = o
            a = a.to(tl.int32).to(tl.int32) + 1
            o = a
    elif CALL == 1:
        if pid == 0:
            a = o
            a = tl.load(out + add_fn(a) - 1).to(tl.int32) + 1
            o = a
    elif CALL == 2:
        if pid == 0:
            a = o
            a = add_fn(a)
            o = a
    elif CALL == 3:
        if pid == 0:
            a = o + 1
            add_fn_expr(out, a)
            o = a
    elif CALL == 4:
        if pid == 0:
            a = o + 1
            add_fn(o)
            o = a
    elif CALL == 5:
        if pid == 0:
            a = o + 1
            tl.cdiv(a, a)
            o = a
    tl.store(out, o)


@triton.jit
def val_multiplier(val, i):
    return val * i


@triton.jit
def vecmul(ptr, n_elements, rep):
    pid = tl.program_id(axis=0)
    offsets = pid * 128 + tl.arange(0, 128)
    mask = offsets < n_elements
    vec = tl.load(ptr + offsets, mask=mask)
    for i in range(1, rep):
        vec = val_multiplier(vec, i)
    tl.store(ptr + offsets, vec, mask=mask)


@triton.jit
def call_(ptr, n_elements, num1, num2):
    vecmul(ptr, n_elements, num1)
    vecmul(ptr, n_elements, num2)


@triton.jit
def temp_var_in_loop(z, N: tl.constexpr, BLOCK: tl.constexpr):
    acc = tl.full((BLOCK, ), 0, dtype=tl.int32)
    for i in range(N):
        if i == 0:
            temp = tl.full((BLOCK, ), 2, dtype=tl.int32)
            acc = temp
        else:
            acc += tl.full((BLOCK, ), 1, dtype=tl.int32)
        temp = tl.full((BLOCK, ), 1, dtype=tl.int32)
        acc += temp
    z = z + tl.arange(0, BLOCK)
    tl.store(z, acc)


@triton.jit
def static_range_(z, N: tl.constexpr, STEP: tl.constexpr):
    acc = 0
    for i in tl.static_range(0, N, STEP):
        acc += i
    tl.store(z, acc)


@triton.jit
def num_programs_(inp):
    p = ((tl.program_id(2) * tl.num_programs(1) + tl.program_id(1)) * tl.num_programs(0) + tl.program_id(0)) * 3
    tl.store(inp + p, tl.num_programs(0))
    tl.store(inp + p + 1, tl.num_programs(1))
    tl.store(inp + p + 2, tl.num_programs(2))


@triton.jit(noinline=True)
def noinline_simple(x, y, z):
    tl.store(z, x + y)


@triton.jit(noinline=True)
def noinline_fn1(x):
    return x + 1


@triton.jit(noinline=True)
def noinline_fn2(y):
    return y + 2


@triton.jit(noinline=True)
def noinline_call_graph(x, y, z):
    t0 = noinline_fn1(x)
    t1 = noinline_fn2(y)
    tl.store(z, t0 + t1)


@triton.jit(noinline=True)
def noinline_shared(x, y, z):
    offs = tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :]
    v = tl.load(z + offs)
    tl.store(z + offs, tl.dot(v, v) + x + y)


@triton.jit(noinline=True)
def noinline_dynamic(x, y, z):
    a = x
    b = y
    if a >= 1:
        a = noinline_fn1(a)
    else:
        a = noinline_fn2(a)
    if b >= 2:
        b = noinline_fn2(b)
    else:
        b = noinline_fn1(b)
    tl.store(z, a + b)


@triton.jit(noinline=True)
def noinline_multi(x, y):
    return x + 1, y + 2


@triton.jit(noinline=True)
def noinline_multi_values(x, y, z):
    a, b = noinline_multi(x, y)
    tl.store(z, a + b)


# MODE: 0 simple, 1 call_graph, 2 shared, 3 dynamic, 4 multi_values.
@triton.jit
def noinline(x, y, z, MODE: tl.constexpr):
    a = tl.load(x)
    b = tl.load(y)
    if MODE == 0:
        noinline_simple(a, b, z)
    elif MODE == 1:
        noinline_call_graph(a, b, z)
    elif MODE == 2:
        noinline_shared(a, b, z)
    elif MODE == 3:
        noinline_dynamic(a, b, z)
    else:
        noinline_multi_values(a, b, z)


@triton.jit
def tuples_fn(a, b):
    return a + b, \
        a - b, \
        a * b


@triton.jit
def tuples(x, y, a, b, c, WITH_FN: tl.constexpr):
    x = tl.load(x)
    y = tl.load(y)
    if WITH_FN == 1:
        i, j, k = tuples_fn(x, y)
    else:
        i, j, k = x + y, x - y, x * y
    tl.store(a, i)
    tl.store(b, j)
    tl.store(c, k)


@triton.jit
def constexpr_shape(x):
    off = tl.arange(0, 128 + 128)
    tl.store(x + off, off)


@triton.jit
def constexpr_scalar_shape(x, s):
    off = tl.arange(0, 256)
    val = off % (256 // s)
    tl.store(x + off, val)
