//! The values of our string attributes (`sem = "acquire"`, `cache = ".cg"`, `kind = "add"`),
//! one enum each, declared once here. Sema picks them from the source, tilegen writes them
//! (`as_str`), the passes, the lowering, the verifier and the interpreter read them back
//! (`parse`, or `ir::Op::enum_attr`), so no crate spells an attribute value as a string
//! of its own and a value renamed here is a compile error everywhere it is used. IRDL
//! (`dialects/irdl/`) lists the same values as `irdl.is "…"` constraints; a test below
//! checks that every value here is one IRDL accepts.

use std::fmt;

/// An enum whose values are the strings of one attribute.
pub trait StrEnum: Copy + Sized + 'static {
    /// Every value, in declaration order (the order error messages list them in).
    const ALL: &'static [Self];
    /// The attribute's text (without MLIR's quotes).
    fn as_str(self) -> &'static str;
    fn parse(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.as_str() == s)
    }
}

/// Declares a fieldless enum with its strings, `ALL`, `as_str`, `parse` and `Display`.
macro_rules! str_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident = $s:literal,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vm])* $var,)*
        }
        impl StrEnum for $name {
            const ALL: &'static [$name] = &[$($name::$var,)*];
            fn as_str(self) -> &'static str {
                match self {
                    $($name::$var => $s,)*
                }
            }
        }
        impl $name {
            pub const ALL: &'static [$name] = <$name as StrEnum>::ALL;
            pub fn as_str(self) -> &'static str {
                StrEnum::as_str(self)
            }
            pub fn parse(s: &str) -> Option<$name> {
                StrEnum::parse(s)
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

str_enum! {
    /// The memory order of an atomic (`sem`) and of an ordered load or store (`tile.sem`).
    /// The default, an atomic's when the source names none, is `acq_rel`.
    #[derive(Default)]
    MemSem {
        Relaxed = "relaxed",
        Acquire = "acquire",
        Release = "release",
        #[default]
        AcqRel = "acq_rel",
    }
}

str_enum! {
    /// Which threads an ordered access or atomic orders against (`scope`, `tile.scope`).
    /// The default, when the source names none, is `gpu`.
    #[derive(Default)]
    MemScope {
        Cta = "cta",
        #[default]
        Gpu = "gpu",
        Sys = "sys",
    }
}

str_enum! {
    /// `cache` of loads and stores: the PTX cache operator, dot included (`""`: none).
    /// Loads take `.ca .cg .cv .cs .lu`, stores `.wb .wt .cg .cs` (verify/attrs.rs).
    #[derive(Default)]
    CacheModifier {
        #[default]
        None = "",
        Ca = ".ca",
        Cg = ".cg",
        Cv = ".cv",
        Cs = ".cs",
        Lu = ".lu",
        Wb = ".wb",
        Wt = ".wt",
    }
}

str_enum! {
    /// `evict` of loads and stores: the L1 eviction priority (`""`: normal).
    #[derive(Default)]
    EvictionPolicy {
        #[default]
        Normal = "",
        EvictFirst = "evict_first",
        EvictLast = "evict_last",
    }
}

str_enum! {
    /// `kind` of `tile.atomic_rmw` / `memsem.atomic_rmw`.
    RmwKind {
        Add = "add",
        Max = "max",
        Min = "min",
        And = "and",
        Or = "or",
        Xor = "xor",
        Xchg = "xchg",
    }
}

str_enum! {
    /// `kind` of `tile.reduce`: the combine. `Custom` applies the op's `combine` region.
    ReduceKind {
        Sum = "sum",
        Max = "max",
        Min = "min",
        Argmax = "argmax",
        Argmin = "argmin",
        Xor = "xor",
        Custom = "custom",
    }
}

str_enum! {
    /// `kind` of `tile.scan` (inclusive). `Custom` applies the op's `combine` region.
    ScanKind {
        Cumsum = "cumsum",
        Cumprod = "cumprod",
        Custom = "custom",
    }
}

str_enum! {
    /// `input_precision` of `tile.dot`: how f32 operands meet the tensor cores (`tf32`
    /// rounds them, `tf32x3` splits each into three tf32 products, `ieee` stays on FMAs).
    #[derive(Default)]
    InputPrecision {
        #[default]
        Tf32 = "tf32",
        Tf32x3 = "tf32x3",
        Ieee = "ieee",
    }
}

/// `order` of `memsem.load` / `memsem.store`: a plain (`weak`) or `volatile` access, or an
/// ordered one at a `MemSem`. Not a `str_enum!`: its ordered values are `MemSem`'s, so
/// their strings stay declared once. The interpreter also reads the tile level's loads,
/// stores and atomics in these terms (`interp/src/ops/access.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemOrder {
    Weak,
    Volatile,
    Sem(MemSem),
}

impl StrEnum for MemOrder {
    const ALL: &'static [MemOrder] = &[
        MemOrder::Weak,
        MemOrder::Volatile,
        MemOrder::Sem(MemSem::Relaxed),
        MemOrder::Sem(MemSem::Acquire),
        MemOrder::Sem(MemSem::Release),
        MemOrder::Sem(MemSem::AcqRel),
    ];
    fn as_str(self) -> &'static str {
        match self {
            MemOrder::Weak => "weak",
            MemOrder::Volatile => "volatile",
            MemOrder::Sem(s) => s.as_str(),
        }
    }
}

impl MemOrder {
    pub fn as_str(self) -> &'static str {
        StrEnum::as_str(self)
    }
    pub fn parse(s: &str) -> Option<MemOrder> {
        StrEnum::parse(s)
    }
}

impl fmt::Display for MemOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: StrEnum + PartialEq + fmt::Debug>() -> Vec<&'static str> {
        let mut seen = vec![];
        for &v in T::ALL {
            assert_eq!(T::parse(v.as_str()), Some(v), "{v:?}");
            assert!(!seen.contains(&v.as_str()), "{v:?} spelled twice");
            seen.push(v.as_str());
        }
        assert_eq!(T::parse("no such value"), None);
        seen
    }

    #[test]
    fn every_value_round_trips_and_irdl_accepts_it() {
        let all = [
            round_trip::<MemSem>(),
            round_trip::<MemScope>(),
            round_trip::<CacheModifier>(),
            round_trip::<EvictionPolicy>(),
            round_trip::<RmwKind>(),
            round_trip::<ReduceKind>(),
            round_trip::<ScanKind>(),
            round_trip::<InputPrecision>(),
            round_trip::<MemOrder>(),
        ];
        let irdl: String = crate::IRDL_SOURCES.iter().map(|(_, s)| *s).collect();
        for s in all.into_iter().flatten() {
            // `input_precision` is constrained in IRDL as any string; verify/attrs.rs
            // checks it against `InputPrecision::ALL`.
            if s.is_empty() || InputPrecision::parse(s).is_some() {
                continue;
            }
            assert!(irdl.contains(&format!("irdl.is \"{s}\"")), "`{s}` is not in IRDL");
        }
    }

    #[test]
    fn defaults_are_the_ir_defaults() {
        assert_eq!(MemSem::default().as_str(), "acq_rel");
        assert_eq!(MemScope::default().as_str(), "gpu");
        assert_eq!(CacheModifier::default().as_str(), "");
        assert_eq!(EvictionPolicy::default().as_str(), "");
        assert_eq!(InputPrecision::default().as_str(), "tf32");
        assert_eq!(MemOrder::parse("acquire"), Some(MemOrder::Sem(MemSem::Acquire)));
    }
}
