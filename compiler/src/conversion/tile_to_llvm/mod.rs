//! `convert-tile-to-llvm`: layout-encoded tile ops and memsem ops → a `gpu.module` of
//! `llvm.func` kernels over per-thread scalars.
//!
//! 1. Each `func.func` kernel becomes an `llvm.func` with `nvvm.kernel` and
//!    `nvvm.reqntid` (it always runs with exactly num_warps x 32 threads, and ptxas
//!    schedules for that block size), pointers becoming `!llvm.ptr<1>`.
//! 2. A tile value becomes the registers one thread holds of it (`tile_dialects::layout::Dist`); a scalar
//!    stays one value. `Lowerer::map` records that.
//! 3. Ops are lowered in order by family: creation (program ids, arange, splat),
//!    elementwise (arith, math), memory (memsem → PTX), control flow (scf, flattened),
//!    reductions (registers, then shuffles, then shared memory).
//! 4. Shared memory is one dynamic `llvm.mlir.global` per kernel; `allocate-shared` has
//!    placed every buffer and each op's scratch in it, and the lowering follows.

mod async_copy;
mod bin_rank;
mod combine;
mod control_flow;
mod convert;
mod creation;
mod dot;
mod elementwise;
mod elementwise_f64;
mod flip;
mod fmod;
mod fp8;
mod gather;
mod histogram;
mod inline_asm;
mod matrix;
pub use matrix::stmatrix_applies;
mod math_approx;
mod math_f64;
mod memory;
mod mma;
mod print;
mod reduce;
mod reduce_axis;
mod scan;
mod scratch;
pub use scratch::{scratch_bytes, ScratchCx};
mod shared_mem;
mod sort;
mod tma;
mod wgmma;

use crate::analysis::axis_info::AxisAnalysis;
use crate::options::{Arch, CompileOptions};
use crate::pass::PassError;
use std::collections::HashMap;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Block, Builder, Encoding, Module, Op, Region, Type, ValueId, Values};
use tile_dialects::layout::Dist;
use tile_dialects::opname;

pub(crate) struct Lowerer<'m> {
    pub src: &'m Module,
    /// Axis info of the source module: which registers of a mask hold equal values.
    pub axis: &'m AxisAnalysis,
    /// `elementwise::equal_registers` by (mask type, constancy): a kernel's masks share a
    /// few layouts, and each answer checks every thread's coordinates.
    pub equal_regs: HashMap<(Type, Vec<i64>), std::rc::Rc<[usize]>>,
    pub map: HashMap<ValueId, Vec<ValueId>>,
    pub num_warps: u32,
    pub index_bits: u32,
    /// Let float `a * b + c` contract to one FMA (Triton's `enable_fp_fusion`).
    pub fp_fusion: bool,
    /// `%tid.x`, lane and warp index, made at entry.
    pub tid: ValueId,
    pub lane: ValueId,
    pub warp: ValueId,
    /// The most bytes of shared memory the lowered ops address: checked against the
    /// kernel's `tile.smem_bytes` from `allocate-shared`.
    pub smem_bytes: u32,
    pub smem_name: String,
    /// The scratch `allocate-shared` gave the op being lowered: (first byte, bytes).
    pub scratch: Option<(u32, u32)>,
    /// A scratch request the allocation does not cover (reported after the op).
    pub scratch_error: Option<PassError>,
    /// Whether the op being lowered has used its scratch already (a second use waits
    /// for the first one's reads: the op's own barrier).
    pub scratch_used: bool,
    /// The op being lowered has `layout.sync`: a barrier before its first write.
    pub scratch_sync: bool,
    /// The source op being lowered (named when its scratch request is not covered).
    pub cur_op: String,
    /// How many loops enclose the op being lowered (a masked load moves `other` into its
    /// registers only outside loops: `memory.rs`).
    pub loop_depth: u32,
    /// The registers a thread's tensor-core accumulators take in the innermost loop being
    /// lowered (its `warp_group_dot` results): how much of the register file the loop
    /// already holds.
    pub loop_acc_regs: usize,
    /// The op being lowered comes right after a `wait_group 0`: every wgmma has completed.
    pub wgmma_retired: bool,
    /// Every value some op of the kernel reads.
    pub used: std::collections::HashSet<ValueId>,
    /// Module-level ops the kernel needs (format strings of `device_print`).
    pub globals: Vec<Op>,
    pub needs_vprintf: bool,
    pub needs_assertfail: bool,
    pub arch: Arch,
    /// The PTX ISA version (x10) an instruction of this kernel needs, when more than the
    /// back end declares for the target by default (`.L1::evict_*` needs 7.4; sm_80's
    /// default is 7.0).
    pub min_ptx: u32,
    /// The defining op of each value made inside a region (a loop body, a branch); values
    /// of the kernel's top level are made once and have none here.
    pub defs: HashMap<ValueId, &'m Op>,
    /// Integer tiles widened from flags (`arith.extui` of an i1 tile): every element is 0
    /// or 1, so a max or min of one is a vote (reduce.rs).
    pub flags: std::collections::HashSet<ValueId>,
    /// The arguments of every block nested in the kernel (a loop's induction variable and
    /// carried values): values that change from one trip to the next.
    pub region_args: std::collections::HashSet<ValueId>,
    /// The kernel's TMA descriptor parameters (`tile.tensormaps`, after its own): each a
    /// pointer to the 128-byte descriptor.
    pub tensormaps: Vec<ValueId>,
}

