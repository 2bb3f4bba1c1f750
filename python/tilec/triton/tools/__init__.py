"""``triton.tools``: what Triton's host-side helpers kernels use (tensor descriptors)."""
