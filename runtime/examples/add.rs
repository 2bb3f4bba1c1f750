//! Compile examples/add.tile and launch it from Rust: `cargo run -p tile-runtime --example add`
//! (needs an NVIDIA GPU).
use tile_runtime::launch::{Arg, Device};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dev = Device::open(0)?;
    let stream = dev.context().default_stream();
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/add.tile");
    let options = tilec::CompileOptions { arch: dev.arch()?, ..Default::default() };
    let compiled = tilec::compile(source, &options).map_err(|d| d.render())?;
    let add = dev.load(&compiled, "add")?;
    let n = 100_000usize;
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let (a, b) = (stream.clone_htod(&a)?, stream.clone_htod(&vec![1.0f32; n])?);
    let mut out = stream.alloc_zeros::<f32>(n)?;
    let tile: u32 = compiled.kernel("add").unwrap().consts[0].value.parse()?;
    let grid = [(n as u32).div_ceil(tile), 1, 1];
    // SAFETY: add touches the first n elements of each buffer, all n long and alive here.
    unsafe { add.launch(&stream, grid, &[(&a).into(), (&b).into(), (&mut out).into(), Arg::from(n as i32)])? };
    let out = stream.clone_dtoh(&out)?;
    assert!(out.iter().enumerate().all(|(i, &v)| v == i as f32 + 1.0));
    println!("add: {n} elements OK");
    Ok(())
}
