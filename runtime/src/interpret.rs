//! Running kernels with the interpreter (`tile-interp`) instead of a GPU: what `tilerun`
//! does on a machine without one, or with `--interpret`. Arguments, `.npy` files,
//! `--save` and `--check` are the GPU path's (`bind`, `buffers`, `check`); this module
//! turns them into the interpreter's memory and arguments, runs the kernel's tile-level
//! IR, renders faults, races and deadlocks against the .tile source, and with
//! `--check-each-pass` runs the IR after each pass on the same inputs and names the
//! first pass whose result differs.

use crate::bind::Bound;
use crate::buffers::HostBuffer;
use crate::check::{self, Tolerance};
use crate::dtype::{DType, ElemBytes};
use crate::spec::Source;
use crate::Error;
use std::time::Instant;
use tile_interp::{Arg, Fault, Kernel, Launch, Memory, Race};
use tilec::internals::diag::{self, Diagnostic};
use tilec::internals::source::{SourceFile, Span};
use tilec::metadata::KernelMeta;

/// The interpreter's switches on tilerun's command line.
#[derive(Clone, Debug, Default)]
pub struct InterpOptions {
    /// `--interpret`: even where a GPU exists.
    pub force: bool,
    /// `--races`: report unordered accesses between programs (exit 1 if any).
    pub races: bool,
    /// `--uninit`: report reads of `empty:` elements no store wrote.
    pub uninit: bool,
    /// `--check-each-pass`: compare the result after each pass with the tile level's.
    pub check_each_pass: bool,
    /// `--tile-level`: run the tile-level IR, not the IR after membar.
    pub tile_level: bool,
}

impl InterpOptions {
    /// The stages a run needs.
    pub fn stages(&self) -> tilec::internals::driver::Stages {
        use tilec::internals::driver::Stages;
        match (self.check_each_pass, self.tile_level) {
            (true, _) => Stages::EachPass,
            (false, true) => Stages::Tile,
            (false, false) => Stages::Final,
        }
    }

    pub fn options(&self) -> tile_interp::Options {
        tile_interp::Options { races: self.races, uninit: self.uninit, ..Default::default() }
    }
}

/// Why the interpreter runs: forced, or no GPU (said in one line, on stdout: stderr
/// stays for errors).
pub fn announce(forced: bool) {
    if !forced {
        println!("tilerun: no GPU here: running the kernel in the interpreter (tilerun --interpret)");
    }
}

/// `--bench` cannot be honoured without a GPU.
pub fn refuse_bench() -> Error {
    Error::msg("--bench times kernels on a GPU: the interpreter cannot time them (no GPU here, or --interpret)")
}

/// Where `loc` points in `file`: a .tile's locations name it; MLIR parsed from a
/// `.mlir`'s text names its lines `"-"`.
fn span_in(file: &SourceFile, loc: &str) -> Option<Span> {
    file.span_of_loc(loc).or_else(|| file.span_of_loc(&loc.replacen("loc(\"-\":", &format!("loc({:?}:", file.name), 1)))
}

/// A fault rendered against the .tile source: file:line:col, the line, a caret, notes.
pub fn render_fault(file: &SourceFile, f: &Fault) -> String {
    let span = f.loc.as_deref().and_then(|l| span_in(file, l));
    let Some(span) = span else {
        let mut s = format!("{}: error: {}\n", file.name, f.message);
        for (_, n) in &f.notes {
            s.push_str(&format!("  note: {n}\n"));
        }
        return s;
    };
    let mut d = Diagnostic::error(&f.message, span, "");
    for (loc, text) in &f.notes {
        match loc.as_deref().and_then(|l| span_in(file, l)) {
            Some(s) if s != span => d = d.with_secondary(s, text.clone()),
            Some(_) => d.label = text.clone(),
            None => d = d.note(text.clone()),
        }
    }
    diag::render(file, &[d])
}

/// A race rendered with both lines.
pub fn render_race(file: &SourceFile, r: &Race) -> String {
    let msg = format!(
        "race: program {} {} `{}`[{}], written by program {} with no happens-before between them{}",
        r.program,
        r.what,
        r.buffer,
        r.index,
        r.other_program,
        if r.count > 1 { format!(" ({} accesses like it)", r.count) } else { String::new() }
    );
    let at = file.span_of_loc(&r.loc).unwrap_or(Span::default());
    let mut d = Diagnostic::error(msg, at, "this access");
    if let Some(w) = file.span_of_loc(&r.other_loc) {
        d = d.with_secondary(w, "the write");
    }
    d = d.help(
        "order them: the writer's release (store or atomic) of a flag, read by an acquire of the same flag \
         at scope gpu before this access (tile accesses also need debug_barrier)",
    );
    diag::render(file, &[d])
}

