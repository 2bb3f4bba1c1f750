"""`import tilec.triton.language as tl`: the names a `@triton.jit` kernel's module uses
outside kernel bodies (annotations such as ``BLOCK: tl.constexpr``, dtypes). Kernel
bodies are never run in Python: the translator reads them (tilec.triton._translate)."""


class constexpr:
    """The annotation of a compile-time parameter (a `const` parameter in the tile language)."""

    def __init__(self, value=None):
        self.value = value

    def __repr__(self):
        return f"constexpr({self.value!r})"


class dtype:
    """An element type, by its tile-language name (``tl.float16.name == "f16"``)."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return f"tl.{self.name}"


int1 = dtype("i1")
int8, int16, int32, int64 = dtype("i8"), dtype("i16"), dtype("i32"), dtype("i64")
uint8, uint16, uint32, uint64 = dtype("u8"), dtype("u16"), dtype("u32"), dtype("u64")
float16, bfloat16, float32, float64 = dtype("f16"), dtype("bf16"), dtype("f32"), dtype("f64")
float8e4nv, float8e5 = dtype("f8e4m3"), dtype("f8e5m2")
