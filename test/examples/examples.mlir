// Every example this slice lowers compiles to PTX that ptxas accepts.
// RUN: %tilec %examples/add.tile -o %t-add.ptx && %ptxas --gpu-name sm_90 %t-add.ptx -o %t-add.cubin
// RUN: %tilec %examples/add.tile --arch sm_80 -o %t-add80.ptx && %ptxas --gpu-name sm_80 %t-add80.ptx -o %t-add80.cubin
// RUN: %tilec %examples/sum.tile -o %t-sum.ptx && %ptxas --gpu-name sm_90 %t-sum.ptx -o %t-sum.cubin
// RUN: %tilec %examples/persistent_sum.tile -o %t-ps.ptx && %ptxas --gpu-name sm_90 %t-ps.ptx -o %t-ps.cubin
// RUN: %tilec %examples/softmax_row.tile -o %t-sm.ptx && %ptxas --gpu-name sm_90 %t-sm.ptx -o %t-sm.cubin
// RUN: %tilec %examples/scan.tile -o %t-scan.ptx && %ptxas --gpu-name sm_90 %t-scan.ptx -o %t-scan.cubin
// RUN: %tilec %examples/scan.tile --arch sm_80 -o %t-scan80.ptx && %ptxas --gpu-name sm_80 %t-scan80.ptx -o %t-scan80.cubin
// RUN: %tilec %examples/scan_window.tile -o %t-scanw.ptx && %ptxas --gpu-name sm_90 %t-scanw.ptx -o %t-scanw.cubin
// RUN: %tilec %examples/message_passing.tile -o %t-mp.ptx && %ptxas --gpu-name sm_90 %t-mp.ptx -o %t-mp.cubin
// RUN: %tilec %examples/transpose.tile --assume sxc=1 --assume syc=1 -o %t-tr.ptx && %ptxas --gpu-name sm_90 %t-tr.ptx -o %t-tr.cubin
// RUN: %tilec %examples/transpose.tile -o %t-trg.ptx && %ptxas --gpu-name sm_90 %t-trg.ptx -o %t-trg.cubin
// RUN: %tilec %examples/transpose.tile --arch sm_80 --assume sxc=1 --assume syc=1 -o %t-tr80.ptx && %ptxas --gpu-name sm_80 %t-tr80.ptx -o %t-tr80.cubin
// RUN: %tilec %examples/transpose_f16.tile --divisibility rows=16 --divisibility cols=16 --divisibility sxr=16 --divisibility syr=16 --assume sxc=1 --assume syc=1 -o %t-trh.ptx && %ptxas --gpu-name sm_90 %t-trh.ptx -o %t-trh.cubin
// RUN: %tilec %examples/transpose_naive.tile -o %t-trn.ptx && %ptxas --gpu-name sm_90 %t-trn.ptx -o %t-trn.cubin
// RUN: %tilec %examples/copy2d.tile -o %t-c2.ptx && %ptxas --gpu-name sm_90 %t-c2.ptx -o %t-c2.cubin
// RUN: %tilec %examples/copy2d.tile --assume sxc=1 --assume syc=1 -o %t-c2u.ptx && %ptxas --gpu-name sm_90 %t-c2u.ptx -o %t-c2u.cubin
// RUN: %tilec %examples/layer_norm.tile -o %t-ln.ptx && %ptxas --gpu-name sm_90 %t-ln.ptx -o %t-ln.cubin
// RUN: %tilec %examples/softmax_2d.tile -o %t-s2.ptx && %ptxas --gpu-name sm_90 %t-s2.ptx -o %t-s2.cubin
// RUN: %tilec %examples/math_fns.tile -o %t-mf.ptx && %ptxas --gpu-name sm_90 %t-mf.ptx -o %t-mf.cubin
// RUN: %tilec %examples/static_loops.tile -o %t-sl.ptx && %ptxas --gpu-name sm_90 %t-sl.ptx -o %t-sl.cubin
// RUN: %tilec %examples/reduce2d.tile -o %t-r2.ptx && %ptxas --gpu-name sm_90 %t-r2.ptx -o %t-r2.cubin
// RUN: %tilec %examples/matmul.tile -o %t-mm.ptx && %ptxas --gpu-name sm_90 %t-mm.ptx -o %t-mm.cubin
// RUN: %tilec %examples/reduce_serial.tile -o %t-rser.ptx && %ptxas --gpu-name sm_90 %t-rser.ptx -o %t-rser.cubin
// RUN: %tilec %examples/reduce_two_kernel.tile -o %t-r2k.ptx && %ptxas --gpu-name sm_90 %t-r2k.ptx -o %t-r2k.cubin
// RUN: %tilec %examples/reduce_counter.tile -o %t-rcnt.ptx && %ptxas --gpu-name sm_90 %t-rcnt.ptx -o %t-rcnt.cubin
// RUN: %tilec %examples/scan_sums.tile -o %t-ssum.ptx && %ptxas --gpu-name sm_90 %t-ssum.ptx -o %t-ssum.cubin
// RUN: %tilec %examples/scan_then_propagate.tile -o %t-stp.ptx && %ptxas --gpu-name sm_90 %t-stp.ptx -o %t-stp.cubin
// RUN: %tilec %examples/reduce_then_scan.tile -o %t-rts.ptx && %ptxas --gpu-name sm_90 %t-rts.ptx -o %t-rts.cubin
// RUN: %tilec %examples/chained_scan.tile -o %t-chs.ptx && %ptxas --gpu-name sm_90 %t-chs.ptx -o %t-chs.cubin
// RUN: %tilec %examples/chained_scan.tile --arch sm_80 -o %t-chs80.ptx && %ptxas --gpu-name sm_80 %t-chs80.ptx -o %t-chs80.cubin