/// The interpreter's view of one bound argument.
pub fn arg(b: &Bound, dtype: DType, buffer: Option<usize>) -> Arg {
    match (b, buffer) {
        (_, Some(i)) => Arg::Buffer(i),
        (Bound::Scalar { bits }, None) => {
            let bytes = bits.to_le_bytes();
            if dtype.is_float() {
                Arg::Float(dtype.read_f64(&bytes, 0))
            } else {
                Arg::Int(dtype.read_int(&bytes, 0) as i64)
            }
        }
        (Bound::Buffer { .. }, None) => Arg::Int(0),
    }
}

/// Adds a host buffer to the interpreter's memory (`empty:` ones tracked as unwritten).
pub fn add_buffer(mem: &mut Memory, name: &str, h: &HostBuffer, source: Option<&Source>) -> usize {
    let unit = h.dtype.size();
    if matches!(source, Some(Source::Empty)) {
        mem.add_uninit(name, h.data.clone(), unit)
    } else {
        mem.add(name, h.data.clone(), unit)
    }
}

/// The kernel decoded for the interpreter, its faults rendered.
pub fn prepare(file: &SourceFile, stage: &tile_dialects::ir::Module, name: &str) -> Result<Kernel, Error> {
    Kernel::prepare(stage, Some(name))
        .map_err(|f| Error::Interp { rendered: render_fault(file, &f), who: format!("kernel `{name}`") })
}

/// Runs one launch of `k` (the IR of `stage`: "tile", a pass's name, "input"); faults and
/// races rendered. Races are printed and counted.
#[allow(clippy::too_many_arguments)]
pub fn launch(
    file: &SourceFile,
    k: &Kernel,
    stage: &str,
    grid: [u32; 3],
    args: &[Arg],
    mem: &mut Memory,
    io: &InterpOptions,
    who: &str,
) -> Result<usize, Error> {
    let t = Instant::now();
    let out = tile_interp::run(k, &Launch { grid, args }, mem, &io.options())
        .map_err(|f| Error::Interp { rendered: render_fault(file, &f), who: who.to_string() })?;
    for r in &out.races {
        eprint!("{}", render_race(file, r));
    }
    let programs: u64 = grid.iter().map(|&g| g.max(1) as u64).product();
    println!(
        "{who}: ran grid {grid:?} in the interpreter ({}, {programs} programs, {} rounds, {:.1} ms){}",
        stage_words(stage),
        out.rounds,
        t.elapsed().as_secs_f64() * 1e3,
        if io.races { format!(", {} races", out.races.len()) } else { String::new() }
    );
    Ok(out.races.len())
}

/// How the run line names the IR it interpreted.
pub fn stage_words(stage: &str) -> String {
    match stage {
        "tile" => "tile level".into(),
        "input" => "the input IR".into(),
        pass => format!("IR after `{pass}`"),
    }
}

/// The buffers of `mem` as host buffers of the given types and shapes.
pub fn fetch(mem: &Memory, i: usize, like: &HostBuffer) -> HostBuffer {
    HostBuffer { dtype: like.dtype, shape: like.shape.clone(), data: mem.buffers[i].bytes.clone() }
}

/// `--check-each-pass`: runs each later stage on `initial` memory and compares every
/// buffer with `reference` (the tile level's); prints one line per pass. Returns the
/// first difference (the pass, the buffer and its first differing element), if any.
#[allow(clippy::too_many_arguments)]
pub fn check_each_pass(
    file: &SourceFile,
    kernel: &str,
    stages: &[(String, tile_dialects::ir::Module)],
    grid: [u32; 3],
    args: &[Arg],
    initial: &Memory,
    reference: &Memory,
    hosts: &[(usize, HostBuffer)],
    tol: (Option<f64>, Option<f64>),
) -> Result<Option<String>, Error> {
    let quiet = InterpOptions::default();
    for (pass, stage) in stages.iter().skip(1) {
        let k = match Kernel::prepare(stage, Some(kernel)) {
            Ok(k) => k,
            Err(f) => return Ok(Some(format!("after `{pass}`: the interpreter cannot run this stage: {f}"))),
        };
        let mut mem = initial.clone();
        let opts = tile_interp::Options { echo_prints: false, ..quiet.options() };
        let out = match tile_interp::run(&k, &Launch { grid, args }, &mut mem, &opts) {
            Ok(out) => out,
            Err(f) => {
                eprint!("{}", render_fault(file, &f));
                return Ok(Some(format!("after `{pass}`: the kernel stops (at the tile level it ran)")));
            }
        };
        for (i, like) in hosts {
            let (got, want) = (fetch(&mem, *i, like), fetch(reference, *i, like));
            let name = &mem.buffers[*i].name;
            let r = check::compare(name, &got, &want, Tolerance::for_dtype(like.dtype, tol.0, tol.1));
            if !r.passed() {
                let (at, g, w) = r.first.unwrap_or((0, 0.0, 0.0));
                return Ok(Some(format!(
                    "after `{pass}`: `{name}`{:?} = {g} (tile level: {w}); {} of {} elements differ",
                    check::multi_index(at, &like.shape),
                    r.mismatches,
                    r.len
                )));
            }
        }
        println!("check-each-pass: after `{pass}`: every buffer matches the tile level{}", smem_note(&out.smem));
    }
    Ok(None)
}

