//! Collects MLIR's diagnostics (verifier errors, pass errors) with their locations, so
//! they can be reported against the .tile source instead of as a bare "pass failed".

use melior::Context;
use std::sync::{Arc, Mutex};

pub type Collected = Vec<(String, String)>;

#[derive(Clone, Default)]
pub struct DiagnosticSink {
    items: Arc<Mutex<Collected>>,
}

impl DiagnosticSink {
    /// Attaches a handler to `context` that records every diagnostic (and its notes).
    pub fn attach(context: &Context) -> DiagnosticSink {
        let sink = DiagnosticSink::default();
        let items = sink.items.clone();
        context.attach_diagnostic_handler(move |d| {
            let mut v = items.lock().expect("diagnostics");
            v.push((d.location().to_string(), d.to_string()));
            for i in 0..d.note_count() {
                if let Ok(n) = d.note(i) {
                    v.push((n.location().to_string(), format!("note: {n}")));
                }
            }
            true
        });
        sink
    }
    pub fn clear(&self) {
        self.items.lock().expect("diagnostics").clear();
    }
    pub fn take(&self) -> Collected {
        std::mem::take(&mut *self.items.lock().expect("diagnostics"))
    }
}