pub fn run(m: &mut Module, opts: &CompileOptions) -> Result<(), PassError> {
    let mut out = Module { loc: m.loc.clone(), ..Default::default() };
    let mut funcs = vec![];
    let mut min_ptx = 0;
    let axis = AxisAnalysis::run(m);
    for op in &m.body {
        if op.name != "func.func" {
            return Err(PassError::at(&op.loc, format!("unexpected top-level op `{}`", op.name)));
        }
        let (lowered, ptx) = lower_kernel(m, &axis, op, opts, &mut out.values)?;
        min_ptx = min_ptx.max(ptx);
        for f in lowered {
            // One declaration of each CUDA function however many kernels call it.
            let sym = f.str_attr("sym_name");
            let external = [print::VPRINTF.0, print::ASSERTFAIL.0].contains(&sym.as_deref().unwrap_or(""));
            let dup = external && funcs.iter().any(|g: &Op| g.str_attr("sym_name") == sym);
            if !dup {
                funcs.push(f);
            }
        }
    }
    // Only a module that needs a newer PTX ISA than the target's default names one, so
    // every other module's PTX is what it always was.
    let target = match min_ptx {
        v if v > default_ptx(opts.arch) => format!("[#nvvm.target<chip = \"{}\", features = \"+ptx{v}\">]", opts.arch),
        _ => format!("[#nvvm.target<chip = \"{}\">]", opts.arch),
    };
    out.body.push(Op {
        name: "gpu.module".into(),
        operands: vec![],
        results: vec![],
        attrs: vec![("sym_name".into(), Attr::str("tilec")), ("targets".into(), Attr(target))],
        regions: vec![Region::single(Block { args: vec![], ops: funcs })],
        successors: vec![],
        loc: m.loc.clone(),
    });
    out.attrs.push(("gpu.container_module".into(), Attr("unit".into())));
    *m = out;
    Ok(())
}

/// The kernel and, when it needs shared memory, its scratch global.
/// The PTX ISA version (x10) LLVM's NVPTX back end declares for a target by default.
fn default_ptx(arch: Arch) -> u32 {
    match arch {
        Arch::Sm80 => 70,
        Arch::Sm90 => 78,
        Arch::Sm90a => 80,
    }
}

