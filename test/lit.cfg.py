# lit configuration: .tile and .mlir files with RUN / CHECK lines over tilec's output.
import os
import shutil
import subprocess

import lit.formats

config.name = "tilec"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".tile", ".mlir"]
config.excludes = ["lit.cfg.py", "errors", "gpu", "triton", "Output"]
config.test_source_root = os.path.dirname(__file__)
root = os.path.dirname(config.test_source_root)

profile = os.environ.get("TILEC_PROFILE", "debug")
target_dir = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
tilec = os.path.join(target_dir, profile, "tilec")
if not os.path.exists(tilec):
    lit_config.fatal(f"{tilec} not built: run `cargo build -p tilec-tools` first")

llvm_bin = "/usr/lib/llvm-22/bin"
filecheck = os.path.join(llvm_bin, "FileCheck")


def find_ptxas():
    env = os.environ.get("PTXAS")
    if env:
        return env
    try:
        out = subprocess.run(
            ["python3", "-c", "import nvidia, os; print(os.path.join(list(nvidia.__path__)[0], 'cu13', 'bin', 'ptxas'))"],
            capture_output=True, text=True, check=True).stdout.strip()
        if os.path.exists(out):
            return out
    except Exception:
        pass
    return shutil.which("ptxas")


ptxas = find_ptxas()
if not ptxas:
    lit_config.fatal("ptxas not found: run scripts/setup.sh (pip package nvidia-cuda-nvcc)")

config.substitutions.append(("%tilerun", os.path.join(target_dir, profile, "tilerun")))
config.substitutions.append(("%tilec", tilec))
config.substitutions.append(("%ptxas", ptxas))
config.substitutions.append(("%examples", os.path.join(root, "examples")))
config.substitutions.append(("%root", root))
config.substitutions.append(("FileCheck", filecheck))
config.substitutions.append(("%not", os.path.join(llvm_bin, "not")))

# Every test compiles: a compile cache left by an earlier run would skip what a test checks
# happens while compiling (static_print's output). Tests about the cache set their own.
config.environment["TILEC_CACHE"] = "0"
