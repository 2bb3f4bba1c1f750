// The `layout` dialect: how a tile's elements are spread over threads, and moves between
// such spreads. Encodings sit on tile types: `tensor<1024xf32, #layout.blocked<...>>`.
irdl.dialect @layout {
  // Blocked encoding: each thread holds `size_per_thread` contiguous elements per dimension,
  // a warp is `threads_per_warp` threads, a program `warps_per_cta` warps, tiled over the
  // tile's shape (wrapping, and replicating when the tile is smaller than one pass);
  // `order` lists dimensions fastest-varying first.
  //   #layout.blocked<array<i32: 4>, array<i32: 32>, array<i32: 4>, array<i32: 0>>
  irdl.attribute @blocked {
    %a = irdl.any
    %a2 = irdl.any
    %a3 = irdl.any
    %a4 = irdl.any
    irdl.parameters(size_per_thread: %a, threads_per_warp: %a2, warps_per_cta: %a3, order: %a4)
  }

  // The parent encoding with dimension `dim` reduced away (the result of a reduction).
  //   #layout.slice<0 : i32, #layout.blocked<...>>
  irdl.attribute @slice {
    %d = irdl.base "#builtin.integer"
    %p = irdl.any
    irdl.parameters(dim: %d, parent: %p)
  }

  // A tile staged in shared memory: `vec` elements per access, XOR swizzle of `per_phase`
  // rows per phase over `max_phase` phases (0 phases: padded rows of `pad` elements),
  // then a linear layout: (dim, bit, mask) triples, the element's offset XORed with
  // `mask` where bit `bit` of its index along `dim` is set (unpadded rows).
  //   #layout.shared<4 : i32, 1 : i32, 8 : i32, 0 : i32, array<i32: 1, 0>, array<i32>>
  //   #layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32: 1, 5, 1>>
  irdl.attribute @shared {
    %i = irdl.base "#builtin.integer"
    %a = irdl.any
    %x = irdl.any
    %i2 = irdl.base "#builtin.integer"
    %i3 = irdl.base "#builtin.integer"
    %i4 = irdl.base "#builtin.integer"
    irdl.parameters(vec: %i, per_phase: %i2, max_phase: %i3, pad: %i4, order: %a, xor: %x)
  }

  // A tensor-core accumulator: `version` 2 is mma.sync (m16n8, one warp an instruction),
  // 3 is wgmma (m64nN, a warp group of four consecutive warps an instruction);
  // `warps_per_cta` along M and N, `instr_shape` the instruction's M, N, K. The register
  // order of each is in `dialects/src/layout/encoding.rs`.
  //   #layout.mma<3 : i32, array<i32: 8, 1>, array<i32: 64, 256, 16>>
  //   #layout.mma<2 : i32, array<i32: 2, 4>, array<i32: 16, 8, 16>>
  irdl.attribute @mma {
    %i = irdl.base "#builtin.integer"
    %a = irdl.any
    %a2 = irdl.any
    irdl.parameters(version: %i, warps_per_cta: %a, instr_shape: %a2)
  }

  // Operand `idx` (0: A, 1: B) of a tensor-core product in registers, as the instruction
  // of the `parent` accumulator encoding takes it: `k_width` consecutive K elements a
  // register group (32 bits: 2 for f16 / bf16, 4 for i8, 1 for tf32).
  //   #layout.dot_op<0 : i32, #layout.mma<2 : i32, array<i32: 2, 4>, array<i32: 16, 8, 16>>, 2 : i32>
  irdl.attribute @dot_op {
    %i = irdl.base "#builtin.integer"
    %p = irdl.any
    %k = irdl.base "#builtin.integer"
    irdl.parameters(idx: %i, parent: %p, k_width: %k)
  }

  // The tensor cores' shared-memory layout: rows cut into panels of `swizzle` bytes
  // (32, 64 or 128), each panel all rows one after another, 16-byte chunk c of row r at
  // c ^ (r / (128 / swizzle)) % (swizzle / 16); `vec` elements make 16 bytes; `order`
  // lists dimensions fastest first. wgmma descriptors and ldmatrix read it.
  //   #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>
  irdl.attribute @nvmma {
    %s = irdl.base "#builtin.integer"
    %v = irdl.base "#builtin.integer"
    %o = irdl.any
    irdl.parameters(swizzle: %s, vec: %v, order: %o)
  }

  // A tile in shared memory: its shape (a leading dimension counts the slots of a ring
  // buffer), element type and shared layout (`#layout.shared` or `#layout.nvmma`).
  //   !layout.memdesc<array<i64: 3, 128, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
  irdl.type @memdesc {
    %s = irdl.any
    %e = irdl.any
    %l = irdl.any
    irdl.parameters(shape: %s, elem: %e, layout: %l)
  }

  // The same tile in another encoding.
  //   %y = "layout.convert"(%x) : (tensor<64x64xf32, #layout.blocked<...>>) -> tensor<64x64xf32, #layout.blocked<...>>
  irdl.operation @convert {
    %t = irdl.base "!builtin.tensor"
    irdl.operands(value: %t)
    %t_2 = irdl.base "!builtin.tensor"
    irdl.results(res: %t_2)
  }

  // A buffer in shared memory, live until its `local_dealloc` (or the kernel's end); with
  // an operand, the tile is stored into it first (every thread its own elements).
  //   %s = "layout.local_alloc"(%x) : (tensor<128x64xf16, #layout.blocked<...>>) -> !layout.memdesc<array<i64: 128, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
  //   %r = "layout.local_alloc"() : () -> !layout.memdesc<array<i64: 3, 128, 64>, f16, #layout.nvmma<128 : i32, 8 : i32, array<i32: 1, 0>>>
  irdl.operation @local_alloc {
    %t = irdl.base "!builtin.tensor"
    irdl.operands(init: optional %t)
    %m = irdl.base @layout::@memdesc
    irdl.results(res: %m)
  }

  // The end of a buffer's life: its bytes may hold other data after this.
  //   "layout.local_dealloc"(%r) : (!layout.memdesc<...>) -> ()
  irdl.operation @local_dealloc {
    %m = irdl.base @layout::@memdesc
    irdl.operands(buf: %m)
    irdl.results()
  }

  // A shared tile read into registers in the result's encoding (`ldmatrix` where the
  // encoding is a dot operand that the layout allows it for).
  //   %a = "layout.local_load"(%s) : (!layout.memdesc<...>) -> tensor<128x64xf16, #layout.dot_op<...>>
  irdl.operation @local_load {
    %m = irdl.base @layout::@memdesc
    irdl.operands(buf: %m)
    %t = irdl.base "!builtin.tensor"
    irdl.results(res: %t)
  }

  // Slot `index` of a ring buffer: the same layout without the leading dimension.
  //   %s = "layout.memdesc_index"(%r, %i) : (!layout.memdesc<array<i64: 3, 128, 64>, ...>, i32) -> !layout.memdesc<array<i64: 128, 64>, ...>
  irdl.operation @memdesc_index {
    %m = irdl.base @layout::@memdesc
    %i = irdl.is i32
    irdl.operands(buf: %m, index: %i)
    %m2 = irdl.base @layout::@memdesc
    irdl.results(res: %m2)
  }

  // An asynchronous copy of a tile from global memory into a shared buffer (cp.async,
  // 4, 8 or 16 bytes a thread an instruction); masked-off elements are written as zero.
  // The copy joins the thread's open group (`async_commit`).
  //   "layout.async_copy"(%p, %s, %m) {operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<128x64x!tile.ptr<f16>, #layout.blocked<...>>, !layout.memdesc<...>, tensor<128x64xi1, #layout.blocked<...>>) -> ()
  irdl.operation @async_copy {
    %t = irdl.base "!builtin.tensor"
    %m = irdl.base @layout::@memdesc
    %k = irdl.base "!builtin.tensor"
    irdl.operands(ptr: %t, buf: %m, mask: optional %k)
    irdl.results()
  }

  // Closes the thread's open group of asynchronous copies.
  //   "layout.async_commit"() : () -> ()
  irdl.operation @async_commit {
    irdl.operands()
    irdl.results()
  }

  // Waits until at most `pending` of this thread's groups of copies are in flight.
  //   "layout.async_wait"() {pending = 1 : i32} : () -> ()
  irdl.operation @async_wait {
    %i = irdl.base "#builtin.integer"
    irdl.attributes { "pending" = %i }
    irdl.operands()
    irdl.results()
  }

  // A barrier across the program's threads (bar.sync): shared-memory writes before it
  // are seen by reads after it.
  //   "layout.barrier"() : () -> ()
  irdl.operation @barrier {
    irdl.operands()
    irdl.results()
  }

  // Orders this thread's ordinary shared-memory writes before later reads by the
  // tensor cores' async proxy (fence.proxy.async.shared::cta); a barrier follows it.
  //   "layout.fence_async_shared"() : () -> ()
  irdl.operation @fence_async_shared {
    irdl.operands()
    irdl.results()
  }

  // acc + a @ b on the tensor cores of a warp group (wgmma): `b` in shared memory, `a`
  // in shared memory or in registers (a dot operand of the accumulator's encoding), the
  // accumulator in registers (`#layout.mma` version 3). With `async = true` the product
  // is issued and left in flight: a `warp_group_dot_wait` must come before its result is
  // read.
  //   %d = "layout.warp_group_dot"(%a, %b, %acc) {input_precision = "tf32", async = false} : (!layout.memdesc<...>, !layout.memdesc<...>, tensor<128x256xf32, #layout.mma<...>>) -> tensor<128x256xf32, #layout.mma<...>>
  irdl.operation @warp_group_dot {
    %a = irdl.any
    %b = irdl.base @layout::@memdesc
    %t = irdl.base "!builtin.tensor"
    %s = irdl.base "#builtin.string"
    %y = irdl.base "#builtin.integer"
    irdl.attributes { "input_precision" = %s, "async" = %y }
    irdl.operands(a: %a, b: %b, acc: %t)
    %t2 = irdl.base "!builtin.tensor"
    irdl.results(res: %t2)
  }

  // Waits until at most `pending` warp-group products are in flight, and returns its
  // operands (the accumulators those products write), so nothing reads them earlier.
  //   %w = "layout.warp_group_dot_wait"(%d) {pending = 1 : i32} : (tensor<128x256xf32, #layout.mma<...>>) -> tensor<128x256xf32, #layout.mma<...>>
  irdl.operation @warp_group_dot_wait {
    %t = irdl.base "!builtin.tensor"
    %i = irdl.base "#builtin.integer"
    irdl.attributes { "pending" = %i }
    irdl.operands(values: variadic %t)
    %t2 = irdl.base "!builtin.tensor"
    irdl.results(res: variadic %t2)
  }

  // Makes `bar` (one shared i64) an mbarrier whose phases complete after `count`
  // arrivals and the bytes they expect (one thread does it).
  //   "layout.mbarrier_init"(%bar) {count = 1 : i32} : (!layout.memdesc<array<i64: 1>, i64, #layout.shared<...>>) -> ()
  irdl.operation @mbarrier_init {
    %m = irdl.base @layout::@memdesc
    %i = irdl.base "#builtin.integer"
    irdl.attributes { "count" = %i }
    irdl.operands(bar: %m)
    irdl.results()
  }

  // Invalidates every mbarrier of `bar` (one, or a ring of them), so their bytes may hold
  // something else (PTX requires it before reuse; one thread does it, after a barrier that
  // follows every wait on them). Counts as a write of the bytes (`membar`).
  //   "layout.mbarrier_inval"(%bars) : (!layout.memdesc<array<i64: 3, 1>, i64, #layout.shared<...>>) -> ()
  irdl.operation @mbarrier_inval {
    %m = irdl.base @layout::@memdesc
    irdl.operands(bar: %m)
    irdl.results()
  }

  // A TMA copy (cp.async.bulk.tensor) of the block at `offsets` through the kernel's
  // descriptor `tensormap` into `buf`: one thread arrives on `bar` expecting the block's
  // bytes, which complete the barrier's phase when they have landed. `base`, `shape`,
  // `strides` and `nan` are `tile.desc_load`'s (the interpreter reads them).
  // With a discardable `multicast = n : i32` (`software-pipeline`, in a kernel of
  // clusters of n programs whose copies are provably the same block in each): every
  // program of the cluster expects the whole block's bytes on its own `bar`, and issues a
  // share of the block's boxes (box k by the program of cluster rank k mod n) to all of
  // them (`.multicast::cluster`), which fill the same `buf` and signal the same `bar` in
  // each.
  //   "layout.tma_load"(%a, %M, %K, %K, %c1, %om, %k, %buf, %bar) {operandSegmentSizes = array<i32: 1, 2, 2, 2, 1, 1>, tensormap = 0 : i32, nan = false} : (...) -> ()
  irdl.operation @tma_load {
    %p = irdl.any
    %i = irdl.any
    %m = irdl.base @layout::@memdesc
    %m2 = irdl.base @layout::@memdesc
    %n = irdl.base "#builtin.integer"
    %b = irdl.base "#builtin.integer"
    irdl.attributes { "tensormap" = %n, "nan" = %b }
    irdl.operands(base: %p, shape: variadic %i, strides: variadic %i, offsets: variadic %i, buf: %m, bar: %m2)
    irdl.results()
  }

  // A TMA store (cp.async.bulk.tensor, shared to global) of `buf` through the kernel's
  // descriptor `tensormap` to the block at `offsets`: elements outside the tensor are
  // dropped. One thread issues it after a `fence.proxy.async` (the threads wrote `buf`
  // through the generic proxy; `membar` puts the fence and the barrier before it, as for
  // wgmma's operands) and waits until the copy has read `buf`, so the buffer may be
  // reused after the next barrier; the global writes complete asynchronously.
  //   "layout.tma_store"(%c, %M, %N, %N, %c1, %om, %on, %buf) {operandSegmentSizes = array<i32: 1, 2, 2, 2, 1>, tensormap = 2 : i32} : (...) -> ()
  irdl.operation @tma_store {
    %p = irdl.any
    %i = irdl.any
    %m = irdl.base @layout::@memdesc
    %n = irdl.base "#builtin.integer"
    irdl.attributes { "tensormap" = %n }
    irdl.operands(base: %p, shape: variadic %i, strides: variadic %i, offsets: variadic %i, buf: %m)
    irdl.results()
  }

  // One thread arrives on the mbarrier `bar` of every program of its cluster of `cluster`
  // programs (itself included): a software pipeline's program
  // saying it is done reading a ring slot that the cluster's multicast copies refill.
  //   "layout.mbarrier_arrive"(%bar) {cluster = 2 : i32} : (!layout.memdesc<...>) -> ()
  irdl.operation @mbarrier_arrive {
    %m = irdl.base @layout::@memdesc
    %i = irdl.base "#builtin.integer"
    irdl.attributes { "cluster" = %i }
    irdl.operands(bar: %m)
    irdl.results()
  }

  // Every thread of every program of the cluster arrives, then waits for all of them
  // (barrier.cluster, release then acquire): mbarriers initialised before it may be
  // signalled by the others' copies and arrivals after it, and no program leaves (or
  // reuses its mbarriers' bytes) while another may still signal them.
  //   "layout.cluster_barrier"() : () -> ()
  irdl.operation @cluster_barrier {
    irdl.operands()
    irdl.results()
  }

  // Waits until the phase of parity `phase` (0 or 1) of the mbarrier `bar` has completed:
  // the copies it counted are then visible to the waiting thread.
  //   "layout.mbarrier_wait"(%bar, %phase) : (!layout.memdesc<...>, i32) -> ()
  irdl.operation @mbarrier_wait {
    %m = irdl.base @layout::@memdesc
    %i = irdl.any
    irdl.operands(bar: %m, phase: %i)
    irdl.results()
  }
}