fn lower_kernel(
    m: &Module,
    axis: &AxisAnalysis,
    f: &Op,
    opts: &CompileOptions,
    values: &mut Values,
) -> Result<(Vec<Op>, u32), PassError> {
    let name = f.str_attr("sym_name").unwrap_or_default();
    let num_warps = f.num_warps();
    let entry = &f.regions[0].blocks[0];
    let mut arg_tys: Vec<Type> = entry.args.iter().map(|a| lower_type(m.values.ty(*a))).collect();
    let maps = crate::metadata::tensormaps_of(f);
    arg_tys.extend(maps.iter().map(|_| Type::LlvmPtr(0)));
    let args: Vec<ValueId> = arg_tys.iter().map(|t| values.new_value(t.clone())).collect();
    let tensormaps = args[entry.args.len()..].to_vec();
    let mut ops = vec![];
    let mut l = Lowerer {
        src: m,
        axis,
        equal_regs: HashMap::new(),
        map: HashMap::new(),
        num_warps,
        index_bits: opts.index_bits,
        fp_fusion: opts.fp_fusion,
        tid: 0,
        lane: 0,
        warp: 0,
        smem_bytes: 0,
        smem_name: format!("{name}_smem"),
        scratch: None,
        scratch_error: None,
        scratch_used: false,
        scratch_sync: false,
        cur_op: String::new(),
        loop_depth: 0,
        loop_acc_regs: 0,
        wgmma_retired: false,
        used: {
            let mut used = std::collections::HashSet::new();
            collect_used(&entry.ops, &mut used);
            used
        },
        globals: vec![],
        needs_vprintf: false,
        needs_assertfail: false,
        arch: opts.arch,
        min_ptx: 0,
        defs: HashMap::new(),
        flags: std::collections::HashSet::new(),
        region_args: std::collections::HashSet::new(),
        tensormaps,
    };
    collect_defs(&entry.ops, &mut l.defs, &mut l.region_args, false);
    collect_flags(&m.values, &entry.ops, &mut l.flags);
    for (a, n) in entry.args.iter().zip(&args) {
        l.map.insert(*a, vec![*n]);
    }
    {
        let mut b = Builder::new(values, &mut ops, f.loc.clone());
        l.tid = crate::conversion::nvidia::sreg::read(&mut b, "tid", 0);
        let c5 = b.const_int(5, 32);
        let c31 = b.const_int(31, 32);
        l.lane = b.op1("arith.andi", &[l.tid, c31], Type::Int(32), &[]);
        l.warp = b.op1("arith.shrui", &[l.tid, c5], Type::Int(32), &[]);
        l.block(&mut b, &entry.ops)?;
    }
    // `allocate-shared`'s placement: the kernel's bytes and the alignment its buffers need.
    let total = f.int_attr(attrname::TILE_SMEM_BYTES).unwrap_or(0);
    let align = f.int_attr(attrname::LAYOUT_SMEM_ALIGN).unwrap_or(16);
    if total < l.smem_bytes as i64 || total > opts.arch.smem_limit() as i64 || !(16..=1024).contains(&align) {
        return Err(PassError::at(
            &f.loc,
            format!(
                "kernel `{name}`: `{}` = {total} and `{}` = {align} do not hold the {} bytes its buffers use within \
                 the {} limit (run allocate-shared)",
                attrname::TILE_SMEM_BYTES,
                attrname::LAYOUT_SMEM_ALIGN,
                l.smem_bytes,
                opts.arch
            ),
        ));
    }
    let sig: Vec<String> = arg_tys.iter().map(|t| t.to_string().replace("!llvm.", "")).collect();
    let mut result = std::mem::take(&mut l.globals);
    if l.needs_vprintf {
        result.push(print::extern_decl(print::VPRINTF, &f.loc));
    }
    if l.needs_assertfail {
        result.push(print::extern_decl(print::ASSERTFAIL, &f.loc));
    }
    if total > 0 {
        // Dynamic shared memory: the launch gives its size (OUT.json's `shared_bytes`),
        // which may pass 48 KB once the runtime raises the kernel's limit.
        result.push(Op {
            name: "llvm.mlir.global".into(),
            operands: vec![],
            results: vec![],
            attrs: vec![
                ("addr_space".into(), Attr::int(3, "i32")),
                ("alignment".into(), Attr::int(align, "i64")),
                ("global_type".into(), Attr("!llvm.array<0 x i8>".into())),
                ("linkage".into(), Attr("#llvm.linkage<external>".into())),
                ("sym_name".into(), Attr::str(&l.smem_name)),
            ],
            regions: vec![Region::default()],
            successors: vec![],
            loc: f.loc.clone(),
        });
    }
    let mut attrs = vec![
        ("sym_name".into(), Attr::str(&name)),
        ("function_type".into(), Attr(format!("!llvm.func<void ({})>", sig.join(", ")))),
        ("linkage".into(), Attr("#llvm.linkage<external>".into())),
        ("nvvm.kernel".into(), Attr("unit".into())),
        ("nvvm.reqntid".into(), Attr(format!("array<i32: {}, 1, 1>", num_warps * 32))),
        (attrname::TILE_SMEM_BYTES.into(), Attr::int(total, "i32")),
    ];
    // `#[cluster_dims(n)]`: PTX's `.reqnctapercluster n, 1, 1` (launches need no cluster
    // attribute: the driver reads it off the kernel). Ampere has no clusters: the kernel
    // runs the same without (nothing it computes depends on them; its TMA copies, the only
    // thing clusters share, are plain loads there).
    if let Some(c) = f.int_attr(attrname::TILE_CLUSTER_DIMS).filter(|&c| c > 1 && opts.arch != Arch::Sm80) {
        attrs.push(("nvvm.cluster_dim".into(), Attr(format!("array<i32: {c}, 1, 1>"))));
    }
    // `#[maxnreg(n)]`: PTX's `.maxnreg n`.
    if let Some(n) = f.int_attr(attrname::TILE_MAXNREG) {
        attrs.push(("nvvm.maxnreg".into(), Attr::int(n, "i32")));
    }
    // What the launch metadata reads off the lowered kernel, with its shared memory.
    let hints = attrname::TILE_DIVISIBILITY_HINTS;
    attrs.extend(f.attr(hints).map(|h| (hints.to_string(), h.clone())));
    if !maps.is_empty() {
        // Descriptor parameters are passed by value and read in place (tma.rs).
        let mut arg_attrs = vec!["{}"; entry.args.len()];
        arg_attrs.extend(maps.iter().map(|_| tma::TENSORMAP_ARG_ATTRS));
        attrs.push(("arg_attrs".into(), Attr(format!("[{}]", arg_attrs.join(", ")))));
        let key = attrname::TILE_TENSORMAPS;
        attrs.extend(f.attr(key).map(|a| (key.to_string(), a.clone())));
    }
    result.push(Op {
        name: "llvm.func".into(),
        operands: vec![],
        results: vec![],
        attrs,
        regions: vec![Region::single(Block { args, ops })],
        successors: vec![],
        loc: f.loc.clone(),
    });
    Ok((result, l.min_ptx))
}

