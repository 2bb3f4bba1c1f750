"""``triton.tools.tensor_descriptor.TensorDescriptor``: a tensor's base, shape, strides and
the block a kernel's ``desc.load`` / ``desc.store`` move, made on the host and passed as one
kernel argument. A launch passes its base, shape and strides (the last is 1) to the kernel,
which makes the descriptor from them (`make_tensor_descriptor`); its element type, block
shape and padding are part of the signature the kernel is compiled for."""

from dataclasses import dataclass
from typing import Any, List


@dataclass
class TensorDescriptor:
    base: Any
    shape: List[int]
    strides: List[int]
    block_shape: List[int]
    padding: str = "zero"

    def __post_init__(self):
        rank = len(self.shape)
        if not 1 <= rank <= 5:
            raise ValueError(f"a tensor descriptor has 1 to 5 dimensions, got {rank}")
        if len(self.strides) != rank or len(self.block_shape) != rank:
            raise ValueError(f"shape {list(self.shape)}, strides {list(self.strides)} and block_shape "
                             f"{list(self.block_shape)} must have one entry per dimension")
        if self.strides[-1] != 1:
            raise ValueError(f"the last dimension must be contiguous (stride 1), got strides {list(self.strides)}")
        if self.padding not in ("zero", "nan"):
            raise ValueError(f"padding is 'zero' or 'nan', got {self.padding!r}")

    @staticmethod
    def from_tensor(tensor: Any, block_shape: List[int]):
        return TensorDescriptor(tensor, list(tensor.shape), list(tensor.stride()), list(block_shape))
