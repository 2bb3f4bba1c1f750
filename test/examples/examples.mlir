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