fn collect_defs<'a>(
    ops: &'a [Op],
    defs: &mut HashMap<ValueId, &'a Op>,
    args: &mut std::collections::HashSet<ValueId>,
    nested: bool,
) {
    for o in ops {
        if nested {
            defs.extend(o.results.iter().map(|r| (*r, o)));
        }
        for b in o.regions.iter().flat_map(|r| &r.blocks) {
            args.extend(b.args.iter().copied());
            collect_defs(&b.ops, defs, args, true);
        }
    }
}

/// `Lowerer::flags`: the results of `arith.extui` from i1 tiles, at any depth.
fn collect_flags(values: &Values, ops: &[Op], flags: &mut std::collections::HashSet<ValueId>) {
    for o in ops {
        if o.name == "arith.extui"
            && values.ty(o.operands[0]).is_tensor()
            && values.ty(o.operands[0]).elem() == &Type::Int(1)
        {
            flags.extend(o.results.iter().copied());
        }
        for b in o.regions.iter().flat_map(|r| &r.blocks) {
            collect_flags(values, &b.ops, flags);
        }
    }
}

pub fn collect_used(ops: &[Op], used: &mut std::collections::HashSet<ValueId>) {
    for o in ops {
        used.extend(o.operands.iter().copied());
        for r in &o.regions {
            for b in &r.blocks {
                collect_used(&b.ops, used);
            }
        }
    }
}

