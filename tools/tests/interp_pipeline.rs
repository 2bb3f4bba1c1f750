//! The interpreter runs pipelined IR and catches pipelining bugs: test/gpu/kernels/dot.tile's
//! f16 matmul after `software-pipeline` (wgmma with products left in flight on sm_90a,
//! ldmatrix and mma.sync on sm_80) gives the tile level's result, and the same IR broken
//! on purpose (a wait that leaves too much in flight, a missing barrier or wait, a copy
//! into the slot being read, ...) stops with an error that names the .tile line.

use std::path::Path;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Module, Op};
use tile_dialects::opname;
use tile_interp::{Arg, Fault, Kernel, Launch, Memory, Options};
use tile_runtime::buffers::HostBuffer;
use tile_runtime::dtype::DType;
use tile_runtime::interpret::{self, render_fault};
use tilec::internals::driver::{mirror_stages, Stages};
use tilec::internals::source::SourceFile;
use tilec::CompileOptions;

const M: usize = 64;
const N: usize = 64;
/// Five iterations of BK = 32, the last one half past K's end: longer than a ring of 3.
const K: usize = 144;

/// dot.tile's mm_f16 after every pass, specialised as tilerun would for `run`'s inputs.
fn stages(arch: &str) -> (SourceFile, Vec<(String, Module)>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let text = std::fs::read_to_string(root.join("test/gpu/kernels/dot.tile")).unwrap();
    let file = SourceFile::new("test/gpu/kernels/dot.tile", text);
    let div = |n: &str| (n.to_string(), 16);
    let opts = CompileOptions {
        arch: arch.parse().expect("a target"),
        num_warps: Some(tilec::options::NumWarps::new(4).expect("4 warps")),
        kernel: Some("mm_f16".into()),
        defines: vec![("STAGES".into(), "3".into())],
        divisibility: ["a", "b", "c", "M", "N", "K", "sam", "sbk", "scm"].map(div).to_vec(),
        equal_to_one: vec!["sak".into(), "sbn".into(), "scn".into()],
        ..Default::default()
    };
    let stages = mirror_stages(&file, &opts, Stages::EachPass).unwrap();
    (file, stages)
}

/// The tile level and the software-pipeline stage.
fn pipelined(arch: &str) -> (SourceFile, Module, Module) {
    let (file, stages) = stages(arch);
    let get = |name: &str| stages.iter().find(|s| s.0 == name).unwrap().1.clone();
    (file, get("tile"), get("software-pipeline"))
}

/// Fixed inputs: memory, the arguments, and C's buffer.
fn inputs() -> (Memory, Vec<Arg>, usize) {
    let mut mem = Memory::default();
    let f16s = |n: usize, f: &dyn Fn(usize) -> f32| -> Vec<u8> {
        (0..n).flat_map(|i| half::f16::from_f32(f(i)).to_le_bytes()).collect()
    };
    let a = mem.add("a", f16s(M * K, &|i| ((i * 7) % 13) as f32 / 8.0 - 0.75), 2);
    let b = mem.add("b", f16s(K * N, &|i| ((i * 5) % 11) as f32 / 8.0 - 0.6), 2);
    let c = mem.add("c", vec![0; 4 * M * N], 4);
    let ints = [M, N, K, K, 1, N, 1, N, 1].map(|x| Arg::Int(x as i64));
    let mut args = vec![Arg::Buffer(a), Arg::Buffer(b), Arg::Buffer(c)];
    args.extend(ints);
    (mem, args, c)
}

/// Runs the kernel on the inputs: C, or the fault.
fn run(m: &Module) -> Result<Vec<u8>, Fault> {
    let (mut mem, args, c) = inputs();
    let k = Kernel::prepare(m, Some("mm_f16"))?;
    let opts = Options { echo_prints: false, ..Default::default() };
    tile_interp::run(&k, &Launch { grid: [1, 1, 1], args: &args }, &mut mem, &opts)?;
    Ok(mem.buffers[c].bytes.clone())
}

/// The kernel's top-level ops and the pipelined loop's body.
fn parts(m: &mut Module) -> &mut Vec<Op> {
    &mut m.body.iter_mut().find(|o| o.name == "func.func").unwrap().regions[0].blocks[0].ops
}

