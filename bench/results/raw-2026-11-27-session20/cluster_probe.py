# Does a kernel whose PTX says `.reqnctapercluster 2, 1, 1` launch in clusters through a
# plain cuLaunchKernel (CuPy's RawModule), and does a multicast-free remote mbarrier arrive
# work? Writes each CTA's %cluster_ctarank and %clusterid.x.
import cupy as cp
ptx = r"""
.version 8.0
.target sm_90a
.address_size 64
.visible .entry probe(.param .u64 out)
.reqnctapercluster 2, 1, 1
{
  .reg .b32 r<8>; .reg .b64 rd<4>;
  ld.param.u64 rd1, [out];
  cvta.to.global.u64 rd1, rd1;
  mov.u32 r1, %cluster_ctarank;
  mov.u32 r2, %clusterid.x;
  mov.u32 r3, %ctaid.x;
  mov.u32 r4, %tid.x;
  setp.ne.u32 %p1, r4, 0;
  mul.wide.u32 rd2, r3, 8;
  add.u64 rd3, rd1, rd2;
  barrier.cluster.arrive.release.aligned;
  barrier.cluster.wait.acquire.aligned;
  st.global.v2.u32 [rd3], {r1, r2};
  ret;
}
"""
ptx = ptx.replace(".reg .b64 rd<4>;", ".reg .b64 rd<4>; .reg .pred %p<2>;")
m = cp.RawModule(code=ptx, backend="nvcc") if False else None
mod = cp.cuda.function.Module()
mod.load(ptx.encode())
f = mod.get_function("probe")
out = cp.zeros(16, dtype=cp.uint32)
f((8,), (128,), (out,))
cp.cuda.Device().synchronize()
print("rank,clusterid per cta:", out.get().reshape(8, 2).tolist())
try:
    f((7,), (128,), (out,)); cp.cuda.Device().synchronize(); print("grid 7: launched (unexpected)")
except Exception as e:
    print("grid 7:", type(e).__name__, str(e)[:200])
