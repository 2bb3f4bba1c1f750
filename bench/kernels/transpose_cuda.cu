// Hand-written CUDA variants of the 64x64 f32 transpose (8192^2, unit column strides),
// for the floor study in bench/results/2026-11-23-h100-transpose-floor.md. Each kernel
// takes tilec's transpose signature (x, y, rows, cols, sxr, sxc, syr, syc), so
// bench/transpose_variants.py times it beside Triton's:
//   nvcc -ptx -O3 -arch=sm_90 bench/kernels/transpose_cuda.cu -o DIR/cuda.ptx
// then DIR/NAME.ptx (a copy) and DIR/NAME.json = {"kernels": [{"name": NAME, "block": [128, 1, 1]}]}.
//
// cpasync_cg / cpasync_ca: cp.async (no registers) into a tile whose 16-byte chunks are
//   XOR-swizzled by row/4, then 4x4 blocks a thread: 16-byte shared reads, the block
//   transposed in registers, 16-byte global stores. ldgsts: the same tile and reads,
//   loaded through registers (LDG.128 + STS.128). bulkstore: the transposed tile written
//   back by cp.async.bulk, one 256-byte row per thread of the first two warps.
#include <cuda_runtime.h>
constexpr int R = 8192, C = 8192;

__device__ __forceinline__ int swz(int r, int chunk) { return r * 64 + ((chunk ^ ((r >> 2) & 7)) << 2); }

__device__ __forceinline__ void st_v4(float* p, float4 v) {
  asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
}

template <int MODE>  // 0: cp.async.cg, 1: LDG + STS.128, 2: cp.async.ca
__device__ __forceinline__ void blocks(const float* __restrict__ x, float* __restrict__ y) {
  __shared__ __align__(16) float t[64 * 64];
  int r0 = blockIdx.x * 64, c0 = blockIdx.y * 64, tid = threadIdx.x;
  int j = tid % 16, rl = tid / 16;
  if (MODE == 1) {
    float4 v[8];
#pragma unroll
    for (int k = 0; k < 8; k++) v[k] = *(const float4*)&x[(size_t)(r0 + rl + 8 * k) * C + c0 + 4 * j];
#pragma unroll
    for (int k = 0; k < 8; k++) *(float4*)&t[swz(rl + 8 * k, j)] = v[k];
  } else {
#pragma unroll
    for (int k = 0; k < 8; k++) {
      int r = rl + 8 * k;
      unsigned s = (unsigned)__cvta_generic_to_shared(&t[swz(r, j)]);
      const float* g = &x[(size_t)(r0 + r) * C + c0 + 4 * j];
      if (MODE == 0)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(g));
      else
        asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(s), "l"(g));
    }
    asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
  }
  __syncthreads();
  int b = tid % 16;
#pragma unroll
  for (int h = 0; h < 2; h++) {
    int a = tid / 16 + 8 * h;
    float4 q[4];
#pragma unroll
    for (int k = 0; k < 4; k++) q[k] = *(const float4*)&t[swz(4 * b + k, a)];
    st_v4(&y[(size_t)(c0 + 4 * a + 0) * R + r0 + 4 * b], make_float4(q[0].x, q[1].x, q[2].x, q[3].x));
    st_v4(&y[(size_t)(c0 + 4 * a + 1) * R + r0 + 4 * b], make_float4(q[0].y, q[1].y, q[2].y, q[3].y));
    st_v4(&y[(size_t)(c0 + 4 * a + 2) * R + r0 + 4 * b], make_float4(q[0].z, q[1].z, q[2].z, q[3].z));
    st_v4(&y[(size_t)(c0 + 4 * a + 3) * R + r0 + 4 * b], make_float4(q[0].w, q[1].w, q[2].w, q[3].w));
  }
}

#define SIG const float* __restrict__ x, float* __restrict__ y, int rows, int cols, int sxr, int sxc, int syr, int syc
extern "C" __global__ void __launch_bounds__(128) cpasync_cg(SIG) { blocks<0>(x, y); }
extern "C" __global__ void __launch_bounds__(128) ldgsts(SIG) { blocks<1>(x, y); }
extern "C" __global__ void __launch_bounds__(128) cpasync_ca(SIG) { blocks<2>(x, y); }

extern "C" __global__ void __launch_bounds__(128) bulkstore(SIG) {
  __shared__ float t[64][65];
  __shared__ __align__(128) float o[64][64];
  int r0 = blockIdx.x * 64, c0 = blockIdx.y * 64, tid = threadIdx.x;
  int lc = (tid % 16) * 4, lr = tid / 16;
  float4 v[8];
#pragma unroll
  for (int k = 0; k < 8; k++) v[k] = *(const float4*)&x[(size_t)(r0 + lr + 8 * k) * C + c0 + lc];
#pragma unroll
  for (int k = 0; k < 8; k++) {
    t[lr + 8 * k][lc] = v[k].x; t[lr + 8 * k][lc + 1] = v[k].y;
    t[lr + 8 * k][lc + 2] = v[k].z; t[lr + 8 * k][lc + 3] = v[k].w;
  }
  __syncthreads();
  for (int i = tid; i < 4096; i += 128) o[i / 64][i % 64] = t[i % 64][i / 64];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (tid < 64) {
    unsigned s = (unsigned)__cvta_generic_to_shared(&o[tid][0]);
    float* g = &y[(size_t)(c0 + tid) * R + r0];
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], 256;" ::"l"(g), "r"(s) : "memory");
    asm volatile("cp.async.bulk.commit_group;\ncp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}
