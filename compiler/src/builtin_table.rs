//! The builtin table: every builtin's name (Triton's, without `tl.`), its parameter names
//! (Triton's keyword names) and how many of them are required.
//!
//! A module of its own, below both the parser and sema: the parser's advice on Triton's
//! dotted names (`tl.load`, `syntax/triton.rs`) needs to know which names are builtins,
//! and sema binds each call's arguments by this table, so neither imports the other for
//! it.

const ATOMIC: &[&str] = &["ptr", "val", "mask", "sem", "scope"];
const REDUCE: &[&str] = &["x", "axis", "keep_dims"];
/// Triton's order: `max(input, axis, return_indices, return_indices_tie_break_left,
/// keep_dims)`, `argmax(input, axis, tie_break_left, keep_dims)`.
const MAX_MIN: &[&str] = &["x", "axis", "return_indices", "return_indices_tie_break_left", "keep_dims"];
const ARG: &[&str] = &["x", "axis", "tie_break_left", "keep_dims"];
const SCAN: &[&str] = &["x", "axis", "reverse"];
/// `sum` and `cumsum` take Triton's `dtype` too (the input converted to it first).
const REDUCE_DTYPE: &[&str] = &["x", "axis", "keep_dims", "dtype"];
const SCAN_DTYPE: &[&str] = &["x", "axis", "reverse", "dtype"];
const X: &[&str] = &["x"];
const RANDOM: &[&str] = &["seed", "offset", "n_rounds"];
const XY: &[&str] = &["x", "y"];

/// Name, parameter names, number of required leading parameters.
pub(crate) const SIGS: &[(&str, &[&str], usize)] = &[
    ("program_id", &["axis"], 1),
    ("num_programs", &["axis"], 1),
    ("arange", &["start", "end"], 2),
    ("zeros", &["shape", "dtype"], 2),
    ("full", &["shape", "value", "dtype"], 3),
    ("zeros_like", X, 1),
    ("load", &["ptr", "mask", "other", "cache_modifier", "eviction_policy", "volatile", "sem", "scope"], 1),
    ("store", &["ptr", "value", "mask", "cache_modifier", "eviction_policy", "sem", "scope"], 2),
    ("atomic_add", ATOMIC, 2),
    ("atomic_max", ATOMIC, 2),
    ("atomic_min", ATOMIC, 2),
    ("atomic_and", ATOMIC, 2),
    ("atomic_or", ATOMIC, 2),
    ("atomic_xor", ATOMIC, 2),
    ("atomic_xchg", ATOMIC, 2),
    ("atomic_cas", &["ptr", "cmp", "val", "sem", "scope"], 3),
    ("trans", &["x", "dims"], 1),
    ("permute", &["x", "dims"], 2),
    ("flip", &["x", "dim"], 1),
    ("split", &["x"], 1),
    ("reduce", &["input", "axis", "combine_fn", "keep_dims"], 3),
    ("associative_scan", &["input", "axis", "combine_fn", "reverse"], 3),
    ("ravel", X, 1),
    ("reshape", &["x", "shape", "can_reorder"], 2),
    ("broadcast_to", &["x", "shape"], 2),
    ("broadcast", &["input", "other"], 2),
    ("expand_dims", &["x", "axis"], 2),
    ("sum", REDUCE_DTYPE, 1),
    ("max", MAX_MIN, 1),
    ("min", MAX_MIN, 1),
    ("argmax", ARG, 1),
    ("argmin", ARG, 1),
    ("xor_sum", REDUCE, 1),
    ("cumsum", SCAN_DTYPE, 1),
    ("cumprod", SCAN, 1),
    ("sort", &["x", "axis", "descending"], 1),
    ("topk", &["x", "k", "dim", "descending"], 2),
    ("histogram", &["x", "num_bins"], 2),
    ("bin_rank", &["x", "num_bins"], 2),
    ("exp", X, 1),
    ("exp2", X, 1),
    ("log", X, 1),
    ("log2", X, 1),
    ("sqrt", X, 1),
    ("rsqrt", X, 1),
    ("abs", X, 1),
    ("floor", X, 1),
    ("ceil", X, 1),
    ("sin", X, 1),
    ("cos", X, 1),
    ("erf", X, 1),
    ("tanh", X, 1),
    ("log1p", X, 1),
    ("expm1", X, 1),
    ("sqrt_rn", X, 1),
    ("pow", XY, 2),
    ("fdiv", XY, 2),
    ("div_rn", XY, 2),
    ("umulhi", XY, 2),
    ("gather", &["src", "index", "axis"], 3),
    ("scatter", &["src", "index"], 2),
    ("view", &["x", "shape"], 2),
    ("join", &["a", "b"], 2),
    ("interleave", &["a", "b"], 2),
    ("cat", &["input", "other", "can_reorder"], 2),
    ("randint", RANDOM, 2),
    ("randint4x", RANDOM, 2),
    ("make_block_ptr", &["base", "shape", "strides", "offsets", "block_shape", "order"], 6),
    ("advance", &["base", "offsets"], 2),
    ("make_tensor_descriptor", &["base", "shape", "strides", "block_shape", "padding_option"], 4),
    ("inline_asm_elementwise", &["asm", "constraints", "args", "dtype", "is_pure", "pack"], 6),
    ("rand", RANDOM, 2),
    ("randn", RANDOM, 2),
    ("uint_to_uniform_float", X, 1),
    ("philox", &["seed", "c0", "c1", "c2", "c3", "n_rounds"], 5),
    ("sigmoid", X, 1),
    ("maximum", &["x", "y", "propagate_nan"], 2),
    ("minimum", &["x", "y", "propagate_nan"], 2),
    ("fma", &["x", "y", "z"], 3),
    ("clamp", &["x", "min", "max", "propagate_nan"], 3),
    ("where", &["cond", "x", "y"], 3),
    ("dot", &["a", "b", "acc", "input_precision", "out_dtype", "max_num_imprecise_acc"], 2),
    ("cdiv", &["x", "div"], 2),
    ("debug_barrier", &[], 0),
    ("device_print", &["msg"], 1),
    ("static_print", &[], 0),
    ("device_assert", &["cond", "msg"], 1),
    ("static_assert", &["cond", "msg"], 1),
    ("multiple_of", &["x", "values"], 2),
    ("swizzle2d", &["i", "j", "size_i", "size_j", "size_g"], 5),
    ("assume", &["cond"], 1),
    ("max_contiguous", &["x", "values"], 2),
];

/// Every builtin's name, in the table's order (the candidates of "did you mean", chained
/// with names of any lifetime).
pub(crate) fn names<'a>() -> impl Iterator<Item = &'a str> {
    SIGS.iter().map(|s| -> &'a str { s.0 })
}

pub(crate) fn is_builtin(n: &str) -> bool {
    SIGS.iter().any(|s| s.0 == n)
}