/// An f32 constant, exactly (elementwise.rs and math_approx.rs both build them).
pub(super) fn fconst(b: &mut Builder, v: f64) -> ValueId {
    let lit = crate::tilegen::types::float_literal(v, crate::sema::types::Scalar::F32);
    b.op1("arith.constant", &[], Type::F32, &[("value", Attr(format!("{lit} : f32")))])
}

/// A `vector<N x ty>` of `elems` in order (N = `elems.len()`): a vector store's value,
/// or lanes packed into one tensor-core operand register.
pub(super) fn vector_of(b: &mut Builder, elems: &[ValueId], ty: &Type) -> ValueId {
    let vt = Type::Other(format!("vector<{}x{ty}>", elems.len()));
    let mut v = b.op1("llvm.mlir.undef", &[], vt.clone(), &[]);
    for (k, e) in elems.iter().enumerate() {
        let i = b.const_int(k as i64, 32);
        v = b.op1("llvm.insertelement", &[v, *e, i], vt.clone(), &[]);
    }
    v
}

/// The `n` elements of `v`, a `vector<n x ty>` (the reverse of `vector_of`).
pub(super) fn elements_of(b: &mut Builder, v: ValueId, n: usize, ty: &Type) -> Vec<ValueId> {
    (0..n)
        .map(|k| {
            let i = b.const_int(k as i64, 32);
            b.op1("llvm.extractelement", &[v, i], ty.clone(), &[])
        })
        .collect()
}

/// Pointers to global memory become `!llvm.ptr<1>`; a tile, its element type.
pub fn lower_type(t: &Type) -> Type {
    match t {
        Type::TilePtr(_) => Type::LlvmPtr(1),
        Type::Tensor { elem, .. } => lower_type(elem),
        Type::MemDesc { .. } => Type::LlvmPtr(3),
        // LLVM has no fp8: its bits travel as i8 (`fp8.rs`).
        t if t.is_fp8() => Type::Int(8),
        t => t.clone(),
    }
}

