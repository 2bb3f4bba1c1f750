//! Hand-written IR that breaks a rule is refused, naming the op and the rule.

use super::module;
use crate::ir::import_module;

fn check(body: &str) -> Result<(), String> {
    let text = format!("module {{\n  func.func @k({body}\n  }}\n}}\n");
    let context = crate::context::create_context();
    let m = melior::ir::Module::parse(&context, &text).unwrap_or_else(|| panic!("does not parse:\n{text}"));
    module(&import_module(m.as_operation())).map_err(|v| v.message)
}

#[test]
fn pointer_and_offset_shapes_must_match() {
    let e = check(
        "%p: tensor<64x!tile.ptr<f32>>, %o: tensor<128xi32>) attributes {tile.kernel} {
    %q = \"tile.addptr\"(%p, %o) : (tensor<64x!tile.ptr<f32>>, tensor<128xi32>) -> tensor<64x!tile.ptr<f32>>
    func.return",
    )
    .unwrap_err();
    assert_eq!(e, "`tile.addptr`: the offset tensor<128xi32> does not match the pointer tensor<64x!tile.ptr<f32>>");
}

#[test]
fn masks_axes_and_shapes() {
    let e = check(
        "%p: tensor<64x!tile.ptr<f32>>, %m: tensor<32xi1>) {
    %v = \"tile.load\"(%p, %m) {operandSegmentSizes = array<i32: 1, 1, 0>, cache = \"\", evict = \"\", volatile = false} : (tensor<64x!tile.ptr<f32>>, tensor<32xi1>) -> tensor<64xf32>
    func.return",
    )
    .unwrap_err();
    assert_eq!(e, "`tile.load`: the mask tensor<32xi1> does not match the pointer tensor<64x!tile.ptr<f32>>");
    let e = check(
        "%x: tensor<64xf32>) {
    %s = \"tile.reduce\"(%x) ({}) {kind = \"sum\", axis = 1 : i32} : (tensor<64xf32>) -> f32
    func.return",
    )
    .unwrap_err();
    assert_eq!(e, "`tile.reduce`: axis 1 is out of range for a tile of rank 1");
    let e = check(
        "%x: tensor<48xf32>) {
    func.return",
    )
    .unwrap_err();
    assert_eq!(e, "`func.func`: tensor<48xf32>: dimension 48 is not a power of two");
}

#[test]
fn combine_regions_match_the_element_type() {
    let custom = |args: &str, yielded: &str| {
        check(&format!(
            "%x: tensor<64xf32>) {{
    %s = \"tile.reduce\"(%x) ({{
    ^bb0({args}):
      gpu.yield {yielded}
    }}) {{kind = \"custom\", axis = 0 : i32}} : (tensor<64xf32>) -> f32
    func.return"
        ))
    };
    assert_eq!(custom("%a: f32, %b: f32", "%a : f32"), Ok(()));
    assert_eq!(
        custom("%a: f32, %b: i32", "%a : f32").unwrap_err(),
        "`tile.reduce`: the `combine` region takes (f32, f32), not (f32, i32)"
    );
    assert_eq!(
        custom("%a: f32, %b: f32", "%a, %b : f32, f32").unwrap_err(),
        "`tile.reduce`: the `combine` region yields (f32, f32), not one f32"
    );
    let e = check(
        "%x: tensor<64xi32>) {
    %s = \"tile.scan\"(%x) ({}) {kind = \"custom\", axis = 0 : i32, reverse = false} : (tensor<64xi32>) -> tensor<64xi32>
    func.return",
    )
    .unwrap_err();
    assert_eq!(e, "`tile.scan`: kind \"custom\" needs a `combine` region of one block, found 0");
}

#[test]
fn encodings_match_the_tile() {
    let e = check(
        "%x: tensor<64x64xf32, #layout.blocked<array<i32: 1>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) attributes {tile.num_warps = 4 : i32} {
    func.return",
    )
    .unwrap_err();
    assert!(e.ends_with("the blocked encoding's arrays do not all have the tile's rank 2"), "{e}");
    let e = check(
        "%x: tensor<64xf32>) attributes {tile.num_warps = 3 : i32} {
    func.return",
    )
    .unwrap_err();
    assert_eq!(e, "`tile.num_warps`: `num_warps` must be 1, 2, 4, 8, 16 or 32, found 3");
    let e = check(
        "%x: tensor<64xf32, #layout.blocked<array<i32: 3>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) attributes {tile.num_warps = 4 : i32} {
    func.return",
    )
    .unwrap_err();
    assert!(e.ends_with("the blocked encoding's sizes are not all powers of two"), "{e}");
    let e = check(
        "%x: tensor<64xf32, #layout.blocked<array<i32: 2048>, array<i32: 32>, array<i32: 4>, array<i32: 0>>>) attributes {tile.num_warps = 4 : i32} {
    func.return",
    )
    .unwrap_err();
    assert!(e.ends_with("the encoding gives each thread 2048 elements of a tile of 64 (at most 1024)"), "{e}");
}

/// A convert through shared memory whose layout `shared` is written by hand.
fn convert_through(shared: &str) -> Result<(), String> {
    let b = "#layout.blocked<array<i32: 1, 1>, array<i32: 1, 32>, array<i32: 4, 1>, array<i32: 1, 0>>";
    let c = "#layout.blocked<array<i32: 1, 1>, array<i32: 32, 1>, array<i32: 1, 4>, array<i32: 0, 1>>";
    check(&format!(
        "%x: f32) attributes {{tile.kernel, tile.num_warps = 4 : i32}} {{
    %t = \"tile.splat\"(%x) : (f32) -> tensor<64x64xf32, {b}>
    %u = \"layout.convert\"(%t) {{layout.shared = {shared}}} : (tensor<64x64xf32, {b}>) -> tensor<64x64xf32, {c}>
    func.return"
    ))
}

#[test]
fn shared_layouts_are_checked_against_the_tile() {
    let ok = "#layout.shared<1 : i32, 1 : i32, 1 : i32, 1 : i32, array<i32: 1, 0>, array<i32: 0, 0, 33>>";
    assert_eq!(convert_through(ok), Ok(()));
    let order = "#layout.shared<1 : i32, 1 : i32, 1 : i32, 1 : i32, array<i32: 1, 2>, array<i32>>";
    assert_eq!(
        convert_through(order).unwrap_err(),
        format!("`layout.convert`: `layout.shared` {order}: order [1, 2] is not an order of the tile's 2 dimensions")
    );
    let widths = "#layout.shared<0 : i32, 0 : i32, 4 : i32, 1 : i32, array<i32: 1, 0>, array<i32>>";
    assert_eq!(
        convert_through(widths).unwrap_err(),
        format!("`layout.convert`: `layout.shared` {widths}: vec 0, per_phase 0 and max_phase 4 must be at least 1")
    );
    let xor = "#layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32: 2, 0, 33>>";
    assert_eq!(
        convert_through(xor).unwrap_err(),
        format!("`layout.convert`: `layout.shared` {xor}: XOR entry (2, 0, 33) names no bit of the tile's coordinates")
    );
    let short = "#layout.shared<1 : i32, 1 : i32, 1 : i32, 0 : i32, array<i32: 1, 0>, array<i32: 0, 0>>";
    assert_eq!(
        convert_through(short).unwrap_err(),
        format!("`layout.convert`: `layout.shared` is not a shared layout: {short}")
    );
}
