// The `tile` dialect: the language's operations on whole tiles, before any thread mapping.
//
// Tiles are builtin tensors (`tensor<64x64xf32>`); pointers to global memory are
// `!tile.ptr<T>`, and a tile of them is `tensor<64x!tile.ptr<f32>>`. Elementwise work uses
// `arith` and `math` on tensors, control flow uses `scf`; this dialect holds only what those
// cannot say. Every op is declared once here, with a summary and an example.
irdl.dialect @tile {
  // A pointer to global memory holding `pointee` elements.
  //   !tile.ptr<f32>
  irdl.type @ptr {
    %0 = irdl.any
    irdl.parameters(pointee: %0)
  }

  // Index of this program along `axis` (0, 1, 2) of the launch grid.
  //   %pid = "tile.program_id"() {axis = 0 : i32} : () -> i32
  irdl.operation @program_id {
    %i32 = irdl.is i32
    %axis = irdl.base "#builtin.integer"
    irdl.attributes { "axis" = %axis }
    irdl.results(res: %i32)
  }

  // Number of programs along `axis` of the launch grid.
  //   %n = "tile.num_programs"() {axis = 0 : i32} : () -> i32
  irdl.operation @num_programs {
    %i32 = irdl.is i32
    %axis = irdl.base "#builtin.integer"
    irdl.attributes { "axis" = %axis }
    irdl.results(res: %i32)
  }

  // The i32 tile [start, start + 1, ..., end - 1].
  //   %r = "tile.arange"() {start = 0 : i32, end = 1024 : i32} : () -> tensor<1024xi32>
  irdl.operation @arange {
    %int = irdl.base "#builtin.integer"
    %int2 = irdl.base "#builtin.integer"
    irdl.attributes { "start" = %int, "end" = %int2 }
    %t = irdl.base "!builtin.tensor"
    irdl.results(res: %t)
  }

  // A scalar repeated over a tile.
  //   %t = "tile.splat"(%x) : (f32) -> tensor<1024xf32>
  irdl.operation @splat {
    %s = irdl.any
    %t = irdl.base "!builtin.tensor"
    irdl.operands(value: %s)
    irdl.results(res: %t)
  }

  // Size-1 dimensions stretched to the result's shape (same rank).
  //   %b = "tile.broadcast"(%x) : (tensor<64x1xf32>) -> tensor<64x64xf32>
  irdl.operation @broadcast {
    %t = irdl.base "!builtin.tensor"
    irdl.operands(value: %t)
    %t_2 = irdl.base "!builtin.tensor"
    irdl.results(res: %t_2)
  }

  // A size-1 dimension inserted at `axis`.
  //   %e = "tile.expand_dims"(%x) {axis = 1 : i32} : (tensor<64xi32>) -> tensor<64x1xi32>
  irdl.operation @expand_dims {
    %t = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.attributes { "axis" = %axis }
    irdl.operands(value: %t)
    %t_2 = irdl.base "!builtin.tensor"
    irdl.results(res: %t_2)
  }

  // Pointer plus element offset (scaled by the pointee size), on scalars or tiles.
  //   %q = "tile.addptr"(%p, %offs) : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>) -> tensor<1024x!tile.ptr<f32>>
  irdl.operation @addptr {
    %p = irdl.any
    %o = irdl.any
    irdl.operands(ptr: %p, offset: %o)
    irdl.results(res: %p)
  }

  // A pointer cast (`p.to(*i32)`, `p.to(i64)`, `a.to(*f32)`): a pointer (tile) to another
  // pointee type, to its 64-bit address, or a 64-bit address to a pointer; same shape.
  //   %q = "tile.ptr_cast"(%p) : (tensor<1024x!tile.ptr<f32>>) -> tensor<1024x!tile.ptr<i32>>
  irdl.operation @ptr_cast {
    %a = irdl.any
    %r = irdl.any
    irdl.operands(value: %a)
    irdl.results(res: %r)
  }

  // Load through a pointer (tile); masked-off lanes give `other` (or are undefined).
  // An ordered load (source `sem = "acquire"`) also carries the discardable attributes
  // `tile.sem` and `tile.scope`, which `tile-to-memsem` turns into the memsem order.
  //   %v = "tile.load"(%p, %m, %o) {operandSegmentSizes = array<i32: 1, 1, 1>, cache = "", evict = "", volatile = false}
  //        : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi1>, tensor<1024xf32>) -> tensor<1024xf32>
  irdl.operation @load {
    %p = irdl.any
    %m = irdl.any
    %o = irdl.any
    %r = irdl.any
    %s = irdl.base "#builtin.string"
    %b = irdl.base "#builtin.integer"
    %s2 = irdl.base "#builtin.string"
    irdl.attributes { "cache" = %s, "evict" = %s2, "volatile" = %b }
    irdl.operands(ptr: %p, mask: optional %m, other: optional %o)
    irdl.results(res: %r)
  }

  // Store through a pointer (tile); masked-off lanes are not written. An ordered store
  // (source `sem = "release"`) also carries `tile.sem` and `tile.scope`.
  //   "tile.store"(%p, %v, %m) {operandSegmentSizes = array<i32: 1, 1, 1>, cache = "", evict = ""}
  //        : (tensor<1024x!tile.ptr<f32>>, tensor<1024xf32>, tensor<1024xi1>) -> ()
  irdl.operation @store {
    %p = irdl.any
    %v = irdl.any
    %m = irdl.any
    %s = irdl.base "#builtin.string"
    %s2 = irdl.base "#builtin.string"
    irdl.attributes { "cache" = %s, "evict" = %s2 }
    irdl.operands(ptr: %p, value: %v, mask: optional %m)
    irdl.results()
  }

  // Atomic read-modify-write; returns the old values.
  //   %old = "tile.atomic_rmw"(%p, %v) {operandSegmentSizes = array<i32: 1, 1, 0>, kind = "add", sem = "relaxed", scope = "gpu"}
  //        : (!tile.ptr<f32>, f32) -> f32
  irdl.operation @atomic_rmw {
    %p = irdl.any
    %v = irdl.any
    %m = irdl.any
    %kind_add = irdl.is "add"
    %kind_max = irdl.is "max"
    %kind_min = irdl.is "min"
    %kind_and = irdl.is "and"
    %kind_or = irdl.is "or"
    %kind_xor = irdl.is "xor"
    %kind_xchg = irdl.is "xchg"
    %kind = irdl.any_of(%kind_add, %kind_max, %kind_min, %kind_and, %kind_or, %kind_xor, %kind_xchg)
    %sem = irdl.base "#builtin.string"
    %sem2 = irdl.base "#builtin.string"
    irdl.attributes { "kind" = %kind, "sem" = %sem, "scope" = %sem2 }
    irdl.operands(ptr: %p, value: %v, mask: optional %m)
    irdl.results(res: %v)
  }

  // Atomic compare-and-swap; returns the old value.
  //   %old = "tile.atomic_cas"(%p, %cmp, %v) {sem = "acq_rel", scope = "gpu"} : (!tile.ptr<i32>, i32, i32) -> i32
  irdl.operation @atomic_cas {
    %p = irdl.any
    %v = irdl.any
    %s = irdl.base "#builtin.string"
    %s2 = irdl.base "#builtin.string"
    irdl.attributes { "sem" = %s, "scope" = %s2 }
    irdl.operands(ptr: %p, cmp: %v, value: %v)
    irdl.results(res: %v)
  }

  // Reduction of a tile along `axis` (sum, max, min, argmax, argmin, xor: bitwise of integers);
  // a 1-D tile reduces to a scalar. `combine` is empty for those kinds; for kind "custom"
  // (a `fn` combine) it is one block taking the left and right scalars and ending in
  // `gpu.yield` of their combination (associative; left stays left). IRDL has no optional
  // regions, so the built-in kinds carry an empty one; nor terminators, so the region ends
  // in upstream `gpu.yield` (a terminator with no parent constraint), not an op of ours.
  //   %s = "tile.reduce"(%x) ({
  //   }) {kind = "sum", axis = 0 : i32} : (tensor<1024xf32>) -> f32
  //   %m = "tile.reduce"(%x) ({
  //   ^bb0(%a: f32, %b: f32):
  //     %c = arith.maximumf %a, %b : f32
  //     "gpu.yield"(%c) : (f32) -> ()
  //   }) {kind = "custom", axis = 0 : i32} : (tensor<1024xf32>) -> f32
  irdl.operation @reduce {
    %t = irdl.base "!builtin.tensor"
    %r = irdl.any
    %kind_sum = irdl.is "sum"
    %kind_max = irdl.is "max"
    %kind_min = irdl.is "min"
    %kind_argmax = irdl.is "argmax"
    %kind_argmin = irdl.is "argmin"
    %kind_xor = irdl.is "xor"
    %kind_custom = irdl.is "custom"
    %kind = irdl.any_of(%kind_sum, %kind_max, %kind_min, %kind_argmax, %kind_argmin, %kind_xor, %kind_custom)
    %axis = irdl.base "#builtin.integer"
    irdl.attributes { "kind" = %kind, "axis" = %axis }
    irdl.operands(value: %t)
    irdl.results(res: %r)
    %combine = irdl.region
    irdl.regions(combine: %combine)
  }

  // Inclusive scan along `axis` (cumsum, cumprod, or "custom" with a `combine` region as
  // `tile.reduce`'s, empty for the built-in kinds); `reverse` scans from the axis's end
  // (element i combines elements i..n).
  //   %c = "tile.scan"(%x) ({
  //   }) {kind = "cumsum", axis = 0 : i32, reverse = false} : (tensor<1024xi32>) -> tensor<1024xi32>
  irdl.operation @scan {
    %t = irdl.base "!builtin.tensor"
    %kind_cumsum = irdl.is "cumsum"
    %kind_cumprod = irdl.is "cumprod"
    %kind_custom = irdl.is "custom"
    %kind = irdl.any_of(%kind_cumsum, %kind_cumprod, %kind_custom)
    %axis = irdl.base "#builtin.integer"
    %rev = irdl.base "#builtin.integer"
    irdl.attributes { "kind" = %kind, "axis" = %axis, "reverse" = %rev }
    irdl.operands(value: %t)
    irdl.results(res: %t)
    %combine = irdl.region
    irdl.regions(combine: %combine)
  }

  // Matrix product with accumulation: acc + a @ b.
  //   %d = "tile.dot"(%a, %b, %acc) {input_precision = "tf32"} : (tensor<128x64xf16>, tensor<64x256xf16>, tensor<128x256xf32>) -> tensor<128x256xf32>
  irdl.operation @dot {
    %t = irdl.base "!builtin.tensor"
    %s = irdl.base "#builtin.string"
    irdl.attributes { "input_precision" = %s }
    %t2 = irdl.base "!builtin.tensor"
    %t3 = irdl.base "!builtin.tensor"
    irdl.operands(a: %t, b: %t2, acc: %t3)
    %t_2 = irdl.base "!builtin.tensor"
    irdl.results(res: %t_2)
  }

  // Axes permuted (Triton's `tt.trans`): result axis i is operand axis order[i].
  //   %y = "tile.trans"(%x) {order = array<i32: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  //   %z = "tile.trans"(%w) {order = array<i32: 2, 0, 1>} : (tensor<2x4x8xf32>) -> tensor<8x2x4xf32>
  irdl.operation @trans {
    %t = irdl.base "!builtin.tensor"
    %order = irdl.base "#builtin.dense_array"
    irdl.attributes { "order" = %order }
    irdl.operands(value: %t)
    %t_2 = irdl.base "!builtin.tensor"
    irdl.results(res: %t_2)
  }

  // The same elements in another shape (row-major order).
  //   %y = "tile.reshape"(%x) : (tensor<64x32xf32>) -> tensor<2048xf32>
  irdl.operation @reshape {
    %t = irdl.base "!builtin.tensor"
    irdl.operands(value: %t)
    %t_2 = irdl.base "!builtin.tensor"
    irdl.results(res: %t_2)
  }

  // Reversal along `axis`: element i becomes element n - 1 - i (Triton's `flip`).
  //   %y = "tile.flip"(%x) {axis = 0 : i32} : (tensor<1024xi32>) -> tensor<1024xi32>
  irdl.operation @flip {
    %t = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.attributes { "axis" = %axis }
    irdl.operands(value: %t)
    irdl.results(res: %t)
  }

  // Triton's `gather`: the result has `index`'s shape (src's but along `axis`); element
  // i is src's with its coordinate along `axis` replaced by index[i] modulo that axis's
  // size.
  //   %y = "tile.gather"(%x, %i) {axis = 0 : i32} : (tensor<64x32xf32>, tensor<16x32xi32>) -> tensor<16x32xf32>
  irdl.operation @gather {
    %t = irdl.base "!builtin.tensor"
    %i = irdl.base "!builtin.tensor"
    %r = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    irdl.attributes { "axis" = %axis }
    irdl.operands(src: %t, index: %i)
    irdl.results(res: %r)
  }

  // Triton's `inline_asm_elementwise`: the PTX `asm` once per element of the (equally
  // shaped) arguments, `$0`, ... its `outputs` (element types, comma-separated) and then
  // the arguments, register constraints as LLVM spells them; the result is output
  // `index`. `pure` lets the compiler drop or merge it. An optional `pack` (Triton's,
  // default 1): each invocation handles that many consecutive elements of a thread.
  //   %y = "tile.inline_asm"(%x, %z) {asm = "mad.lo.s32 $0, $1, 2, $2;", constraints = "=r,r,r", index = 0 : i32, outputs = "i32", pure = true} : (tensor<256xi32>, tensor<256xi32>) -> tensor<256xi32>
  irdl.operation @inline_asm {
    %a = irdl.any
    %r = irdl.any
    %s = irdl.base "#builtin.string"
    %c = irdl.base "#builtin.string"
    %p = irdl.base "#builtin.integer"
    %o = irdl.base "#builtin.string"
    %i = irdl.base "#builtin.integer"
    irdl.attributes { "asm" = %s, "constraints" = %c, "pure" = %p, "outputs" = %o, "index" = %i }
    irdl.operands(args: variadic %a)
    irdl.results(res: %r)
  }

  // Bitonic sort along `axis`.
  //   %y = "tile.sort"(%x) {axis = 0 : i32, descending = false} : (tensor<1024xi32>) -> tensor<1024xi32>
  irdl.operation @sort {
    %t = irdl.base "!builtin.tensor"
    %axis = irdl.base "#builtin.integer"
    %b = irdl.base "#builtin.integer"
    irdl.attributes { "axis" = %axis, "descending" = %b }
    irdl.operands(value: %t)
    irdl.results(res: %t)
  }

  // Counts of each value in [0, num_bins).
  //   %h = "tile.histogram"(%x) : (tensor<1024xi32>) -> tensor<256xi32>
  irdl.operation @histogram {
    %t = irdl.base "!builtin.tensor"
    irdl.operands(value: %t)
    %t_2 = irdl.base "!builtin.tensor"
    irdl.results(res: %t_2)
  }

  // Each element's rank among the equal ones before it in a 1-D integer tile: how many
  // elements at lower indices hold its value (values outside [0, num_bins) count as one
  // value of their own). With `histogram`, a stable counting sort's positions.
  //   %r = "tile.bin_rank"(%x) {num_bins = 256 : i32} : (tensor<1024xi32>) -> tensor<1024xi32>
  irdl.operation @bin_rank {
    %t = irdl.base "!builtin.tensor"
    %n = irdl.base "#builtin.integer"
    irdl.attributes { "num_bins" = %n }
    irdl.operands(value: %t)
    %t_2 = irdl.base "!builtin.tensor"
    irdl.results(res: %t_2)
  }

  // Gather's inverse on 1-D tiles: element index[i] (modulo the size) of the result is
  // src[i]; elements no index names are zero; of two elements sent to one place, one.
  //   %y = "tile.scatter"(%x, %i) : (tensor<1024xf32>, tensor<1024xi32>) -> tensor<1024xf32>
  irdl.operation @scatter {
    %t = irdl.base "!builtin.tensor"
    %i = irdl.base "!builtin.tensor"
    irdl.operands(src: %t, index: %i)
    irdl.results(res: %t)
  }

  // Barrier across the program's threads.
  //   "tile.debug_barrier"() : () -> ()
  irdl.operation @debug_barrier {
    irdl.operands()
    irdl.results()
  }

  // printf from the device: the message and one value (a line per element of a tile), or
  // the message alone. `unsigned` (integers are signless here) prints the value as
  // unsigned, as Triton prints u8..u64.
  //   "tile.print"(%x) {msg = "x = ", unsigned = false} : (tensor<4xf32>) -> ()
  irdl.operation @print {
    %v = irdl.any
    %s = irdl.base "#builtin.string"
    %b = irdl.base "#builtin.integer"
    irdl.attributes { "msg" = %s, "unsigned" = %b }
    irdl.operands(value: optional %v)
    irdl.results()
  }

  // device_assert: a false element (an i1 scalar, or every element of a tile) prints
  // `where` (the .tile file:line:col), the message and the program id, and stops the kernel.
  //   "tile.assert"(%c) {msg = "x >= 0", where = "k.tile:3:5"} : (tensor<4xi1>) -> ()
  irdl.operation @assert {
    %c = irdl.any
    %s = irdl.base "#builtin.string"
    %w = irdl.base "#builtin.string"
    irdl.attributes { "msg" = %s, "where" = %w }
    irdl.operands(cond: %c)
    irdl.results()
  }

  // A block of a tensor through a TMA descriptor: `desc.load(offsets)` of a descriptor
  // whose base, shape and strides are the kernel's parameters or constants, compiled for
  // sm_90 or later. The block at `offsets` (elements, one per axis), zero where it leaves
  // the tensor (NaN with `nan = true`). `tensormap` numbers the kernel's descriptors: the
  // launch encodes descriptor N from the parameters its base, shape and strides are, and
  // the interpreter reads them here.
  //   %t = "tile.desc_load"(%a, %M, %K, %K, %c1, %om, %k) {operandSegmentSizes = array<i32: 1, 2, 2, 2>, tensormap = 0 : i32, nan = false}
  //        : (!tile.ptr<f16>, i32, i32, i32, i32, i32, i32) -> tensor<64x32xf16>
  irdl.operation @desc_load {
    %p = irdl.any
    %i = irdl.any
    %r = irdl.base "!builtin.tensor"
    %n = irdl.base "#builtin.integer"
    %b = irdl.base "#builtin.integer"
    irdl.attributes { "tensormap" = %n, "nan" = %b }
    irdl.operands(base: %p, shape: variadic %i, strides: variadic %i, offsets: variadic %i)
    irdl.results(res: %r)
  }

  // `desc.store(offsets, value)` through such a descriptor (sm_90 or later): the elements
  // of `value` (a block) that fall inside the tensor are written, the rest dropped.
  //   "tile.desc_store"(%c, %M, %N, %N, %c1, %om, %on, %v) {operandSegmentSizes = array<i32: 1, 2, 2, 2, 1>, tensormap = 2 : i32}
  //        : (!tile.ptr<f16>, i32, i32, i32, i32, i32, i32, tensor<64x64xf16>) -> ()
  irdl.operation @desc_store {
    %p = irdl.any
    %i = irdl.any
    %v = irdl.base "!builtin.tensor"
    %n = irdl.base "#builtin.integer"
    irdl.attributes { "tensormap" = %n }
    irdl.operands(base: %p, shape: variadic %i, strides: variadic %i, offsets: variadic %i, value: %v)
    irdl.results()
  }
}