impl Lowerer<'_> {
    pub fn ty(&self, v: ValueId) -> &Type {
        self.src.values.ty(v)
    }

    /// The distribution of a tile value.
    pub fn dist(&self, v: ValueId, loc: &str) -> Result<Dist, PassError> {
        let t = self.ty(v);
        match t.encoding() {
            Some(e) => {
                Dist::of(t.shape(), e).ok_or_else(|| PassError::at(loc, format!("encoding {e} cannot be lowered yet")))
            }
            None => Err(PassError::at(loc, format!("tile of type {t} has no encoding: run `layout-propagate` first"))),
        }
    }

    /// How many values a source value becomes.
    pub fn nregs(&self, t: &Type) -> usize {
        match Dist::of_type(t) {
            Some(d) if t.is_tensor() => d.elems_per_thread(),
            _ => 1,
        }
    }

    pub fn get(&self, v: ValueId) -> &[ValueId] {
        &self.map[&v]
    }

    /// The one value of a scalar.
    pub fn scalar(&self, v: ValueId) -> ValueId {
        self.map[&v][0]
    }

    /// Register `j` of a tile, or the scalar itself.
    pub fn reg(&self, v: ValueId, j: usize) -> ValueId {
        let r = &self.map[&v];
        if r.len() == 1 {
            r[0]
        } else {
            r[j]
        }
    }

    /// Thread parts of `dist`, computed where they are used (LLVM's CSE merges repeats;
    /// caching them at entry would need dominance care inside regions).
    pub fn thread_parts(&mut self, b: &mut Builder, dist: &Dist) -> Vec<ValueId> {
        dist.thread_parts(b, self.lane, self.warp)
    }

    /// The op's scratch, as `!llvm.ptr<3>`: `allocate-shared` placed it and `membar` put
    /// the barrier before it that earlier users of its bytes need.
    pub fn smem(&mut self, b: &mut Builder, bytes: u32) -> ValueId {
        // Where `allocate-shared` put the op's scratch (above the live buffers).
        let (at, have) = self.scratch.unwrap_or((0, 0));
        if (bytes > have || at % 16 != 0) && self.scratch_error.is_none() {
            self.scratch_error = Some(PassError::at(
                &b.loc,
                format!(
                    "`{}` needs {bytes} bytes of shared scratch at a 16-byte boundary; allocate-shared gave {have} at byte {at}",
                    self.cur_op
                ),
            ));
        }
        self.smem_bytes = self.smem_bytes.max(at + bytes);
        self.smem_at(b, at)
    }

    /// `smem` before the op writes it, with the barrier `membar` asked for
    /// (`layout.sync`); a second use by the same op (a scan's totals, then its copies'
    /// exchange) first waits for the reads of the first. Emit the writes after.
    pub fn smem_for_write(&mut self, b: &mut Builder, bytes: u32) -> ValueId {
        let base = self.smem(b, bytes);
        if std::mem::replace(&mut self.scratch_used, true) || std::mem::take(&mut self.scratch_sync) {
            crate::conversion::nvidia::sreg::barrier(b);
        }
        base
    }

    pub fn block(&mut self, b: &mut Builder, ops: &[Op]) -> Result<(), PassError> {
        let mut prev: Option<&Op> = None;
        for op in ops {
            b.loc = op.loc.clone();
            // Right after a product waited for in full (its `wait_group 0`), no product is
            // in flight any more (attention's p v, retired with q k^T).
            self.wgmma_retired =
                prev.is_some_and(|p| p.name == opname::LAYOUT_WARP_GROUP_DOT && p.int_attr("async") != Some(1));
            // The op's scratch, restored after it (a combine region's ops have none).
            let outer = (self.scratch, self.scratch_used, self.scratch_sync);
            let sync = op.int_attr(attrname::LAYOUT_SYNC) == Some(1);
            (self.scratch, self.scratch_used, self.scratch_sync) = (scratch_of(op), false, sync);
            self.op(b, op)?;
            (self.scratch, self.scratch_used, self.scratch_sync) = outer;
            if let Some(e) = self.scratch_error.take() {
                return Err(e);
            }
            prev = Some(op);
        }
        Ok(())
    }

    fn op(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let name = op.name.as_str();
        self.cur_op = op.name.clone();
        // A panic while lowering this op is reported at its .tile line.
        crate::internal::at(&op.loc);
        match name {
            "func.return" => {
                b.op("llvm.return", &[], &[], &[]);
            }
            _ if fp8::is_fp8_op(self, op) => self.fp8_op(b, op)?,
            opname::TILE_PROGRAM_ID
            | opname::TILE_NUM_PROGRAMS
            | opname::TILE_ARANGE
            | opname::TILE_SPLAT
            | "arith.constant" => self.creation(b, op)?,
            opname::TILE_ADDPTR => self.addptr(b, op)?,
            opname::TILE_PTR_CAST => self.ptr_cast(b, op),
            opname::TILE_DEBUG_BARRIER => crate::conversion::nvidia::sreg::barrier(b),
            opname::TILE_PRINT => self.print(b, op)?,
            opname::TILE_ASSERT => self.assert(b, op)?,
            opname::MEMSEM_LOAD => self.load(b, op)?,
            opname::MEMSEM_STORE => self.store(b, op)?,
            opname::MEMSEM_ATOMIC_RMW | opname::MEMSEM_ATOMIC_CAS => self.atomic(b, op)?,
            opname::TILE_REDUCE => self.reduce(b, op)?,
            opname::TILE_DOT if matches!(self.ty(op.result()).encoding(), Some(Encoding::Mma(_))) => {
                self.mma_sync(b, op)?
            }
            opname::TILE_DOT => self.dot(b, op)?,
            opname::LAYOUT_WARP_GROUP_DOT => self.warp_group_dot(b, op)?,
            opname::LAYOUT_WARP_GROUP_DOT_WAIT => self.warp_group_dot_wait(b, op)?,
            opname::LAYOUT_LOCAL_ALLOC => self.local_alloc(b, op)?,
            // Its bytes are free for what `allocate-shared` put there next.
            opname::LAYOUT_LOCAL_DEALLOC => {}
            opname::LAYOUT_LOCAL_LOAD => self.local_load(b, op)?,
            opname::LAYOUT_MEMDESC_INDEX => self.memdesc_index(b, op)?,
            opname::LAYOUT_ASYNC_COPY => self.async_copy(b, op)?,
            opname::LAYOUT_ASYNC_COMMIT => self.async_commit(b),
            opname::LAYOUT_ASYNC_WAIT => self.async_wait(b, op),
            opname::LAYOUT_BARRIER => crate::conversion::nvidia::sreg::barrier(b),
            opname::LAYOUT_FENCE_ASYNC_SHARED => shared_mem::fence_async_shared(b),
            opname::LAYOUT_MBARRIER_INIT => self.mbarrier_init(b, op)?,
            opname::LAYOUT_TMA_LOAD => self.tma_load(b, op)?,
            opname::LAYOUT_TMA_STORE => self.tma_store(b, op)?,
            opname::LAYOUT_MBARRIER_INVAL => self.mbarrier_inval(b, op)?,
            opname::LAYOUT_MBARRIER_WAIT => self.mbarrier_wait(b, op)?,
            opname::LAYOUT_MBARRIER_ARRIVE => self.mbarrier_arrive(b, op)?,
            opname::LAYOUT_CLUSTER_BARRIER => self.cluster_barrier(b)?,
            opname::TILE_EXPAND_DIMS | opname::TILE_BROADCAST | opname::TILE_TRANS => self.shape_op(b, op)?,
            opname::LAYOUT_CONVERT | opname::TILE_RESHAPE => self.convert(b, op)?,
            opname::TILE_SCAN => self.scan(b, op)?,
            opname::TILE_HISTOGRAM => self.histogram(b, op)?,
            opname::TILE_SORT => self.sort(b, op)?,
            opname::TILE_FLIP => self.flip(b, op)?,
            opname::TILE_GATHER => self.gather(b, op)?,
            opname::TILE_SCATTER => self.scatter(b, op)?,
            opname::TILE_BIN_RANK => self.bin_rank(b, op)?,
            opname::TILE_INLINE_ASM => self.inline_asm(b, op)?,
            "scf.for" | "scf.if" | "scf.while" | "scf.yield" | "scf.condition" => self.control_flow(b, op)?,
            n if n.starts_with("arith.") || n.starts_with("math.") => self.elementwise(b, op)?,
            _ => return Err(PassError::at(&op.loc, format!("`{}` cannot be lowered to NVVM yet", op.name))),
        }
        Ok(())
    }
}

/// `allocate-shared`'s scratch for `op`: (first byte, bytes).
fn scratch_of(op: &Op) -> Option<(u32, u32)> {
    let at = u32::try_from(op.int_attr(attrname::LAYOUT_SCRATCH_OFFSET)?).ok()?;
    let bytes = u32::try_from(op.int_attr(attrname::LAYOUT_SCRATCH_BYTES)?).ok()?;
    Some((at, bytes))
}
