// The `memsem` dialect: memory operations with every ordering, scope and cache choice
// explicit and verified, one step above the PTX they become. `tile-to-memsem` makes the
// language's defaults explicit here; `convert-to-llvm` maps each op to exactly one PTX form.
irdl.dialect @memsem {
  // A load. order: "weak" (plain ld), "relaxed" / "acquire" (ld.relaxed / ld.acquire at
  // `scope`), "volatile" (ld.volatile). cache: "" ".ca" ".cg" ".cv" ".cs" ".lu";
  // evict: "" "evict_first" "evict_last".
  //   %v = "memsem.load"(%p, %m, %o) {operandSegmentSizes = array<i32: 1, 1, 1>, order = "weak", scope = "", cache = ".cg", evict = ""}
  //        : (tensor<1024x!tile.ptr<f32>>, tensor<1024xi1>, tensor<1024xf32>) -> tensor<1024xf32>
  irdl.operation @load {
    %any = irdl.any
    %o_weak = irdl.is "weak"
    %o_relaxed = irdl.is "relaxed"
    %o_acquire = irdl.is "acquire"
    %o_volatile = irdl.is "volatile"
    %order = irdl.any_of(%o_weak, %o_relaxed, %o_acquire, %o_volatile)
    %s_none = irdl.is ""
    %s_cta = irdl.is "cta"
    %s_gpu = irdl.is "gpu"
    %s_sys = irdl.is "sys"
    %scope = irdl.any_of(%s_none, %s_cta, %s_gpu, %s_sys)
    %c_ca = irdl.is ".ca"
    %c_cg = irdl.is ".cg"
    %c_cv = irdl.is ".cv"
    %c_cs = irdl.is ".cs"
    %c_lu = irdl.is ".lu"
    %cache = irdl.any_of(%s_none, %c_ca, %c_cg, %c_cv, %c_cs, %c_lu)
    %e_first = irdl.is "evict_first"
    %e_last = irdl.is "evict_last"
    %evict = irdl.any_of(%s_none, %e_first, %e_last)
    irdl.attributes { "order" = %order, "scope" = %scope, "cache" = %cache, "evict" = %evict }
    %any2 = irdl.any
    %any3 = irdl.any
    irdl.operands(ptr: %any, mask: optional %any2, other: optional %any3)
    %any_2 = irdl.any
    irdl.results(res: %any_2)
  }

  // A store. order: "weak", "relaxed", "release" (st.release at `scope`), "volatile".
  // cache: "" ".wb" ".wt" ".cg" ".cs".
  //   "memsem.store"(%p, %v) {operandSegmentSizes = array<i32: 1, 1, 0>, order = "weak", scope = "", cache = ".cg", evict = ""}
  //        : (!tile.ptr<i64>, i64) -> ()
  irdl.operation @store {
    %any = irdl.any
    %o_weak = irdl.is "weak"
    %o_relaxed = irdl.is "relaxed"
    %o_release = irdl.is "release"
    %o_volatile = irdl.is "volatile"
    %order = irdl.any_of(%o_weak, %o_relaxed, %o_release, %o_volatile)
    %s_none = irdl.is ""
    %s_cta = irdl.is "cta"
    %s_gpu = irdl.is "gpu"
    %s_sys = irdl.is "sys"
    %scope = irdl.any_of(%s_none, %s_cta, %s_gpu, %s_sys)
    %c_wb = irdl.is ".wb"
    %c_wt = irdl.is ".wt"
    %c_cg = irdl.is ".cg"
    %c_cs = irdl.is ".cs"
    %cache = irdl.any_of(%s_none, %c_wb, %c_wt, %c_cg, %c_cs)
    %e_first = irdl.is "evict_first"
    %e_last = irdl.is "evict_last"
    %evict = irdl.any_of(%s_none, %e_first, %e_last)
    irdl.attributes { "order" = %order, "scope" = %scope, "cache" = %cache, "evict" = %evict }
    %any2 = irdl.any
    %any3 = irdl.any
    irdl.operands(ptr: %any, value: %any2, mask: optional %any3)
    irdl.results()
  }

  // Atomic read-modify-write at `sem` and `scope`; returns the old value(s).
  //   %old = "memsem.atomic_rmw"(%p, %v) {operandSegmentSizes = array<i32: 1, 1, 0>, kind = "add", sem = "relaxed", scope = "gpu"} : (!tile.ptr<f32>, f32) -> f32
  irdl.operation @atomic_rmw {
    %any = irdl.any
    %k_add = irdl.is "add"
    %k_max = irdl.is "max"
    %k_min = irdl.is "min"
    %k_and = irdl.is "and"
    %k_or = irdl.is "or"
    %k_xor = irdl.is "xor"
    %k_xchg = irdl.is "xchg"
    %kind = irdl.any_of(%k_add, %k_max, %k_min, %k_and, %k_or, %k_xor, %k_xchg)
    %m_relaxed = irdl.is "relaxed"
    %m_acquire = irdl.is "acquire"
    %m_release = irdl.is "release"
    %m_acq_rel = irdl.is "acq_rel"
    %sem = irdl.any_of(%m_relaxed, %m_acquire, %m_release, %m_acq_rel)
    %s_cta = irdl.is "cta"
    %s_gpu = irdl.is "gpu"
    %s_sys = irdl.is "sys"
    %scope = irdl.any_of(%s_cta, %s_gpu, %s_sys)
    irdl.attributes { "kind" = %kind, "sem" = %sem, "scope" = %scope }
    %any2 = irdl.any
    %any3 = irdl.any
    irdl.operands(ptr: %any, value: %any2, mask: optional %any3)
    %any_2 = irdl.any
    irdl.results(res: %any_2)
  }

  // Atomic compare-and-swap at `sem` and `scope`; returns the old value.
  //   %old = "memsem.atomic_cas"(%p, %cmp, %v) {sem = "acq_rel", scope = "gpu"} : (!tile.ptr<i32>, i32, i32) -> i32
  irdl.operation @atomic_cas {
    %any = irdl.any
    %m_relaxed = irdl.is "relaxed"
    %m_acquire = irdl.is "acquire"
    %m_release = irdl.is "release"
    %m_acq_rel = irdl.is "acq_rel"
    %sem = irdl.any_of(%m_relaxed, %m_acquire, %m_release, %m_acq_rel)
    %s_cta = irdl.is "cta"
    %s_gpu = irdl.is "gpu"
    %s_sys = irdl.is "sys"
    %scope = irdl.any_of(%s_cta, %s_gpu, %s_sys)
    irdl.attributes { "sem" = %sem, "scope" = %scope }
    %any2 = irdl.any
    %any3 = irdl.any
    irdl.operands(ptr: %any, cmp: %any2, value: %any3)
    %any_2 = irdl.any
    irdl.results(res: %any_2)
  }

  // A fence: fence.{sem}.{scope}.
  //   "memsem.fence"() {sem = "acq_rel", scope = "gpu"} : () -> ()
  irdl.operation @fence {
    %m_acquire = irdl.is "acquire"
    %m_release = irdl.is "release"
    %m_acq_rel = irdl.is "acq_rel"
    %m_sc = irdl.is "sc"
    %sem = irdl.any_of(%m_acquire, %m_release, %m_acq_rel, %m_sc)
    %s_cta = irdl.is "cta"
    %s_gpu = irdl.is "gpu"
    %s_sys = irdl.is "sys"
    %scope = irdl.any_of(%s_cta, %s_gpu, %s_sys)
    irdl.attributes { "sem" = %sem, "scope" = %scope }
    irdl.operands()
    irdl.results()
  }
}