fn body(m: &mut Module) -> &mut Vec<Op> {
    let lp = parts(m).iter_mut().find(|o| o.attr(attrname::TILE_PIPELINED).is_some()).expect("a pipelined loop");
    &mut lp.regions[0].blocks[0].ops
}

/// The wait for the loop's last product, after the loop: in the `scf.if` that runs it
/// only where the loop ran.
fn last_wait(m: &mut Module) -> &mut Op {
    let guard = parts(m)
        .iter_mut()
        .find(|o| {
            o.name == "scf.if" && find(&o.regions[0].blocks[0].ops, opname::LAYOUT_WARP_GROUP_DOT_WAIT).len() == 1
        })
        .expect("the guarded wait after the loop");
    let ops = &mut guard.regions[0].blocks[0].ops;
    let i = find(ops, opname::LAYOUT_WARP_GROUP_DOT_WAIT)[0];
    &mut ops[i]
}

/// Positions of the ops called `name`.
fn find(ops: &[Op], name: &str) -> Vec<usize> {
    ops.iter().enumerate().filter(|(_, o)| o.name == name).map(|(i, _)| i).collect()
}

/// The fault of the broken module, rendered against the .tile (file:line:col first).
fn broken(file: &SourceFile, m: &Module) -> String {
    let f = run(m).expect_err("the broken pipeline runs without an error");
    render_fault(file, &f)
}

fn expect(text: &str, message: &str, line: u32) {
    assert!(text.contains(message), "expected `{message}` in:\n{text}");
    let at = format!("dot.tile:{line}:");
    assert!(text.lines().next().unwrap_or("").contains(&at), "expected the error at {at}:\n{text}");
}

#[test]
fn pipelined_stages_match_the_tile_level() {
    for arch in ["sm_90a", "sm_80"] {
        let (_, tile, piped) = pipelined(arch);
        let copies = |m: &mut Module| find(body(m), opname::LAYOUT_ASYNC_COPY).len();
        assert_eq!(copies(&mut piped.clone()), 2, "{arch}: both operands are copied asynchronously");
        assert_eq!(run(&piped).unwrap(), run(&tile).unwrap(), "{arch}");
    }
}

#[test]
fn a_wait_that_leaves_the_copy_in_flight_is_an_error() {
    for arch in ["sm_90a", "sm_80"] {
        let (file, _, mut m) = pipelined(arch);
        let ops = body(&mut m);
        let w = find(ops, opname::LAYOUT_ASYNC_WAIT)[0];
        ops[w].set_attr("pending", Attr::int(2, "i32"));
        // The first read of the slot: the product on sm_90a, ldmatrix's local_load on sm_80.
        let who = if arch == "sm_90a" { "warp_group_dot" } else { "local_load" };
        let e = broken(&file, &m);
        expect(&e, &format!("`{who}` reads shared memory an asynchronous copy has not finished writing"), 15);
        assert!(
            e.contains("(program (0, 0, 0))") && e.contains("13 |") && e.contains("the copy"),
            "names the program and the copy:\n{e}"
        );
    }
}

#[test]
fn a_missing_barrier_after_the_wait_is_an_error() {
    for arch in ["sm_90a", "sm_80"] {
        let (file, _, mut m) = pipelined(arch);
        let ops = body(&mut m);
        let b = find(ops, opname::LAYOUT_BARRIER)[0];
        ops.remove(b);
        let e = broken(&file, &m);
        expect(&e, "reads shared memory that asynchronous copies wrote, with no barrier since the `async_wait`", 15);
    }
}

