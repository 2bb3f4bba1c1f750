//! The library's front door: [`compile`] a [`Source`] under [`CompileOptions`] into
//! [`Compiled`] PTX and metadata, or [`Diagnostics`].
//!
//! Everything else in the crate is the compiler's inside (`tilec::internals`, hidden from
//! the docs and free to change); this is what other programs should call.

use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostics;
use crate::driver::Compiled;
use crate::options::CompileOptions;
use crate::source::SourceFile;

/// What to compile: source text, or a `.tile` file to read.
///
/// A `&str` or `String` is source text (named `<source>` in diagnostics; give a name with
/// [`Source::text`]); a `&Path` or `PathBuf` is a file, named by its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Text { name: String, text: String },
    File(PathBuf),
}

impl Source {
    /// Source text, with the name its diagnostics give it (`kernels.tile:3:5: error: ...`).
    pub fn text(name: impl Into<String>, text: impl Into<String>) -> Source {
        Source::Text { name: name.into(), text: text.into() }
    }

    /// A file to read.
    pub fn file(path: impl Into<PathBuf>) -> Source {
        Source::File(path.into())
    }

    /// The name diagnostics give this source.
    pub fn name(&self) -> String {
        match self {
            Source::Text { name, .. } => name.clone(),
            Source::File(p) => p.display().to_string(),
        }
    }

    /// The text, read from the file if need be; an unreadable file is a diagnostic.
    pub(crate) fn load(self) -> Result<SourceFile, Diagnostics> {
        match self {
            Source::Text { name, text } => Ok(SourceFile::new(name, text)),
            Source::File(path) => match std::fs::read_to_string(&path) {
                Ok(text) => Ok(SourceFile::new(path.display().to_string(), text)),
                Err(e) => {
                    let file = SourceFile::new(path.display().to_string(), "");
                    Err(Diagnostics::about_file(&file, format!("cannot read the file: {e}"), false))
                }
            },
        }
    }
}

/// The name source text gets when none is given.
pub const UNNAMED: &str = "<source>";

impl From<&str> for Source {
    fn from(text: &str) -> Source {
        Source::text(UNNAMED, text)
    }
}

impl From<String> for Source {
    fn from(text: String) -> Source {
        Source::text(UNNAMED, text)
    }
}

impl From<&Path> for Source {
    fn from(path: &Path) -> Source {
        Source::File(path.to_path_buf())
    }
}

impl From<PathBuf> for Source {
    fn from(path: PathBuf) -> Source {
        Source::File(path)
    }
}

impl From<&PathBuf> for Source {
    fn from(path: &PathBuf) -> Source {
        Source::File(path.clone())
    }
}

/// Compiles every kernel of `source` (or the one `options.kernel` names) to PTX.
///
/// Goes through the compile cache, as `tilec` does: the PTX and metadata of an earlier
/// compile of the same source under the same options by the same compiler binary are read
/// back instead of recompiled (`$TILEC_CACHE_DIR`, else `$XDG_CACHE_HOME/tilec` or
/// `~/.cache/tilec`; `TILEC_CACHE=0` turns it off). A bug of the compiler's (a panic) is
/// an internal diagnostic ([`Diagnostics::is_internal`]), never a panic of the caller's.
///
/// ```
/// use tilec::{compile, Arch, CompileOptions};
///
/// let source = "
/// kernel scale(x: *f32, n: i32, const TILE: i32 = 256) {
///     let offs = program_id(0) * TILE + arange(0, TILE);
///     store(x + offs, load(x + offs, mask = offs < n) * 2.0, mask = offs < n);
/// }";
/// let options = CompileOptions {
///     arch: Arch::Sm80,
///     defines: vec![("TILE".into(), "512".into())],
///     ..CompileOptions::default()
/// };
/// let compiled = compile(source, &options)?;
/// assert!(compiled.ptx.contains(".entry scale"));
/// let k = compiled.kernel("scale").unwrap();
/// assert_eq!(k.params.iter().map(|p| p.ty.as_str()).collect::<Vec<_>>(), ["*f32", "i32"]);
/// assert_eq!(k.consts[0].value, "512");
/// assert_eq!(k.block, [128, 1, 1]); // 4 warps unless #[num_warps] or options.num_warps say
/// # Ok::<(), tilec::Diagnostics>(())
/// ```
pub fn compile(source: impl Into<Source>, options: &CompileOptions) -> Result<Compiled, Diagnostics> {
    let file = source.into().load()?;
    match crate::internal::catch(|| crate::cache::compile(&file, options)) {
        Ok(r) => r.map(|c| c.compiled),
        Err(p) => {
            let msg = format!("internal error: the compiler panicked: {}", p.message);
            let mut d = Diagnostics::about_file(&file, msg, true);
            d.push(crate::diagnostics::Diagnostic::at(
                crate::diagnostics::Severity::Note,
                None,
                None,
                crate::internal::REPORT,
            ));
            Err(d)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_files() {
        assert_eq!(Source::from("kernel k() {}"), Source::text(UNNAMED, "kernel k() {}"));
        assert_eq!(Source::from(Path::new("a.tile")), Source::file("a.tile"));
        let e = compile(Path::new("/nonexistent/k.tile"), &CompileOptions::default()).unwrap_err();
        assert!(e.render().starts_with("/nonexistent/k.tile: error: cannot read the file: "), "{e}");
        assert_eq!((e.first().line, e.first().file.as_deref()), (None, Some("/nonexistent/k.tile")));
    }
}
