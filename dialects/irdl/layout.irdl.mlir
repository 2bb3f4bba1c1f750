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

  // Tensor-core accumulator encoding (mma.sync v2, wgmma v3) for the matrix work.
  //   #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 16, 256, 16>>
  irdl.attribute @mma {
    %i = irdl.base "#builtin.integer"
    %a = irdl.any
    %a2 = irdl.any
    irdl.parameters(version: %i, warps_per_cta: %a, instr_shape: %a2)
  }

  // The same tile in another encoding.
  //   %y = "layout.convert"(%x) : (tensor<64x64xf32, #layout.blocked<...>>) -> tensor<64x64xf32, #layout.blocked<...>>
  irdl.operation @convert {
    %t = irdl.base "!builtin.tensor"
    irdl.operands(value: %t)
    %t_2 = irdl.base "!builtin.tensor"
    irdl.results(res: %t_2)
  }
}