#[test]
fn wgmma_in_flight_needs_its_wait_and_barrier() {
    let (file, _, m) = pipelined("sm_90a");
    // The second barrier (after the product's wait): another warp group may still read
    // the slot the copies overwrite.
    let mut b = m.clone();
    let ops = body(&mut b);
    let second = find(ops, opname::LAYOUT_BARRIER)[1];
    ops.remove(second);
    expect(&broken(&file, &b), "`async_copy` overwrites shared memory `warp_group_dot` read with no barrier since", 13);
    // A wait that leaves two products in flight: the previous one still reads the slot.
    let mut w = m.clone();
    let ops = body(&mut w);
    let i = find(ops, opname::LAYOUT_WARP_GROUP_DOT_WAIT)[0];
    ops[i].set_attr("pending", Attr::int(2, "i32"));
    expect(&broken(&file, &w), "`async_copy` overwrites shared memory a warp-group product in flight still reads", 13);
    // The loop's last product not waited for after the loop: the rings are freed under
    // it, and (without the frees) its result is read unfinished, by the conversion to the
    // store's layout (at the loop's line, where layout-propagate puts it).
    let mut r = m.clone();
    last_wait(&mut r).set_attr("pending", Attr::int(1, "i32"));
    expect(&broken(&file, &r), "`local_dealloc` of a shared buffer a warp-group product in flight still reads", 11);
    parts(&mut r).retain(|o| o.name != opname::LAYOUT_LOCAL_DEALLOC);
    let e = broken(&file, &r);
    expect(&e, "reads the result of an asynchronous warp-group product before a `warp_group_dot_wait`", 11);
    assert!(e.contains("15 |") && e.contains("the product"), "names the product:\n{e}");
}

#[test]
fn a_copy_into_the_slot_being_read_is_an_error() {
    for arch in ["sm_90a", "sm_80"] {
        let (file, _, mut m) = pipelined(arch);
        let ops = body(&mut m);
        // The copies' memdesc_index takes the read slot instead of the write slot.
        let idx = find(ops, opname::LAYOUT_MEMDESC_INDEX);
        let read_slot = ops[idx[if arch == "sm_90a" { 0 } else { 2 }]].operands[1];
        let copy = find(ops, opname::LAYOUT_ASYNC_COPY)[0];
        let view = ops[copy].operands[1];
        let j = ops.iter().position(|o| o.results.first() == Some(&view)).unwrap();
        ops[j].operands[1] = read_slot;
        let e = broken(&file, &m);
        if arch == "sm_90a" {
            expect(&e, "`async_copy` overwrites shared memory a warp-group product in flight still reads", 13);
        } else {
            expect(&e, "`local_load` reads shared memory an asynchronous copy has not finished writing", 15);
        }
    }
}

#[test]
fn copies_must_be_waited_for_before_the_ring_is_freed() {
    let (file, _, mut m) = pipelined("sm_90a");
    let top = parts(&mut m);
    let w = *find(top, opname::LAYOUT_ASYNC_WAIT).last().unwrap();
    top.remove(w);
    let e = broken(&file, &m);
    expect(&e, "`local_dealloc` of a shared buffer an asynchronous copy is still writing", 11);
    // And without the frees, the program's end.
    let top = parts(&mut m);
    top.retain(|o| o.name != opname::LAYOUT_LOCAL_DEALLOC);
    expect(&broken(&file, &m), "the program ends with this asynchronous copy not waited for", 13);
}

#[test]
fn check_each_pass_names_the_pass_that_broke_the_pipeline() {
    let (file, mut stages) = stages("sm_90a");
    let at = stages.iter().position(|s| s.0 == "software-pipeline").unwrap();
    let ops = body(&mut stages[at].1);
    let w = find(ops, opname::LAYOUT_ASYNC_WAIT)[0];
    ops[w].set_attr("pending", Attr::int(2, "i32"));
    let (mut mem, args, c) = inputs();
    let initial = mem.clone();
    let k = Kernel::prepare(&stages[0].1, Some("mm_f16")).unwrap();
    let opts = Options { echo_prints: false, ..Default::default() };
    tile_interp::run(&k, &Launch { grid: [1, 1, 1], args: &args }, &mut mem, &opts).unwrap();
    let hosts = [(c, HostBuffer { dtype: DType::F32, shape: vec![M, N], data: vec![] })];
    let d =
        interpret::check_each_pass(&file, "mm_f16", &stages, [1, 1, 1], &args, &initial, &mem, &hosts, (None, None))
            .unwrap()
            .expect("the broken stage is named");
    assert_eq!(d, "after `software-pipeline`: the kernel stops (at the tile level it ran)");
}