/// What a stage did with shared memory, when it did anything: a pipelined loop shows as
/// asynchronous copies (and, on wgmma, products left in flight).
fn smem_note(s: &tile_interp::smem::SmemStats) -> String {
    if s.copies == 0 && s.products == 0 {
        return String::new();
    }
    format!(
        " ({} asynchronous copies, {} warp-group products, {} of them left in flight)",
        s.copies, s.products, s.products_in_flight
    )
}

/// The language's name of an IR type (`*f32`, `i32`), for a kernel known only from its
/// IR (a `.mlir` input): integers read as signed.
fn type_name(t: &tile_dialects::ir::Type) -> String {
    use tile_dialects::ir::Type;
    match t {
        Type::TilePtr(p) => format!("*{}", type_name(p)),
        Type::Int(1) => "i1".into(),
        t => t.to_string(),
    }
}

/// `tilec FILE.mlir --passes a,b --check-each-pass --grid G ARGS`: runs the kernel of the
/// `.mlir` (at any interpretable stage) on the arguments, then after each pass, and
/// names the first pass whose result differs. Parameters are named `arg0`, `arg1`, ...
pub fn check_mlir_passes(
    file: &SourceFile,
    passes: &[&'static tilec::internals::pipeline::registry::PassInfo],
    kernel: Option<&str>,
    grid: [u32; 3],
    args: &[crate::spec::ArgSpec],
) -> Result<(), Error> {
    use tilec::internals::pipeline::{self, DiagnosticSink, PrintIr};
    let context = tile_dialects::context::create_context();
    let sink = DiagnosticSink::attach(&context);
    let mut module = tilec::internals::driver::parse_verified(&context, &file.text, &sink).map_err(|d| {
        Error::msg(format!("{}: {}", file.name, d.iter().map(|x| x.1.clone()).collect::<Vec<_>>().join("; ")))
    })?;
    let mut stages = vec![("input".to_string(), tile_dialects::ir::import_module(module.as_operation()))];
    let opts = tilec::CompileOptions::default();
    let mut after = |p: &'static tilec::internals::pipeline::registry::PassInfo, m: &melior::ir::Module| {
        stages.push((p.name.to_string(), tile_dialects::ir::import_module(m.as_operation())));
    };
    pipeline::run_observed(&mut module, passes, &opts, &PrintIr::default(), &sink, &mut std::io::sink(), &mut after)
        .map_err(|e| Error::msg(format!("pass `{}` failed: {:?}", e.pass, e.diagnostics)))?;
    let k = Kernel::prepare(&stages[0].1, kernel)
        .map_err(|f| Error::Interp { rendered: render_fault(file, &f), who: "the input".into() })?;
    let params = k
        .params
        .iter()
        .enumerate()
        .map(|(i, (v, _))| tilec::metadata::ParamMeta {
            name: format!("arg{i}"),
            ty: type_name(stages[0].1.values.ty(*v)),
            divisibility: 1,
            equal_to_one: false,
            divisibility_hint: 1,
        })
        .collect();
    let meta = KernelMeta {
        name: k.name.clone(),
        params,
        consts: vec![],
        num_warps: 4,
        num_stages: 1,
        cluster_dims: 1,
        block: [128, 1, 1],
        shared_bytes: 0,
        index_bits: 64,
        tensormaps: vec![],
        requires: vec![],
    };
    let bound = crate::bind::bind(&meta, args)?;
    let sig = crate::signature::signature(&meta.params)?;
    let (mut mem, mut iargs, mut hosts) = (Memory::default(), vec![], vec![]);
    for (i, (b, p)) in bound.into_iter().zip(&sig).enumerate() {
        match (b, p.kind) {
            (Bound::Buffer { elem, plan }, _) => {
                let h = plan.materialize(elem, 0, i as u64, true)?;
                let at = add_buffer(&mut mem, &p.name, &h, None);
                iargs.push(Arg::Buffer(at));
                hosts.push((at, h));
            }
            (b, crate::signature::ParamKind::Scalar(d)) => iargs.push(arg(&b, d, None)),
            (_, crate::signature::ParamKind::Ptr(_)) => {
                return Err(Error::msg("internal: a pointer bound to a scalar"))
            }
        }
    }
    let initial = mem.clone();
    launch(file, &k, "input", grid, &iargs, &mut mem, &InterpOptions::default(), &format!("kernel `{}`", k.name))?;
    match check_each_pass(file, &meta.name, &stages, grid, &iargs, &initial, &mem, &hosts, (None, None))? {
        Some(d) => Err(Error::msg(format!("check-each-pass: FIRST DIFFERENCE {d}"))),
        None => Ok(()),
    }
}
